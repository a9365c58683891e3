import ComposableTestSupport
import Testing

@MainActor
func makeTicker(
  count: Int = 2, clock: TestClock<Duration>, nthPrime: SmallNthPrime = .table
) -> TestStore<Ticker.State, Ticker.Action> {
  TestStore(initialState: Ticker.State(count: count)) {
    Ticker()
  } withDependencies: {
    $0.continuousClock = clock
    $0.smallNthPrime = nthPrime
  }
}

@MainActor
struct TestStorePassingTests {
  let clock = TestClock()

  @Test func timerTicksWithTheTestClock() async {
    let store = makeTicker(count: 0, clock: clock)
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
    let store = makeTicker(count: 6, clock: clock)
    await store.send(.nthPrimeRequested) { $0.isRequestInFlight = true }
    await store.receive(.nthPrimeResponse(13)) {
      $0.isRequestInFlight = false
      $0.answer = "The prime number 6 is 13"
    }
    await store.finish()
    #expect(store.state.answer == "The prime number 6 is 13")
  }

  @Test func cancelledRequestSendsNothing() async {
    let store = makeTicker(
      count: 3, clock: clock,
      nthPrime: SmallNthPrime { [clock] _ in
        try await clock.sleep(for: .seconds(60))
        return 0
      })
    let request = await store.send(.nthPrimeRequested) { $0.isRequestInFlight = true }
    await store.send(.nthPrimeCancelled) { $0.isRequestInFlight = false }
    await request.finish()
    #expect(!request.isCancelled, "as in TCA, cancelling by id ends the effect, not the task")
    await store.finish()
  }

  @Test func receiveByCaseWithAndWithoutAValue() async {
    let store = makeTicker(count: 1, clock: clock)
    await store.send(.nthPrimeRequested) { $0.isRequestInFlight = true }
    await store.receive(\.nthPrimeResponse) {
      $0.isRequestInFlight = false
      $0.answer = "The prime number 1 is 2"
    }
    await store.send(.increment) { $0.count = 2 }
    await store.send(.nthPrimeRequested) { $0.isRequestInFlight = true }
    await store.receive(\.nthPrimeResponse, 3) {
      $0.isRequestInFlight = false
      $0.answer = "The prime number 2 is 3"
    }
    await store.send(.nthPrimeRequested) { $0.isRequestInFlight = true }
    let isResponse: (Ticker.Action) -> Bool = {
      if case .nthPrimeResponse = $0 { true } else { false }
    }
    await store.receive(isResponse) { $0.isRequestInFlight = false }
  }

  @Test func dependenciesChangeBetweenActions() async {
    let store = makeTicker(count: 1, clock: clock)
    store.dependencies.smallNthPrime = SmallNthPrime { _ in 101 }
    await store.send(.nthPrimeRequested) { $0.isRequestInFlight = true }
    await store.receive(.nthPrimeResponse(101)) {
      $0.isRequestInFlight = false
      $0.answer = "The prime number 1 is 101"
    }
  }

  @Test func assertChecksTheStateNow() async {
    let store = makeTicker(count: 4, clock: clock)
    store.assert { $0.count = 4 }
    withKnownIssue {
      store.assert { $0.count = 5 }
    } matching: { issue in
      issue.description.contains("A state change does not match expectation")
        && issue.description.contains("−   count: 5")
    }
  }

  @Test func aMissingDependencyIsReported() async {
    let store = TestStore(initialState: Ticker.State(count: 1)) { Ticker() }
    await withKnownIssue {
      await store.send(.nthPrimeRequested) { $0.isRequestInFlight = true }
      await store.receive(.nthPrimeResponse(0)) {
        $0.isRequestInFlight = false
        $0.answer = "The prime number 1 is 0"
      }
    } matching: {
      $0.description.contains("Unimplemented: SmallNthPrime")
    }
  }
}

@MainActor
struct NonExhaustiveTestStoreTests {
  let clock = TestClock()

  @Test func onlyWhatIsAssertedIsChecked() async {
    let store = makeTicker(count: 1, clock: clock)
    store.exhaustivity = .off
    // The response changes two fields; asserting one of them is enough.
    await store.send(.nthPrimeRequested)
    await store.receive(\.nthPrimeResponse) { $0.answer = "The prime number 1 is 2" }
    await store.send(.increment)
    #expect(store.state.count == 2)
    await withKnownIssue {
      await store.send(.increment) { $0.count = 99 }
    } matching: { issue in
      issue.description.contains("A state change does not match expectation")
        && issue.description.contains("−   count: 99")
        && issue.description.contains("+   count: 3")
    }
  }

