import ComposableTestSupport
import ConcurrencyExtras
import Testing
import XCTest

/// Under XCTest, whose tests run one at a time, a test store serializes the whole process
/// while it lives, as TCA's does: the test's task runs between its effects' jobs.
final class XCTestSerialExecutorTests: XCTestCase {
  /// One advance past two sleeps of an effect sees both: the effect's next sleep is set
  /// before the clock looks for it. With only the store's effects serialized, the test's task
  /// raced them and the second tick was missed about one time in ten.
  func testOneAdvancePastTwoTicksReceivesBoth() async {
    for _ in 0..<30 {
      let clock = TestClock()
      let store = await TestStore(initialState: 0) {
        Reduce<Int, Bool> { count, isTick in
          guard !isTick else {
            count += 1
            return .none
          }
          return .run { send in
            for await _ in clock.timer(interval: .seconds(1)) { await send(true) }
          }
        }
      }
      await store.send(false)
      await clock.advance(by: .seconds(2))
      await store.receive(true) { $0 = 1 }
      await store.receive(true) { $0 = 2 }
      await store.skipInFlightEffects()
    }
  }

  /// As TCA's `testMainSerialExecutor_AutoAssignsAndResets_False`.
  func testTheProcessIsSerializedWhileTheStoreLives() async {
    uncheckedUseMainSerialExecutor = false
    var store: TestStore? = await TestStore(initialState: 0) { EmptyReducer<Int, Void>() }
    XCTAssertTrue(uncheckedUseMainSerialExecutor)
    store = nil
    XCTAssertFalse(uncheckedUseMainSerialExecutor)
    _ = store
  }

  /// Stores whose lives overlap: the first one released does not put the process back while
  /// the other still lives, and the last one puts back what the test had.
  func testOverlappingStoresKeepTheProcessSerialUntilTheLastGoes() async {
    uncheckedUseMainSerialExecutor = false
    var first: TestStore? = await TestStore(initialState: 0) { EmptyReducer<Int, Void>() }
    var second: TestStore? = await TestStore(initialState: 0) { EmptyReducer<Int, Void>() }
    first = nil
    XCTAssertTrue(uncheckedUseMainSerialExecutor)
    second = nil
    XCTAssertFalse(uncheckedUseMainSerialExecutor)
    _ = (first, second)
  }

  /// A store still alive from before (as one kept by a running effect past its test) does not
  /// keep the process serial once the test sets its own value: a new store puts back what the
  /// test set.
  func testAStoreFromBeforeDoesNotOutliveTheTestsSetting() async {
    var kept: TestStore? = await TestStore(initialState: 0) { EmptyReducer<Int, Void>() }
    uncheckedUseMainSerialExecutor = false
    var store: TestStore? = await TestStore(initialState: 0) { EmptyReducer<Int, Void>() }
    XCTAssertTrue(uncheckedUseMainSerialExecutor)
    store = nil
    XCTAssertFalse(uncheckedUseMainSerialExecutor)
    kept = nil
    XCTAssertFalse(uncheckedUseMainSerialExecutor)
    _ = (kept, store)
  }

  /// A store that turns it off no longer keeps the process serial.
  func testTurningItOffLetsTheProcessGo() async {
    uncheckedUseMainSerialExecutor = false
    let store = await TestStore(initialState: 0) { EmptyReducer<Int, Void>() }
    await MainActor.run { store.useMainSerialExecutor = false }
    XCTAssertFalse(uncheckedUseMainSerialExecutor)
  }
}

/// Under Swift Testing, whose tests run in parallel, a test store leaves the process's
/// executor alone: it serializes its own effects only.
@MainActor
struct SwiftTestingSerialExecutorTests {
  @Test func theProcessIsNotSerialized() {
    let store = TestStore(initialState: 0) { EmptyReducer<Int, Void>() }
    #expect(store.useMainSerialExecutor)
    #expect(!uncheckedUseMainSerialExecutor)
  }
}
