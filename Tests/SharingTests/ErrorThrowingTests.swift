import Foundation
import Sharing
import Synchronization
import Testing

/// How load and save errors come and go: the cases of swift-sharing's ErrorThrowingTests
/// that `CustomKeyTests` does not already make (a failed implicit load, a failed save, a
/// subscriber's error, `require`).
struct ErrorThrowingTests {
  /// A key whose load and save continuations wait for the test, and whose subscriber it holds.
  private final class Pending: SharedKey, @unchecked Sendable {
    let id = UUID()
    let loads = Mutex<[LoadContinuation<Int>]>([])
    let saves = Mutex<[SaveContinuation]>([])
    let subscriber = Mutex<SharedSubscriber<Int>?>(nil)
    /// Saves of a negative value fail at once instead of waiting.
    var rejectsNegatives = false
    var loadsAtOnce = true

    func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
      if loadsAtOnce, case .initialValue = context {
        continuation.resumeReturningInitialValue()
      } else {
        loads.withLock { $0.append(continuation) }
      }
    }
    func subscribe(
      context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
    ) -> SharedSubscription {
      self.subscriber.withLock { $0 = subscriber }
      return SharedSubscription {}
    }
    func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
      if rejectsNegatives {
        continuation.resume(with: value < 0 ? .failure(Failure()) : .success(()))
      } else {
        saves.withLock { $0.append(continuation) }
      }
    }
    func resumeLoads(_ result: Result<Int?, any Error>) {
      for load in loads.withLock({ $0 }) { load.resume(with: result) }
      loads.withLock { $0.removeAll() }
    }
    func resumeSaves(_ result: Result<Void, any Error>) {
      for save in saves.withLock({ $0 }) { save.resume(with: result) }
      saves.withLock { $0.removeAll() }
    }
  }

  @Test func saveErrorWhenInvokingSave() async throws {
    let key = Pending()
    key.rejectsNegatives = true
    @Shared(key) var value = -1
    await #expect(throws: Failure.self) { try await $value.save() }
    #expect($value.saveError is Failure)
  }

  @Test func userInitiatedLoadError() async throws {
    let key = Pending()
    @SharedReader(key) var value = 42
    let load = Task { [$value] in try await $value.load() }
    while key.loads.withLock({ $0.isEmpty }) { await Task.yield() }
    key.resumeLoads(.failure(Failure()))
    await #expect(throws: Failure.self) { try await load.value }
    #expect(value == 42)
  }

  @Test func saveErrorLoadErrorInterplay() throws {
    let key = Pending()
    key.rejectsNegatives = true
    @Shared(key) var count = 0
    let subscriber = try #require(key.subscriber.withLock { $0 })
    subscriber.yield(throwing: Failure())
    #expect($count.loadError != nil)

    $count.withLock { $0 -= 1 }
    #expect($count.loadError != nil)
    #expect($count.saveError != nil)

    // A value from the outside ends the load error, not the save error.
    subscriber.yieldReturningInitialValue()
    #expect(count == 0)
    #expect($count.loadError == nil)
    #expect($count.saveError != nil)

    subscriber.yield(throwing: Failure())
    #expect($count.loadError != nil)

    // A successful save of the user's change ends both: what is stored is what is shown.
    $count.withLock { $0 += 1 }
    #expect($count.loadError == nil)
    #expect($count.saveError == nil)
  }

  @Test func loadErrorSticksAround() async throws {
    let key = Pending()
    key.loadsAtOnce = false
    @SharedReader(key) var count = 0
    #expect($count.isLoading)
    #expect($count.loadError == nil)

    key.resumeLoads(.failure(Failure()))
    #expect(!$count.isLoading)
    #expect($count.loadError != nil)

    // Loading again, the last error stays until the load ends.
    let reload = Task { [$count] in try await $count.load() }
    while key.loads.withLock({ $0.isEmpty }) { await Task.yield() }
    #expect($count.isLoading)
    #expect($count.loadError != nil)

    key.resumeLoads(.success(42))
    try await reload.value
    #expect(!$count.isLoading)
    #expect($count.loadError == nil)
    #expect(count == 42)
  }

  @Test func saveErrorSticksAround() {
    let key = Pending()
    @Shared(key) var count = 0
    #expect($count.saveError == nil)

    $count.withLock { $0 += 1 }
    key.resumeSaves(.failure(Failure()))
    #expect($count.saveError != nil)

    // A save under way does not clear it; its success does.
    $count.withLock { $0 += 1 }
    #expect($count.saveError != nil)
    key.resumeSaves(.success(()))
    #expect($count.saveError == nil)
  }
}
