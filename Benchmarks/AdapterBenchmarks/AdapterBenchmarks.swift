import AppFeature
import AppFixtures
import Benchmark
import CompactPresentation
import ComposableCore
import DesktopPresentation
import Foundation
import Presentation
import PrimeClients
import PrimeClientsLive
import PrimeDetail
import TerminalApp
import TerminalUI

// mapping.*       one feature state → view state mapping per screen (1,000 per iteration,
//                 so the wall clock reads in ns per 1,000 mappings)
// render.*        one terminal frame drawn from a view state, per layout
// firstFrame.*    a new terminal app: store, favorites loaded (in memory), the first screen
//                 drawn
// key.*           a key pressed in the terminal app: the reducer and the drawing of the screen
// favorites100k.* toggling (selecting), deleting and saving with 100,000 favorites: the
//                 reducer and the drawing (target under 16 ms each)
// threeWindows.*  a full app with three desktop windows observed; notificationsPerAction
//                 counts the windows told of a change; .incrementUnobserved is the store
//                 and the reducers alone, with no window observed

func perMapping(_ metrics: [BenchmarkMetric] = []) -> Benchmark.Configuration {
  .init(
    metrics: [.wallClock, .instructions, .mallocCountTotal] + metrics,
    timeUnits: .nanoseconds,
    maxDuration: .seconds(2))
}

func measure(_ benchmark: Benchmark, _ body: () -> Void) {
  benchmark.startMeasurement()
  for _ in benchmark.scaledIterations {
    for _ in 0..<1_000 { body() }
  }
  benchmark.stopMeasurement()
}

/// The terminal app over `favorites` in memory, at the standard size of `sizeClass`, loaded.
@MainActor
func terminalApp(_ sizeClass: SizeClass, favorites: [Int]) async -> StoreOf<TerminalFeature> {
  let store = Store(
    initialState: TerminalFeature.State(size: .standard(for: sizeClass), layoutOverride: sizeClass)
  ) {
    TerminalFeature()
  } withDependencies: {
    $0.nthPrime = .never
    $0.favoritesStorage = .inMemory(favorites)
  }
  await store.send(.app(.scenePhaseChanged(.active))).finish()
  return store
}

/// Primes below `limit`, by a sieve.
func primes(below limit: Int) -> [Int] {
  var composite = [Bool](repeating: false, count: limit)
  var primes: [Int] = []
  for n in 2..<limit where !composite[n] {
    primes.append(n)
    for multiple in stride(from: n * n, to: limit, by: n) { composite[multiple] = true }
  }
  return primes
}

@MainActor
func notificationsPerAction(
  _ benchmark: Benchmark, actions: [AppFeature.Action]
) {
  let store = threeWindowApp()
  var notifications = 0
  let windows = (0..<3).map { id in store.observe { DesktopWindow.State($0, windowID: id) } }
  let subscriptions = windows.map { $0.subscribe { _ in notifications += 1 } }
  var sent = 0
  measure(benchmark) {
    store.send(actions[sent % actions.count])
    sent += 1
  }
  benchmark.measurement(.custom("notificationsPerAction"), notifications * 1_000 / sent)
  blackHole(subscriptions)
}

