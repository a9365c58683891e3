import Benchmark
import ComposableCore

// Scenarios named so they can be compared with other architectures:
//   counter.*     (a) a plain counter reducer
//   depth2.*      (b) that counter embedded two levels deep through two scopes, the feature
//                 written with `body` (depth2Body), as a tree stored in the feature at init
//                 (depth2Stored, how the kit's features were written before `body`), and with
//                 one-line case paths, whose extraction is worked out at run time
//                 (depth2BodyOneLine)
//   depth2Child.* (c) a store scoped two levels down from (b)'s root
//   dependency.*  a reducer that reads a dependency for each action: the clock (an
//                 existential) and a UUID generator (a struct)
//   presentation.* a presented child's action through `ifLet(\.$destination, …)`: a
//                 feature's state (childAction), and a case of an enum of features, the
//                 shape `@Reducer enum Destination` builds, with one-line case paths
//                 (enumDestination), both stored as `@Presents` stores them; and the child
//                 with the `@PresentationState` property wrapper (propertyWrapper)
//   stack.*       an action of the middle element of a three-element stack, `forEach`
//   shared.*      `@Shared(.inMemory)`: a reducer that reads the shared value for each action
//                 (readInReducer), and `withLock` on a value no store observes (withLock)
// Each iteration sends 1,000 actions, so the wall clock reads in picoseconds per action
// (ns per 1,000) and ratios keep three digits.

struct Counter: Reducer {
  struct State { var count = 0 }
  enum Action { case increment }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count &+= 1
    return .none
  }
}

/// Copies a shared count into its state: one read of the shared value per action.
struct SharedReading: Reducer {
  struct State {
    @Shared(.inMemory("count")) var shared = 0
    var copy = 0
  }

  func reduce(into state: inout State, action: Void) -> Effect<Void> {
    state.copy &+= state.shared
    return .none
  }
}

struct Root {
  var middle = Middle()
  struct Middle { var counter = Counter.State() }
}

enum RootAction { case middle(MiddleAction) }
enum MiddleAction { case counter(Counter.Action) }

/// Case paths written out: two closures, no run-time work.
extension RootAction: CasePathable {
  struct AllCasePaths: Sendable {
    let middle = AnyCasePath<RootAction, MiddleAction>(embed: RootAction.middle) {
      guard case .middle(let action) = $0 else { return nil }
      return action
    }
  }
  static let allCasePaths = AllCasePaths()
}

extension MiddleAction: CasePathable {
  struct AllCasePaths: Sendable {
    let counter = AnyCasePath<MiddleAction, Counter.Action>(embed: MiddleAction.counter) {
      guard case .counter(let action) = $0 else { return nil }
      return action
    }
  }
  static let allCasePaths = AllCasePaths()
}

/// The same two levels written with `body`.
struct Depth2Body: Reducer {
  var body: some Reducer<Root, RootAction> {
    Scope(state: \.middle, action: \.middle) { Middle() }
  }

  struct Middle: Reducer {
    var body: some Reducer<Root.Middle, MiddleAction> {
      Scope(state: \.counter, action: \.counter) { Counter() }
    }
  }
}

/// The same two levels as a tree each feature builds once, in `init`.
struct Depth2Stored: Reducer {
  let tree: Reduce<Root, RootAction>
  init() {
    tree = Reduce(Scope(state: \.middle, action: \.middle) { Middle() })
  }
  func reduce(into state: inout Root, action: RootAction) -> Effect<RootAction> {
    tree.reduce(into: &state, action: action)
  }

  struct Middle: Reducer {
    let tree: Reduce<Root.Middle, MiddleAction>
    init() {
      tree = Reduce(Scope(state: \.counter, action: \.counter) { Counter() })
    }
    func reduce(into state: inout Root.Middle, action: MiddleAction) -> Effect<MiddleAction> {
      tree.reduce(into: &state, action: action)
    }
  }
}

/// The same two levels with one-line case paths.
struct Depth2BodyOneLine: Reducer {
  static let middle = AnyCasePath(RootAction.middle)
  static let counter = AnyCasePath(MiddleAction.counter)

  var body: some Reducer<Root, RootAction> {
    Scope(state: \.middle, action: Self.middle) {
      Scope(state: \.counter, action: Self.counter) { Counter() }
    }
  }
}

/// A reducer that reads a dependency for every action.
struct ReadsDependency: Reducer {
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout Counter.State, action: Counter.Action) -> Effect<Counter.Action> {
    blackHole(clock)
    state.count &+= 1
    return .none
  }
}

/// A reducer that reads a dependency whose value is a struct (a `UUIDGenerator`), where the
/// clock's is an existential (`any Clock<Duration>`), which costs the read a cast the runtime
/// does not cache.
struct ReadsUUID: Reducer {
  @Dependency(\.uuid) var uuid

  func reduce(into state: inout Counter.State, action: Counter.Action) -> Effect<Counter.Action> {
    blackHole(uuid)
    state.count &+= 1
    return .none
  }
}

