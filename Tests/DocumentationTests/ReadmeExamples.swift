import AppFeature
import CompactPresentation
import ComposableCore
import ComposableTestSupport
import PrimeClients
import Testing

// README: Basic usage — the feature, as `Examples/Sources/BasicUsage` has it.
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

// README: Basic usage — the test.
@MainActor
struct PrimeCounterTests {
  @Test func nthPrime() async {
    let store = TestStore(initialState: PrimeCounter.State(count: 6)) {
      PrimeCounter()
    } withDependencies: {
      $0.primeFinder.nthPrime = { _ in 13 }
    }
    await store.send(.nthPrimeButtonTapped) { $0.isLoading = true }
    await store.receive(.nthPrimeResponse(13)) {
      $0.isLoading = false
      $0.alert = AlertState { TextState("Prime #6 is 13") }
    }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
  }
}

@MainActor
struct ReadmeExamples {
  @Test func aStoreRunsTheFeature() {
    let store = Store(initialState: PrimeCounter.State()) { PrimeCounter() }
    let count = store.observe(\.count)  // notifies only when the count changes
    let subscription = count.subscribe { print("count:", $0) }
    store.send(.incrementButtonTapped)  // prints "count: 1"
    #expect(count.value == 1)
    subscription.cancel()
  }

  @Test func theLiveDependencyAnswers() async {
    let store = Store(initialState: PrimeCounter.State(count: 6)) {
      PrimeCounter()
    } withDependencies: {
      $0.primeFinder = .liveValue
    }
    await store.send(.nthPrimeButtonTapped).finish()
    #expect(store.state.alert?.title == TextState("Prime #6 is 13"))
  }

  @Test func anAdapterMapsTheStateAndTheAction() {
    let window = WindowFeature.State(id: 0, screen: .counter)
    let store = Store(initialState: AppFeature.State(count: 6, windows: [window])) {
      AppFeature()
    }
    var rendered: [CompactApp.State] = []
    func render(_ screen: CompactApp.State) { rendered.append(screen) }
    let screen = store.observe { CompactApp.State($0.windows[id: 0]!, sizeClass: .compact) }
    let subscription = screen.subscribe { render($0) }  // only when the screen changed
    let increment = CompactApp.Action.counter(.incrementTapped)
    store.send(.window(.element(id: 0, action: increment.featureAction)))
    #expect(store.state.count == 7)
    #expect(rendered.count == 1)
    #expect(rendered.last == screen.value)
    // A change no screen shows: no new screen.
    store.send(.windowOpened)
    #expect(rendered.count == 1)
    subscription.cancel()
  }
}
