import ComposableCore
import ComposableTestSupport
import Testing

/// A parent with every kind of child: optional, enum case, rows, a presented destination
/// (a ticker or an alert), and a stack.
struct Parent: Reducer {
  struct State: Equatable {
    var optional: Ticker.State?
    var rows: IdentifiedArrayOf<Ticker.State> = []
    @PresentationState var destination: Destination.State?
    var path = StackState<Ticker.State>()
  }

  enum Action: Equatable {
    case optional(Ticker.Action)
    case rows(IdentifiedActionOf<Ticker>)
    case destination(PresentationAction<Destination.Action>)
    case path(StackActionOf<Ticker>)
    case setOptional(Ticker.State?)
    case removeRow(Int)
    case present(Destination.State)
  }

  struct Destination: Reducer {
    enum State: Equatable {
      case ticker(Ticker.State)
      case alert(AlertState<Alert>)
    }
    enum Action: Equatable {
      case ticker(Ticker.Action)
      case alert(Alert)
    }
    enum Alert: Equatable { case confirm }

    var body: some ReducerOf<Self> {
      Scope(state: \.ticker, action: \.ticker) { Ticker() }
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .setOptional(let optional): state.optional = optional
      case .removeRow(let id): state.rows.remove(id: id)
      case .present(let destination): state.destination = destination
      case .optional, .rows, .destination, .path: break
      }
      return .none
    }
    .ifLet(\.optional, action: \.optional) { Ticker() }
    .forEach(\.rows, action: \.rows) { Ticker() }
    .ifLet(\.$destination, action: \.destination) { Destination() }
    .forEach(\.path, action: \.path) { Ticker() }
  }
}

extension Parent.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let optional = AnyCasePath(Parent.Action.optional)
    let rows = AnyCasePath(Parent.Action.rows)
    let destination = AnyCasePath(Parent.Action.destination)
    let path = AnyCasePath(Parent.Action.path)
  }
  static let allCasePaths = AllCasePaths()
}

extension Parent.Destination.State: CasePathable {
  struct AllCasePaths: Sendable {
    let ticker = AnyCasePath(Parent.Destination.State.ticker)
    let alert = AnyCasePath(Parent.Destination.State.alert)
  }
  static let allCasePaths = AllCasePaths()
}

extension Parent.Destination.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let ticker = AnyCasePath(Parent.Destination.Action.ticker)
    let alert = AnyCasePath(Parent.Destination.Action.alert)
  }
  static let allCasePaths = AllCasePaths()
}

@MainActor
struct NavigationTests {
  let clock = TestClock()

  func makeStore(_ state: Parent.State = Parent.State()) -> TestStore<Parent.State, Parent.Action> {
    TestStore(initialState: state) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  // MARK: ifLet

  @Test func anOptionalChildsEffectsEndWhenItGoes() async {
    let store = makeStore(Parent.State(optional: Ticker.State()))
    await store.send(.optional(.start))
    await clock.advance(by: .seconds(1))
    await store.receive(.optional(.tick)) { $0.optional?.ticks = 1 }
    await store.send(.setOptional(nil)) { $0.optional = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func anOptionalChildReplacedByAnotherIdentityLosesItsEffects() async {
    let store = makeStore(Parent.State(optional: Ticker.State(id: 1)))
    await store.send(.optional(.start))
    await store.send(.setOptional(Ticker.State(id: 2))) { $0.optional = Ticker.State(id: 2) }
    await clock.advance(by: .seconds(1))
    // Nothing of the first child's timer lands in the second.
    await store.finish()
  }

  @Test func aChildActionWhileTheChildIsAbsentIsReported() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.optional(.tick))
    } matching: {
      $0.description.contains("received a child action when child state was \"nil\".")
    }
  }

  // MARK: ifCaseLet and Scope into an enum case

  @Test func anEnumCaseChildRunsInItsCaseAndStopsWhenTheCaseChanges() async {
    let store = TestStore(initialState: Switcher.State.running(Ticker.State())) {
      Switcher()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.running(.start))
    await clock.advance(by: .seconds(1))
    await store.receive(.running(.tick)) { $0 = .running(Ticker.State(ticks: 1)) }
    await store.send(.stop) { $0 = .idle }
    await clock.advance(by: .seconds(3))
    await store.finish()
    await withKnownIssue {
      await store.send(.running(.tick))
    } matching: {
      $0.description.contains(
        "received a child action when child state was set to a different case")
    }
  }

