/// Lists reducers of one domain, run top to bottom, their effects merged.
///
/// Used by ``CombineReducers``, ``Scope`` and the `ifLet`/`forEach` operators:
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.counter, action: AppAction.counterPath) { Counter() }
///   Reduce { state, action in .none }
/// }
/// ```
@resultBuilder
public enum ReducerBuilder<State, Action> {
  @inlinable
  public static func buildExpression<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action {
    reducer
  }

  @inlinable
  public static func buildPartialBlock<R: Reducer>(first: R) -> R
  where R.State == State, R.Action == Action {
    first
  }

  @inlinable
  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: R0, next: R1
  ) -> ReducerSequence<R0, R1>
  where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    ReducerSequence(first: accumulated, second: next)
  }

  @inlinable
  public static func buildOptional<R: Reducer>(_ reducer: R?) -> OptionalReducer<R>
  where R.State == State, R.Action == Action {
    OptionalReducer(base: reducer)
  }
}

/// Two reducers of one domain run one after the other; built by ``ReducerBuilder``.
public struct ReducerSequence<R0: Reducer, R1: Reducer>: Reducer
where R0.State == R1.State, R0.Action == R1.Action {
  @usableFromInline let first: R0
  @usableFromInline let second: R1

  @inlinable
  init(first: R0, second: R1) {
    self.first = first
    self.second = second
  }

  @inlinable
  public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
    let effect = first.reduce(into: &state, action: action)
    return effect.merge(with: second.reduce(into: &state, action: action))
  }
}

/// A reducer that runs only when it was included (an `if` in a ``ReducerBuilder``).
public struct OptionalReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base?

  @inlinable
  init(base: Base?) { self.base = base }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    base?.reduce(into: &state, action: action) ?? .none
  }
}
