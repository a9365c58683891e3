import ComposableCore

/// An enum of features that gives, for a store of its state, the store of the case it is in:
/// `store.case`, as in TCA. `@Reducer` conforms the enum and writes its `CaseScope` and
/// `scope(_:)`.
///
/// TCA asks this of every `CaseReducer`; here `CaseReducer` belongs to the core, whose enums
/// written by hand need no `CaseScope`, so the macro's enums conform to this as well.
///
/// ```swift
/// @Reducer
/// enum Destination {
///   case edit(SyncUpForm)
///   case alert(AlertState<Alert>)
/// }
/// …
/// switch destinationStore.case {
/// case .edit(let formStore): formStore.send(.addAttendeeButtonTapped)
/// case .alert(let alert): show(alert)
/// }
/// ```
public protocol _CaseScopable: CaseReducer {
  /// The enum's cases, each with its feature's store, or its value where it has no feature.
  associatedtype CaseScope: _CaseScopeProtocol

  /// The case `store`'s state is in, with its store.
  @preconcurrency @MainActor
  static func scope(_ store: Store<State, Action>) -> CaseScope
}

/// A `CaseScope` a `@Reducer` enum's macro wrote.
public protocol _CaseScopeProtocol {}

extension Store
where
  State: CaseReducerState, State.StateReducer: _CaseScopable, State.StateReducer.Action == Action
{
  /// The case the state is in, with a store of that case's feature.
  public var `case`: State.StateReducer.CaseScope {
    State.StateReducer.scope(self)
  }
}
