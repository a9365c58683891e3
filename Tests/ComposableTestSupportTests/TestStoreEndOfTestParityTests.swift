import ComposableTestSupport
import Testing

// A false green and a false red of the test store, found by comparing it with TCA's TestStore
// from outside: each failed here before.

private struct EndOfTestFeature: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable, Sendable {
    case ping, pong
    case forever
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .ping:
        return .send(.pong)
      case .pong:
        state.count += 1
        return .none
      case .forever:
        return .run { _ in try await Task.never() }
      }
    }
  }
}

@MainActor
@Suite struct TestStoreEndOfTestParityTests {
  // `finish()` switched off the end-of-test checks for the rest of the test.
  // TCA: `deinit { …; mainActorNow { self.completed() } }` runs `completed()` unconditionally,
  // which reports every effect still in `inFlightEffects` ("An effect returned for this action
  // is still running…", TestStoreFailureTests.testEffectInFlightAfterDeinit) and every
  // unreceived action ("The store received 1 unexpected action.",
  // TestStoreFailureTests.testReceivedActionAfterDeinit). `finish()` sets no flag.

  @Test func anEffectStartedAfterFinishAndStillRunningAtTheEndIsReported() async {
    await withKnownIssue {
      let store = TestStore(initialState: EndOfTestFeature.State()) { EndOfTestFeature() }
      await store.send(.ping)
      await store.receive(.pong) { $0.count = 1 }
      await store.finish()
      await store.send(.forever)  // never ends, never cancelled
    } matching: { issue in
      issue.description.contains("An effect returned for this action is still running")
    }
  }

  @Test func anActionReceivedAfterFinishAndNeverAssertedIsReported() async {
    await withKnownIssue {
      let store = TestStore(initialState: EndOfTestFeature.State()) { EndOfTestFeature() }
      await store.finish()
      await store.send(.ping)  // its effect sends `.pong`, which the test never receives
    } matching: { issue in
      issue.description.contains("The store received 1 unexpected action")
    }
  }

  // A non-exhaustive `finish()` that timed out failed the test.
  // TCA's `finish()` reports the timeout through `reportIssueHelper`, which reports only when
  // `exhaustivity == .on` (and shows an expected issue for `.off(showSkippedAssertions: true)`),
  // as it does for effects still running at the end of a non-exhaustive test
  // (TestStoreNonExhaustiveTests.testIgnoreInFlightEffects_NonExhaustive).

  @Test func aNonExhaustiveFinishThatTimesOutDoesNotFail() async {
    let store = TestStore(initialState: EndOfTestFeature.State()) { EndOfTestFeature() }
    store.exhaustivity = .off
    await store.send(.forever)
    await store.finish(timeout: .milliseconds(100))
  }
}
