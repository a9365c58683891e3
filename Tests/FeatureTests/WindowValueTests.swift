import AppFeature
import ComposableTestSupport
import Counter
import PrimeClients
import PrimeDetail
import Testing

/// Windows opened at a value: the favorites, a prime's detail, the counter at a count; a value
/// a window was opened at already brings that window to the front instead of a second.
@MainActor
struct WindowValueTests {
  func makeStore() -> TestStoreOf<AppFeature> {
    TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.primality = .trialDivision
    }
  }

  @Test func aValueOpensAWindowThereAndAgainBringsItToTheFront() async {
    let store = makeStore()
    await store.send(.windowOpenedAt(.favorites)) {
      var window = $0.newWindow(id: 1)
      window.screen = .favorites
      window.openedAt = .favorites
      $0.windows.append(window)
      $0.frontWindowID = 1
      $0.nextWindowID = 2
    }
    await store.send(.windowOpenedAt(.prime(7))) {
      var window = $0.newWindow(id: 2)
      window.screen = .counter
      window.counter.destination = .primeDetail(
        PrimeDetailFeature.State(facts: PrimeFacts(of: 7, primality: .trialDivision)))
      window.openedAt = .prime(7)
      $0.windows.append(window)
      $0.frontWindowID = 2
      $0.nextWindowID = 3
    }
    // The favorites' window is there already: to the front, no second.
    await store.send(.windowOpenedAt(.favorites)) { $0.frontWindowID = 1 }
    #expect(store.state.windows.count == 3)
    await store.send(.windowClosed(id: 1)) {
      $0.windows.remove(id: 1)
      $0.frontWindowID = nil
    }
    // Closed, it opens anew.
    await store.send(.windowOpenedAt(.favorites)) {
      var window = $0.newWindow(id: 3)
      window.screen = .favorites
      window.openedAt = .favorites
      $0.windows.append(window)
      $0.frontWindowID = 3
      $0.nextWindowID = 4
    }
  }

  /// The counter at a count sets the app's one count: every window shows it.
  @Test func theCounterAtACountSetsTheCount() async {
    let store = makeStore()
    await store.send(.windowOpenedAt(.counter(count: 42))) {
      $0.$count.withLock { $0 = 42 }
      var window = $0.newWindow(id: 1)
      window.screen = .counter
      window.openedAt = .counter(count: 42)
      $0.windows.append(window)
      $0.frontWindowID = 1
      $0.nextWindowID = 2
    }
    #expect(store.state.windows.allSatisfy { $0.counter.count == 42 })
  }
}