  @Test func aScopeIntoAnEnumCaseReportsActionsOfAnotherCase() async {
    let line = #line + 2
    let store = TestStore(initialState: Switcher.State.idle) {
      Scope<Switcher.State, Switcher.Action, Ticker>(state: \.running, action: \.running) {
        Ticker()
      }
    }
    await withKnownIssue {
      await store.send(.running(.tick))
    } matching: {
      // TCA's first line, naming where the Scope was written.
      $0.description.contains(
        """
        A "Scope" at "\(#fileID):\(line)" received a child action when child state was set to \
        a different case.

          Action:
            Switcher.Action.running(.tick)
          State:
            Switcher.State.idle
        """)
    }
    store.exhaustivity = .off
  }

  // MARK: forEach

  @Test func aRowsEffectsAreItsOwnAndEndWithIt() async {
    let store = makeStore(Parent.State(rows: [Ticker.State(id: 1), Ticker.State(id: 2)]))
    await store.send(.rows(.element(id: 1, action: .start)))
    await store.send(.rows(.element(id: 2, action: .start)))
    await store.send(.rows(.element(id: 1, action: .stop)))
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 2, action: .tick))) { $0.rows[id: 2]?.ticks = 1 }
    await store.send(.removeRow(2)) { $0.rows.remove(id: 2) }
    await clock.advance(by: .seconds(2))
    await store.finish()
    await withKnownIssue {
      await store.send(.rows(.element(id: 2, action: .tick)))
    } matching: {
      $0.description.contains("received an action for a missing element")
    }
  }

  // MARK: Presentation

  @Test func aDestinationDismissesItselfAndItsEffectsEnd() async {
    let store = makeStore()
    await store.send(.present(.ticker(Ticker.State()))) {
      $0.destination = .ticker(Ticker.State())
    }
    await store.send(.destination(.presented(.ticker(.start))))
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.ticker(.tick)))) {
      $0.destination = .ticker(Ticker.State(ticks: 1))
    }
    await store.send(.destination(.presented(.ticker(.dismissTapped))))
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func dismissingADestinationCancelsItsEffects() async {
    let store = makeStore(Parent.State(destination: .ticker(Ticker.State())))
    await store.send(.destination(.presented(.ticker(.start))))
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func replacingADestinationWithAnotherCaseCancelsItsEffects() async {
    let store = makeStore(Parent.State(destination: .ticker(Ticker.State())))
    await store.send(.destination(.presented(.ticker(.start))))
    let alert = AlertState<Parent.Destination.Alert> { TextState("Sure?") }
    await store.send(.present(.alert(alert))) { $0.destination = .alert(alert) }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func aDestinationCaseWithAnotherIdentityIsAnotherDestination() async {
    let store = makeStore(Parent.State(destination: .ticker(Ticker.State(id: 1))))
    await store.send(.destination(.presented(.ticker(.start))))
    await store.send(.present(.ticker(Ticker.State(id: 2)))) {
      $0.destination = .ticker(Ticker.State(id: 2))
    }
    await clock.advance(by: .seconds(3))
    // The first ticker's timer ended with it: no tick reaches the second.
    await store.finish()
  }

  @Test func anAlertGoesAwayWithItsButtonsAction() async {
    let alert = AlertState<Parent.Destination.Alert> {
      TextState("Sure?")
    } actions: {
      ButtonState(action: .confirm) { TextState("Yes") }
      ButtonState(role: .cancel) { TextState("No") }
    }
    let store = makeStore(Parent.State(destination: .alert(alert)))
    await store.send(.destination(.presented(.alert(.confirm)))) { $0.destination = nil }
  }

  @Test func aPresentationActionWithNothingPresentedIsReported() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.destination(.presented(.ticker(.tick))))
    } matching: {
      $0.description.contains("received a presentation action when destination state was absent")
    }
  }

  @Test func dismissOutsideAPresentationIsReported() async {
    let store = Store(initialState: Ticker.State()) { Ticker() }
    await withKnownIssue {
      await store.send(.dismissTapped).finish()
    } matching: {
      $0.description.contains("not presented")
    }
  }

  /// As in TCA: a feature under test that dismisses itself dismisses the test store, which
  /// cancels its effects (the timer would otherwise outlive the test and fail it).
  @Test func dismissAtTheRootOfATestStoreDismissesIt() async {
    let store = TestStore(initialState: Ticker.State()) {
      Ticker()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    await store.send(.start)
    await store.send(.dismissTapped).finish()
    await withKnownIssue {
      await store.send(.start)
    } matching: {
      $0.description.contains("Can't send action to dismissed test store")
    }
  }

  // MARK: Stacks

  @Test func aStackPushesPopsAndCancelsThePopped() async {
    let store = makeStore()
    await store.send(.path(.push(id: 0, state: Ticker.State()))) {
      $0.path = StackState([Ticker.State()])
    }
    await store.send(.path(.push(id: 1, state: Ticker.State(id: 1)))) {
      $0.path.append(Ticker.State(id: 1))
    }
    await store.send(.path(.element(id: 1, action: .start)))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 1, action: .tick))) { $0.path[id: 1]?.ticks = 1 }
    await store.send(.path(.popFrom(id: 1))) { $0.path.removeLast() }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func aStackElementDismissesItself() async {
    let store = makeStore()
    await store.send(.path(.push(id: 0, state: Ticker.State()))) {
      $0.path = StackState([Ticker.State()])
    }
    await store.send(.path(.element(id: 0, action: .dismissTapped)))
    await store.receive(.path(.popFrom(id: 0))) { $0.path = StackState() }
    await withKnownIssue {
      await store.send(.path(.element(id: 0, action: .tick)))
    } matching: {
      $0.description.contains("received an action for a missing element")
    }
  }

  @Test func stackIdsComeFromTheDependency() {
    withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      var stack = StackState<Int>()
      stack.append(7)
      stack.append(8)
      #expect(Array(stack.ids) == [0, 1])
      stack.pop(from: 1)
      #expect(Array(stack) == [7])
    }
  }
}

