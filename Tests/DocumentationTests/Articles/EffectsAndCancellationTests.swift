// The examples of the "Effects and cancellation" article
// (ComposableCore.docc/EffectsAndCancellation.md).
import ComposableTestSupport
import PrimeEngine
import Testing

struct PrimeSearchClient: Sendable {
  var primesAfter: @Sendable (_ query: String) async throws -> [UInt64]
}

extension PrimeSearchClient: DependencyKey {
  static let liveValue = PrimeSearchClient { query in
    guard var n = UInt64(query) else { throw PrimeEngineError.malformedNumber(query) }
    var primes: [UInt64] = []
    while primes.count < 3, let next = Primality.nextPrime(after: n) {
      primes.append(next)
      n = next
    }
    return primes
  }
  static let testValue = PrimeSearchClient(
    primesAfter: unimplemented("PrimeSearchClient.primesAfter", placeholder: [])
  )
}

extension DependencyValues {
  var primeSearch: PrimeSearchClient {
    get { self[PrimeSearchClient.self] }
    set { self[PrimeSearchClient.self] = newValue }
  }
}

enum EffectsArticle {
  struct Search: Reducer {
    struct State: Equatable {
      var query = ""
      var primes: [UInt64] = []
      var failure: String?
    }

    enum Action: Equatable {
      case queryChanged(String)
      case searchResponse([UInt64])
      case searchFailed(String)
      case cancelButtonTapped
    }

    enum CancelID { case search }

    @Dependency(\.continuousClock) var clock
    @Dependency(\.primeSearch) var primeSearch

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .queryChanged(let query):
        state.query = query
        state.failure = nil
        guard !query.isEmpty else {
          state.primes = []
          return .cancel(id: CancelID.search)
        }
        return .run { send in
          await send(.searchResponse(try await primeSearch.primesAfter(query)))
        } catch: { error, send in
          await send(.searchFailed("\(error)"))
        }
        .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
      case .searchResponse(let primes):
        state.primes = primes
        return .none
      case .searchFailed(let failure):
        state.failure = failure
        return .none
      case .cancelButtonTapped:
        return .cancel(id: CancelID.search)
      }
    }
  }

  /// The same timer as the Testing article's, shown in a list: each row's timer is its own.
  struct Timers: Reducer {
    struct State: Equatable {
      var rows: IdentifiedArrayOf<Row.State> = []
    }

    enum Action: Equatable, CasePathable {
      case rows(IdentifiedActionOf<Row>)
      case removeButtonTapped(id: Int)
      case stopAllButtonTapped

      struct AllCasePaths: Sendable {
        let rows = AnyCasePath(Action.rows)
      }
      static let allCasePaths = AllCasePaths()
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .rows:
          return .none
        case .removeButtonTapped(let id):
          state.rows.remove(id: id)
          return .none
        case .stopAllButtonTapped:
          return .cancel(id: Row.CancelID.timer)
        }
      }
      .forEach(\.rows, action: \.rows) {
        Row()
      }
    }
  }

  struct Row: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var ticks = 0
    }

    enum Action: Equatable {
      case startButtonTapped
      case ticked
    }

    enum CancelID { case timer }

    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .startButtonTapped:
        return .run { send in
          for _ in 1...3 {
            try await clock.sleep(for: .seconds(1))
            await send(.ticked)
          }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)
      case .ticked:
        state.ticks += 1
        return .none
      }
    }
  }
}

@MainActor
struct EffectsArticleTests {
  typealias Search = EffectsArticle.Search
  typealias Timers = EffectsArticle.Timers

  @Test func theLiveSearchAsksTheEngine() async throws {
    #expect(try await PrimeSearchClient.liveValue.primesAfter("100") == [101, 103, 107])
  }

  @Test func typingFastSearchesOnce() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.primeSearch.primesAfter = { _ in [101, 103, 107] }
    }
    await store.send(.queryChanged("1")) {
      $0.query = "1"
    }
    await store.send(.queryChanged("10")) {
      $0.query = "10"
    }
    await store.send(.queryChanged("100")) {
      $0.query = "100"
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searchResponse([101, 103, 107])) {
      $0.primes = [101, 103, 107]
    }
  }

  @Test func aCancelledSearchSendsNothing() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("100")) {
      $0.query = "100"
    }
    await store.send(.cancelButtonTapped)
    await clock.advance(by: .seconds(1))
  }

  @Test func aFailedSearchSaysWhy() async {
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
      $0.primeSearch = .liveValue
    }
    await store.send(.queryChanged("ten")) {
      $0.query = "ten"
    }
    // The live engine answers from a thread of its own, which a machine busy with the other
    // suites may start a second or more late.
    await store.receive(
      .searchFailed("'ten' is not a non-negative whole number"), timeout: .seconds(30)
    ) {
      $0.failure = "'ten' is not a non-negative whole number"
    }
  }

  @Test func eachRowHasItsOwnTimer() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timers.State(rows: [.init(id: 1), .init(id: 2)])) {
      Timers()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rows(.element(id: 1, action: .startButtonTapped)))
    await store.send(.rows(.element(id: 2, action: .startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 1, action: .ticked))) {
      $0.rows[id: 1]?.ticks = 1
    }
    await store.receive(.rows(.element(id: 2, action: .ticked))) {
      $0.rows[id: 2]?.ticks = 1
    }
    await clock.advance(by: .milliseconds(500))
    await store.send(.rows(.element(id: 1, action: .startButtonTapped)))
    await clock.advance(by: .milliseconds(500))
    await store.receive(.rows(.element(id: 2, action: .ticked))) {
      $0.rows[id: 2]?.ticks = 2
    }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.rows(.element(id: 1, action: .ticked))) {
      $0.rows[id: 1]?.ticks = 2
    }
    await store.send(.stopAllButtonTapped)
    await clock.advance(by: .seconds(5))
  }

  @Test func removingARowCancelsItsTimer() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timers.State(rows: [.init(id: 1)])) {
      Timers()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rows(.element(id: 1, action: .startButtonTapped)))
    await store.send(.removeButtonTapped(id: 1)) {
      $0.rows = []
    }
    await clock.advance(by: .seconds(5))
  }

  @Test func releasingTheStoreCancelsItsEffects() async throws {
    let clock = TestClock()
    var store: StoreOf<Search>? = Store(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.primeSearch.primesAfter = { _ in
        Issue.record("the search ran after its store was released")
        return []
      }
    }
    let task = store?.send(.queryChanged("100"))
    store = nil
    await clock.advance(by: .seconds(1))
    await task?.finish()
    #expect(task?.isCancelled == false, "as in TCA, the store's effects end, not the send's task")
  }

  @Test func effectsAreValues() async {
    var actions: [Search.Action] = []
    let effect = Effect<Search.Action>.concatenate(
      .send(.queryChanged("7")),
      .run { send in await send(.searchResponse([11, 13, 17])) }
    )
    for await action in effect.actions {
      actions.append(action)
    }
    #expect(actions == [.queryChanged("7"), .searchResponse([11, 13, 17])])
  }

  @Test func taskCancelByIDWorksOnlyInsideAStoresEffects() {
    Task.cancel(id: Search.CancelID.search)
  }
}
