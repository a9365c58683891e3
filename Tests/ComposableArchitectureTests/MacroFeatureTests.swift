import ComposableArchitecture
import Testing

// A feature written with TCA's macros, as TCA's documentation writes one: `@Reducer` on the
// features and on an enum of destinations (a feature and an alert), `@Presents`,
// `@ObservableState`, a `@DependencyClient`. Nothing in it is written for the kit.

@Reducer
struct ContactDetail {
  @ObservableState
  struct State: Equatable {
    var name: String
  }
  enum Action: Equatable {
    case deleteButtonTapped
    case delegate(Delegate)

    @CasePathable
    enum Delegate: Equatable {
      case confirmDeletion
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .deleteButtonTapped:
        return .send(.delegate(.confirmDeletion))
      case .delegate:
        return .none
      }
    }
  }
}

@Reducer
struct Contacts {
  @ObservableState
  struct State: Equatable {
    var contacts: [String] = []
    @Presents var destination: Destination.State?
  }
  enum Action {
    case contactTapped(String)
    case destination(PresentationAction<Destination.Action>)

    @CasePathable
    enum Alert: Equatable {
      case confirmDeletion(String)
    }
  }

  @Reducer(state: .equatable, action: .equatable)
  enum Destination {
    case detail(ContactDetail)
    case alert(AlertState<Contacts.Action.Alert>)
  }

  @Dependency(\.contactsClient) var contactsClient

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .contactTapped(let name):
        state.destination = .detail(ContactDetail.State(name: name))
        return .none
      case .destination(.presented(.detail(.delegate(.confirmDeletion)))):
        guard let name = state.destination?.detail?.name else { return .none }
        state.destination = .alert(.deletion(of: name))
        return .none
      case .destination(.presented(.alert(.confirmDeletion(let name)))):
        state.contacts.removeAll { $0 == name }
        return .run { _ in await contactsClient.delete(name) }
      case .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

extension AlertState where Action == Contacts.Action.Alert {
  static func deletion(of name: String) -> Self {
    AlertState {
      TextState("Delete \(name)?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion(name)) { TextState("Delete") }
    }
  }
}

@DependencyClient
struct ContactsClient {
  var delete: @Sendable (_ name: String) async -> Void
}

extension ContactsClient: TestDependencyKey {
  static let testValue = ContactsClient()
}

extension DependencyValues {
  var contactsClient: ContactsClient {
    get { self[ContactsClient.self] }
    set { self[ContactsClient.self] = newValue }
  }
}

@Reducer
struct SignIn {
  struct State: Equatable {
    var name = ""
  }
  enum Action: Equatable {
    case nameChanged(String)
    case signInTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .nameChanged(let name) = action { state.name = name }
      return .none
    }
  }
}

/// An enum reducer with a body of its own, as TicTacToe's app is written: the macro writes
/// its State and Action and leaves the body alone.
@Reducer
enum Session {
  case signedOut(SignIn)
  case signedIn(ContactDetail)

  static var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .signedOut(.signInTapped):
        guard let name = state.signedOut?.name else { return .none }
        state = .signedIn(ContactDetail.State(name: name))
        return .none
      case .signedIn(.delegate(.confirmDeletion)):
        state = .signedOut(SignIn.State())
        return .none
      case .signedOut, .signedIn:
        return .none
      }
    }
    .ifCaseLet(\.signedOut, action: \.signedOut) { SignIn() }
    .ifCaseLet(\.signedIn, action: \.signedIn) { ContactDetail() }
  }
}
extension Session.State: Equatable {}

@MainActor
struct MacroFeatureTests {
  @Test func aDestinationEnumRunsItsFeaturesAndItsAlert() async {
    let deleted = LockIsolated<[String]>([])
    let store = TestStore(initialState: Contacts.State(contacts: ["Blob", "Blob Jr."])) {
      Contacts()
    } withDependencies: {
      $0.contactsClient.delete = { name in deleted.withValue { $0.append(name) } }
    }
    await store.send(.contactTapped("Blob")) {
      $0.destination = .detail(ContactDetail.State(name: "Blob"))
    }
    await store.send(.destination(.presented(.detail(.deleteButtonTapped))))
    await store.receive(\.destination.detail.delegate.confirmDeletion) {
      $0.destination = .alert(.deletion(of: "Blob"))
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion("Blob"))))) {
      $0.contacts = ["Blob Jr."]
      $0.destination = nil
    }
    #expect(deleted.value == ["Blob"])
  }

  @Test func anEnumReducerWithItsOwnBodyRunsAsItsTypesBody() async {
    let store = TestStore(initialState: Session.State.signedOut(SignIn.State())) {
      Session.body
    }
    await store.send(.signedOut(.nameChanged("Blob"))) {
      $0.modify(\.signedOut) { $0.name = "Blob" }
    }
    await store.send(.signedOut(.signInTapped)) {
      $0 = .signedIn(ContactDetail.State(name: "Blob"))
    }
    await store.send(.signedIn(.deleteButtonTapped))
    await store.receive(\.signedIn.delegate.confirmDeletion) {
      $0 = .signedOut(SignIn.State())
    }
    let reducer: some ReducerOf<Session> = Session.body
    _ = reducer
  }

  @Test func presentsKeepsTheMemberwiseInitializerAndTheProjection() {
    var state = Contacts.State()
    #expect(state.destination == nil)
    state = Contacts.State(destination: .detail(ContactDetail.State(name: "Blob")))
    #expect(state.destination?.detail?.name == "Blob")
    #expect(state.$destination.wrappedValue == state.destination)
    state.destination = nil
    #expect(state.$destination.wrappedValue == nil)
  }

  @Test func anUnimplementedClientFailsTheTest() async {
    let store = TestStore(
      initialState: Contacts.State(
        contacts: ["Blob"], destination: .alert(.deletion(of: "Blob")))
    ) {
      Contacts()
    }
    await withKnownIssue {
      await store.send(.destination(.presented(.alert(.confirmDeletion("Blob"))))) {
        $0.contacts = []
        $0.destination = nil
      }
      await store.finish()
    } matching: { issue in
      issue.description.contains("delete")
    }
  }
}

