import Foundation
import Sharing
import Synchronization
import Testing

/// When a reference says it is loading: the cases of swift-sharing's IsLoadingTests that
/// `CustomKeyTests` does not already make. Loads finish when the test says, as swift-sharing's
/// do on a test scheduler.
struct IsLoadingTests {
  /// Work the keys scheduled, run when the test advances.
  private final class Scheduler: Sendable {
    private let work = Mutex<[@Sendable () -> Void]>([])
    func schedule(_ job: @escaping @Sendable () -> Void) { work.withLock { $0.append(job) } }
    var isIdle: Bool { work.withLock { $0.isEmpty } }
    func advance() {
      let jobs = work.withLock { jobs in
        defer { jobs.removeAll() }
        return jobs
      }
      for job in jobs { job() }
    }
  }

  /// How many times a key loaded.
  private final class Loads: Sendable {
    private let loads = Atomic(0)
    var count: Int { loads.load(ordering: .relaxed) }
    func add() -> Int { loads.add(1, ordering: .relaxed).newValue }
  }

  /// Loads 42 (100 and the loads made so far, when they are counted), when the scheduler
  /// advances.
  private struct Answer: SharedReaderKey {
    let id = UUID()
    let scheduler: Scheduler
    var loads: Loads?
    func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
      let answer = loads.map { 100 + $0.add() } ?? 42
      scheduler.schedule { continuation.resume(returning: answer) }
    }
    func subscribe(
      context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
    ) -> SharedSubscription {
      SharedSubscription {}
    }
  }

  private let scheduler = Scheduler()

  @Test func isLoadingReassign() {
    @SharedReader(Answer(scheduler: scheduler)) var value = 0
    scheduler.advance()
    #expect(value == 42)
    #expect(!$value.isLoading)

    $value = SharedReader(wrappedValue: 0, Answer(scheduler: scheduler))
    #expect($value.isLoading)
    #expect(value == 0)
    scheduler.advance()
    #expect(!$value.isLoading)
    #expect(value == 42)
  }

  @Test func isLoadingInitRequire() async throws {
    @SharedReader(Answer(scheduler: scheduler)) var value = 0
    scheduler.advance()
    #expect(value == 42)

    // `require` loads a new reference; the one held is not loading meanwhile.
    let required = Task { [scheduler] in
      try await SharedReader(require: Answer(scheduler: scheduler))
    }
    while scheduler.isIdle { await Task.yield() }
    #expect(!$value.isLoading)
    scheduler.advance()
    let loaded = try await required.value
    #expect(!loaded.isLoading)
    #expect(loaded.wrappedValue == 42)
  }

  @Test func isLoadingLoadKey() async throws {
    @SharedReader(Answer(scheduler: scheduler)) var value = 0
    scheduler.advance()
    #expect(value == 42)

    // `load(_:)` on a `let`: every copy moves to the key at once, loading, with the value it
    // had; the key loads once, not first on its own and then as asked.
    let reader = $value
    let loads = Loads()
    let next = Answer(scheduler: scheduler, loads: loads)
    let load = Task { try await reader.load(next) }
    while scheduler.isIdle { await Task.yield() }
    #expect($value.isLoading)
    #expect(value == 42)
    scheduler.advance()
    try await load.value
    #expect(!$value.isLoading)
    #expect(value == 101)
    #expect(loads.count == 1)
  }

  @Test func isLoadingSubscriberYieldIsLoading() {
    struct Key: SharedReaderKey {
      let id = UUID()
      let scheduler: Scheduler
      func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
        continuation.resumeReturningInitialValue()
      }
      func subscribe(
        context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
      ) -> SharedSubscription {
        subscriber.yieldLoading()
        scheduler.schedule { subscriber.yieldLoading(false) }
        return SharedSubscription {}
      }
    }
    @SharedReader(Key(scheduler: scheduler)) var value = 0
    #expect($value.isLoading)
    scheduler.advance()
    #expect(!$value.isLoading)
    #expect(value == 0)
  }
}