  @Test func receiveSkipsTheActionsBeforeTheOneItNames() async {
    let store = makeTicker(count: 1, clock: clock)
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.nthPrimeRequested).finish()
    await store.send(.timerToggled)
    // Two ticks, each once the timer sleeps: a plain `advance(by: 2 s)` can pass the second
    // second before the timer, busy sending its first tick, sleeps again.
    await clock.advanceOnceSleeping(by: .seconds(1))
    await clock.advanceOnceSleeping(by: .seconds(1))
    // The response came first: it is skipped, and the first tick is the one received.
    await store.receive(\.tick) { $0.count = 2 }
    #expect(store.state.answer == "The prime number 1 is 2")
    await store.skipReceivedActions()
    store.assert { $0.count = 3 }
    await store.send(.timerToggled)
    await store.finish()
  }

  @Test func unreceivedActionsAndRunningEffectsDoNotFail() async {
    let store = makeTicker(count: 1, clock: clock)
    store.exhaustivity = .off
    await store.send(.nthPrimeRequested)
    await store.send(.timerToggled)
    await clock.advance(by: .seconds(1))
    await store.skipInFlightEffects()
  }

  @Test func skippingReceivedActionsAndEffects() async {
    let store = makeTicker(count: 1, clock: clock)
    await store.send(.nthPrimeRequested) { $0.isRequestInFlight = true }.finish()
    #expect(store.state.answer == nil, "the test has not received the answer yet")
    await store.skipReceivedActions()
    #expect(store.state.answer != nil, "skipped, as if received")
    await withKnownIssue {
      await store.skipReceivedActions()
    } matching: {
      $0.description.contains("There were no received actions to skip")
    }
    await store.send(.timerToggled) { $0.isTimerOn = true }
    await store.skipInFlightEffects()
    await withKnownIssue {
      await store.skipInFlightEffects()
    } matching: {
      $0.description.contains("There were no in-flight effects to skip")
    }
  }
}

extension TestStorePassingTests {
  /// Skipping an effect stops waiting for it at the end, not for what it sends: a later
  /// `receive` still waits for its answer.
  @Test func receiveWaitsForAnEffectThatWasSkipped() async {
    // The answer waits for the test, not for a clock: a busy machine cannot reorder it.
    let (answerGate, openAnswerGate) = AsyncStream<Void>.makeStream()
    let store = TestStore(initialState: Ticker.State(count: 3)) {
      Ticker()
    } withDependencies: {
      $0.smallNthPrime = SmallNthPrime { n in
        for await _ in answerGate { break }
        return firstPrimes[n - 1]
      }
    }
    await store.send(.nthPrimeRequested) { $0.isRequestInFlight = true }
    await store.skipInFlightEffects()
    openAnswerGate.yield()
    await store.receive(\.nthPrimeResponse, 5, timeout: .seconds(30)) {
      $0.isRequestInFlight = false
      $0.answer = "The prime number 3 is 5"
    }
  }
}

/// Each test makes the test store fail on purpose and checks the failure: its text and line.
@MainActor
struct TestStoreFailureTests {
  let clock = TestClock()

