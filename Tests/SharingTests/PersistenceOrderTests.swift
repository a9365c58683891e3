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
}
