import ComposableCore

// README: Basic usage — the feature.
struct PrimeCounter: Reducer {
  struct State: Equatable {
    var count = 0
    var isLoading = false
    @PresentationState var alert: AlertState<Action.Alert>?
  }

  enum Action: Equatable {
    case incrementButtonTapped
    case decrementButtonTapped
    case nthPrimeButtonTapped
    case nthPrimeResponse(Int)
    case alert(PresentationAction<Alert>)

    enum Alert: Equatable {}
  }

  @Dependency(\.nthPrime) var nthPrime

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.count += 1
        return .none
      case .decrementButtonTapped:
        state.count -= 1
        return .none
      case .nthPrimeButtonTapped:
        state.isLoading = true
        return .run { [count = state.count] send in
          await send(.nthPrimeResponse(try await nthPrime(count)))
        }
      case .nthPrimeResponse(let prime):
        state.isLoading = false
        state.alert = AlertState { TextState("The \(state.count)th prime is \(prime)") }
        return .none
      case .alert:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

extension PrimeCounter.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let alert = AnyCasePath(PrimeCounter.Action.alert)
  }
  static let allCasePaths = AllCasePaths()
}
// README: Basic usage — end of the feature.

// README: Basic usage — the dependency.
struct NthPrimeClient: Sendable {
  var nthPrime: @Sendable (Int) async throws -> Int

  func callAsFunction(_ n: Int) async throws -> Int { try await nthPrime(n) }
}

extension NthPrimeClient: DependencyKey {
  static let liveValue = NthPrimeClient { n in
    var primes: [Int] = []
    var candidate = 2
    while primes.count < n {
      if primes.allSatisfy({ candidate % $0 != 0 }) { primes.append(candidate) }
      candidate += 1
    }
    return primes.last ?? 0
  }
  static let testValue = NthPrimeClient { n in
    reportIssue("Unimplemented: nthPrime(\(n))")
    return 0
  }
}

extension DependencyValues {
  var nthPrime: NthPrimeClient {
    get { self[NthPrimeClient.self] }
    set { self[NthPrimeClient.self] = newValue }
  }
}
// README: Basic usage — end of the dependency.
