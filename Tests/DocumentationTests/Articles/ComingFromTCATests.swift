// The examples of the "Coming from TCA" article (ComposableCore.docc/ComingFromTCA.md), and a
// test of each deliberate difference the article states.
import ComposableTestSupport
import Testing

enum FromTCA {
  struct Contact: Equatable, Identifiable, Sendable {
    let id: Int
    var name: String
  }

  struct AddContact: Reducer {
    struct State: Equatable {
      var contact: Contact
    }

    enum Action: Equatable, BindableAction {
      case binding(BindingAction<State>)
      case saveButtonTapped
      case delegate(Delegate)

      enum Delegate: Equatable {
        case saveContact(Contact)
      }
    }

    @Dependency(\.dismiss) var dismiss

    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .binding:
          return .none
        case .saveButtonTapped:
          return .run { [contact = state.contact] send in
            await send(.delegate(.saveContact(contact)))
            await dismiss()
          }
        case .delegate:
          return .none
        }
      }
    }
  }

  struct Contacts: Reducer {
    struct State: Equatable {
      var contacts: IdentifiedArrayOf<Contact> = []
      @PresentationState var destination: Destination.State?
    }

    enum Action: Equatable, CasePathable {
      case addButtonTapped
      case deleteButtonTapped(id: Contact.ID)
      case destination(PresentationAction<Destination.Action>)

      struct AllCasePaths: Sendable {
        let destination = AnyCasePath(Action.destination)
      }
      static let allCasePaths = AllCasePaths()
    }

    struct Destination: Reducer {
      enum State: Equatable, CasePathable {
        case addContact(AddContact.State)
        case alert(AlertState<Alert>)

        struct AllCasePaths: Sendable {
          let addContact = AnyCasePath(State.addContact)
          let alert = AnyCasePath(State.alert)
        }
        static let allCasePaths = AllCasePaths()
      }

      enum Action: Equatable, CasePathable {
        case addContact(AddContact.Action)
        case alert(Alert)

        struct AllCasePaths: Sendable {
          let addContact = AnyCasePath(Action.addContact)
          let alert = AnyCasePath(Action.alert)
        }
        static let allCasePaths = AllCasePaths()
      }

      enum Alert: Equatable, Sendable {
        case confirmDeletion(id: Contact.ID)
      }

      var body: some ReducerOf<Self> {
        Scope(state: \.addContact, action: \.addContact) {
          AddContact()
        }
      }
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .addButtonTapped:
          let contact = Contact(id: state.contacts.count + 1, name: "")
          state.destination = .addContact(AddContact.State(contact: contact))
          return .none
        case .deleteButtonTapped(let id):
          state.destination = .alert(Self.deleteAlert(id: id))
          return .none
        case .destination(.presented(.addContact(.delegate(.saveContact(let contact))))):
          state.contacts.append(contact)
          return .none
        case .destination(.presented(.alert(.confirmDeletion(let id)))):
          state.contacts.remove(id: id)
          return .none
        case .destination:
          return .none
        }
      }
      .ifLet(\.$destination, action: \.destination) {
        Destination()
      }
    }

    static func deleteAlert(id: Contact.ID) -> AlertState<Destination.Alert> {
      AlertState {
        TextState("Delete this contact?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion(id: id)) {
          TextState("Delete")
        }
      }
    }
  }
}

@MainActor
struct ComingFromTCATests {
  typealias Contact = FromTCA.Contact
  typealias AddContact = FromTCA.AddContact
  typealias Contacts = FromTCA.Contacts
  typealias Counter = GettingStarted.Counter
  typealias App = GettingStarted.App
  typealias Timer = TestingArticle.Timer

  @Test func addingAContact() async {
    let store = TestStore(initialState: Contacts.State()) {
      Contacts()
    }
    await store.send(.addButtonTapped) {
      $0.destination = .addContact(AddContact.State(contact: Contact(id: 1, name: "")))
    }
    await store.send(.destination(.presented(.addContact(.set(\.contact.name, "Blob"))))) {
      $0.$destination[case: \.addContact]?.contact.name = "Blob"
    }
    await store.send(.destination(.presented(.addContact(.saveButtonTapped))))
    await store.receive(
      .destination(.presented(.addContact(.delegate(.saveContact(Contact(id: 1, name: "Blob"))))))
    ) {
      $0.contacts = [Contact(id: 1, name: "Blob")]
    }
    await store.receive(.destination(.dismiss)) {
      $0.destination = nil
    }
  }

