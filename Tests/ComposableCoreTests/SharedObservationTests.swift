import ComposableCore
import Testing

private struct SharedCounter: Reducer {
  struct State: Equatable {
    @Shared(.inMemory("count")) var count = 0
    var title = ""
  }

  enum Action { case increment }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.$count.withLock { $0 += 1 }
    return .none
  }
}

/// Waits, yielding to the main actor's queue, until `condition` holds (at most two seconds).
@MainActor
private func eventually(_ condition: () -> Bool) async {
  let deadline = ContinuousClock.now + .seconds(2)
  while !condition(), ContinuousClock.now < deadline {
    try? await Task.sleep(for: .milliseconds(1))
  }
}

/// A change to a shared value made anywhere reaches every store whose observed value read it.
@MainActor
struct SharedObservationTests {
  @Test func anotherStoresChangeReachesThisStoresObservers() async {
    let first = Store(initialState: SharedCounter.State()) { SharedCounter() }
    let second = Store(initialState: SharedCounter.State()) { SharedCounter() }
    let count = second.observe(\.count)
    var seen: [Int] = []
    let subscription = count.subscribe { seen.append($0) }
    first.send(.increment)
    await eventually { seen == [1] }
    #expect(seen == [1])
    #expect(count.value == 1)
    // Once: the store that made the change does not make the other one announce twice.
    try? await Task.sleep(for: .milliseconds(20))
    #expect(seen == [1])
    subscription.cancel()
  }

  @Test func aChangeFromAnywhereReachesTheStore() async {
    let store = Store(initialState: SharedCounter.State()) { SharedCounter() }
    let count = store.observe { "Count: \($0.count)" }
    @Shared(.inMemory("count")) var shared = 0
    $shared.withLock { $0 = 7 }
    await eventually { count.value == "Count: 7" }
    #expect(count.value == "Count: 7")
  }

  @Test func aBurstFromAnotherThreadIsCoalesced() async {
    let store = Store(initialState: SharedCounter.State()) { SharedCounter() }
    let count = store.observe(\.count)
    var announcements = 0
    let subscription = count.subscribe { _ in announcements += 1 }
    let shared = store.state.$count
    await Task.detached {
      for _ in 0..<1_000 { shared.withLock { $0 += 1 } }
    }.value
    await eventually { count.value == 1_000 }
    #expect(count.value == 1_000)
    // Not one per change: the main actor recomputes once per turn it gets.
    #expect(announcements < 1_000)
    subscription.cancel()
  }

  @Test func anObserverThatReadsNoSharedValueIsNotDisturbed() async {
    let store = Store(initialState: SharedCounter.State()) { SharedCounter() }
    let title = store.observe(\.title)
    var announcements = 0
    let subscription = title.subscribe { _ in announcements += 1 }
    store.state.$count.withLock { $0 += 1 }
    try? await Task.sleep(for: .milliseconds(20))
    #expect(announcements == 0)
    subscription.cancel()
  }
}
