import ComposableTestSupport

/// A small feature for end-to-end tests: a counter with a ticking timer and an n-th prime
/// request through a dependency.
struct Ticker: Reducer {
  struct State: Equatable {
    var count = 0
    var isTimerOn = false
    var isRequestInFlight = false
    var answer: String?
  }

  enum Action: Equatable {
    case increment
    case timerToggled
    case tick
    case nthPrimeRequested
    case nthPrimeResponse(Int)
    case nthPrimeCancelled
  }

  enum CancelID { case timer, request }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.smallNthPrime) var nthPrime

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment, .tick:
        state.count += 1
        return .none
      case .timerToggled:
        state.isTimerOn.toggle()
        guard state.isTimerOn else { return .cancel(id: CancelID.timer) }
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)
      case .nthPrimeRequested:
        state.isRequestInFlight = true
        return .run { [n = state.count] send in
          await send(.nthPrimeResponse(try await nthPrime(n)))
        }
        .cancellable(id: CancelID.request, cancelInFlight: true)
      case .nthPrimeResponse(let prime):
        state.isRequestInFlight = false
        state.answer = "The prime number \(state.count) is \(prime)"
        return .none
      case .nthPrimeCancelled:
        state.isRequestInFlight = false
        return .cancel(id: CancelID.request)
      }
    }
  }
}

extension Ticker.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let nthPrimeResponse = AnyCasePath(Ticker.Action.nthPrimeResponse)
    let tick = AnyCasePath<Ticker.Action, Void>(Ticker.Action.tick)
  }
  static let allCasePaths = AllCasePaths()
}

/// The n-th prime for small n, as a dependency of the test feature.
struct SmallNthPrime: Sendable {
  var answer: @Sendable (Int) async throws -> Int

  func callAsFunction(_ n: Int) async throws -> Int { try await answer(n) }
}

extension SmallNthPrime: TestDependencyKey {
  static let testValue = SmallNthPrime { n in
    reportIssue("Unimplemented: SmallNthPrime was called with \(n)")
    return 0
  }
}

extension DependencyValues {
  var smallNthPrime: SmallNthPrime {
    get { self[SmallNthPrime.self] }
    set { self[SmallNthPrime.self] = newValue }
  }
}

let firstPrimes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]

extension SmallNthPrime {
  static let table = SmallNthPrime { firstPrimes[$0 - 1] }
}
