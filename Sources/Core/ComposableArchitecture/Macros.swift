/// Makes a struct a ``ComposableCore/Reducer`` and its `Action` (and an enum `State`)
/// `@CasePathable`; makes an enum of features a ``ComposableCore/CaseReducer``.
///
/// The macro TCA's users write on every feature, writing what the core otherwise asks for
/// by hand: the conformance, and a case path per case for `Scope`, `ifLet` and `receive`.
///
/// ```swift
/// @Reducer
/// struct ContactList {
///   struct State: Equatable {
///     @Presents var destination: Destination.State?
///   }
///   enum Action {
///     case addButtonTapped
///     case destination(PresentationAction<Destination.Action>)
///   }
///
///   @Reducer(state: .equatable)
///   enum Destination {
///     case detail(ContactDetail)
///     case alert(AlertState<Alert>)
///     enum Alert { case confirmDeletion }
///   }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in … }
///       .ifLet(\.$destination, action: \.destination)
///   }
/// }
/// ```
///
/// On an enum, each case holds one feature (`case detail(ContactDetail)`), or an
/// `AlertState` or `ConfirmationDialogState` (whose actions need no reducer); the macro writes
/// its `State` and `Action` enums and a static `body` that scopes each case to its feature.
/// `state:` and `action:` name protocols those enums conform to.
@attached(extension, conformances: Reducer, CaseReducer, _CaseScopable)
@attached(memberAttribute)
@attached(
  member, names: named(State), named(Action), named(body), named(CaseScope), named(scope))
public macro Reducer() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerMacro")

/// `@Reducer` with the protocols an enum reducer's generated `State` and `Action` conform to:
/// `@Reducer(state: .equatable, action: .equatable, .sendable)`.
@attached(extension, conformances: Reducer, CaseReducer, _CaseScopable)
@attached(memberAttribute)
@attached(
  member, names: named(State), named(Action), named(body), named(CaseScope), named(scope))
public macro Reducer(state: SynthesizedConformance..., action: SynthesizedConformance...) =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerMacro")

/// A protocol an enum reducer's generated `State` or `Action` conforms to.
public struct SynthesizedConformance: Sendable {
  private init() {}
  /// `Equatable`, so that a test store can compare states (or actions).
  public static let equatable = Self()
  /// `Hashable`.
  public static let hashable = Self()
  /// `Sendable`.
  public static let sendable = Self()
}

/// Keeps an optional feature's state in a ``ComposableCore/PresentationState``: `$name` is
/// what `ifLet` takes, `name` the presented state.
///
/// TCA's spelling of `@PresentationState`; unlike a property wrapper's, the property stays
/// a parameter of the memberwise initializer under its own name.
///
/// ```swift
/// struct State: Equatable {
///   @Presents var detail: ContactDetail.State?
/// }
/// ```
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(`$`))
public macro Presents() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "PresentsMacro")

/// Conforms the state to ``ObservableState``, and generates nothing else.
///
/// In TCA it makes the state observable by SwiftUI. Here a view observes what it shows with
/// `store.observe { … }`, which notifies only when that value changes, so the state needs
/// no tracking of its own; the conformance keeps TCA's scoping of an optional child.
@attached(extension, conformances: ObservableState)
public macro ObservableState() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ObservableStateMacro")

/// Accepted so that TCA code builds; generates nothing (see ``ObservableState()``).
@attached(peer)
public macro ObservationStateIgnored() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "NothingToGenerateMacro")

/// Marks a case of a `@Reducer` enum that holds no feature: its value is a state of the enum
/// with no actions and no reducer (`@ReducerCaseIgnored case alert(AlertState<Alert>)` beside
/// an `Action` written by hand). A case that is not one unlabelled value is one already.
@attached(peer)
public macro ReducerCaseIgnored() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "NothingToGenerateMacro")
