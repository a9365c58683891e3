// Names of the previous release, kept for one release so that code written against it
// builds, with a warning that says what to write instead. See CHANGELOG.md.

/// The previous release's case path, now swift-case-paths' `AnyCasePath`.
///
/// Shadows swift-case-paths' `CasePath` protocol for code that imports this module, so that
/// `CasePath(embed:extract:)` and `CasePath<Root, Value>` keep their old meaning.
@available(
  *, deprecated, renamed: "AnyCasePath",
  message: """
    'CasePath' is now 'AnyCasePath' (swift-case-paths'): write 'AnyCasePath(embed:extract:)', \
    or 'AnyCasePath(Action.child)', or conform the enum to 'CasePathable' and use '\\.child'
    """
)
public typealias CasePath<Root, Value> = AnyCasePath<Root, Value>

extension AnyCasePath {
  /// The previous release's composition of two case paths.
  @available(
    *, deprecated,
    message: """
      Compose through the enums' 'AllCasePaths' instead: with both enums 'CasePathable', \
      '\\.parent.child' is the path from the outer enum to the inner case
      """
  )
  @inlinable
  public func appending<Child>(_ next: AnyCasePath<Value, Child>) -> AnyCasePath<Root, Child> {
    then(next)
  }
}
