import Dependencies
import Sharing
import Synchronization
import Testing

/// The kit's own kinds of keys (saved when released, saved when asked, changed in place) keep
/// their kind when given a default: `Self[key, default: …]` wraps a key, and a wrapper that
/// hid its kind made an in-memory count save after every change, and the favorites save on
/// every edit.
struct KeyKindsTests {
  /// Counts a key's saves, and keeps the way to change the live value in place.
  final class Calls: Sendable {
    let saves = Mutex<[SaveContext]>([])
    let update = Mutex<SharedUpdate<Int>?>(nil)
  }

  struct ReleasedKey: SharedKey, SavesOnRelease {
    let calls: Calls
    var id: String { "released" }
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

  @Test func aKeySavedWhenReleasedIsStillSoWithADefault() {
    let calls = Calls()
    withDependencies {
      $0 = DependencyValues()
    } operation: {
      do {
        @Shared(ReleasedKey.Default[ReleasedKey(calls: calls), default: 0]) var count
        $count.withLock { $0 += 1 }
        $count.withLock { $0 += 1 }
        #expect(calls.saves.withLock { $0 }.isEmpty, "saved before the last reference went")
      }
      #expect(calls.saves.withLock { $0 } == [.didSet], "saved once, when released")
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
