import PrimeClients
import PrimeEngine
import Synchronization
import Testing

@testable import PrimeClientsLive

struct NthPrimeClientTests {
  func events(_ stream: AsyncThrowingStream<NthPrimeEvent, any Error>) async throws
    -> [NthPrimeEvent]
  {
    var events: [NthPrimeEvent] = []
    for try await event in stream { events.append(event) }
    return events
  }

  @Test func liveAsksTheEngine() async throws {
    let events = try await events(NthPrimeClient.liveValue.nthPrime(1_000_000))
    #expect(events.last == .prime(15_485_863))
    // Waiting only first, where a test beside it holds the engine.
    #expect(
      events.dropLast().drop { $0 == .waiting }.allSatisfy {
        if case .progress = $0 { true } else { false }
      })
    #expect(
      try await self.events(NthPrimeClient.liveValue.nthPrime(123_456_789)).last
        == .prime(2_543_568_463)
    )
  }

  /// While another request holds the engine, a request says it waits, and reports progress
  /// from 0 once its turn comes.
  @Test func liveSaysARequestWaitsItsTurn() async throws {
    let release = AsyncStream<Void>.makeStream()
    let holding = Mutex(false)
    let holder = Task {
      try await EngineQueue.shared.run {
        holding.withLock { $0 = true }
        for await _ in release.stream { break }
      }
    }
    await waitUntil { holding.withLock { $0 } }
    var iterator = NthPrimeClient.liveValue.nthPrime(1_000).makeAsyncIterator()
    #expect(try await iterator.next() == .waiting)
    release.continuation.yield()
    try await holder.value
    #expect(try await iterator.next() == .progress(0))
    var last: NthPrimeEvent?
    while let event = try await iterator.next() { last = event }
    #expect(last == .prime(7_919))
  }

  @Test func liveFailsClearly() async {
    await #expect(throws: PrimeEngineError.noSuchPrime(0)) {
      _ = try await events(NthPrimeClient.liveValue.nthPrime(0))
    }
    let maximum = NthPrime.maximum
    await #expect(throws: PrimeEngineError.tooLarge("\(maximum + 1)", maximum: "\(maximum)")) {
      _ = try await events(NthPrimeClient.liveValue.nthPrime(NthPrime.maximum + 1))
    }
  }

  @Test func stoppingTheIterationCancelsTheComputation() async throws {
    let started = Mutex(false)
    let stopped = Mutex(false)
    let client = NthPrimeClient.streaming { _, progress in
      try await withTaskCancellationHandler {
        progress(0.1)
        started.withLock { $0 = true }
        try await Task.sleep(for: .seconds(3_600))
        return 0
      } onCancel: {
        stopped.withLock { $0 = true }
      }
    }
    let request = Task {
      for try await _ in client.nthPrime(5) {}
    }
    await waitUntil { started.withLock { $0 } }
    request.cancel()
    await waitUntil { stopped.withLock { $0 } }
    #expect(stopped.withLock { $0 }, "the computation behind the stream was cancelled")
    _ = await request.result
  }

  @Test func fakes() async throws {
    let answering = NthPrimeClient.answering(progress: [0.25, 0.5]) { n in UInt64(n) * 10 }
    #expect(
      try await events(answering.nthPrime(7)) == [.progress(0.25), .progress(0.5), .prime(70)])
    let failing = NthPrimeClient.answering { _ in throw PrimeEngineError.noSuchPrime(0) }
    await #expect(throws: PrimeEngineError.noSuchPrime(0)) {
      _ = try await events(failing.nthPrime(0))
    }
  }

  @Test func unimplementedReportsTheEndpoint() async {
    await withKnownIssue {
      await #expect(throws: UnimplementedError(endpoint: "NthPrimeClient.nthPrime")) {
        _ = try await events(NthPrimeClient.unimplemented.nthPrime(7))
      }
    } matching: { issue in
      issue.description.contains("Unimplemented: NthPrimeClient.nthPrime was called with 7")
    }
  }
}

/// Waits until `condition` holds, for 30 seconds at most.
func waitUntil(_ condition: @Sendable () -> Bool) async {
  let deadline = ContinuousClock.now + .seconds(30)
  while !condition(), ContinuousClock.now < deadline {
    try? await Task.sleep(for: .milliseconds(1))
  }
}
