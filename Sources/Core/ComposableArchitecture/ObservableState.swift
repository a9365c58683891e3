/// A feature's state written with `@ObservableState`, which conforms it.
///
/// In TCA the macro makes the state observable by SwiftUI, and a store of such state scopes an
/// optional child to an optional store. Here a view observes what it shows with
/// `store.observe { … }`, so the state needs no tracking of its own; the conformance keeps the
/// scoping rule, and lets generic code say `where State: ObservableState` as with TCA.
///
/// ```swift
/// @ObservableState
/// struct State { var child: Child.State? }
/// …
/// if let child = store.scope(state: \.child, action: \.child) {
///   child.send(.tap)
/// }
/// ```
public protocol ObservableState {}

extension Store where State: ObservableState, Action: CasePathable {
  /// A store for an optional child, or `nil` while its state is: TCA 1.x's labels for
  /// `scope(_:action:)`, as TCA scopes a store of `@ObservableState` state.
  ///
  /// A store of other state keeps the core's rule: `scope(state:action:)` of an optional field
  /// is a store of optional state.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: KeyPath<Action.AllCasePaths, AnyCasePath<Action, ChildAction>>
  ) -> Store<ChildState, ChildAction>? {
    scope(toChildState, action: toChildAction)
  }

  /// The presented child's store, or `nil`: without it the one above would take a
  /// presentation's case path and give a store of its `PresentationAction`.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, PresentationAction<ChildAction>>
    >
  ) -> Store<ChildState, ChildAction>? {
    scope(toChildState, action: toChildAction)
  }
}
