import ComposableTestSupport
import Foundation
import Testing

/// Behaviours a TCA user relies on without thinking of them, each found by running TCA's own
/// behavioural tests against the kit (see the "Coming from TCA" article).
@MainActor
struct TCASemanticsTests {
  // MARK: The test store

  /// `state` moves as the test reads the story: after each send, receive or skip; inside an
  /// assertion, the state before the action.
  @Test func theTestStoresStateIsTheStateTheTestHasSeen() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Step> { count, step in
        count += 1
        return step == .first ? .merge(.send(.second), .send(.third)) : .none
      }
    }
    await store.send(.first) {
      #expect(store.state == 0)
      $0 = 1
    }
    #expect(store.state == 1, "the effects' actions are not received yet")
    await store.receive(.second) {
      #expect(store.state == 1)
      $0 = 2
    }
    #expect(store.state == 2)
    await store.skipReceivedActions()
    #expect(store.state == 3)
  }

  /// Setting a field of a dependency that has no test value is a setting, not a use.
  /// `ifLet(\.self, action: \.self)`: a reducer of optional state runs only while there is one.
  @Test func anIfLetOverTheWholeOptionalState() async {
    let adding = EmptyReducer<Int?, Int>()
      .ifLet(\.self, action: \.self) {
        Reduce<Int, Int> { total, amount in
          total += amount
          return .none
        }
      }
    var total: Int? = 1
    _ = adding.reduce(into: &total, action: 2)
    #expect(total == 3)
    total = nil
    withKnownIssue {
      _ = adding.reduce(into: &total, action: 2)
    } matching: {
      $0.description.contains("received a child action when child state was \"nil\"")
    }
    #expect(total == nil)
  }

  @Test func aDependencyWithoutATestValueCanBeChangedField() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Step> { count, _ in
        @Dependency(\.liveOnly) var liveOnly
        count = liveOnly.value()
        return .none
      }
    } withDependencies: {
      $0.liveOnly.value = { 42 }
    }
    await store.send(.first) { $0 = 42 }
  }

  /// Skipping in-flight effects stops waiting for them; it does not cancel them.
  @Test func skippedEffectsKeepRunning() async {
    let clock = TestClock()
    let store = TestStore(initialState: 0) {
      Reduce<Int, Step> { count, step in
        switch step {
        case .first:
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.second)
          }
        default:
          count += 1
          return .none
        }
      }
    }
    await store.send(.first)
    await store.skipInFlightEffects()
    await clock.advance(by: .seconds(1))
    await store.receive(.second) { $0 = 1 }
  }

  /// An effect cancelled before it got to run is over for the test: it can send nothing.
  @Test func anEffectCancelledAtOnceIsNotInFlight() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Step> { _, step in
        switch step {
        case .first: .run { _ in try await Task.never() }.cancellable(id: "work")
        default: .cancel(id: "work")
        }
      }
    }
    await store.send(.first)
    await store.send(.second)
    // The store is released here: no "still running" failure.
  }

  /// Concatenated sends happen at once, in order, before any effect's later action.
  @Test func concatenatedSendsAreSynchronous() async {
    let store = TestStore(initialState: [Step]()) {
      Reduce<[Step], Step> { steps, step in
        steps.append(step)
        switch step {
        case .first: return .run { send in await send(.second) }
        case .second: return .concatenate(.send(.third), .send(.fourth))
        default: return .none
        }
      }
    }
    await store.send(.first) { $0 = [.first] }
    await store.receive(.second) { $0.append(.second) }
    await store.receive(.third) { $0.append(.third) }
    await store.receive(.fourth) { $0.append(.fourth) }
  }

  // MARK: Stores and dependencies

  /// A store keeps the dependencies in force where it is made; an effect's own overrides
  /// do not leak into the actions it sends.
  @Test func aStoreKeepsTheDependenciesItWasMadeWith() async {
    let store = withDependencies {
      $0.liveOnly.value = { 7 }
    } operation: {
      Store(initialState: 0) { NestedOverrides() }
    }
    await store.send(.first).finish()
    #expect(store.state == 7 + 1 + 1, "each effect adds one to what its reducer saw")
  }

  // MARK: Ephemeral state

  /// An alert in a plain optional is gone after one of its buttons; another destination's
  /// action leaves a presented alert alone.
  @Test func alertsAreDismissedByTheirOwnActionsOnly() async {
    let store = TestStore(initialState: AlertHost.State()) { AlertHost() }
    await store.send(.showAlert) { $0.alert = AlertHost.alert }
    await store.send(.alert(.confirm)) {
      $0.alert = nil
      $0.confirmed = true
    }
    await store.send(.showDestinationAlert) { $0.destination = .alert(AlertHost.alert) }
    await withKnownIssue {
      await store.send(.destination(.presented(.counter(.increment))))
    } matching: {
      $0.description.contains("set to a different case")
    }
    #expect(store.state.destination == .alert(AlertHost.alert), "still presented")
    await store.send(.destination(.presented(.alert(.confirm)))) { $0.destination = nil }
  }

  // MARK: Cancelling what is no longer there

  /// A destination dismissed by a reducer the `ifLet` does not wrap has its effects
  /// cancelled at the next action through the `ifLet`.
  @Test func aDismissalFromOutsideTheIfLetCancels() async {
    let clock = TestClock()
    let store = TestStore(initialState: OuterDismissal.State()) {
      OuterDismissal()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.present) { $0.destination = .ticker(Ticker.State()) }
    await store.send(.destination(.presented(.ticker(.start))))
    await store.send(.dismissFromOutside) { $0.destination = nil }
    await store.send(.nothing)
    await clock.advance(by: .seconds(5))
  }

  /// Another row of the same case is another destination: its effects do not carry over.
  @Test func anEnumDestinationOfAnotherIDCancels() async {
    let clock = TestClock()
    let store = TestStore(initialState: OuterDismissal.State()) {
      OuterDismissal()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.present) { $0.destination = .ticker(Ticker.State()) }
    await store.send(.destination(.presented(.ticker(.start))))
    await store.send(.replaceWithAnotherTicker) { $0.destination = .ticker(Ticker.State(id: 1)) }
    await clock.advance(by: .seconds(5))
  }

  /// A stack element removed by a reducer the `forEach` does not wrap has its effects
  /// cancelled; `[id:] = nil` removes that element alone.
  @Test func aStackElementRemovedFromOutsideIsCancelled() async {
    let clock = TestClock()
    let store = TestStore(initialState: OuterDismissal.State()) {
      OuterDismissal()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.path(.push(id: 0, state: Ticker.State()))) {
      $0.path[id: 0] = Ticker.State()
    }
    await store.send(.path(.push(id: 1, state: Ticker.State(id: 1)))) {
      $0.path[id: 1] = Ticker.State(id: 1)
    }
    await store.send(.path(.element(id: 0, action: .start)))
    await store.send(.removeBottomElement) { $0.path[id: 0] = nil }
    #expect(store.state.path.ids == [1], "the element above stays")
    await store.send(.nothing)
    await clock.advance(by: .seconds(5))
  }

  @Test func aPushPastTheNextIDIsReported() async {
    let store = TestStore(initialState: OuterDismissal.State()) { OuterDismissal() }
    await withKnownIssue {
      await store.send(.path(.push(id: 5, state: Ticker.State()))) {
        $0.path[id: 5] = Ticker.State()
      }
    } matching: {
      $0.description.contains("received a \"push\" action with an unexpected generational ID")
    }
  }

  // MARK: Smaller tools

  @Test func effectActionsRunAnEffectOutsideAStore() async {
    var steps: [Step] = []
    let effect = Effect<Step>.concatenate(
      .send(.first), .run { send in await send(.second) }, .send(.third))
    for await step in effect.actions { steps.append(step) }
    #expect(steps == [.first, .second, .third])
  }

  @Test func onChangeCanCompareAsItIsTold() async {
    let store = TestStore(initialState: Words()) {
      Reduce<Words, String> { state, word in
        state.text = word
        return .none
      }
      .onChange(of: \.text, removeDuplicates: { $0.lowercased() == $1.lowercased() }) { _, _ in
        Reduce { state, _ in
          state.changes += 1
          return .none
        }
      }
    }
    await store.send("Seven") {
      $0.text = "Seven"
      $0.changes = 1
    }
    await store.send("SEVEN") { $0.text = "SEVEN" }
  }

  @Test func casePathsReachIntoPresentedAndStackedEnums() {
    var presented = PresentationState<OuterDismissal.Destination.State>(
      wrappedValue: .ticker(Ticker.State()))
    presented[case: \.ticker]?.ticks = 3
    #expect(presented.wrappedValue == .ticker(Ticker.State(ticks: 3)))
    var stack = withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      StackState<OuterDismissal.Destination.State>([.ticker(Ticker.State())])
    }
    stack[id: 0, case: \.ticker]?.ticks = 2
    #expect(stack[id: 0] == .ticker(Ticker.State(ticks: 2)))
  }
}

