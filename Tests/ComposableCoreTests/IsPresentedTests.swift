import ComposableCore
import ComposableTestSupport
import Dependencies
import Dispatch
import Synchronization
import Testing

/// `@Dependency(\.isPresented)` as TCA's: true where `dismiss` would dismiss something.
@MainActor
struct IsPresentedTests {
  /// Writes down what `isPresented` said in its reducer, and in an effect of its own.
  struct Probe: Reducer {
    struct State: Equatable, Identifiable {
      var id = 0
      var inReducer: Bool?
      var inEffect: Bool?
    }
    enum Action: Equatable {
      case ask
      case effectSaw(Bool)
    }
    @Dependency(\.isPresented) var isPresented

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .ask:
        state.inReducer = isPresented
        return .run { send in await send(.effectSaw(isPresented)) }
      case .effectSaw(let seen):
        state.inEffect = seen
        return .none
      }
    }
  }

  struct Host: Reducer {
    struct State: Equatable {
      var probe = Probe.State()
      var optional: Probe.State?
      @PresentationState var destination: Probe.State?
      var path = StackState<Probe.State>()
      var parentSaw: Bool?
    }
    enum Action: Equatable {
      case probe(Probe.Action)
      case optional(Probe.Action)
      case destination(PresentationAction<Probe.Action>)
      case path(StackActionOf<Probe>)
    }
    @Dependency(\.isPresented) var isPresented

    var body: some ReducerOf<Self> {
      Scope(state: \.probe, action: \.probe) { Probe() }
      Reduce { state, action in
        // The parent handles its children's actions outside them: not presented itself.
        if case .destination(.presented(.ask)) = action { state.parentSaw = isPresented }
        return .none
      }
      .ifLet(\.optional, action: \.optional) { Probe() }
      .ifLet(\.$destination, action: \.destination) { Probe() }
      .forEach(\.path, action: \.path) { Probe() }
    }
  }

  func liveStore() -> Store<Host.State, Host.Action> {
    var state = Host.State()
    state.optional = Probe.State()
    state.destination = Probe.State()
    state.path.append(Probe.State())
    return Store(initialState: state) { Host() }
  }

  @Test func aPresentedDestinationIsPresentedInItsReducerAndItsEffects() async {
    let store = liveStore()
    await store.send(.destination(.presented(.ask))).finish()
    #expect(store.state.destination?.inReducer == true)
    #expect(store.state.destination?.inEffect == true)
    #expect(store.state.parentSaw == false)
  }

  @Test func aStackElementIsPresented() async {
    let store = liveStore()
    let id = store.state.path.ids.first!
    await store.send(.path(.element(id: id, action: .ask))).finish()
    #expect(store.state.path[id: id]?.inReducer == true)
    #expect(store.state.path[id: id]?.inEffect == true)
  }

  @Test func aScopedChildAndAPlainOptionalAreNot() async {
    let store = liveStore()
    await store.send(.probe(.ask)).finish()
    await store.send(.optional(.ask)).finish()
    #expect(store.state.probe.inReducer == false)
    #expect(store.state.probe.inEffect == false)
    #expect(store.state.optional?.inReducer == false)
    #expect(store.state.optional?.inEffect == false)
  }

  /// The mark is the thread's own: reducers run at once on other threads (as a user may run
  /// one outside a store) each see only theirs. Run under the thread sanitizer by
  /// `Scripts/sanitize`, which would report a mark shared among threads.
  @Test nonisolated func reducersOnManyThreadsAtOnceSeeOnlyTheirOwnMark() {
    let wrong = Atomic(0)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      var state = Host.State()
      state.destination = Probe.State()
      for _ in 0..<500 {
        _ = Host().reduce(into: &state, action: .destination(.presented(.ask)))
        _ = Host().reduce(into: &state, action: .probe(.ask))
        if state.destination?.inReducer != true || state.probe.inReducer != false
          || state.parentSaw != false
        {
          wrong.add(1, ordering: .relaxed)
        }
      }
    }
    #expect(wrong.load(ordering: .relaxed) == 0)
  }

  @Test func aTestStoresRootIsPresentedAsItCanBeDismissed() async {
    let store = TestStore(initialState: Probe.State()) { Probe() }
    await store.send(.ask) { $0.inReducer = true }
    await store.receive(.effectSaw(true)) { $0.inEffect = true }
  }

  @Test func aDismissStandInMakesAFeatureOnItsOwnPresented() async {
    let store = Store(initialState: Probe.State()) {
      Probe().dependency(\.dismiss, DismissEffect {})
    }
    await store.send(.ask).finish()
    #expect(store.state.inReducer == true)
    #expect(store.state.inEffect == true)
  }
}

extension IsPresentedTests.Host.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let probe = AnyCasePath(IsPresentedTests.Host.Action.probe)
    let optional = AnyCasePath(IsPresentedTests.Host.Action.optional)
    let destination = AnyCasePath(IsPresentedTests.Host.Action.destination)
    let path = AnyCasePath(IsPresentedTests.Host.Action.path)
  }
  static let allCasePaths = AllCasePaths()
}

/// `isPresented`'s doc comment example: a feature shown on its own or presented asks before
/// dismissing itself.
struct IsPresentedExample: Reducer {
  struct State: Equatable {}
  enum Action: Equatable {
    case doneTapped
    case delegate(Delegate)
    enum Delegate: Equatable { case done }
  }
  @Dependency(\.isPresented) var isPresented
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .doneTapped:
      return isPresented ? .run { _ in await dismiss() } : .send(.delegate(.done))
    case .delegate:
      return .none
    }
  }
}

@MainActor
struct IsPresentedExampleTests {
  /// Run on its own (its `reduce` called outside any store: not presented), it tells its
  /// parent; under a test store, whose root is presented, it dismisses itself.
  @Test func aFeatureShownOnItsOwnTellsItsParent() async {
    var state = IsPresentedExample.State()
    let effect = IsPresentedExample().reduce(into: &state, action: .doneTapped)
    var actions: [IsPresentedExample.Action] = []
    for await action in effect.actions { actions.append(action) }
    #expect(actions == [.delegate(.done)])
    let store = TestStore(initialState: IsPresentedExample.State()) { IsPresentedExample() }
    await store.send(.doneTapped)
    #expect(store.isDismissed)
  }
}
