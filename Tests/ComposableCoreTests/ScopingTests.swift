import Testing

@testable import ComposableCore

/// A counter that may be shown (`detail`, presented) and that may be set aside (`spare`, a
/// plain optional whose actions are the same case's).
struct Shelf: Reducer {
  struct State: Equatable {
    var counter = Counter.State()
    @PresentationState var detail: Counter.State?
    var spare: Counter.State?
  }

  enum Action: Equatable {
    case counter(Counter.Action)
    case detail(PresentationAction<Counter.Action>)
    case spare(Counter.Action)
    case showDetail
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) { Counter() }
    Reduce { state, action in
      if case .showDetail = action { state.detail = Counter.State(count: 10) }
      return .none
    }
    .ifLet(\.$detail, action: \.detail) { Counter() }
    .ifLet(\.spare, action: \.spare) { Counter() }
  }
}

extension Shelf.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let counter = AnyCasePath(Shelf.Action.counter)
    let detail = AnyCasePath(Shelf.Action.detail)
    let spare = AnyCasePath(Shelf.Action.spare)
  }
  static let allCasePaths = AllCasePaths()
}

/// A count kept in a state of its own type: scoped to with `\.self`.
struct Tally: Reducer {
  typealias Action = Int

  enum State: Equatable {
    case counting(Int)
    case done
  }

  var body: some Reducer<State, Int> {
    Scope(\.self, action: \.self) {
      EmptyReducer<State, Int>()
        .ifCaseLet(\.counting, action: \.self) {
          Reduce<Int, Int> { total, amount in
            total += amount
            return .none
          }
        }
    }
  }
}

extension Tally.State: CasePathable {
  struct AllCasePaths: Sendable {
    let counting = AnyCasePath(Tally.State.counting)
  }
  static let allCasePaths = AllCasePaths()
}

@MainActor
@Suite struct ScopingTests {
  @Test func aScopeByKeyPathsReturnsTheSameStoreWhileItIsHeld() {
    let store = Store(initialState: Shelf.State()) { Shelf() }
    let counter = store.scope(state: \.counter, action: \.counter)
    #expect(counter === store.scope(state: \.counter, action: \.counter))
    #expect(counter === store.scope(\.counter, action: \.counter), "TCA's unlabelled form too")
    #expect(counter !== store.scope(state: \.counter, action: { .counter($0) }))
    let spare = store.scope(state: \.spare, action: \.spare)
    #expect(spare as AnyObject !== counter, "another case, another store")
    counter.send(.increment)
    #expect(store.state.counter.count == 1)
  }

  @Test func aReleasedChildStoreIsNotKeptAlive() {
    let store = Store(initialState: Shelf.State()) { Shelf() }
    weak var released: Store<Counter.State, Counter.Action>?
    do {
      let counter = store.scope(state: \.counter, action: \.counter)
      released = counter
      #expect(released != nil)
    }
    #expect(released == nil, "the parent holds its children weakly")
    // Many scopes made and dropped leave no entries behind but the live ones.
    for _ in 0..<100 { _ = store.scope(state: \.counter, action: \.counter) }
    let held = store.scope(\.counter, action: \.counter)
    #expect(store.children.count <= 8)
    #expect(held === store.scope(\.counter, action: \.counter))
  }

  @Test func anOptionalScopeIsNilWhileTheStateIsAndCachedWhileItIsNot() {
    let store = Store(initialState: Shelf.State()) { Shelf() }
    #expect(store.scope(\.detail, action: \.detail) == nil)
    #expect(store.scope(\.spare, action: \.spare) == nil)

    store.send(.showDetail)
    let detail = store.scope(\.detail, action: \.detail)
    #expect(detail?.state.count == 10)
    #expect(detail === store.scope(state: \.detail, action: \.detail))
    detail?.send(.increment)
    #expect(store.state.detail?.count == 11)

    store.send(.detail(.dismiss))
    #expect(store.scope(\.detail, action: \.detail) == nil)
    store.send(.showDetail)
    let again = store.scope(\.detail, action: \.detail)
    #expect(again != nil)
    #expect(again !== detail, "presented again: a store of its own, as in TCA")
  }