/// A feature whose state is an enum: a ticker while running.
struct Switcher: Reducer {
  enum State: Equatable {
    case idle
    case running(Ticker.State)
  }

  enum Action: Equatable {
    case running(Ticker.Action)
    case stop
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .stop = action { state = .idle }
      return .none
    }
    .ifCaseLet(\.running, action: \.running) { Ticker() }
  }
}

extension Switcher.State: CasePathable {
  struct AllCasePaths: Sendable {
    let running = AnyCasePath(Switcher.State.running)
  }
  static let allCasePaths = AllCasePaths()
}

extension Switcher.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let running = AnyCasePath(Switcher.Action.running)
  }
  static let allCasePaths = AllCasePaths()
}

/// `[case:]` on presented and stacked enum state, as a reducer writes into one child: in place,
/// nil dismisses, and writing a case that is not the one shown is a mistake reported.
@MainActor
struct CaseSubscriptTests {
  typealias Destination = Parent.Destination.State
  let alert = Destination.alert(AlertState { TextState("Sure?") })

  @Test func aPresentedCaseIsChangedInPlaceAndNilDismissesIt() {
    var state = Parent.State(destination: .ticker(Ticker.State(id: 7)))
    state.$destination[case: \.ticker]?.ticks += 2
    #expect(state.destination == .ticker(Ticker.State(id: 7, ticks: 2)))
    state.$destination[case: \.ticker] = nil
    #expect(state.destination == nil)
  }

  @Test func writingAnotherPresentedCaseIsReportedAndChangesNothing() {
    var state = Parent.State(destination: alert)
    withKnownIssue {
      state.$destination[case: \.ticker]?.ticks = 1
    } matching: {
      $0.description.contains(#"Can't modify unrelated case "alert""#)
    }
    #expect(state.destination == alert)
    withKnownIssue {
      state.$destination[case: \.ticker] = Ticker.State()
    } matching: {
      $0.description.contains("Can't modify unrelated case")
    }
    #expect(state.destination == alert)
  }

  @Test func aStackedCaseIsChangedInPlaceAndNilPopsOnlyIt() {
    var path = StackState<Destination>([.ticker(Ticker.State()), alert, .ticker(Ticker.State())])
    path[id: 0, case: \.ticker]?.ticks = 3
    #expect(path[id: 0] == .ticker(Ticker.State(ticks: 3)))
    path[id: 2, case: \.ticker] = nil
    #expect(Array(path) == [.ticker(Ticker.State(ticks: 3)), alert])
    withKnownIssue {
      path[id: 1, case: \.ticker]?.ticks = 1
    } matching: {
      $0.description.contains(#"Can't modify unrelated case "alert""#)
    }
    #expect(path[id: 1] == alert)
  }
}
