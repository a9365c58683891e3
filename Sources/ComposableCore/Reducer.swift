/// Evolves a feature's state for an action and describes the work to do next.
///
/// A reducer is a pure function: everything it touches is its `state`, everything it wants to
/// happen outside is returned as an ``Effect``. Reducers compose into a tree (``Scope``,
/// ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``,
/// ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``, ``CombineReducers``)
/// that is built once and then reused for every action.
///
/// ```swift
/// struct Counter: Reducer {
///   func reduce(into state: inout Int, action: CounterAction) -> Effect<CounterAction> {
///     switch action {
///     case .increment: state += 1
///     case .decrement: state -= 1
///     }
///     return .none
///   }
/// }
/// ```
public protocol Reducer<State, Action> {
  associatedtype State
  associatedtype Action

  /// Mutates `state` for `action` and returns the effect to run afterwards.
  func reduce(into state: inout State, action: Action) -> Effect<Action>
}
