import Benchmark
import ComposableCore

// Scenarios named so they can be compared with other architectures:
//   counter.*     (a) a plain counter reducer
//   depth2.*      (b) that counter embedded two levels deep through two scopes
//   depth2Child.* (c) a store scoped two levels down from (b)'s root, embedding its actions
//                 with the enum cases; depth2ChildCasePath.* scopes with case paths instead
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

struct Root {
  var middle = Middle()
  struct Middle { var counter = Counter.State() }
}

enum RootAction {
  case middle(MiddleAction)
  static let path = CasePath(embed: RootAction.middle) {
    guard case .middle(let action) = $0 else { return nil }
    return action
  }
}

enum MiddleAction {
  case counter(Counter.Action)
  static let path = CasePath(embed: MiddleAction.counter) {
    guard case .counter(let action) = $0 else { return nil }
    return action
  }
}

func makeDepth2() -> some Reducer<Root, RootAction> {
  Scope(state: \Root.middle, action: RootAction.path) {
    Scope(state: \Root.Middle.counter, action: MiddleAction.path) { Counter() }
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

  Benchmark("counter.reducerDirect", configuration: perAction()) { @MainActor benchmark async in
    var state = Counter.State()
    let reducer = Counter()
    measure(benchmark) { blackHole(reducer.reduce(into: &state, action: .increment)) }
    blackHole(state.count)
  }

  Benchmark("counter.storeSend", configuration: perAction()) { @MainActor benchmark async in
    let store = Store(initialState: Counter.State(), reducer: Counter())
    measure(benchmark) { store.send(.increment) }
    blackHole(store.state.count)
  }

  Benchmark("depth2.reducerDirect", configuration: perAction()) { @MainActor benchmark async in
    var state = Root()
    let depth2 = makeDepth2()
    measure(benchmark) {
      blackHole(depth2.reduce(into: &state, action: .middle(.counter(.increment))))
    }
    blackHole(state.middle.counter.count)
  }

  Benchmark("depth2.storeSend", configuration: perAction()) { @MainActor benchmark async in
    let store = Store(initialState: Root(), reducer: makeDepth2())
    measure(benchmark) { store.send(.middle(.counter(.increment))) }
    blackHole(store.state.middle.counter.count)
  }

  Benchmark("depth2Child.storeSend", configuration: perAction()) { @MainActor benchmark async in
    let store = Store(initialState: Root(), reducer: makeDepth2())
    let child = store.scope(state: \.middle, action: RootAction.middle)
      .scope(state: \.counter, action: MiddleAction.counter)
    measure(benchmark) { child.send(.increment) }
    blackHole(store.state.middle.counter.count)
  }

  Benchmark("depth2ChildCasePath.storeSend", configuration: perAction()) {
    @MainActor benchmark async in
    let store = Store(initialState: Root(), reducer: makeDepth2())
    let child = store.scope(state: \.middle, action: RootAction.path)
      .scope(state: \.counter, action: MiddleAction.path)
    measure(benchmark) { child.send(.increment) }
    blackHole(store.state.middle.counter.count)
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
