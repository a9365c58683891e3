import ComposableTestSupport
import Testing
import XCTest

@testable import BasicUsage

// Each test here asserts something false on purpose. CI runs them and requires them to fail,
// with the diff: a test target that adds ComposableTestSupport alone must not pass wrongly.

@MainActor
struct WrongOnPurposeSwiftTesting {
  @Test func aWrongStateAssertionFails() async {
    let store = TestStore(initialState: PrimeCounter.State()) { PrimeCounter() }
    await store.send(.incrementButtonTapped) { $0.count = 41 }
  }

  /// A store made, used and released in a detached task, which has no test context: its
  /// effect still running at its end must still fail the run (the issue names no test).
  @Test func aStoreInADetachedTaskWithAnEffectRunningFails() async {
    await Task.detached { await leaveAnEffectRunning(answer: 2) }.value
  }
}

/// Sends an action whose effect never ends to a store made here, and lets the store go.
@MainActor func leaveAnEffectRunning(answer: Int) async {
  let store = TestStore(initialState: PrimeCounter.State()) {
    PrimeCounter()
  } withDependencies: {
    $0.primeFinder.nthPrime = { _ in
      try await Task.sleep(for: .seconds(3_600))
      return answer
    }
  }
  await store.send(.nthPrimeButtonTapped) { $0.isLoading = true }
}

final class WrongOnPurposeXCTest: XCTestCase {
  @MainActor
  func testAWrongStateAssertionFails() async {
    let store = TestStore(initialState: PrimeCounter.State()) { PrimeCounter() }
    await store.send(.incrementButtonTapped) { $0.count = 42 }
  }

  /// The same in XCTest, which sees a failure from any task while the test runs.
  func testAStoreInADetachedTaskWithAnEffectRunningFails() async {
    await Task.detached { await leaveAnEffectRunning(answer: 3) }.value
  }
}
