import ComposableArchitecture
import Testing

// A feature whose view sends only its own actions, bindings among them, as TCA's case
// studies write one: `BindingReducer(action: \.view)`, a throttle on the clock dependency
// (`any Clock<Duration>`), and a field named `description`.
@Reducer
struct Composer {
  @ObservableState
  struct State: Equatable {
    var description = ""
    var saves: [String] = []
  }
  enum Action: ViewAction {
    case view(View)
    case saved(String)
    @CasePathable
    enum View: BindableAction {
      case binding(BindingAction<State>)
      case saveTapped
    }
  }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    BindingReducer(action: \.view)
    Reduce { state, action in
      switch action {
      case .view(.binding):
        return .none
      case .view(.saveTapped):
        return .send(.saved(state.description))
          .throttle(id: "save", for: .seconds(1), clock: clock, latest: true)
      case .saved(let text):
        state.saves.append(text)
        return .none
      }
    }
  }
}

/// What presents a composer's store, sending its view actions by their own names.
@MainActor
struct ComposerScreen: ViewActionSending {
  let store: StoreOf<Composer>
}

@MainActor
struct ViewActionTests {
  @Test func bindingsInsideTheViewCaseAreApplied() async {
    let store = TestStore(initialState: Composer.State()) { Composer() }
    await store.send(\.view.binding.description, "draft") {
      $0.description = "draft"
    }
    await store.send(.view(.binding(.set(\.description, "final")))) {
      $0.description = "final"
    }
  }

  /// A binding action fed back by an effect is received by its case key path, `description`
  /// included.
  @Test func aBindingActionIsReceivedByItsCaseKeyPath() async {
    let store = TestStore(initialState: Composer.State()) {
      Composer()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(\.view.saveTapped)
    await store.receive(\.saved) { $0.saves = [""] }
    let relay = TestStore(initialState: Composer.State()) {
      Reduce<Composer.State, Composer.Action> { _, action in
        guard case .saved(let text) = action else { return .none }
        return .send(.view(.binding(.set(\.description, text))))
      }
      Composer()
    }
    await relay.send(.saved("draft")) { $0.saves = ["draft"] }
    await relay.receive(\.view.binding.description) { $0.description = "draft" }
  }

  @Test func aViewSendsItsOwnActions() async {
    let clock = TestClock()
    let store = Store(initialState: Composer.State(description: "note")) {
      Composer()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let screen = ComposerScreen(store: store)
    await screen.send(.saveTapped).finish()
    #expect(store.state.saves == ["note"], "the first save goes through at once")
  }
}
