import Dependencies

extension Reducer {
  /// Runs this reducer, and the effects it builds, with a dependency set to `value`.
  ///
  /// ```swift
  /// NthPrimeCounter()
  ///   .dependency(\.nthPrime, .answering { _ in 13 })
  /// ```
  @inlinable
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable, _ value: Value
  ) -> DependencyKeyWritingReducer<Self> {
    DependencyKeyWritingReducer(base: self) { $0[keyPath: keyPath] = value }
  }

  /// Runs this reducer, and the effects it builds, with a dependency changed by `transform`.
  @inlinable
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping (_ dependency: inout Value) -> Void
  ) -> DependencyKeyWritingReducer<Self> {
    DependencyKeyWritingReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }
}

/// A reducer run with some dependencies changed; made by ``Reducer/dependency(_:_:)``.
public struct DependencyKeyWritingReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let update: (inout DependencyValues) -> Void

  @inlinable
  init(base: Base, update: @escaping (inout DependencyValues) -> Void) {
    self.base = base
    self.update = update
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    withDependencies(update) {
      base.reduce(into: &state, action: action)
    }
  }
}
