import ComposableArchitecture
import Testing

// The ComposableArchitecture product's doc comment examples, compiled and run.

@Reducer
struct ContactList {
  struct State: Equatable {
    @Presents var destination: Destination.State?
  }
  enum Action {
    case addButtonTapped
    case destination(PresentationAction<Destination.Action>)
  }

  @Reducer(state: .equatable)
  enum Destination {
    case detail(ContactDetail)
    case alert(AlertState<Alert>)
    enum Alert { case confirmDeletion }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.destination = .detail(ContactDetail.State(name: ""))
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

enum PresentsExample {
  struct State: Equatable {
    @Presents var detail: ContactDetail.State?
  }
}

@MainActor
struct DocumentationExamples {
  @Test func theReducerMacroExample() async {
    let store = TestStore(initialState: ContactList.State()) { ContactList() }
    await store.send(.addButtonTapped) {
      $0.destination = .detail(ContactDetail.State(name: ""))
    }
    await store.send(.destination(.presented(.detail(.deleteButtonTapped))))
    await store.receive(\.destination.detail.delegate.confirmDeletion)
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func thePresentsExample() {
    let state = PresentsExample.State(detail: ContactDetail.State(name: "Blob"))
    #expect(state.$detail.wrappedValue?.name == "Blob")
  }
}

// `ViewAction`'s example.
enum ViewActionExample {
  @Reducer
  struct Search {
    @ObservableState
    struct State: Equatable { var query = "" }
    enum Action: ViewAction {
      case view(View)
      case response([Int])
      @CasePathable
      enum View: BindableAction {
        case binding(BindingAction<State>)
        case searchTapped
      }
    }
    var body: some ReducerOf<Self> {
      BindingReducer(action: \.view)
      Reduce { state, action in
        switch action {
        case .view(.searchTapped): .send(.response([2, 3, 5]))
        case .view(.binding), .response: .none
        }
      }
    }
  }
}

// `_CaseScopable`'s example: `store.case`.
enum CaseScopeExample {
  @Reducer
  struct SyncUpForm {
    @ObservableState
    struct State: Equatable { var attendees = 0 }
    enum Action { case addAttendeeButtonTapped }
    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.attendees += 1
        return .none
      }
    }
  }
  enum Alert { case confirmDeletion }

  @Reducer
  enum Destination {
    case edit(SyncUpForm)
    case alert(AlertState<Alert>)
  }
}

// `ObservableState`'s example: an optional child scoped to an optional store.
enum ObservableStateExample {
  typealias Child = ObservableStateTests.Child

  @Reducer
  struct Parent {
    @ObservableState
    struct State { var child: Child.State? }
    enum Action { case child(Child.Action) }
    var body: some ReducerOf<Self> {
      EmptyReducer()
        .ifLet(\.child, action: \.child) { Child() }
    }
  }
}

@MainActor
struct ProductDocumentationExamples {
  @Test func theViewActionExample() async {
    let store = TestStore(initialState: ViewActionExample.Search.State()) {
      ViewActionExample.Search()
    }
    await store.send(\.view.binding.query, "7") { $0.query = "7" }
    await store.send(.view(.searchTapped))
    await store.receive(\.response)
  }

  @Test func theCaseScopeExample() {
    let destinationStore = Store(
      initialState: CaseScopeExample.Destination.State.edit(.init())
    ) { CaseScopeExample.Destination.body }
    var shown: AlertState<CaseScopeExample.Alert>?
    func show(_ alert: AlertState<CaseScopeExample.Alert>) { shown = alert }
    switch destinationStore.case {
    case .edit(let formStore): formStore.send(.addAttendeeButtonTapped)
    case .alert(let alert): show(alert)
    }
    #expect(destinationStore.state.edit?.attendees == 1)
    #expect(shown == nil)
  }

  @Test func theObservableStateExample() {
    let store = Store(initialState: ObservableStateExample.Parent.State(child: .init())) {
      ObservableStateExample.Parent()
    }
    if let child = store.scope(state: \.child, action: \.child) {
      child.send(.tap)
    }
    #expect(store.state.child?.count == 1)
  }
}