  @Test func anUnassertedStateChangeFailsSayingSo() async {
    let store = makeTicker(clock: clock)
    let line = #line + 2
    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.description.contains("State was not expected to change, but a change occurred")
        && issue.description.contains("−   count: 2")
        && issue.description.contains("+   count: 3")
    }
    #expect(store.state.count == 3, "the store moves on with the actual state")
  }

  @Test func aWrongExpectationShowsTheDiff() async {
    let store = makeTicker(clock: clock)
    await withKnownIssue {
      await store.send(.increment) { $0.count = 4 }
    } matching: { issue in
      issue.description.contains("A state change does not match expectation")
        && issue.description.contains("−   count: 4") && issue.description.contains("+   count: 3")
    }
  }

  @Test func anAssertionThatChangesNothingFails() async {
    let store = makeTicker(clock: clock)
    await withKnownIssue {
      await store.send(.nthPrimeCancelled) { $0.isRequestInFlight = false }
    } matching: { issue in
      issue.description.contains("Expected state to change, but no change occurred")
    }
  }

  @Test func aReceivedActionThatIsNeverAssertedFails() async {
    let store = makeTicker(clock: clock)
    await store.send(.nthPrimeRequested) { $0.isRequestInFlight = true }
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      issue.description.contains("received 1 unexpected action.")
        && issue.description.contains("Ticker.Action.nthPrimeResponse(3)")
    }
  }

  /// One mistake, one failure: no second report about the state of the unexpected action.
  @Test func anUnexpectedActionIsReportedOnceWithTheDiffOfTheActions() async {
    let store = makeTicker(clock: clock)
    await store.send(.nthPrimeRequested) { $0.isRequestInFlight = true }
    let reports = LockIsolated(0)
    await withKnownIssue {
      await store.receive(.nthPrimeResponse(5)) { $0.isRequestInFlight = false }
    } matching: { issue in
      reports.withValue { $0 += 1 }
      return issue.description.contains("Received unexpected action")
        && issue.description.contains("− Ticker.Action.nthPrimeResponse(5)")
        && issue.description.contains("+ Ticker.Action.nthPrimeResponse(3)")
    }
    #expect(reports.value == 1)
  }

  /// The actions stay: the test fails at the send, and its receives of them still pass.
  @Test func sendingBeforeReceivingFailsOnceAndKeepsTheActions() async {
    let store = makeTicker(clock: clock)
    await store.send(.nthPrimeRequested) { $0.isRequestInFlight = true }.finish()
    await withKnownIssue {
      await store.send(.increment) { $0.count = 3 }
    } matching: { issue in
      issue.description.contains("Must handle 1 received action before sending an action")
        && issue.description.contains("nthPrimeResponse(3)")
    }
    await store.receive(.nthPrimeResponse(3)) {
      $0.isRequestInFlight = false
      $0.answer = "The prime number 2 is 3"
    }
  }

  @Test func receiveTimesOutWhenTheClockDoesNotMove() async {
    let store = makeTicker(clock: clock)
    await store.send(.timerToggled) { $0.isTimerOn = true }
    await withKnownIssue {
      await store.receive(.tick, timeout: .milliseconds(50)) { $0.count = 3 }
    } matching: { issue in
      issue.description.contains("Expected to receive") && issue.description.contains(".tick")
        && issue.description.contains("still running")
    }
    await store.send(.timerToggled) { $0.isTimerOn = false }
    await store.finish()
  }

  @Test func receiveWithNoEffectRunningNamesWhatItExpected() async {
    let store = makeTicker(clock: clock)
    await withKnownIssue {
      await store.receive(.tick) { $0.count = 3 }
    } matching: { issue in
      issue.description.contains(
        "Expected to receive the following action, but didn't:\n\n  Ticker.Action.tick")
    }
  }

  @Test func anEffectStillRunningAtTheEndFailsAtItsSend() async {
    await withKnownIssue {
      await startTimerAndEndTheTest()
    } matching: { issue in
      issue.sourceLocation?.line == Self.timerSendLine
        && issue.description.contains("An effect returned for this action is still running")
        && issue.description.contains("Ticker.Action.timerToggled")
    }
  }

  @Test func finishNamesTheActionsWhoseEffectsStillRun() async {
    let store = makeTicker(clock: clock)
    await store.send(.timerToggled) { $0.isTimerOn = true }
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    } matching: { issue in
      issue.description.contains("still effects in-flight after")
        && issue.description.contains("Ticker.Action.timerToggled")
    }
    await store.send(.timerToggled) { $0.isTimerOn = false }
  }

  private nonisolated static let timerSendLine = #line + 5

  /// Releases the store on the main actor, the way a test function's end does.
  private func startTimerAndEndTheTest() async {
    let store = makeTicker(clock: clock)
    await store.send(.timerToggled) { $0.isTimerOn = true }
  }

  @Test func everyDiffUsesTheSameMinusSign() async {
    let store = makeTicker(clock: clock)
    await store.send(.nthPrimeRequested) { $0.isRequestInFlight = true }
    await withKnownIssue {
      await store.receive(.nthPrimeResponse(5)) { $0.isRequestInFlight = false }
      await store.send(.increment) { $0.count = 7 }
    } matching: { issue in
      let lines = issue.description.split(separator: "\n")
      return !lines.contains { $0.hasPrefix("  -") || $0.hasPrefix("-") }
        && lines.contains { $0.contains("−") }
    }
  }
}