let benchmarks: @Sendable () -> Void = {
  let counter = busyApp(screen: .counter)
  let favorites = busyApp(screen: .favorites)
  let counterContext = counter.windows[id: 0]!

  Benchmark("mapping.compactRoot", configuration: perMapping()) { benchmark in
    let context = busyApp(screen: .home).windows[id: 0]!
    measure(benchmark) { blackHole(CompactApp.State(context, sizeClass: .compact)) }
  }
  Benchmark("mapping.compactCounter", configuration: perMapping()) { benchmark in
    measure(benchmark) { blackHole(CompactApp.State(counterContext, sizeClass: .compact)) }
  }
  Benchmark("mapping.regularCounter", configuration: perMapping()) { benchmark in
    measure(benchmark) { blackHole(CompactApp.State(counterContext, sizeClass: .regular)) }
  }
  Benchmark("mapping.compactFavorites", configuration: perMapping()) { benchmark in
    let context = favorites.windows[id: 0]!
    measure(benchmark) { blackHole(CompactApp.State(context, sizeClass: .compact)) }
  }
  Benchmark("mapping.desktopWindow", configuration: perMapping()) { benchmark in
    measure(benchmark) { blackHole(DesktopWindow.State(counter, windowID: 0, selection: [3])) }
  }

  Benchmark("render.compact", configuration: perMapping()) { benchmark in
    let view = CompactApp.State(counterContext, sizeClass: .compact)
    measure(benchmark) { blackHole(CompactLayout.render(view, columns: 60, rows: 24)) }
  }
  Benchmark("render.regular", configuration: perMapping()) { benchmark in
    let view = CompactApp.State(counterContext, sizeClass: .regular)
    measure(benchmark) { blackHole(CompactLayout.render(view, columns: 100, rows: 30)) }
  }
  Benchmark("render.desktop", configuration: perMapping()) { benchmark in
    let view = DesktopWindow.State(counter, windowID: 0)!
    measure(benchmark) { blackHole(DesktopLayout.render(view, columns: 140, rows: 40)) }
  }

  for sizeClass in SizeClass.allCases {
    Benchmark(
      "firstFrame.\(sizeClass.rawValue)",
      configuration: .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds,
        maxDuration: .seconds(2))
    ) { @MainActor benchmark async in
      for _ in benchmark.scaledIterations {
        let store = await terminalApp(sizeClass, favorites: [2, 3, 5, 7])
        blackHole(TerminalScreen(store.state).lines)
      }
    }

    Benchmark(
      "key.\(sizeClass.rawValue)",
      configuration: .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds,
        maxDuration: .seconds(2))
    ) { @MainActor benchmark async in
      let store = await terminalApp(sizeClass, favorites: Array(primes(below: 100)))
      if sizeClass != .desktop { try? store.press(.character("c")) }
      let keys: [Key] = [.character("+"), .character("-")]
      var index = 0
      // As the session does: the key is looked up on the screen on display.
      var screen = TerminalScreen(store.state)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        try? store.press(keys[index % 2], on: screen)
        screen = TerminalScreen(store.state)
        blackHole(screen.lines)
        index += 1
      }
      benchmark.stopMeasurement()
    }
  }

  let manyPrimes = Array(primes(below: 1_300_000).prefix(100_000))
  let hundredThousand = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .milliseconds,
    maxDuration: .seconds(5), maxIterations: 20)
  Benchmark("favorites100k.select", configuration: hundredThousand) {
    @MainActor benchmark async in
    let store = await terminalApp(.desktop, favorites: manyPrimes)
    try? store.press(.down)
    var screen = TerminalScreen(store.state)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      try? store.press(.character(" "), on: screen)
      screen = TerminalScreen(store.state)
      blackHole(screen.lines)
    }
    benchmark.stopMeasurement()
  }
  Benchmark("favorites100k.delete", configuration: hundredThousand) {
    @MainActor benchmark async in
    let store = await terminalApp(.compact, favorites: manyPrimes)
    try? store.press(.character("f"))
    var screen = TerminalScreen(store.state)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      try? store.press(.character("d"), on: screen)
      screen = TerminalScreen(store.state)
      blackHole(screen.lines)
    }
    benchmark.stopMeasurement()
  }
  Benchmark("favorites100k.saveToFile", configuration: hundredThousand) {
    @MainActor benchmark async in
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("primetime-benchmark-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let storage = FavoritesStorage.live(directory: folder)
    var base: [Int] = []
    benchmark.startMeasurement()
    for iteration in benchmark.scaledIterations {
      let favorites = iteration % 2 == 0 ? manyPrimes : Array(manyPrimes.dropLast())
      base = (try? await storage.save(favorites, base)) ?? base
    }
    benchmark.stopMeasurement()
  }

  let perMille = perMapping([.custom("notificationsPerAction", useScalingFactor: false)])
  Benchmark("threeWindows.incrementSeenByAll", configuration: perMille) {
    @MainActor benchmark async in
    notificationsPerAction(
      benchmark, actions: [.window(.element(id: 1, action: .counter(.increment)))])
  }
  Benchmark("threeWindows.incrementUnobserved", configuration: perMapping()) {
    @MainActor benchmark async in
    let store = threeWindowApp()
    let increment = AppFeature.Action.window(.element(id: 1, action: .counter(.increment)))
    measure(benchmark) { store.send(increment) }
  }
  Benchmark("threeWindows.detailInOneWindow", configuration: perMille) {
    @MainActor benchmark async in
    notificationsPerAction(
      benchmark,
      actions: [
        .window(.element(id: 1, action: .counter(.showPrimeDetail))),
        .window(.element(id: 1, action: .counter(.destination(.dismiss)))),
      ])
  }
  Benchmark("threeWindows.changeNoWindowShows", configuration: perMille) {
    @MainActor benchmark async in
    notificationsPerAction(
      benchmark,
      actions: [
        .window(.element(id: 2, action: .navigated(to: .favorites))),
        .window(.element(id: 2, action: .navigated(to: .home))),
      ])
  }
}
