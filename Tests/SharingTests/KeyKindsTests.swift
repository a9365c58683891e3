import Dependencies
import Sharing
import Synchronization
import Testing

/// The kit's own kinds of keys (stored under the lock, saved when asked, changed in place)
/// keep their kind when given a default: `Self[key, default: …]` wraps a key, and a wrapper
/// that hid its kind made an in-memory count save after every change (outside the lock, where
/// the store could take two changes out of order), and the favorites save on every edit.
struct KeyKindsTests {
  /// Counts a key's saves, and keeps the way to change the live value in place.
  final class Calls: Sendable {
    let saves = Mutex<[SaveContext]>([])
    let stored = Mutex<[Int]>([])
    let update = Mutex<SharedUpdate<Int>?>(nil)
  }

  struct StoredKey: SharedKey, StoresUnderLock {
    let calls: Calls
    var id: String { "stored" }
    func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
      continuation.resumeReturningInitialValue()
    }
    func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>)
      -> SharedSubscription
    { SharedSubscription {} }
    func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
      calls.saves.withLock { $0.append(context) }
      continuation.resume()
    }
    func loadUnderLock(initialValue: Int) -> Int { initialValue }
    func storeUnderLock(_ value: Int) {
      calls.stored.withLock { $0.append(value) }
    }
  }

  struct AskedKey: SharedKey, SavesWhenAsked, UpdatesInPlace {
    let calls: Calls
    var id: String { "asked" }
    func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
      continuation.resumeReturningInitialValue()
    }
    func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>)
      -> SharedSubscription
    { SharedSubscription {} }
    func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
      calls.saves.withLock { $0.append(context) }
      continuation.resume()
    }
    func attach(_ update: @escaping SharedUpdate<Int>) {
      calls.update.withLock { $0 = update }
    }
  }

  @Test func aKeyStoredUnderTheLockIsStillSoWithADefault() {
    let calls = Calls()
    withDependencies {
      $0 = DependencyValues()
    } operation: {
      do {
        @Shared(StoredKey.Default[StoredKey(calls: calls), default: 0]) var count
        $count.withLock { $0 += 1 }
        $count.withLock { $0 += 1 }
        #expect(calls.stored.withLock { $0 } == [1, 2], "each change stored as it was made")
      }
      #expect(calls.stored.withLock { $0 } == [1, 2], "stored again when released")
      #expect(calls.saves.withLock { $0 }.isEmpty, "saved besides")
    }
  }

  @Test func aKeySavedWhenAskedIsStillSoWithADefault() async throws {
    let calls = Calls()
    try await withDependencies {
      $0 = DependencyValues()
    } operation: {
      @Shared(AskedKey.Default[AskedKey(calls: calls), default: 0]) var count
      $count.withLock { $0 += 1 }
      #expect(calls.saves.withLock { $0 }.isEmpty, "saved after a change")
      try await $count.save()
      #expect(calls.saves.withLock { $0 } == [.userInitiated])
    }
  }

  @Test func aKeyThatChangesItsValueInPlaceIsStillHandedTheWayWithADefault() {
    let calls = Calls()
    withDependencies {
      $0 = DependencyValues()
    } operation: {
      @Shared(AskedKey.Default[AskedKey(calls: calls), default: 1]) var count
      $count.withLock { $0 = 10 }
      let update = calls.update.withLock { $0 }
      #expect(update != nil, "the key was not handed the way to change its value")
      update? { $0 += 5 }
      #expect(count == 15, "a change in place keeps the change made before it")
      #expect(calls.saves.withLock { $0 }.isEmpty, "a change in place is saved back")
    }
  }
}
