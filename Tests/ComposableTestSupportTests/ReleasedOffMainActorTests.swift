import ComposableTestSupport
import Testing
import XCTest

// A test store released off the main actor checks the end of its test where it is released,
// as one released on it does. Each shape below killed the test process (SIGILL) when the
// store's `deinit` assumed the main actor.

/// A plain `async` XCTest, the shape of most of TCA's own tests: the store is released on the
/// global executor when the test returns. (Under XCTest a store on the main serial executor
/// runs the whole process on the main thread: these stores turn it off to be released
/// elsewhere.)
final class ReleasedOffMainActorXCTests: XCTestCase {
  func testPlainAsyncTest() async {
    let clock = TestClock()
    let store = await makeTicker(count: 3, clock: clock)
    await MainActor.run { store.useMainSerialExecutor = false }
    await store.send(.increment) { $0.count = 4 }
    await store.send(.nthPrimeRequested) { $0.isRequestInFlight = true }
    await store.receive(.nthPrimeResponse(7)) {
      $0.isRequestInFlight = false
      $0.answer = "The prime number 4 is 7"
    }
    XCTAssertFalse(Thread.isMainThread)
  }

  func testDetachedTask() async {
    let released = await Task.detached {
      let store = await makeTicker(count: 0, clock: TestClock())
      await MainActor.run { store.useMainSerialExecutor = false }
      await store.send(.increment) { $0.count = 1 }
      return !Thread.isMainThread
    }.value
    XCTAssertTrue(released)
  }
}

@Suite struct ReleasedOffMainActorTests {
  /// A Swift Testing test that is not on the main actor.
  @Test func nonisolatedTest() async {
    let store = await makeTicker(count: 1, clock: TestClock())
    await store.send(.increment) { $0.count = 2 }
    #expect(!Thread.isMainThread)
  }

  /// What the end of a test checks is still reported from a store released off the main
  /// actor: here an effect still running.
  @Test func effectStillRunningIsReported() async {
    let clock = TestClock()
    await withKnownIssue {
      await releaseWithTimerRunning(clock: clock)
    } matching: { issue in
      issue.description.contains("An effect returned for this action is still running")
    }
  }

  /// And so is an action received but never asserted.
  @Test func unassertedReceivedActionIsReported() async {
    await withKnownIssue {
      await releaseWithUnassertedAction()
    } matching: { issue in
      issue.description.contains("The store received 1 unexpected action.")
    }
  }
}

private func releaseWithTimerRunning(clock: TestClock<Duration>) async {
  let store = await makeTicker(count: 0, clock: clock)
  await store.send(.timerToggled) { $0.isTimerOn = true }
  #expect(!Thread.isMainThread)
}

private func releaseWithUnassertedAction() async {
  let store = await makeTicker(count: 1, clock: TestClock())
  await store.send(.nthPrimeRequested) { $0.isRequestInFlight = true }
  #expect(!Thread.isMainThread)
}
