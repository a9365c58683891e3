/// Runs several reducers of one domain in order and merges their effects: a group that can
/// take an operator as one.
///
/// Order matters: each reducer sees the state the previous ones left. Put children
/// (``Scope``) before the parent logic that reacts to their changes.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.counter, action: \.counter) { Counter() }
///   Reduce { state, action in .none }
/// }
/// .ifLet(\.$detail, action: \.detail) { Detail() }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer<State, Action>>: Reducer {
  @usableFromInline let reducers: Reducers

  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}