  @Test func aPlainOptionalFieldScopesThroughItsOwnCase() {
    var state = Shelf.State()
    state.spare = Counter.State(count: 3)
    let store = Store(initialState: state) { Shelf() }
    let spare = store.scope(\.spare, action: \.spare)
    spare?.send(.decrement)
    #expect(store.state.spare?.count == 2)
    #expect(spare === store.scope(\.spare, action: \.spare))
  }

  @Test func aSelfScopeIsTheSameDomain() {
    let store = Store(initialState: Tally.State.counting(0)) { Tally() }
    let same = store.scope(\.self, action: \.self)
    #expect(same === store.scope(state: \.self, action: \.self))
    same.send(5)
    #expect(store.state == .counting(5))
    store.send(2)
    #expect(same.state == .counting(7))
  }

  @Test func aSelfScopeOverAnotherKeyPathIsReported() {
    let store = Store(initialState: Shelf.State()) { Shelf() }
    withKnownIssue {
      _ = store.scope(\.counter, action: \.self.identity)
    } matching: { issue in
      issue.description.contains("\"scope\" over the same actions takes \\.self")
    }
  }

  /// A store per row, as TCA's store collections: each row's store sends its own element's
  /// actions, is the same store while held, and keeps its row's last value once removed.
  @Test func rowsScopeToAStoreEach() {
    let store = Store(initialState: Parent.State(rows: [.init(id: 1), .init(id: 2)])) {
      Parent()
    }
    let rows = Array(store.scope(\.rows, action: \.rows))
    #expect(rows.map(\.state.id) == [1, 2])
    rows[1].send(.tick)
    #expect(rows[1].state.ticks == 1)
    #expect(store.state.rows[id: 2]?.ticks == 1)
    #expect(store.state.rows[id: 1]?.ticks == 0)
    #expect(store.scope(\.rows, action: \.rows)[1] === rows[1])
    store.send(.removeRow(2))
    #expect(rows[1].state == Ticker.State(id: 2, ticks: 1))
    #expect(store.scope(state: \.rows, action: \.rows).count == 1)
    let whole: Store<IdentifiedArrayOf<Ticker.State>, IdentifiedActionOf<Ticker>> =
      store.scope(\.rows, action: \.rows)
    #expect(whole.state.ids == [1])
  }

  @Test @available(*, deprecated) func aClosureScopeIsAStoreOfItsOwnEachTime() {
    let store = Store(initialState: Shelf.State()) { Shelf() }
    let text = store.scope(state: { "\($0.counter.count)" }, action: { .counter($0) })
    #expect(text !== store.scope(state: { "\($0.counter.count)" }, action: { .counter($0) }))
    text.send(.increment)
    #expect(text.state == "1")
  }
}

extension Shelf.Action {
  /// The action itself, as a writable key path that is not `\.self`.
  var identity: Self {
    get { self }
    set { self = newValue }
  }
}

/// A dismissed feature's throttles are forgotten with it: a store that presents and dismisses
/// children for hours keeps no entry for each.
struct ThrottleTableTests {
  @Test func aDismissedFeaturesThrottlesAreForgotten() {
    let throttles = Throttles()
    let child = NavigationID(location: \[Int].count, identity: 7)
    let key = Throttles.Key(path: [child], id: AnyHashableSendable("id"))
    let clock = ContinuousClock()
    let now = clock.now
    func goesThroughNow() -> Bool {
      let offer: Throttles.Offer<ContinuousClock.Instant> = throttles.offer(
        1, key: key, duration: .seconds(60), now: now, latest: true, waiter: 1)
      guard case .now = offer else { return false }
      return true
    }
    #expect(goesThroughNow(), "the first action")
    #expect(!goesThroughNow(), "the second, within the interval")
    throttles.removeAll(under: [child])
    #expect(goesThroughNow(), "the child's throttle forgotten with it")
  }
}
