/// A reducer made from a closure, or a type-erased wrapper around another reducer.
///
/// Use it for small inline logic inside a ``CombineReducers``, or to keep a composed tree in a
/// stored property of a feature type without spelling out its generic type:
///
/// ```swift
/// struct AppFeature: Reducer {
///   private let tree: Reduce<AppState, AppAction>
///   init() {
///     tree = Reduce(CombineReducers {
///       Scope(state: \.counter, action: AppAction.counterPath) { Counter() }
///       Reduce { state, action in .none }
///     })
///   }
///   func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
///     tree.reduce(into: &state, action: action)
///   }
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
  @usableFromInline
  let body: (inout State, Action) -> Effect<Action>

  @inlinable
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.body = reduce
  }

  @inlinable
  public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.body = { reducer.reduce(into: &$0, action: $1) }
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body(&state, action)
  }
}
