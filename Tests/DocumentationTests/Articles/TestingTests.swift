// The examples of the "Testing" article (ComposableTestSupport.docc/Testing.md), and a test
// for each failure message the article quotes: the quote is what the test store prints.
import ComposableTestSupport
import Foundation
import Testing

enum TestingArticle {
  struct Timer: Reducer {
    struct State: Equatable {
      var isTimerOn = false
      var secondsElapsed = 0
    }

    enum Action: Equatable, CasePathable {
      case toggleTimerButtonTapped
      case timerTicked

      struct AllCasePaths: Sendable {
        let timerTicked = AnyCasePath<Action, Void>(Action.timerTicked)
      }
      static let allCasePaths = AllCasePaths()
    }

    enum CancelID { case timer }

    @Dependency(\.continuousClock) var clock

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .toggleTimerButtonTapped:
          state.isTimerOn.toggle()
          guard state.isTimerOn else { return .cancel(id: CancelID.timer) }
          return .run { send in
            while true {
              try await clock.sleep(for: .seconds(1))
              await send(.timerTicked)
            }
          }
          .cancellable(id: CancelID.timer, cancelInFlight: true)
        case .timerTicked:
          state.secondsElapsed += 1
          return .none
        }
      }
    }
  }

  struct Banner: Reducer {
    struct State: Equatable {
      var message: String?
    }

    enum Action: Equatable {
      case show(String)
      case hide
    }

    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .show(let message):
        state.message = message
        return .run { send in
          try await clock.sleep(for: .seconds(3))
          await send(.hide)
        }
      case .hide:
        state.message = nil
        return .none
      }
    }
  }
}

@MainActor
struct TestingArticleTests {
  typealias Timer = TestingArticle.Timer
  typealias Banner = TestingArticle.Banner
  typealias App = GettingStarted.App
  typealias Counter = GettingStarted.Counter

  // MARK: Time