  @Test func deletingAContact() async {
    let blob = Contact(id: 1, name: "Blob")
    let store = TestStore(initialState: Contacts.State(contacts: [blob])) {
      Contacts()
    }
    await store.send(.deleteButtonTapped(id: 1)) {
      $0.destination = .alert(Contacts.deleteAlert(id: 1))
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion(id: 1))))) {
      $0.contacts = []
      $0.destination = nil
    }
  }

  @Test func aStoreForWhatIsPresented() {
    let store = Store(initialState: Contacts.State()) { Contacts() }
    #expect(
      store.scope(state: \.destination, action: { .destination(.presented($0)) }).unwrapped()
        == nil)

    store.send(.addButtonTapped)
    let destination = store.scope(
      state: \.destination, action: { .destination(.presented($0)) }
    ).unwrapped()
    #expect(destination?.state == .addContact(AddContact.State(contact: Contact(id: 1, name: ""))))
  }

  // MARK: The deliberate differences

  @Test func chainedDependenciesFuse() {
    let reducer: DependencyKeyWritingReducer<Counter> = Counter()
      .dependency(\.primes, .liveValue)
      .dependency(\.continuousClock, ImmediateClock())
    #expect(type(of: reducer) == DependencyKeyWritingReducer<Counter>.self)
  }

  @Test func scopedStoresAreCachedWhileHeld() {
    let store = Store(initialState: App.State()) { App() }
    let first = store.scope(state: \.counter, action: \.counter)
    let second = store.scope(\.counter, action: \.counter)
    #expect(first === second)
    first.send(.incrementButtonTapped)
    #expect(second.state.count == 1)
  }

  /// A store scoped with closures (deprecated, uncached) is scoped from and observed as any
  /// other: no warning, and the value observed through it follows the state.
  @available(*, deprecated, message: "The deprecated closure scope, on purpose")
  @Test func scopingFromAStoreScopedWithClosuresNeedsNoWarning() {
    let store = Store(initialState: Contacts.State()) { Contacts() }
    let same = store.scope(state: { $0 }, action: { $0 })
    let observed = same.observe { $0.destination != nil }
    #expect(same.scope(state: \.destination, action: \.destination) == nil)
    store.send(.addButtonTapped)
    #expect(observed.value)
    #expect(same.scope(state: \.destination, action: \.destination) != nil)
  }

  @Test func taskCancelOutsideAnEffectCancelsNothing() async {
    let clock = TestClock()
    let store = Store(initialState: Timer.State()) {
      Timer()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = store.send(.toggleTimerButtonTapped)
    Task.cancel(id: Timer.CancelID.timer)
    #expect(!task.isCancelled)
    store.send(.toggleTimerButtonTapped)
    await task.finish()
    #expect(!task.isCancelled, "as in TCA, cancelling by id ends the effect, not the task")
  }

  @Test func aWarningOpensWithTCAsLine() async {
    let store = TestStore(initialState: Int?.none) {
      EmptyReducer<Int?, Void>()
        .ifLet(\.self, action: \.self) {}
    }
    let line = #line - 2
    await withKnownIssue {
      await store.send(())
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        """
        An "ifLet" at "DocumentationTests/ComingFromTCATests.swift:\(line)" received a child \
        action when child state was "nil".

          Action:
            ()
        """) == true
    }
  }

  @Test func aFastCasePath() {
    let counter = AnyCasePath<App.Action, Counter.Action>(
      embed: App.Action.counter,
      extract: { action in
        guard case .counter(let action) = action else { return nil }
        return action
      }
    )
    #expect(counter.extract(from: .counter(.incrementButtonTapped)) == .incrementButtonTapped)
    #expect(counter.extract(from: .clearTapped) == nil)
  }
}