// MARK: Fixtures

private enum Step: Equatable, Sendable, CasePathable {
  case first, second, third, fourth

  struct AllCasePaths: Sendable {}
  static let allCasePaths = AllCasePaths()
}

private struct LiveOnly: DependencyKey, Sendable {
  var value: @Sendable () -> Int
  static let liveValue = LiveOnly { 0 }
}

extension DependencyValues {
  fileprivate var liveOnly: LiveOnly {
    get { self[LiveOnly.self] }
    set { self[LiveOnly.self] = newValue }
  }
}

/// Each effect sends what its reducer's dependency gives, plus one, under an override of its
/// own: only the store's dependency may reach the next reducer.
private struct NestedOverrides: Reducer {
  @Dependency(\.liveOnly) var liveOnly

  var body: some Reducer<Int, Step> {
    Reduce { count, step in
      let seen = liveOnly.value()
      switch step {
      case .first, .second:
        count = step == .first ? seen : count + 1
        return withDependencies {
          $0.liveOnly.value = { seen + 100 }
        } operation: {
          .run { send in await send(step == .first ? .second : .third) }
        }
      default:
        count += 1
        return .none
      }
    }
  }
}

private struct Words: Equatable {
  var text = ""
  var changes = 0
}

private struct AlertHost: Reducer {
  struct State: Equatable {
    var alert: AlertState<AlertAction>?
    @PresentationState var destination: Destination.State?
    var confirmed = false
  }

