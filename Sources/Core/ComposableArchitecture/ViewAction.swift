import ComposableCore

/// An action type with a case for what its view sends, as TCA's: `case view(View)`.
///
/// A feature keeps what a person does apart from what its effects and its parent send; a
/// view then sends only its own actions, and a `BindingReducer(action: \.view)` applies the
/// binding actions among them.
///
/// ```swift
/// @Reducer
/// struct Search {
///   @ObservableState
///   struct State: Equatable { var query = "" }
///   enum Action: ViewAction {
///     case view(View)
///     case response([Int])
///     @CasePathable
///     enum View: BindableAction {
///       case binding(BindingAction<State>)
///       case searchTapped
///     }
///   }
///   var body: some ReducerOf<Self> {
///     BindingReducer(action: \.view)
///     Reduce { state, action in … }
///   }
/// }
/// ```
public protocol ViewAction<ViewAction> {
  associatedtype ViewAction
  static func view(_ action: ViewAction) -> Self
}

/// A type that holds a store whose actions have a view case, and sends that case's actions:
/// `send(.searchTapped)` for `store.send(.view(.searchTapped))`.
///
/// TCA's `@ViewAction(for:)` macro conforms a SwiftUI view; there are no SwiftUI views here,
/// so a type that presents a store conforms by hand, with its `store` property.
@MainActor
public protocol ViewActionSending<StoreState, StoreAction> {
  associatedtype StoreState
  associatedtype StoreAction: ViewAction
  var store: Store<StoreState, StoreAction> { get }
}

extension ViewActionSending {
  /// Sends a view action to the store.
  @discardableResult
  public func send(_ action: StoreAction.ViewAction) -> StoreTask {
    store.send(.view(action))
  }
}
