import ComposableTestSupport
import XCTest

/// XCTest's tests share one cache of dependency values unless something empties it between
/// them (Swift Testing's tests each have their own): the test support product brings what
/// does. Each test here makes a stack outside any test store, so its ids come from the
/// `stackElementID` dependency's cached test value; whichever test runs second would see
/// ids 2 and 3 if the first one's generator were still cached.
final class DependencyCacheTests: XCTestCase {
  func testAFirstStackStartsAtZero() {
    XCTAssertEqual(Array(StackState(["a", "b"]).ids), [0, 1])
  }

  func testASecondStackStartsAtZeroToo() {
    XCTAssertEqual(Array(StackState(["a", "b"]).ids), [0, 1])
  }
}
