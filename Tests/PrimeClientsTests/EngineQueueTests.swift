import Synchronization
import Testing

@testable import PrimeClientsLive

/// The engine's queue: one computation at a time, in order, a cancelled one gone at once.
@Suite struct EngineQueueTests {
  final class Record: Sendable {
    let running = Mutex(0)
    let mostAtOnce = Mutex(0)
    let order = Mutex<[Int]>([])
  }

  final class Log: Sendable {
    let entries = Mutex<[String]>([])
  }

  @Test func oneAtATimeInOrder() async throws {
    let queue = EngineQueue()
    let record = Record()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<20 {
        group.addTask {
          try await queue.run {
            let now = record.running.withLock {
              $0 += 1
              return $0
            }
            record.mostAtOnce.withLock { $0 = max($0, now) }
            record.order.withLock { $0.append(index) }
            try await Task.sleep(for: .milliseconds(2))
            record.running.withLock { $0 -= 1 }
          }
        }
        // Each asks after the one before is in line.
        try await Task.sleep(for: .milliseconds(1))
      }
      try await group.waitForAll()
    }
    #expect(record.mostAtOnce.withLock { $0 } == 1)
    #expect(record.order.withLock { $0.count } == 20)
  }

  /// A request cancelled while it waits throws at once and never runs; the one after it runs.
  @Test func aCancelledWaitLeavesTheLine() async throws {
    let queue = EngineQueue()
    let release = AsyncStream<Void>.makeStream()
    let ran = Log()
    let first = Task {
      try await queue.run {
        ran.entries.withLock { $0.append("first") }
        for await _ in release.stream { break }
      }
    }
    try await Task.sleep(for: .milliseconds(20))
    let cancelled = Task { try await queue.run { ran.entries.withLock { $0.append("cancelled") } } }
    let third = Task { try await queue.run { ran.entries.withLock { $0.append("third") } } }
    try await Task.sleep(for: .milliseconds(20))
    cancelled.cancel()
    await #expect(throws: CancellationError.self) { try await cancelled.value }
    #expect(ran.entries.withLock { $0 } == ["first"], "the first still holds the engine")
    release.continuation.yield()
    try await first.value
    try await third.value
    #expect(ran.entries.withLock { $0 } == ["first", "third"])
  }

  /// Only a request that waits hears it: that it waits, then that its turn came; one cancelled
  /// while it waits hears no turn.
  @Test func aRequestThatWaitsIsToldSo() async throws {
    let queue = EngineQueue()
    let heard = Log()
    func hear(_ name: String) -> @Sendable (Bool) -> Void {
      { waits in heard.entries.withLock { $0.append("\(name) \(waits)") } }
    }
    let release = AsyncStream<Void>.makeStream()
    let first = Task {
      try await queue.run(waits: hear("first")) { for await _ in release.stream { break } }
    }
    try await Task.sleep(for: .milliseconds(20))
    let second = Task {
      try await queue.run(waits: hear("second")) {
        heard.entries.withLock { $0.append("second runs") }
      }
    }
    try await Task.sleep(for: .milliseconds(20))
    let third = Task { try await queue.run(waits: hear("third")) {} }
    try await Task.sleep(for: .milliseconds(20))
    third.cancel()
    _ = await third.result
    #expect(heard.entries.withLock { $0 } == ["second true", "third true"])
    release.continuation.yield()
    try await first.value
    try await second.value
    #expect(
      heard.entries.withLock { $0 } == ["second true", "third true", "second false", "second runs"])
  }

  /// Cancelled before it even waits: the same.
  @Test func cancelledBeforeWaiting() async throws {
    let queue = EngineQueue()
    let release = AsyncStream<Void>.makeStream()
    let holder = Task { try await queue.run { for await _ in release.stream { break } } }
    try await Task.sleep(for: .milliseconds(20))
    let late = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await queue.run { 1 }
    }
    await #expect(throws: CancellationError.self) { try await late.value }
    release.continuation.yield()
    try await holder.value
    #expect(try await queue.run { 2 } == 2, "the engine is free again")
  }
}
