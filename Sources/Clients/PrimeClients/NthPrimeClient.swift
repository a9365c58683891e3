import Dependencies
import IssueReporting

/// Computes the n-th prime, reporting progress; the features' view of the engine.
///
/// A request is a stream: `waiting` while the engine is busy with another request, progress
/// fractions, then the prime. Stopping the iteration (or cancelling the task that iterates)
/// stops the computation. The live value, the engine, is
/// in `PrimeClientsLive`; this module has the interface, the test value and fakes, and does
/// not link the engine.
///
/// ```swift
/// @Dependency(\.nthPrime) var nthPrime
/// …
/// return .run { send in
///   for try await event in nthPrime(count) {
///     switch event {
///     case .waiting: break  // another request holds the engine; progress follows
///     case .progress(let fraction): await send(.progress(fraction))
///     case .prime(let prime): await send(.response(prime))
///     }
///   }
/// }
/// ```
public struct NthPrimeClient: Sendable {
  /// A request for p_n on at most `threads` threads (`nil`: as many as the machine allows).
  public var request:
    @Sendable (_ n: Int, _ threads: Int?) -> AsyncThrowingStream<NthPrimeEvent, any Error>

  /// A request for p_n on as many threads as the machine allows; setting it answers every
  /// request, whatever its threads.
  public var nthPrime: @Sendable (_ n: Int) -> AsyncThrowingStream<NthPrimeEvent, any Error> {
    get {
      let request = request
      return { request($0, nil) }
    }
    set { request = { n, _ in newValue(n) } }
  }

  /// A client whose requests name the threads they may use.
  public init(
    request:
      @escaping @Sendable (_ n: Int, _ threads: Int?) -> AsyncThrowingStream<
        NthPrimeEvent, any Error
      >
  ) {
    self.request = request
  }

  /// A client that answers every request alike, whatever its threads (a fake's).
  public init(
    nthPrime: @escaping @Sendable (_ n: Int) -> AsyncThrowingStream<NthPrimeEvent, any Error>
  ) {
    self.request = { n, _ in nthPrime(n) }
  }

  /// A request for p_n, on at most `threads` threads (`nil`: as many as the machine allows).
  public func callAsFunction(_ n: Int, threads: Int? = nil)
    -> AsyncThrowingStream<NthPrimeEvent, any Error>
  {
    request(n, threads)
  }
}

/// What a request for the n-th prime says as it goes.
public enum NthPrimeEvent: Equatable, Sendable {
  /// The engine is busy with another request (one computation runs at a time, for the whole
  /// program): this one waits its turn, and reports its progress once it has started.
  case waiting
  /// How much is done, from 0 to 1; a few times per second at most.
  case progress(Double)
  /// The answer; the last event.
  case prime(UInt64)
}

extension NthPrimeClient: TestDependencyKey {
  /// Unimplemented: a test that requests a prime must say how it is answered.
  public static let testValue = NthPrimeClient.unimplemented
}

extension DependencyValues {
  /// Computes the n-th prime.
  public var nthPrime: NthPrimeClient {
    get { self[NthPrimeClient.self] }
    set { self[NthPrimeClient.self] = newValue }
  }
}

extension NthPrimeClient {
  /// Streams what `compute` reports; ending the iteration cancels it.
  public static func streaming(
    _ compute:
      @escaping @Sendable (Int, @escaping @Sendable (Double) -> Void) async throws -> UInt64
  ) -> NthPrimeClient {
    streaming(reporting: { n, _, report in try await compute(n) { report(.progress($0)) } })
  }

  /// Streams what `compute` reports, given each request's threads; ending the iteration
  /// cancels it.
  public static func streaming(
    _ compute:
      @escaping @Sendable (Int, Int?, @escaping @Sendable (Double) -> Void) async throws -> UInt64
  ) -> NthPrimeClient {
    streaming(reporting: { n, threads, report in
      try await compute(n, threads) { report(.progress($0)) }
    })
  }

  /// Streams the events `compute` reports (``NthPrimeEvent/waiting`` and progress), given
  /// each request's threads, then its answer; ending the iteration cancels it.
  public static func streaming(
    reporting compute:
      @escaping @Sendable (Int, Int?, _ report: @escaping @Sendable (NthPrimeEvent) -> Void)
      async throws -> UInt64
  ) -> NthPrimeClient {
    NthPrimeClient { n, threads in
      AsyncThrowingStream { continuation in
        let task = Task {
          do {
            let prime = try await compute(n, threads) { continuation.yield($0) }
            continuation.yield(.prime(prime))
            continuation.finish()
          } catch {
            continuation.finish(throwing: error)
          }
        }
        continuation.onTermination = { _ in task.cancel() }
      }
    }
  }

  /// Reports an issue naming the endpoint, then fails: for tests and previews that did not
  /// expect a request.
  public static let unimplemented = NthPrimeClient { n in
    reportIssue("Unimplemented: NthPrimeClient.nthPrime was called with \(n)")
    return AsyncThrowingStream {
      $0.finish(throwing: UnimplementedError(endpoint: "NthPrimeClient.nthPrime"))
    }
  }

  /// Answers at once with `answer(n)`, after the given progress events.
  public static func answering(
    progress: [Double] = [], _ answer: @escaping @Sendable (Int) throws -> UInt64
  ) -> NthPrimeClient {
    NthPrimeClient { n in
      AsyncThrowingStream { continuation in
        for fraction in progress { continuation.yield(.progress(fraction)) }
        do {
          continuation.yield(.prime(try answer(n)))
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
    }
  }

  /// Never answers: a request that is still running, until it is cancelled.
  public static let never = NthPrimeClient { _ in
    AsyncThrowingStream { _ in }
  }
}

/// Thrown by the `unimplemented` value of a client.
public struct UnimplementedError: Error, Equatable, Sendable {
  public let endpoint: String

  public init(endpoint: String) {
    self.endpoint = endpoint
  }
}
