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
}

final class WrongOnPurposeXCTest: XCTestCase {
  @MainActor
  func testAWrongStateAssertionFails() async {
    let store = TestStore(initialState: PrimeCounter.State()) { PrimeCounter() }
    await store.send(.incrementButtonTapped) { $0.count = 42 }
  }
}
