/// Evolves a feature's state for an action and describes the work to do next.
///
/// A reducer is a pure function of its state and an action: everything it touches is
/// `state`, and everything it wants done outside is returned as an ``Effect``. Write either
/// ``reduce(into:action:)`` for logic of your own, or ``body`` to compose other reducers —
/// child features (``Scope``,
/// ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)-(_,KeyPath<Self.Action.AllCasePaths,AnyCasePath<Self.Action,ChildAction>>,_,_,_,_,_)``,
/// ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)-(_,KeyPath<Self.Action.AllCasePaths,AnyCasePath<Self.Action,IdentifiedAction<ID,ElementAction>>>,_,_,_,_,_)``)
/// and a ``Reduce`` for this feature's own logic:
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementTapped, decrementTapped }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case .incrementTapped: state.count += 1
///       case .decrementTapped: state.count -= 1
///       }
///       return .none
///     }
///   }
/// }
/// ```
///
/// `body` is built anew for every action, so keep it cheap: build reducers, do no work.
public protocol Reducer<State, Action> {
  /// What the feature holds.
  associatedtype State
  /// What can happen to the feature.
  associatedtype Action
  /// The reducers this one is made of; `Never` for a reducer that implements ``reduce(into:action:)``.
  associatedtype Body

  /// Mutates `state` for `action` and returns the effect to run afterwards.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this one is made of, run in order for every action.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body.
  @_transparent
  public var body: Body {
    fatalError("'\(Self.self)' has no body: it implements reduce(into:action:).")
  }
}

extension Reducer where Body: Reducer<State, Action> {
  /// Runs ``body``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// A reducer of the same domain as `R`: `var body: some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
