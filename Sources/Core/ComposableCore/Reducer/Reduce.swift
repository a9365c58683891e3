/// A reducer made from a closure: a feature's own logic inside a ``Reducer/body``.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Reduce { state, action in
///     switch action {
///     case .incrementTapped:
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
///
/// It also erases another reducer's type: `Reduce(someReducer)`.
public struct Reduce<State, Action>: Reducer {
  @usableFromInline
  let reduceBody: (inout State, Action) -> Effect<Action>

  @inlinable
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduceBody = reduce
  }

  @inlinable
  public init<R: Reducer<State, Action>>(_ reducer: R) {
    self.reduceBody = { reducer.reduce(into: &$0, action: $1) }
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduceBody(&state, action)
  }
}
