import ComposableCore
import PrimeClients

/// Asks for the n-th prime and keeps what came of it: in flight with progress, then an
/// answer or a failure to show, until it is dismissed.
///
/// Shared by the counter (n = the count) and the favorites (n = a favorite prime, as the
/// original app did). A new request cancels the one in flight.
///
/// ```swift
/// Scope(state: \.lookup, action: CounterFeature.Action.lookupPath) {
///   NthPrimeLookup(client: nthPrime)
/// }
/// ```
public struct NthPrimeLookup: Reducer {
  public struct State: Equatable, Sendable {
    /// The request in flight, if any.
    public var request: Request?
    /// What the last request came to, until dismissed.
    public var outcome: Outcome?

    public init(request: Request? = nil, outcome: Outcome? = nil) {
      self.request = request
      self.outcome = outcome
    }

    public var isInFlight: Bool { request != nil }
  }

  public struct Request: Equatable, Sendable {
    public var n: Int
    /// From 0 to 1.
    public var progress: Double

    public init(n: Int, progress: Double = 0) {
      self.n = n
      self.progress = progress
    }
  }

  public enum Outcome: Equatable, Sendable {
    case answer(n: Int, prime: UInt64)
    case failure(n: Int, message: String)
  }

  public enum Action: Equatable, Sendable {
    case request(n: Int)
    case cancel
    case progress(Double)
    case response(n: Int, Result<UInt64, Failure>)
    case outcomeDismissed
  }

  /// Why a request failed, as a sentence for the person who asked.
  public struct Failure: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
      self.message = message
    }
  }

  struct RequestID: Hashable, Sendable {}

  let client: NthPrimeClient

  public init(client: NthPrimeClient) {
    self.client = client
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .request(let n):
      state.request = Request(n: n)
      state.outcome = nil
      return .run { [client] send in
        do {
          for try await event in client.nthPrime(n) {
            switch event {
            case .progress(let fraction): await send(.progress(fraction))
            case .prime(let prime): await send(.response(n: n, .success(prime)))
            }
          }
        } catch is CancellationError {
        } catch {
          await send(.response(n: n, .failure(Failure(String(describing: error)))))
        }
      }
      .cancellable(id: RequestID(), cancelInFlight: true)

    case .cancel:
      state.request = nil
      return .cancel(id: RequestID())

    case .progress(let fraction):
      state.request?.progress = fraction
      return .none

    case .response(let n, let result):
      guard state.request?.n == n else { return .none }
      state.request = nil
      switch result {
      case .success(let prime): state.outcome = .answer(n: n, prime: prime)
      case .failure(let failure): state.outcome = .failure(n: n, message: failure.message)
      }
      return .none

    case .outcomeDismissed:
      state.outcome = nil
      return .none
    }
  }
}