  enum AlertAction: Equatable, Sendable { case confirm }

  enum Action: Equatable, CasePathable {
    case showAlert
    case showDestinationAlert
    case alert(AlertAction)
    case destination(PresentationAction<Destination.Action>)

    struct AllCasePaths: Sendable {
      let alert = AnyCasePath(Action.alert)
      let destination = AnyCasePath(Action.destination)
    }
    static let allCasePaths = AllCasePaths()
  }

  struct Destination: Reducer {
    enum State: Equatable, CasePathable {
      case alert(AlertState<AlertAction>)
      case counter(Counter.State)

      struct AllCasePaths: Sendable {
        let alert = AnyCasePath(State.alert)
        let counter = AnyCasePath(State.counter)
      }
      static let allCasePaths = AllCasePaths()
    }

    enum Action: Equatable, CasePathable {
      case alert(AlertAction)
      case counter(Counter.Action)

      struct AllCasePaths: Sendable {
        let alert = AnyCasePath(Action.alert)
        let counter = AnyCasePath(Action.counter)
      }
      static let allCasePaths = AllCasePaths()
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: \.counter) { Counter() }
    }
  }

  static let alert = AlertState<AlertAction> {
    TextState("Sure?")
  } actions: {
    ButtonState(action: .confirm) { TextState("Yes") }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .showAlert: state.alert = Self.alert
      case .showDestinationAlert: state.destination = .alert(Self.alert)
      case .alert(.confirm): state.confirmed = true
      case .destination: break
      }
      return .none
    }
    .ifLet(\.alert, action: \.alert)
    .ifLet(\.$destination, action: \.destination) { Destination() }
  }
}

/// Dismissals and removals made by a reducer placed before the `ifLet` and `forEach`.
private struct OuterDismissal: Reducer {
  struct State: Equatable {
    @PresentationState var destination: Destination.State?
    var path = StackState<Ticker.State>()
  }

  enum Action: Equatable, CasePathable {
    case present
    case dismissFromOutside
    case replaceWithAnotherTicker
    case removeBottomElement
    case nothing
    case destination(PresentationAction<Destination.Action>)
    case path(StackAction<Ticker.State, Ticker.Action>)

    struct AllCasePaths: Sendable {
      let destination = AnyCasePath(Action.destination)
      let path = AnyCasePath(Action.path)
    }
    static let allCasePaths = AllCasePaths()
  }

  struct Destination: Reducer {
    enum State: Equatable, CasePathable {
      case ticker(Ticker.State)

      struct AllCasePaths: Sendable {
        let ticker = AnyCasePath(State.ticker)
      }
      static let allCasePaths = AllCasePaths()
    }

    enum Action: Equatable, CasePathable {
      case ticker(Ticker.Action)

      struct AllCasePaths: Sendable {
        let ticker = AnyCasePath(Action.ticker)
      }
      static let allCasePaths = AllCasePaths()
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.ticker, action: \.ticker) { Ticker() }
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .dismissFromOutside: state.destination = nil
      case .replaceWithAnotherTicker: state.destination = .ticker(Ticker.State(id: 1))
      case .removeBottomElement: state.path[id: 0] = nil
      default: break
      }
      return .none
    }
    Reduce { state, action in
      if case .present = action { state.destination = .ticker(Ticker.State()) }
      return .none
    }
    .ifLet(\.$destination, action: \.destination) { Destination() }
    .forEach(\.path, action: \.path) { Ticker() }
  }
}