  @Test func timer() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timer.State()) {
      Timer()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.toggleTimerButtonTapped) {
      $0.isTimerOn = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTicked) {
      $0.secondsElapsed = 1
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTicked) {
      $0.secondsElapsed = 2
    }
    await store.send(.toggleTimerButtonTapped) {
      $0.isTimerOn = false
    }
  }

  @Test func banner() async {
    let store = TestStore(initialState: Banner.State()) {
      Banner()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.show("Saved")) {
      $0.message = "Saved"
    }
    await store.receive(.hide) {
      $0.message = nil
    }
  }

  @Test func timerOnTheGlobalExecutor() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timer.State()) {
      Timer()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.useMainSerialExecutor = false
    await store.send(.toggleTimerButtonTapped) {
      $0.isTimerOn = true
    }
    await clock.advanceOnceSleeping(by: .seconds(1))
    await store.receive(\.timerTicked) {
      $0.secondsElapsed = 1
    }
    await store.send(.toggleTimerButtonTapped) {
      $0.isTimerOn = false
    }
    await store.finish()
  }

  // MARK: Dependencies

  @Test func dependenciesCanChangeBetweenActions() async {
    let store = TestStore(initialState: Counter.State(count: 6)) {
      Counter()
    } withDependencies: {
      $0.primes.nthPrime = { _ in 13 }
    }
    await store.send(.nthPrimeButtonTapped) {
      $0.isRequestInFlight = true
    }
    await store.receive(.nthPrimeResponse(13)) {
      $0.isRequestInFlight = false
      $0.nthPrime = 13
    }
    store.dependencies.primes.nthPrime = { _ in 17 }
    await store.send(.incrementButtonTapped) {
      $0.count = 7
      $0.nthPrime = nil
    }
    await store.send(.nthPrimeButtonTapped) {
      $0.isRequestInFlight = true
    }
    await store.receive(.nthPrimeResponse(17)) {
      $0.isRequestInFlight = false
      $0.nthPrime = 17
    }
  }

  // MARK: Non-exhaustive tests

  @Test func theAppKeepsWhatItFound() async {
    let store = TestStore(initialState: App.State(counter: Counter.State(count: 6))) {
      App()
    } withDependencies: {
      $0.primes.nthPrime = { _ in 13 }
    }
    store.exhaustivity = .off
    await store.send(.counter(.nthPrimeButtonTapped))
    await store.receive(.counter(.nthPrimeResponse(13))) {
      $0.found = [13]
    }
  }

  @Test func showingWhatWasSkipped() async {
    let store = TestStore(initialState: App.State(counter: Counter.State(count: 6))) {
      App()
    } withDependencies: {
      $0.primes.nthPrime = { _ in 13 }
    }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.counter(.nthPrimeButtonTapped))
    await store.receive(.counter(.nthPrimeResponse(13))) {
      $0.found = [13]
    }
  }

  @Test func skippingTheActionsEffectsSent() async {
    let store = TestStore(initialState: App.State(counter: Counter.State(count: 6))) {
      App()
    } withDependencies: {
      $0.primes.nthPrime = { _ in 13 }
    }
    await store.send(.counter(.nthPrimeButtonTapped)) {
      $0.counter.isRequestInFlight = true
    }
    await store.skipReceivedActions()
    store.assert {
      $0.counter.isRequestInFlight = false
      $0.counter.nthPrime = 13
      $0.found = [13]
    }
  }

  @Test func leavingATimerRunning() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timer.State()) {
      Timer()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.toggleTimerButtonTapped) {
      $0.isTimerOn = true
    }
    await store.skipInFlightEffects()
  }

  @Test func waitingForEffects() async {
    let store = TestStore(initialState: Banner.State()) {
      Banner()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    store.exhaustivity = .off
    await store.send(.show("Saved"))
    // A bound, not a timing: the suite's busiest minute (the engine's tests on both cores)
    // once kept this effect from its next job for over the default second.
    await store.finish(timeout: .seconds(60))
    store.assert {
      $0.message = "Saved"
    }
    await store.skipReceivedActions()
    store.assert {
      $0.message = nil
    }
  }

  @Test func cancellingOneSendsEffects() async {
    let store = TestStore(initialState: Timer.State()) {
      Timer()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    let task = await store.send(.toggleTimerButtonTapped) {
      $0.isTimerOn = true
    }
    await task.cancel()
    #expect(task.isCancelled)
  }

  // MARK: The failure messages

  /// Runs `body`, expecting issues whose descriptions contain each of `messages` in turn.
  private func expectFailures(
    _ messages: String..., body: () async -> Void
  ) async {
    let seen = LockIsolated<[String]>([])
    await withKnownIssue {
      await body()
    } matching: { issue in
      seen.withValue { $0.append(issue.description) }
      return messages.contains { issue.description.contains($0) }
    }
    for message in messages {
      #expect(seen.value.contains { $0.contains(message) }, "no issue said: \(message)")
    }
  }

  @Test func theStateDidNotChangeAsExpected() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await expectFailures("A state change does not match expectation.") {
      await store.send(.incrementButtonTapped) { $0.count = 2 }
    }
  }

  @Test func theStateChangedButNoChangeWasExpected() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await expectFailures("State was not expected to change, but a change occurred.") {
      await store.send(.incrementButtonTapped)
    }
  }

  @Test func expectedTheStateToChange() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await expectFailures("Expected state to change, but no change occurred") {
      await store.send(.nthPrimeButtonTapped) { $0.count = 0 }
    }
  }

  @Test func theAssertionThrew() async {
    struct Oops: Error {}
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await expectFailures("Threw error:") {
      await store.send(.incrementButtonTapped) { _ in throw Oops() }
    }
  }

  @Test func mustHandleReceivedActions() async {
    let store = TestStore(initialState: Counter.State(count: 6)) {
      Counter()
    } withDependencies: {
      $0.primes.nthPrime = { _ in 13 }
    }
    await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
    await expectFailures("Must handle 1 received action before sending an action") {
      await store.send(.incrementButtonTapped) {
        $0.count = 7
        $0.nthPrime = nil
      }
    }
    await store.skipReceivedActions()
  }

  @Test func expectedToReceiveButNoEffectRuns() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await expectFailures(
      "but didn't get one."
    ) {
      await store.receive(\.nthPrimeResponse)
    }
  }

  @Test func expectedToReceiveWhileEffectsRun() async {
    let store = TestStore(initialState: Timer.State()) {
      Timer()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerOn = true }
    await expectFailures("Effects are still running") {
      await store.receive(\.timerTicked, timeout: .milliseconds(50))
    }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerOn = false }
  }

  @Test func receivedAnUnexpectedAction() async {
    let store = TestStore(initialState: Counter.State(count: 6)) {
      Counter()
    } withDependencies: {
      $0.primes.nthPrime = { _ in 13 }
    }
    await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
    await expectFailures("Received unexpected action:") {
      await store.receive(.nthPrimeResponse(17))
    }
  }

  @Test func theStateDoesNotMatch() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await expectFailures("A state change does not match expectation.") {
      store.assert { $0.count = 1 }
    }
  }

  @Test func nothingToSkip() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await expectFailures(
      "There were no received actions to skip.", "There were no in-flight effects to skip."
    ) {
      await store.skipReceivedActions()
      await store.skipInFlightEffects()
    }
  }

  @Test func theEffectsDidNotFinish() async {
    let store = TestStore(initialState: Timer.State()) {
      Timer()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    let task = await store.send(.toggleTimerButtonTapped) { $0.isTimerOn = true }
    await expectFailures(
      "Expected effects to finish, but there are still effects in-flight after",
      "Expected task to finish, but it is still in-flight after"
    ) {
      await store.finish(timeout: .milliseconds(50))
      await task.finish(timeout: .milliseconds(50))
    }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerOn = false }
  }

  @Test func actionsThatWereNotAsserted() async {
    await expectFailures("The store received 1 unexpected action.") {
      let store = TestStore(initialState: Counter.State(count: 6)) {
        Counter()
      } withDependencies: {
        $0.primes.nthPrime = { _ in 13 }
      }
      await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
      await store.finish()
    }
  }

  @Test func anEffectStillRunsAtTheEnd() async {
    await expectFailures("An effect returned for this action is still running.") {
      let store = TestStore(initialState: Timer.State()) {
        Timer()
      } withDependencies: {
        $0.continuousClock = TestClock()
      }
      await store.send(.toggleTimerButtonTapped) { $0.isTimerOn = true }
    }
  }

  @Test func aDismissedStore() async {
    struct Closing: Reducer {
      enum Action { case deleteConfirmed }
      @Dependency(\.dismiss) var dismiss
      func reduce(into state: inout Int, action: Action) -> Effect<Action> {
        .run { _ in await dismiss() }
      }
    }
    let store = TestStore(initialState: 0) { Closing() }
    #expect(!store.isDismissed)
    await store.send(.deleteConfirmed)
    #expect(store.isDismissed)
    await expectFailures("Can't send action to dismissed test store") {
      await store.send(.deleteConfirmed)
    }
  }
}

@Test func durationsPrintAsTheArticleQuotesThem() {
  #expect("\(Duration.seconds(1))" == "1.0 seconds")
}
