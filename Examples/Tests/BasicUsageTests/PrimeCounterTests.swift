import ComposableTestSupport
import Testing

@testable import BasicUsage

// README: Basic usage — the test.
@MainActor
struct PrimeCounterTests {
  @Test func nthPrime() async {
    let store = TestStore(initialState: PrimeCounter.State(count: 6)) {
      PrimeCounter()
    } withDependencies: {
      $0.primeFinder.nthPrime = { _ in 13 }
    }
    await store.send(.nthPrimeButtonTapped) { $0.isLoading = true }
    await store.receive(.nthPrimeResponse(13)) {
      $0.isLoading = false
      $0.alert = AlertState { TextState("Prime #6 is 13") }
    }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
  }
}
// README: Basic usage — end of the test.

@MainActor
struct PrimeCounterStoreTests {
  /// In tests, dependencies are their test values unless given: a store over the live client
  /// says so.
  @Test func theLiveDependencyAnswers() async {
    let store = Store(initialState: PrimeCounter.State(count: 6)) {
      PrimeCounter()
    } withDependencies: {
      $0.primeFinder = .liveValue
    }
    await store.send(.nthPrimeButtonTapped).finish()
    #expect(store.state.alert?.title == TextState("Prime #6 is 13"))
  }
}
