/// Runs several reducers of one domain in order and merges their effects.
///
/// Order matters: each reducer sees the state the previous ones left. Put children
/// (``Scope``) before the parent logic that reacts to their changes.
///
/// ```swift
/// let app = CombineReducers {
///   Scope(state: \.counter, action: AppAction.counterPath) { Counter() }
///   Reduce<AppState, AppAction> { state, action in .none }
/// }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
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
