import Clocks
import ComposableCore
import ComposableTestSupport
import Testing

@MainActor
struct TestStorePassingTests {
  let clock = TestClock()

  func makeStore(count: Int = 0) -> TestStore<Ticker.State, Ticker.Action> {
    TestStore(
      initialState: Ticker.State(count: count),
      reducer: Ticker(clock: clock, nthPrime: { firstPrimes[$0 - 1] }))
  }

  @Test func timerTicksWithTheTestClock() async {
    let store = makeStore()
    await store.send(.timerToggled) { $0.isTimerOn = true }
    await clock.advanceOnceSleeping(by: .seconds(1))
    await store.receive(.tick) { $0.count = 1 }
    await clock.advanceOnceSleeping(by: .seconds(1))
    await store.receive(.tick) { $0.count = 2 }
    await store.send(.timerToggled) { $0.isTimerOn = false }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func nthPrimeRequestEndToEnd() async {
    let store = makeStore(count: 6)
    await store.send(.nthPrimeRequested) { $0.isRequestInFlight = true }
    await store.receive(.nthPrimeResponse(13)) {
      $0.isRequestInFlight = false
      $0.answer = "The prime number 6 is 13"
    }
    await store.finish()
    #expect(store.state.answer == "The prime number 6 is 13")
  }

  @Test func cancelledRequestSendsNothing() async {
    let store = TestStore(
      initialState: Ticker.State(count: 3),
      reducer: Ticker(
        clock: clock,
        nthPrime: { [clock] _ in
          try await clock.sleep(for: .seconds(60))
          return 0
        }))
    let request = await store.send(.nthPrimeRequested) { $0.isRequestInFlight = true }
    await store.send(.nthPrimeCancelled) { $0.isRequestInFlight = false }
    await request.finish()
    #expect(request.isCancelled, "cancelling by id cancels the effect's task")
    await store.finish()
  }

  @Test func receiveByCaseForNonEquatableChecks() async {
    let store = makeStore(count: 1)
    let response = CasePath<Ticker.Action, Int>(embed: Ticker.Action.nthPrimeResponse) {
      guard case .nthPrimeResponse(let prime) = $0 else { return nil }
      return prime
    }
    await store.send(.nthPrimeRequested) { $0.isRequestInFlight = true }
    await store.receive(response) {
      $0.isRequestInFlight = false
      $0.answer = "The prime number 1 is 2"
    }
  }
}

/// Each test makes the test store fail on purpose and checks the failure: its text and line.
@MainActor
struct TestStoreFailureTests {
  let clock = TestClock()

  func makeStore() -> TestStore<Ticker.State, Ticker.Action> {
    TestStore(
      initialState: Ticker.State(count: 2),
      reducer: Ticker(clock: clock, nthPrime: { firstPrimes[$0 - 1] }))
  }

  @Test func anUnassertedStateChangeFails() async {
    let store = makeStore()
    let line = #line + 2
    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.description.contains("A state change does not match the expectation")
        && issue.description.contains("−   count: 2")
        && issue.description.contains("+   count: 3")
    }
    #expect(store.state.count == 3, "the store moves on with the actual state")
  }

  @Test func aWrongExpectationShowsTheDiff() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.increment) { $0.count = 4 }
    } matching: { issue in
      issue.description.contains("−   count: 4") && issue.description.contains("+   count: 3")
    }
  }

  @Test func anAssertionThatChangesNothingFails() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.nthPrimeCancelled) { $0.isRequestInFlight = false }
    } matching: { issue in
      issue.description.contains("Expected the state to change, but it did not")
    }
  }

  @Test func aReceivedActionThatIsNeverAssertedFails() async {
    let store = makeStore()
    await store.send(.nthPrimeRequested) { $0.isRequestInFlight = true }
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      issue.description.contains("received 1 action(s) that were not asserted")
        && issue.description.contains("Ticker.Action.nthPrimeResponse(3)")
    }
  }

  @Test func aDifferentReceivedActionFails() async {
    let store = makeStore()
    await store.send(.nthPrimeRequested) { $0.isRequestInFlight = true }
    await withKnownIssue {
      await store.receive(.nthPrimeResponse(5)) {
        $0.isRequestInFlight = false
        $0.answer = "The prime number 2 is 3"
      }
    } matching: { issue in
      issue.description.contains("Received an unexpected action")
        && issue.description.contains("nthPrimeResponse(5)")
        && issue.description.contains("nthPrimeResponse(3)")
    }
  }

  @Test func sendingBeforeReceivingFails() async {
    let store = makeStore()
    await store.send(.nthPrimeRequested) { $0.isRequestInFlight = true }.finish()
    await withKnownIssue {
      await store.send(.increment) { $0.count = 3 }
    } matching: { issue in
      issue.description.contains("Must handle 1 received action before sending an action")
        && issue.description.contains("nthPrimeResponse(3)")
    }
  }

  @Test func receiveTimesOutWhenTheClockDoesNotMove() async {
    let store = makeStore()
    await store.send(.timerToggled) { $0.isTimerOn = true }
    await withKnownIssue {
      await store.receive(.tick, timeout: .milliseconds(50)) { $0.count = 3 }
    } matching: { issue in
      issue.description.contains("received none after")
    }
    await store.send(.timerToggled) { $0.isTimerOn = false }
    await store.finish()
  }

  @Test func receiveWithNoEffectRunningFailsAtOnce() async {
    let store = makeStore()
    await withKnownIssue {
      await store.receive(.tick) { $0.count = 3 }
    } matching: { issue in
      issue.description.contains("no effect is running")
    }
  }

  @Test func anEffectStillRunningAtTheEndFailsAtItsSend() async {
    await withKnownIssue {
      await startTimerAndEndTheTest()
    } matching: { issue in
      issue.sourceLocation?.line == Self.timerSendLine
        && issue.description.contains("An effect is still running at the end of the test")
        && issue.description.contains("Ticker.Action.timerToggled")
    }
  }

  private nonisolated static let timerSendLine = #line + 5

  /// Releases the store on the main actor, the way a test function's end does.
  private func startTimerAndEndTheTest() async {
    let store = makeStore()
    await store.send(.timerToggled) { $0.isTimerOn = true }
  }
}
