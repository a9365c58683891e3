import Observation
import Sharing
import Synchronization
import Testing

/// `Shared` and `SharedReader` are `Observable`: a read inside `withObservationTracking`
/// registers, and the next change of the value calls `onChange`, once.
struct ObservationTests {
  /// Counts the calls of a tracking's `onChange`, which may come from any thread.
  final class Changes: Sendable {
    private let count = Atomic(0)
    var value: Int { count.load(ordering: .relaxed) }
    @Sendable func record() { count.add(1, ordering: .relaxed) }
  }

  func track(_ read: () -> Void) -> Changes {
    let changes = Changes()
    withObservationTracking(read, onChange: changes.record)
    return changes
  }

  @Test func withLockOfAValueOfItsOwn() {
    @Shared(value: 0) var count
    let changes = track { _ = count }
    #expect(changes.value == 0)
    $count.withLock { $0 += 1 }
    #expect(changes.value == 1)
    // A tracking is one change long, as Observation's always is.
    $count.withLock { $0 += 1 }
    #expect(changes.value == 1)
  }

  @Test func withLockOfAKeysValue() {
    @Shared(.inMemory("count")) var count = 0
    @Shared(.inMemory("count")) var sameCount = 0
    let changes = track { _ = count }
    $sameCount.withLock { $0 += 1 }
    #expect(changes.value == 1)
  }

  @Test func aReaderHearsTheWritersChange() {
    @Shared(value: "Blob") var name
    let reader = SharedReader($name)
    let changes = track { _ = reader.wrappedValue }
    $name.withLock { $0 += " Jr." }
    #expect(changes.value == 1)
  }

  @Test func derivedValuesAreObservedThroughTheirRoot() {
    struct User: Equatable {
      var name = "Blob"
      var age = 1
    }
    @Shared(value: User()) var user
    let name = $user.name
    let nameChanges = track { _ = name.wrappedValue }
    $user.age.withLock { $0 += 1 }
    // Coarse, as swift-sharing's: a change anywhere in the root is a change.
    #expect(nameChanges.value == 1)
    let ageChanges = track { _ = $user.age.wrappedValue }
    name.withLock { $0 = "Blob Jr." }
    #expect(ageChanges.value == 1)
  }

  @Test func anUnreadValueIsNotTracked() {
    @Shared(value: 0) var count
    @Shared(value: 0) var other
    let changes = track { _ = other }
    $count.withLock { $0 += 1 }
    #expect(changes.value == 0)
  }

  @Test func aKeysLoadIsAChange() async throws {
    @Shared(.inMemory("loaded")) var loaded = 1
    let reader = SharedReader($loaded)
    let changes = track { _ = reader.isLoading }
    try await reader.load()
    #expect(changes.value == 1)
  }

  /// A reassignment is a change for those who read the value it replaces.
  @Test func aReassignmentIsAChange() {
    @Shared(value: 0) var count
    let copy = $count
    let changes = track { _ = copy.wrappedValue }
    $count = Shared(value: 10)
    #expect(changes.value == 1)
    #expect(copy.wrappedValue == 10)
  }

  /// The Sharing article's example.
  @Test func theArticlesExample() {
    @Shared(.inMemory("count")) var count = 0
    withObservationTracking {
      _ = count
    } onChange: {
      print("count will change")
    }
    $count.withLock { $0 += 1 }  // prints "count will change", once
    let changes = track { _ = count }
    $count.withLock { $0 += 1 }
    #expect(changes.value == 1)
    #expect(count == 2)
  }

  /// A value changed many times while nobody tracks it, then tracked: the tracking hears the
  /// next change (changes are announced once a tracking has read the value).
  @Test func aValueTrackedAfterUntrackedChangesIsHeard() {
    @Shared(value: 0) var count
    for _ in 0..<10 { $count.withLock { $0 += 1 } }
    _ = count
    let changes = track { _ = count }
    $count.withLock { $0 += 1 }
    #expect(changes.value == 1)
    // And the one after it, for a tracking made again, as a view re-tracks after each change.
    let again = track { _ = count }
    $count.withLock { $0 += 1 }
    #expect(again.value == 1)
  }

  /// `Observations`, the asynchronous sequence of a tracked computation's values, follows a
  /// shared value.
  @Test func observationsFollowAValue() async {
    let count = Shared(value: 0)
    let values = Observations { count.wrappedValue }
    var seen: [Int] = []
    for await value in values {
      seen.append(value)
      if value == 0 { count.withLock { $0 = 1 } }
      if value == 1 { break }
    }
    #expect(seen == [0, 1])
  }
}