/// A parent presenting a counter, its `PresentationState` a stored property, as `@Presents`
/// stores it under `$destination` (a name only a macro may declare; the benchmarks build
/// without the macros package).
struct Presenting: Reducer {
  struct State { var destination = PresentationState(wrappedValue: Counter.State()) }
  enum Action { case destination(PresentationAction<Counter.Action>) }

  var body: some ReducerOf<Self> {
    EmptyReducer<State, Action>()
      .ifLet(\.destination, action: \.destination) { Counter() }
  }
}

/// The same parent with the property wrapper, whose `$destination` is a computed property: a
/// key path writes through it by copying the box out and back.
struct PresentingWrapped: Reducer {
  struct State { @PresentationState var destination: Counter.State? = Counter.State() }
  typealias Action = Presenting.Action

  var body: some ReducerOf<Self> {
    EmptyReducer<State, Action>()
      .ifLet(\.$destination, action: \.destination) { Counter() }
  }
}

extension Presenting.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let destination = AnyCasePath<Presenting.Action, PresentationAction<Counter.Action>>(
      embed: Presenting.Action.destination
    ) {
      guard case .destination(let action) = $0 else { return nil }
      return action
    }
  }
  static let allCasePaths = AllCasePaths()
}

/// A parent presenting one of two features through an enum of them: what `@Reducer enum
/// Destination { case counter(Counter) … }` expands to, with one-line case paths.
struct PresentingDestination: Reducer {
  enum Destination: CaseReducer {
    enum State: CaseReducerState, CasePathable {
      typealias StateReducer = Destination
      case counter(Counter.State)
      case other(Counter.State)

      struct AllCasePaths: Sendable {
        let counter = AnyCasePath(State.counter)
        let other = AnyCasePath(State.other)
      }
      static let allCasePaths = AllCasePaths()
    }

    enum Action: CasePathable {
      case counter(Counter.Action)
      case other(Counter.Action)

      struct AllCasePaths: Sendable {
        let counter = AnyCasePath(Action.counter)
        let other = AnyCasePath(Action.other)
      }
      static let allCasePaths = AllCasePaths()
    }

    static var body: some Reducer<State, Action> {
      CombineReducers {
        Scope(state: \.counter, action: \.counter) { Counter() }
        Scope(state: \.other, action: \.other) { Counter() }
      }
    }
  }

  struct State {
    var destination = PresentationState<Destination.State>(
      wrappedValue: .counter(Counter.State()))
  }
  enum Action: CasePathable {
    case destination(PresentationAction<Destination.Action>)

    struct AllCasePaths: Sendable {
      let destination = AnyCasePath(Action.destination)
    }
    static let allCasePaths = AllCasePaths()
  }

  var body: some ReducerOf<Self> {
    EmptyReducer<State, Action>()
      .ifLet(\.destination, action: \.destination)
  }
}

/// A parent with a stack of counters.
struct Stacking: Reducer {
  struct State { var path = StackState([Counter.State(), Counter.State(), Counter.State()]) }
  enum Action: CasePathable {
    case path(StackActionOf<Counter>)

    struct AllCasePaths: Sendable {
      let path = AnyCasePath(Action.path)
    }
    static let allCasePaths = AllCasePaths()
  }

  var body: some ReducerOf<Self> {
    EmptyReducer<State, Action>()
      .forEach(\.path, action: \.path) { Counter() }
  }
}

/// The floor of any store: a class that holds the state and calls the reducer, one call per
/// action (kept out of line, or the loop would fold into a single addition).
final class BareStore {
  var state = Counter.State()
  let reducer = Counter()

  @inline(never)
  func send(_ action: Counter.Action) {
    _ = reducer.reduce(into: &state, action: action)
  }
}

func perAction(_ metrics: [BenchmarkMetric] = []) -> Benchmark.Configuration {
  .init(
    metrics: [.wallClock, .instructions, .mallocCountTotal] + metrics,
    timeUnits: .nanoseconds,
    maxDuration: .seconds(2))
}

@MainActor
func measure(_ benchmark: Benchmark, _ body: () -> Void) {
  benchmark.startMeasurement()
  for _ in benchmark.scaledIterations {
    for _ in 0..<1_000 { body() }
  }
  benchmark.stopMeasurement()
}

