import ComposableCore

// swift-case-paths' CasePaths module, which this one brings for its macros, still declares
// the deprecated `AnyCasePath(Action.child)` that the kit's core declares too, so under this
// import the one-liner was ambiguous. A declaration here shadows both (a module's own wins
// over the modules it imports): the core's, neither deprecated nor slow.

extension AnyCasePath {
  /// A case path from the case alone: `AnyCasePath(Action.counter)`; see the core's.
  @inlinable
  public init(_ embed: @escaping (Value) -> Root) {
    self.init(_oneLineCase: embed)
  }

  /// A case path to a case without a payload: `AnyCasePath(Action.dismiss)`.
  @_disfavoredOverload
  public init(_ root: @autoclosure @escaping @Sendable () -> Root) where Value == Void {
    self.init(_oneLineCase: root())
  }
}