// A body that lists two reducers: `@Reducer` gives `body` its builder, as TCA's macro does
// (the conformance is the macro's extension, where the protocol's builder is not inferred).
@Reducer
struct Toggles {
  @ObservableState
  struct State: Equatable {
    var isOn = false
    var changes = 0
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, _ in
      state.changes += 1
      return .none
    }
  }
}

@MainActor
struct ReducerBodyTests {
  @Test func aBodyOfTwoReducersRunsBoth() async {
    let store = TestStore(initialState: Toggles.State()) { Toggles() }
    await store.send(\.binding.isOn, true) {
      $0.isOn = true
      $0.changes = 1
    }
  }
}

// An enum of destinations as TCA's SyncUps writes one: a feature, a case of two values (a
// state with no actions), and an alert marked `@ReducerCaseIgnored` beside an `Action`
// written by hand.
@Reducer(state: .equatable)
enum Sheet {
  case detail(ContactDetail)
  case note(String, pinned: Bool)
  @ReducerCaseIgnored
  case alert(AlertState<Alert>)

  @CasePathable
  enum Action {
    case detail(ContactDetail.Action)
    case alert(Alert)
  }
  enum Alert: Equatable {
    case confirm
  }
}

@Reducer
struct Notes {
  @ObservableState
  struct State: Equatable {
    @Presents var sheet: Sheet.State?
  }
  enum Action {
    case sheet(PresentationAction<Sheet.Action>)
    case showNote
    case showAlert
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .showNote:
        state.sheet = .note("hi", pinned: true)
      case .showAlert:
        state.sheet = .alert(AlertState { TextState("Sure?") })
      case .sheet:
        break
      }
      return .none
    }
    .ifLet(\.$sheet, action: \.sheet)
  }
}

@MainActor
struct StateOnlyCaseTests {
  @Test func casesWithoutAFeatureArePresentedAndAnAlertGoesWithItsButton() async {
    let store = TestStore(initialState: Notes.State()) { Notes() }
    await store.send(.showNote) { $0.sheet = .note("hi", pinned: true) }
    await store.send(.showAlert) { $0.sheet = .alert(AlertState { TextState("Sure?") }) }
    await store.send(.sheet(.presented(.alert(.confirm)))) { $0.sheet = nil }
  }
}

// `store.case`, as TCA's SyncUps switches over a destination's store.
@Reducer(state: .equatable)
enum Panel {
  case toggles(Toggles)
  case message(String, urgent: Bool)
  case alert(AlertState<Never>)
}

@MainActor
struct CaseScopeTests {
  @Test func aStoreOfAnEnumsStateGivesItsCaseWithItsStore() {
    let store = Store(initialState: Panel.State.toggles(Toggles.State())) { Panel.body }
    guard case .toggles(let toggles) = store.case else {
      Issue.record("expected the toggles' store, got \(store.case)")
      return
    }
    toggles.send(.binding(.set(\.isOn, true)))
    #expect(store.state == .toggles(Toggles.State(isOn: true, changes: 1)))
    // A case's store by name, as TCA's `store.case.toggles`.
    #expect(store.case.toggles?.state == Toggles.State(isOn: true, changes: 1))
    #expect(store.case.message == nil)
    let message = Store(initialState: Panel.State.message("hi", urgent: true)) { Panel.body }
    guard case .message("hi", urgent: true) = message.case else {
      Issue.record("expected the message with its values, got \(message.case)")
      return
    }
    let alert = AlertState<Never>(title: { TextState("Stop") })
    let alertStore = Store(initialState: Panel.State.alert(alert)) { Panel.body }
    guard case .alert(let shown) = alertStore.case else {
      Issue.record("expected the alert, got \(alertStore.case)")
      return
    }
    #expect(shown == alert)
  }
}