let benchmarks: @Sendable () -> Void = {
  Benchmark("counter.bareClass", configuration: perAction()) { @MainActor benchmark async in
    let bare = BareStore()
    measure(benchmark) { bare.send(.increment) }
    blackHole(bare.state.count)
  }

  Benchmark("counter.storeSend", configuration: perAction()) { @MainActor benchmark async in
    let store = Store(initialState: Counter.State(), reducer: Counter())
    measure(benchmark) { store.send(.increment) }
    blackHole(store.state.count)
  }

  Benchmark("depth2Stored.reducerDirect", configuration: perAction()) {
    @MainActor benchmark async in
    var state = Root()
    let depth2 = Depth2Stored()
    measure(benchmark) {
      blackHole(depth2.reduce(into: &state, action: .middle(.counter(.increment))))
    }
    blackHole(state.middle.counter.count)
  }

  Benchmark("depth2Stored.storeSend", configuration: perAction()) { @MainActor benchmark async in
    let store = Store(initialState: Root(), reducer: Depth2Stored())
    measure(benchmark) { store.send(.middle(.counter(.increment))) }
    blackHole(store.state.middle.counter.count)
  }

  Benchmark("depth2Body.storeSend", configuration: perAction()) { @MainActor benchmark async in
    let store = Store(initialState: Root(), reducer: Depth2Body())
    measure(benchmark) { store.send(.middle(.counter(.increment))) }
    blackHole(store.state.middle.counter.count)
  }

  Benchmark("depth2BodyOneLine.storeSend", configuration: perAction()) {
    @MainActor benchmark async in
    let store = Store(initialState: Root(), reducer: Depth2BodyOneLine())
    measure(benchmark) { store.send(.middle(.counter(.increment))) }
    blackHole(store.state.middle.counter.count)
  }

  Benchmark("depth2Child.storeSend", configuration: perAction()) { @MainActor benchmark async in
    let store = Store(initialState: Root(), reducer: Depth2Body())
    let child = store.scope(state: \.middle, action: \.middle)
      .scope(state: \.counter, action: \.counter)
    measure(benchmark) { child.send(.increment) }
    blackHole(store.state.middle.counter.count)
  }

  Benchmark("dependency.readInReducer", configuration: perAction()) {
    @MainActor benchmark async in
    let store = Store(initialState: Counter.State(), reducer: ReadsDependency())
    measure(benchmark) { store.send(.increment) }
    blackHole(store.state.count)
  }

  Benchmark("dependency.readStructInReducer", configuration: perAction()) {
    @MainActor benchmark async in
    let store = Store(initialState: Counter.State(), reducer: ReadsUUID())
    measure(benchmark) { store.send(.increment) }
    blackHole(store.state.count)
  }

  Benchmark("presentation.childAction", configuration: perAction()) {
    @MainActor benchmark async in
    let store = Store(initialState: Presenting.State(), reducer: Presenting())
    measure(benchmark) { store.send(.destination(.presented(.increment))) }
    blackHole(store.state.destination.wrappedValue?.count)
  }

  Benchmark("presentation.propertyWrapper", configuration: perAction()) {
    @MainActor benchmark async in
    let store = Store(initialState: PresentingWrapped.State(), reducer: PresentingWrapped())
    measure(benchmark) { store.send(.destination(.presented(.increment))) }
    blackHole(store.state.destination?.count)
  }

  Benchmark("presentation.enumDestination", configuration: perAction()) {
    @MainActor benchmark async in
    let store = Store(initialState: PresentingDestination.State(), reducer: PresentingDestination())
    measure(benchmark) { store.send(.destination(.presented(.counter(.increment)))) }
    blackHole(store.state.destination)
  }

  Benchmark("stack.elementAction", configuration: perAction()) { @MainActor benchmark async in
    let store = Store(initialState: Stacking.State(), reducer: Stacking())
    let middle = store.state.path.ids[1]
    measure(benchmark) { store.send(.path(.element(id: middle, action: .increment))) }
    blackHole(store.state.path)
  }

  Benchmark("shared.readInReducer", configuration: perAction()) { @MainActor benchmark async in
    let store = Store(initialState: SharedReading.State(), reducer: SharedReading())
    measure(benchmark) { store.send(()) }
    blackHole(store.state.copy)
  }

  Benchmark("shared.withLock", configuration: perAction()) { @MainActor benchmark async in
    @Shared(.inMemory("unobserved")) var count = 0
    measure(benchmark) { $count.withLock { $0 &+= 1 } }
    blackHole(count)
  }

  Benchmark(
    "observers100.oneChanged",
    configuration: perAction([
      .custom("notificationsPerAction", useScalingFactor: false),
      .custom("recomputationsPerAction", useScalingFactor: false),
    ])
  ) { @MainActor benchmark async in
    struct Values { var values = [Int](repeating: 0, count: 100) }
    let store = Store(initialState: Values()) {
      Reduce<Values, Int> { state, index in
        state.values[index] &+= 1
        return .none
      }
    }
    var recomputations = 0
    var notifications = 0
    let observed = (0..<100).map { index in
      store.observe { state -> Int in
        recomputations += 1
        return state.values[index]
      }
    }
    let subscriptions = observed.map { $0.subscribe { _ in notifications += 1 } }
    recomputations = 0
    var sent = 0
    measure(benchmark) {
      store.send(42)
      sent += 1
    }
    benchmark.measurement(.custom("notificationsPerAction"), notifications / sent)
    benchmark.measurement(.custom("recomputationsPerAction"), recomputations / sent)
    blackHole(subscriptions)
  }
}
