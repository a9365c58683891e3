import Dependencies
import Foundation
import Sharing
import Synchronization
import Testing

/// Shared values whose defaults make other shared values, and two threads making the same
/// one at once: swift-sharing's SharedTests.Persistence and its description tests.
struct PersistenceOrderTests {
  @Test func nesting() {
    struct Inner: Equatable {
      var value = 1
    }
    struct Middle {
      @Shared(.inMemory("nesting.inner")) var inner = Inner()
    }
    struct Outer {
      // Making this default makes another shared value: the key's table must not be locked.
      @Shared(.inMemory("nesting.middle")) var middle = Middle()
    }
    let outer = Outer()
    #expect(outer.middle.inner == Inner())
  }

  @Test func aSlowDefaultAndAnotherReferenceMadeMeanwhile() async {
    // One thread's default is still being made when another thread makes a reference of the
    // same key: the second does not wait for the first's default (it waited on the map's
    // lock, and the first waited for it: a deadlock), and both end with the value that got
    // into the map first. Both threads start here, not from tasks, which a loaded pool may
    // start late; the waits' limits only end a deadlock.
    let references = PersistentReferences()
    let memory = InMemoryStorage()
    let (slowEvaluating, fastMade, slowDone) =
      (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    let results = Mutex<[String: Int]>([:])
    let finished = DispatchGroup()
    func onThread(_ name: String, _ body: @escaping @Sendable () -> Int?) {
      finished.enter()
      Thread.detachNewThread {
        let result = withDependencies {
          $0.persistentReferences = references
          $0.defaultInMemoryStorage = memory
        } operation: {
          body()
        }
        results.withLock { $0[name] = result }
        finished.leave()
      }
    }
    onThread("slow") {
      @Shared(.inMemory("slow")) var count: Int = {
        slowEvaluating.signal()
        _ = fastMade.wait(timeout: .now() + 60)
        return 1
      }()
      slowDone.signal()
      return count
    }
    onThread("fast") {
      guard slowEvaluating.wait(timeout: .now() + 60) == .success else { return nil }
      @Shared(.inMemory("slow")) var count = 2
      fastMade.signal()
      guard slowDone.wait(timeout: .now() + 60) == .success else { return nil }
      return count
    }
    await withCheckedContinuation { continuation in
      finished.notify(queue: .global()) { continuation.resume() }
    }
    #expect(results.withLock { $0 } == ["fast": 2, "slow": 2])
  }

  @Test func descriptions() {
    @Shared(.inMemory("count")) var count = 0
    #expect($count.description == #"Shared<Int>(.inMemory("count"))"#)
    #expect(SharedReader($count).description == #"SharedReader<Int>(.inMemory("count"))"#)
    @Shared(value: 0) var plain
    #expect(SharedReader($plain).description == "SharedReader<Int>(value: 0)")
  }

  /// A key that keeps every value it is asked to save, in the order asked.
  struct RecordingKey: SharedKey {
    final class Saved: Sendable {
      let values = Mutex<[Int]>([])
    }
    let id = UUID()
    let saved: Saved
    func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
      continuation.resumeReturningInitialValue()
    }
    func subscribe(
      context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
    ) -> SharedSubscription {
      SharedSubscription {}
    }
    func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
      saved.values.withLock { $0.append(value) }
      continuation.resume()
    }
  }

  /// Two threads changing one saved value: the key is asked to save the values in the order
  /// they were made, so the last save is the last value. Each change's save was handed to the
  /// key after the value's lock was let go, and a thread could hand an older value after a
  /// newer one: the file then kept the older.
  @Test func savesReachTheKeyInTheOrderOfTheChanges() async {
    let saved = RecordingKey.Saved()
    let key = RecordingKey(saved: saved)
    @Shared(key) var count = 0
    let shared = $count
    let finished = DispatchGroup()
    for _ in 0..<2 {
      finished.enter()
      Thread.detachNewThread {
        for _ in 0..<20_000 { shared.withLock { $0 += 1 } }
        finished.leave()
      }
    }
    await withCheckedContinuation { continuation in
      finished.notify(queue: .global()) { continuation.resume() }
    }
    let values = saved.values.withLock { $0 }
    let outOfOrder = zip(values, values.dropFirst()).filter { $0 >= $1 }.count
    #expect(outOfOrder == 0)
    #expect(values.last == 40_000)
    #expect(count == 40_000)
  }
}
