import AppFeature
import Benchmark
import CompactPresentation
import ComposableCore
import DesktopPresentation
import Foundation
import Presentation
import PrimeClients
import PrimeDetail
import TerminalApp
import TerminalUI

// mapping.*       one feature state → view state mapping per screen (1,000 per iteration,
//                 so the wall clock reads in ns per 1,000 mappings)
// render.*        one terminal frame drawn from a view state, per layout
// firstFrame.*    a new app host: store, favorites loaded (in memory), the first screen drawn
// threeWindows.*  a full app with three desktop windows observed; notificationsPerAction
//                 counts the windows told of a change

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

/// A window in the middle of things: a count, twenty favorites, the detail shown.
func busyApp(screen: AppFeature.Screen) -> AppFeature.State {
  var state = AppFeature.State(
    count: 97,
    favoritePrimes: [
      2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59,
      61, 67, 71,
    ], storage: .saved)
  state.windows[0].screen = screen
  state.windows[0].primeFacts = PrimeFacts(
    number: 97, isPrime: true, smallestFactor: nil, previousPrime: 89, nextPrime: 101)
  return state
}

@MainActor
func threeWindowApp() -> Store<AppFeature.State, AppFeature.Action> {
  var state = busyApp(screen: .counter)
  state.windows.append(.init(id: 1))
  state.windows.append(.init(id: 2))
  state.nextWindowID = 3
  return Store(
    initialState: state,
    reducer: AppFeature(
      primality: .live, nthPrime: .never, storage: .inMemory(), date: .constant(Date())))
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
  let counterContext = counter.windowContext(id: 0)!

  Benchmark("mapping.compactRoot", configuration: perMapping()) { benchmark in
    let context = busyApp(screen: .home).windowContext(id: 0)!
    measure(benchmark) { blackHole(CompactApp.State(context, device: .compact)) }
  }
  Benchmark("mapping.compactCounter", configuration: perMapping()) { benchmark in
    measure(benchmark) { blackHole(CompactApp.State(counterContext, device: .compact)) }
  }
  Benchmark("mapping.regularCounter", configuration: perMapping()) { benchmark in
    measure(benchmark) { blackHole(CompactApp.State(counterContext, device: .regular)) }
  }
  Benchmark("mapping.compactFavorites", configuration: perMapping()) { benchmark in
    let context = favorites.windowContext(id: 0)!
    measure(benchmark) { blackHole(CompactApp.State(context, device: .compact)) }
  }
  Benchmark("mapping.desktopWindow", configuration: perMapping()) { benchmark in
    measure(benchmark) { blackHole(DesktopWindow.State(counter, windowID: 0, selection: [3])) }
  }

  Benchmark("render.compact", configuration: perMapping()) { benchmark in
    let view = CompactApp.State(counterContext, device: .compact)
    measure(benchmark) { blackHole(CompactLayout.render(view, columns: 60, rows: 24)) }
  }
  Benchmark("render.regular", configuration: perMapping()) { benchmark in
    let view = CompactApp.State(counterContext, device: .regular)
    measure(benchmark) { blackHole(CompactLayout.render(view, columns: 100, rows: 30)) }
  }
  Benchmark("render.desktop", configuration: perMapping()) { benchmark in
    let view = DesktopWindow.State(counter, windowID: 0)!
    measure(benchmark) { blackHole(DesktopLayout.render(view, columns: 140, rows: 40)) }
  }

  for device in SizeClass.allCases {
    Benchmark(
      "firstFrame.\(device.rawValue)",
      configuration: .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds,
        maxDuration: .seconds(2))
    ) { @MainActor benchmark async in
      for _ in benchmark.scaledIterations {
        let host = AppHost(
          storage: .inMemory([2, 3, 5, 7]), nthPrime: .never, size: .standard(for: device),
          layout: device)
        await host.launch()
        blackHole(host.screen())
      }
    }
  }

  let perMille = perMapping([.custom("notificationsPerAction", useScalingFactor: false)])
  Benchmark("threeWindows.incrementSeenByAll", configuration: perMille) {
    @MainActor benchmark async in
    notificationsPerAction(
      benchmark, actions: [.window(.element(id: 1, action: .counter(.increment)))])
  }
  Benchmark("threeWindows.detailInOneWindow", configuration: perMille) {
    @MainActor benchmark async in
    notificationsPerAction(
      benchmark,
      actions: [
        .window(.element(id: 1, action: .counter(.showPrimeDetail))),
        .window(.element(id: 1, action: .counter(.primeDetailDismissed))),
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
