// Shared state as swift-sharing's and TCA's own tests assert it, written as their users write
// them: each failed on this kit before (the publisher, and the test store's tracking of shared
// changes), found by porting those tests from outside.

import ComposableTestSupport
import Synchronization
import Testing

/// Collects what `$x.publisher.values` yields, from a task of its own.
private final class Collected<Value: Sendable>: Sendable {
  private final class Values: Sendable {
    let list = Mutex<[Value]>([])
  }
  private let values: Values
  let task: Task<Void, Never>
  init(_ stream: AsyncStream<Value>) {
    let values = Values()
    self.values = values
    task = Task { for await value in stream { values.list.withLock { $0.append(value) } } }
  }
  var all: [Value] { values.list.withLock { $0 } }
}

/// Lets the collecting task take what was yielded and wait again.
private func pause() async throws { try await Task.sleep(for: .milliseconds(100)) }

struct PublisherParityTests {
  // swift-sharing PublisherTests.reassignDifferentKey (appStorage there; inMemory here):
  // `publisher` belongs to the box, so after `$value = Shared(…)` it publishes the new
  // reference's value and its later changes.
  @Test func publisherFollowsAReassignment() async throws {
    @Shared(.inMemory("count")) var value = 0
    let collected = Collected($value.publisher.values)
    defer { collected.task.cancel() }
    try await pause()
    $value.withLock { $0 = 42 }
    try await pause()
    $value = Shared(wrappedValue: 0, .inMemory("anotherCount"))
    try await pause()
    $value.withLock { $0 = 1729 }
    try await pause()
    #expect(collected.all == [0, 42, 0, 1729])
  }

  // swift-sharing PublisherTests.reloadExistingShared: `load(_:)` onto a live key
  // publishes that key's value, and the publisher follows the new key from then on.
  @Test func publisherFollowsLoadOfAnotherKey() async throws {
    @Shared(.inMemory("anotherCount")) var anotherCount = 1729
    @Shared(.inMemory("count")) var value = 0
    let collected = Collected($value.publisher.values)
    defer { collected.task.cancel() }
    try await pause()
    $value.withLock { $0 = 42 }
    try await pause()
    try await $value.load(.inMemory("anotherCount"))
    try await pause()
    $anotherCount.withLock { $0 = 1 }
    try await pause()
    #expect(collected.all.first == 0)
    #expect(collected.all.last == 1)
    #expect(collected.all.contains(1729))
  }

  // swift-sharing PublisherTests.publisher: one element per change. Its
  // `_PersistentReference` publishes in `value`'s `willSet` only; a save completing (or
  // `isLoading` changing) publishes nothing.
  @Test func aSavedChangeIsPublishedOnce() async throws {
    @Shared(SavesAtOnce(name: "count")) var count = 0
    let collected = Collected($count.publisher.values)
    defer { collected.task.cancel() }
    try await pause()
    $count.withLock { $0 = 1 }
    try await pause()
    #expect(collected.all == [0, 1])
  }
}

/// A key whose saves succeed at once, as swift-sharing's test keys' do.
private struct SavesAtOnce: SharedKey, Hashable {
  let name: String
  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    continuation.resumeReturningInitialValue()
  }
  func subscribe(
    context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
  ) -> SharedSubscription {
    SharedSubscription {}
  }
  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    continuation.resume()
  }
}

/// TCA's case study `SharedStateUserDefaults`: a count one tab changes and another resets.
private struct ResettableCounter: Reducer {
  struct State: Equatable {
    @Shared(.inMemory("count")) var count = 0
  }
  enum Action: Equatable {
    case incrementButtonTapped
    case decrementButtonTapped
    case resetStatsButtonTapped
    case noop
    case clampInEffect
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementButtonTapped:
      state.$count.withLock { $0 += 1 }
      return .none
    case .decrementButtonTapped:
      state.$count.withLock { $0 -= 1 }
      return .none
    case .resetStatsButtonTapped:
      state.$count.withLock { $0 = 0 }
      return .none
    case .noop:
      return .none
    case .clampInEffect:
      return .run { [count = state.$count] _ in
        // Leaves a count of 0 as it is.
        count.withLock { $0 = max($0, 0) }
      }
    }
  }
}

@MainActor
struct TestStoreSharedParityTests {
  // TCA Examples/CaseStudies/SwiftUICaseStudiesTests/
  // 02-GettingStarted-SharedStateUserDefaultsTests.swift, `sharedCounts`, as written there:
  // the reset's `withLock` leaves 0 as 0, and TCA skips "Expected state to change" whenever the
  // tracker has changes (TestStore.expectedStateShouldMatch: `|| sharedChangeTracker.hasChanges`).
  @Test func resettingACountThatIsAlreadyZero() async {
    let store = TestStore(initialState: ResettableCounter.State()) { ResettableCounter() }
    await store.send(.incrementButtonTapped) { $0.$count.withLock { $0 = 1 } }
    await store.send(.decrementButtonTapped) { $0.$count.withLock { $0 = 0 } }
    await store.send(.resetStatsButtonTapped) { $0.$count.withLock { $0 = 0 } }
  }

  // TCA's end-of-test check (TestStore.assertNoSharedChanges) compares the state with
  // itself: a `withLock` that left the value as it was fails nothing.
  @Test func anEffectsWithLockThatChangesNothing() async {
    let store = TestStore(initialState: ResettableCounter.State()) { ResettableCounter() }
    await store.send(.clampInEffect)
    await store.finish()
  }

  // TCA resets the tracker after every assertion, and a change made outside the store's
  // dependencies (the test, standing in for another part of the app) is never tracked: the
  // next step sees the new value on both sides.
  @Test func aChangeTheTestMakesBetweenSteps() async {
    let store = TestStore(initialState: ResettableCounter.State()) { ResettableCounter() }
    await store.send(.incrementButtonTapped) { $0.$count.withLock { $0 = 1 } }
    store.state.$count.withLock { $0 = 10 }
    await store.send(.noop)
    await store.send(.incrementButtonTapped) { $0.$count.withLock { $0 += 1 } }
    #expect(store.state.count == 11)
  }

  // The same, at the end of the test.
  @Test func aChangeTheTestMakesAfterTheLastStep() async {
    let store = TestStore(initialState: ResettableCounter.State()) { ResettableCounter() }
    await store.send(.incrementButtonTapped) { $0.$count.withLock { $0 = 1 } }
    store.state.$count.withLock { $0 = 0 }
  }
}
