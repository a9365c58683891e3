import ComposableCore
import PrimeClients
import Settings

/// Asks for the n-th prime and follows the request: in flight, waiting for the engine or with
/// its progress, until it answers, fails or is cancelled.
///
/// Shared by the counter (n = the count) and the favorites (n = a favorite prime, as the
/// original app did). A new request cancels the one in flight. Its answer, as an action,
/// is for the parent to show (``AlertState/nthPrime(n:result:)``).
///
/// ```swift
/// Scope(state: \.lookup, action: \.lookup) { NthPrimeLookup() }
/// …
/// case .nthPrimeButtonTapped:
///   return NthPrimeLookup().request(state.count, into: &state.lookup).map(Action.lookup)
/// ```
public struct NthPrimeLookup: Reducer {
  public struct State: Equatable, Sendable {
    /// The request in flight, if any.
    public var request: Request?

    public init(request: Request? = nil) {
      self.request = request
    }

    public var isInFlight: Bool { request != nil }
  }

  public struct Request: Equatable, Sendable {
    public var n: Int
    /// From 0 to 1.
    public var progress: Double
    /// Whether it waits for the engine, busy with another request (another window's): at 0%
    /// it would look stuck.
    public var isWaiting: Bool

    public init(n: Int, progress: Double = 0, isWaiting: Bool = false) {
      self.n = n
      self.progress = progress
      self.isWaiting = isWaiting
    }
  }

  public enum Action: Equatable, Sendable {
    case request(n: Int)
    case cancel
    case waiting
    case progress(Double)
    case response(n: Int, Result<UInt64, Failure>)
  }

  /// Why a request failed, as a sentence for the person who asked.
  public struct Failure: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
      self.message = message
    }
  }

  enum CancelID { case request }

  @Dependency(\.nthPrime) var nthPrime

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .request(let n):
        return request(n, into: &state)
      case .cancel:
        state.request = nil
        return .cancel(id: CancelID.request)
      case .waiting:
        state.request?.isWaiting = true
        return .none
      case .progress(let fraction):
        state.request?.progress = fraction
        state.request?.isWaiting = false
        return .none
      case .response(let n, _):
        if state.request?.n == n { state.request = nil }
        return .none
      }
    }
  }

  /// Starts a request for p_n, replacing the one in flight: what a parent calls where it would
  /// otherwise send `.request(n:)` to this feature.
  public func request(_ n: Int, into state: inout State) -> Effect<Action> {
    state.request = Request(n: n)
    // The settings as they are when the request is made: a later change is for the next one.
    @SharedReader(.settings) var settings
    let threads = settings.nthPrimeThreads
    return .run { [nthPrime] send in
      do {
        for try await event in nthPrime(n, threads: threads) {
          switch event {
          case .waiting: await send(.waiting)
          case .progress(let fraction): await send(.progress(fraction))
          case .prime(let prime): await send(.response(n: n, .success(prime)))
          }
        }
      } catch {
        await send(.response(n: n, .failure(Failure(String(describing: error)))))
      }
    }
    .cancellable(id: CancelID.request, cancelInFlight: true)
  }
}

extension NthPrimeLookup.Action: CasePathable {
  public struct AllCasePaths: Sendable {
    public let response = AnyCasePath(NthPrimeLookup.Action.response)
    public let progress = AnyCasePath(NthPrimeLookup.Action.progress)
    public let waiting = AnyCasePath(NthPrimeLookup.Action.waiting)
  }
  public static let allCasePaths = AllCasePaths()
}

extension AlertState {
  /// "The 7th prime is 17", or why there is no 7th prime, with an OK button; the numbers
  /// grouped as the settings say when it is made.
  public static func nthPrime(n: Int, result: Result<UInt64, NthPrimeLookup.Failure>) -> Self {
    @SharedReader(.settings) var settings
    let grouping = settings.digitGrouping
    return switch result {
    case .success(let prime):
      AlertState {
        TextState(
          "The \(Formatting.ordinal(n, grouping: grouping)) prime is "
            + Formatting.number(prime, grouping: grouping))
      } actions: {
        ButtonState(role: .cancel) { TextState("OK") }
      }
    case .failure(let failure):
      AlertState {
        // No ordinal for a number below 0: "No -1st prime" reads as a typo.
        TextState(
          n < 0
            ? "No prime is numbered \(Formatting.number(n, grouping: grouping))"
            : "No \(Formatting.ordinal(n, grouping: grouping)) prime")
      } actions: {
        ButtonState(role: .cancel) { TextState("OK") }
      } message: {
        TextState(failure.message)
      }
    }
  }
}
