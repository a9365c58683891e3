import ComposableTestSupport
import XCTest

@testable import BasicUsage

final class PrimeCounterXCTests: XCTestCase {
  @MainActor
  func testIncrementAndDecrement() async {
    let store = TestStore(initialState: PrimeCounter.State()) { PrimeCounter() }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.decrementButtonTapped) { $0.count = 0 }
  }
}
