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

  @Dependency(\.primeFinder) var primeFinder

  var body: some Reducer<State, Action> {
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
          await send(.nthPrimeResponse(try await primeFinder.nthPrime(count)))
        }
      case .nthPrimeResponse(let prime):
        state.isLoading = false
        state.alert = AlertState { TextState("Prime #\(state.count) is \(prime)") }
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
struct PrimeFinder: Sendable {
  var nthPrime: @Sendable (_ n: Int) async throws -> Int
}

extension PrimeFinder: DependencyKey {
  static let liveValue = PrimeFinder { n in
    var primes: [Int] = []
    var candidate = 2
    while primes.count < n {
      if primes.allSatisfy({ candidate % $0 != 0 }) { primes.append(candidate) }
      candidate += 1
    }
    return primes.last ?? 0
  }
  static let testValue = PrimeFinder { n in
    reportIssue("Unimplemented: nthPrime(\(n))")
    return 0
  }
}

extension DependencyValues {
  var primeFinder: PrimeFinder {
    get { self[PrimeFinder.self] }
    set { self[PrimeFinder.self] = newValue }
  }
}
// README: Basic usage — end of the dependency.
