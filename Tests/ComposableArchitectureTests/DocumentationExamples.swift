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
