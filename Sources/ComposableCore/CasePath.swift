/// A path to one case of an enum: embeds a value in the case and extracts it back.
///
/// It plays for enum cases the role a `WritableKeyPath` plays for struct fields, so that a
/// parent can route its actions to a child (``Scope``) without knowing the child. Declare one
/// per case that wraps a child's actions:
///
/// ```swift
/// enum AppAction {
///   case counter(CounterAction)
///   static let counterPath = CasePath(embed: AppAction.counter) {
///     guard case let .counter(action) = $0 else { return nil }
///     return action
///   }
/// }
/// ```
public struct CasePath<Root, Value>: Sendable {
  /// Wraps a value in the case.
  public let embed: @Sendable (Value) -> Root
  /// Returns the case's value, or `nil` when `root` is another case.
  public let extract: @Sendable (Root) -> Value?

  @inlinable
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embed = embed
    self.extract = extract
  }

  /// A path through this case into a case of its value.
  @inlinable
  public func appending<Child>(_ next: CasePath<Value, Child>) -> CasePath<Root, Child> {
    CasePath<Root, Child>(
      embed: { self.embed(next.embed($0)) },
      extract: { self.extract($0).flatMap(next.extract) }
    )
  }
}
