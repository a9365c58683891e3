import ComposableTestSupport
import XCTest

/// The test store under XCTest: the same flow, reported through XCTest when it fails.
final class TestStoreXCTests: XCTestCase {
  @MainActor
  func testTimerAndRequest() async {
    let clock = TestClock()
    let store = makeTicker(count: 0, clock: clock)
    await store.send(.timerToggled) { $0.isTimerOn = true }
    await clock.advanceOnceSleeping(by: .seconds(1))
    await store.receive(.tick) { $0.count = 1 }
    await store.send(.timerToggled) { $0.isTimerOn = false }
    await store.send(.nthPrimeRequested) { $0.isRequestInFlight = true }
    await store.receive(.nthPrimeResponse(2)) {
      $0.isRequestInFlight = false
      $0.answer = "The prime number 1 is 2"
    }
    await store.finish()
  }
}
