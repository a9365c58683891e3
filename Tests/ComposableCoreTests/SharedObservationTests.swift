import ComposableCore
import Foundation
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

private struct TwoCounts: Reducer {
  struct State: Equatable {
    @Shared(.inMemory("follows.a")) var a = 0
    @Shared(.inMemory("follows.b")) var b = 0
    var showsB = false
  }

  enum Action {
    case showB(Bool)
    case incrementALater
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .showB(let shows):
      state.showsB = shows
      return .none
    case .incrementALater:
      let a = state.$a
      return .run { _ in a.withLock { $0 += 1 } }
    }
  }
}

private struct StoredCount: Reducer {
  struct State: Equatable {
    @Shared(.fileStorage(URL(fileURLWithPath: "/observed/count.json"))) var count = 0
    var failedToLoad: Bool { $count.loadError != nil }
  }

  enum Action {}

  func reduce(into state: inout State, action: Action) -> Effect<Action> {}
}

/// What the markers made by an observed value's computations did: how many were made, and
/// which went.
private final class MarkerLog {
  var made = 0
  var freed: [Int] = []
}

/// Made anew by each computation of an observed value; says when it goes. Any two are equal:
/// the count beside it decides whether the value changed.
private final class Marker: Equatable {
  let id: Int
  let log: MarkerLog

  init(log: MarkerLog) {
    log.made += 1
    id = log.made
    self.log = log
  }

  deinit { log.freed.append(id) }

  static func == (lhs: Marker, rhs: Marker) -> Bool { true }
}

private struct CountShown: Equatable {
  var count: Int
  var marker: Marker
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

  /// A subscriber keeps the value it was handed while it runs, even when it sends an action
  /// whose change replaces that value: after a shared change made elsewhere the store handles
  /// no action, so the send is handled at once and announces inside this announcement. Lent
  /// without a retain, as after an action, the value was freed under the subscriber.
  @Test func aSubscriberThatSendsOnASharedChangeKeepsTheValueItWasHanded() async {
    let store = Store(initialState: SharedCounter.State()) { SharedCounter() }
    let log = MarkerLog()
    let shown = store.observe { CountShown(count: $0.count, marker: Marker(log: log)) }
    var freedWhileHanded: [Bool] = []
    let subscription = shown.subscribe { value in
      guard value.count == 1 else { return }
      let id = value.marker.id
      store.send(.increment)
      freedWhileHanded.append(log.freed.contains(id))
    }
    @Shared(.inMemory("count")) var shared = 0
    $shared.withLock { $0 = 1 }
    await eventually { shown.value.count == 2 }
    #expect(shown.value.count == 2)
    #expect(freedWhileHanded == [false])
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

  @Test func anObserverFollowsWhatItReadsNow() async {
    let store = Store(initialState: TwoCounts.State()) { TwoCounts() }
    // Reads b then a while b shows, a alone otherwise: the values it follows change, and
    // so does their order.
    let text = store.observe { $0.showsB ? "\($0.b) \($0.a)" : "\($0.a)" }
    var seen: [String] = []
    let subscription = text.subscribe { seen.append($0) }
    @Shared(.inMemory("follows.a")) var a = 0
    @Shared(.inMemory("follows.b")) var b = 0
    $b.withLock { $0 = 1 }
    try? await Task.sleep(for: .milliseconds(20))
    #expect(seen == [])
    store.send(.showB(true))
    #expect(seen == ["1 0"])
    $b.withLock { $0 = 2 }
    await eventually { seen.count == 2 }
    $a.withLock { $0 = 3 }
    await eventually { seen.count == 3 }
    #expect(seen == ["1 0", "2 0", "2 3"])
    store.send(.showB(false))
    $b.withLock { $0 = 4 }
    $a.withLock { $0 = 5 }
    await eventually { seen.count == 5 }
    #expect(seen == ["1 0", "2 0", "2 3", "3", "5"])
    subscription.cancel()
  }

  /// What a view shows of a value's loading state follows it as the value is followed: a
  /// file damaged by another program sets `loadError` and leaves the value as it was, and the
  /// store's observers hear it (the settings screen kept a problem that was no more).
  @Test func aLoadErrorAloneReachesTheStoresObservers() async {
    await withDependencies {
      $0.defaultFileStorage = .inMemory
    } operation: {
      // The file as another program writes it: its bytes, through a key of bytes.
      let bytes: @Sendable (Data) -> Data = { $0 }
      @Shared(
        .fileStorage(URL(fileURLWithPath: "/observed/count.json"), decode: bytes, encode: bytes)
      ) var file = Data()
      $file.withLock { $0 = Data("3".utf8) }
      let store = Store(initialState: StoredCount.State()) { StoredCount() }
      #expect(store.state.count == 3)
      let failed = store.observe(\.failedToLoad)
      #expect(!failed.value)
      var seen: [Bool] = []
      let subscription = failed.subscribe { seen.append($0) }
      $file.withLock { $0 = Data("not a count".utf8) }
      #expect(store.state.failedToLoad && store.state.count == 3)
      await eventually { seen == [true] }
      #expect(seen == [true])
      subscription.cancel()
    }
  }

  @Test func aChangeMadeAfterTheActionReachesTheStoresObservers() async {
    // Changes the reducer makes are read by the recomputation after the action; one an
    // effect or anything else makes later is not, and is announced on its own.
    let store = Store(initialState: TwoCounts.State()) { TwoCounts() }
    let a = store.observe(\.a)
    var seen: [Int] = []
    let subscription = a.subscribe { seen.append($0) }
    await store.send(.incrementALater).finish()
    await eventually { seen == [1] }
    #expect(seen == [1])
    // On the store's own thread, once its action is handled: not the reducer's change.
    store.send(.showB(true))
    store.state.$a.withLock { $0 = 7 }
    await eventually { seen == [1, 7] }
    #expect(seen == [1, 7])
    subscription.cancel()
  }
}
