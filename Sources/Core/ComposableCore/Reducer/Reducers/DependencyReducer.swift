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
///
/// Further `.dependency` and `.transformDependency` calls on one add their change to it
/// rather than wrapping it again: each action goes through one `withDependencies`, however
/// many dependencies are changed, and the type stays the same.
///
/// ```swift
/// let reducer: DependencyKeyWritingReducer<Counter> = Counter()
///   .dependency(\.primes, .liveValue)
///   .dependency(\.continuousClock, ImmediateClock())
/// ```
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

extension DependencyKeyWritingReducer {
  /// This reducer with one more dependency set; the change written closest to the reducer
  /// wins, as when each wraps the next.
  @inlinable
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable, _ value: Value
  ) -> Self {
    let inner = update
    return Self(base: base) { values in
      values[keyPath: keyPath] = value
      inner(&values)
    }
  }

  /// This reducer with one more dependency changed by `transform`, before the changes
  /// written closer to the reducer.
  @inlinable
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping (_ dependency: inout Value) -> Void
  ) -> Self {
    let inner = update
    return Self(base: base) { values in
      transform(&values[keyPath: keyPath])
      inner(&values)
    }
  }
}
