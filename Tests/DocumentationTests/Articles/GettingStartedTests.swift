// The examples of the "Getting started" article (ComposableCore.docc/GettingStarted.md), in
// the order the article shows them. Each stage of the feature is a type of its own, in a
// namespace of its own, so every stage compiles and is tested as the article shows it.
import ComposableCore
import ComposableTestSupport
import PrimeEngine
import Testing

// MARK: State, actions, reducer

enum GettingStartedBasics {
  struct Counter: Reducer {
    struct State: Equatable {
      var count = 0
    }

    enum Action: Equatable {
      case decrementButtonTapped
      case incrementButtonTapped
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        return .none
      case .incrementButtonTapped:
        state.count += 1
        return .none
      }
    }
  }
}

@MainActor
struct GettingStartedBasicsTests {
  typealias Counter = GettingStartedBasics.Counter

  @Test func aStoreRunsTheFeature() {
    var printed: [Int] = []
    let print = { (_: String, count: Int) in printed.append(count) }

    let store = Store(initialState: Counter.State()) { Counter() }
    let count = store.observe(\.count)
    let subscription = count.subscribe { print("count:", $0) }
    store.send(.incrementButtonTapped)  // count: 1
    store.send(.incrementButtonTapped)  // count: 2
    store.send(.decrementButtonTapped)  // count: 1

    #expect(printed == [1, 2, 1])
    #expect(store.state.count == 1)
    #expect(count.value == 1)
    subscription.cancel()
  }

  @Test func counter() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    }
    await store.send(.incrementButtonTapped) {
      $0.count = 1
    }
    await store.send(.decrementButtonTapped) {
      $0.count = 0
    }
  }

  @Test func aWrongAssertionFails() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.send(.incrementButtonTapped) {
        $0.count = 2
      }
    } matching: {
      $0.description.contains("A state change does not match expectation")
    }
  }
}

// MARK: An effect

struct PrimesClient: Sendable {
  var nthPrime: @Sendable (_ n: Int) async throws -> UInt64
}

extension PrimesClient: DependencyKey {
  static let liveValue = PrimesClient(
    nthPrime: { n in try await NthPrime.nthPrime(n) }
  )
  static let testValue = PrimesClient(
    nthPrime: unimplemented("PrimesClient.nthPrime", placeholder: 0)
  )
}

extension DependencyValues {
  var primes: PrimesClient {
    get { self[PrimesClient.self] }
    set { self[PrimesClient.self] = newValue }
  }
}

enum GettingStarted {
  struct Counter: Reducer {
    struct State: Equatable {
      var count = 0
      var nthPrime: UInt64?
      var isRequestInFlight = false
    }

    enum Action: Equatable, CasePathable {
      case decrementButtonTapped
      case incrementButtonTapped
      case nthPrimeButtonTapped
      case nthPrimeResponse(UInt64)

      struct AllCasePaths: Sendable {
        let nthPrimeResponse = AnyCasePath(Action.nthPrimeResponse)
      }
      static let allCasePaths = AllCasePaths()
    }

    enum CancelID { case nthPrime }

    @Dependency(\.primes) var primes

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .decrementButtonTapped:
          state.count -= 1
          state.nthPrime = nil
          return .none
        case .incrementButtonTapped:
          state.count += 1
          state.nthPrime = nil
          return .none
        case .nthPrimeButtonTapped:
          guard state.count > 0 else { return .none }
          state.isRequestInFlight = true
          return .run { [n = state.count] send in
            await send(.nthPrimeResponse(try await primes.nthPrime(n)))
          }
          .cancellable(id: CancelID.nthPrime, cancelInFlight: true)
        case .nthPrimeResponse(let prime):
          state.isRequestInFlight = false
          state.nthPrime = prime
          return .none
        }
      }
    }
  }

  // MARK: Composing a child

  struct App: Reducer {
    struct State: Equatable {
      var counter = Counter.State()
      var found: [UInt64] = []
    }

    enum Action: Equatable, CasePathable {
      case counter(Counter.Action)
      case clearTapped

      struct AllCasePaths: Sendable {
        let counter = AnyCasePath(Action.counter)
      }
      static let allCasePaths = AllCasePaths()
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: \.counter) {
        Counter()
      }
      Reduce { state, action in
        switch action {
        case .counter(.nthPrimeResponse(let prime)):
          state.found.append(prime)
          return .none
        case .counter:
          return .none
        case .clearTapped:
          state.found = []
          return .none
        }
      }
    }
  }
}

@MainActor
struct GettingStartedTests {
  typealias Counter = GettingStarted.Counter
  typealias App = GettingStarted.App

  @Test func theLiveClientAsksTheEngine() async throws {
    #expect(try await PrimesClient.liveValue.nthPrime(6) == 13)
  }

  @Test func nthPrime() async {
    let store = TestStore(initialState: Counter.State(count: 6)) {
      Counter()
    } withDependencies: {
      $0.primes.nthPrime = { _ in 13 }
    }
    await store.send(.nthPrimeButtonTapped) {
      $0.isRequestInFlight = true
    }
    await store.receive(\.nthPrimeResponse) {
      $0.isRequestInFlight = false
      $0.nthPrime = 13
    }
  }

  @Test func aForgottenDependencyFails() async {
    let store = TestStore(initialState: Counter.State(count: 6)) { Counter() }
    await withKnownIssue {
      await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
      await store.receive(\.nthPrimeResponse) {
        $0.isRequestInFlight = false
        $0.nthPrime = 0
      }
    } matching: {
      $0.description.contains("PrimesClient.nthPrime")
    }
  }

  @Test func theParentSeesWhatItsChildFound() async {
    let store = TestStore(initialState: App.State()) {
      App()
    } withDependencies: {
      $0.primes.nthPrime = { n in [2, 3, 5, 7, 11, 13][n - 1] }
    }
    await store.send(.counter(.incrementButtonTapped)) {
      $0.counter.count = 1
    }
    await store.send(.counter(.nthPrimeButtonTapped)) {
      $0.counter.isRequestInFlight = true
    }
    await store.receive(.counter(.nthPrimeResponse(2))) {
      $0.counter.isRequestInFlight = false
      $0.counter.nthPrime = 2
      $0.found = [2]
    }
    await store.send(.clearTapped) {
      $0.found = []
    }
  }
}
