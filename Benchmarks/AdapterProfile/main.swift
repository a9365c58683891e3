import AppFeature
import AppFixtures
import ComposableCore
import DesktopPresentation

// Runs one scenario of AdapterBenchmarks a given number of times, for callgrind, which counts
// instructions the same whatever else the machine does (the benchmark tool's malloc
// interposer stops valgrind):
//
//   swift build -c release --product AdapterProfile
//   SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind \
//     .build/release/AdapterProfile threeWindows.incrementSeenByAll 1000
//
// Deterministic hashing: a dictionary's probes (the in-memory key's store) otherwise vary from
// one process to the next, by a hundred instructions a change. Build after deleting this
// package's copies of the kit's modules (`.build/release/<Target>.build`) when a core type's
// layout changed: an incremental build can keep stale objects of them.
//
// Compare two totals (1,000 actions and 2,000) to take away the set-up: the difference is the
// cost of 1,000 actions.

let arguments = CommandLine.arguments.dropFirst()
let scenario = arguments.first ?? "threeWindows.incrementSeenByAll"
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000

@MainActor
func run() {
  let store = threeWindowApp()
  let increment = AppFeature.Action.window(.element(id: 1, action: .counter(.increment)))
  switch scenario {
  case "threeWindows.incrementSeenByAll":
    var notifications = 0
    let windows = (0..<3).map { id in store.observe { DesktopWindow.State($0, windowID: id) } }
    let subscriptions = windows.map { $0.subscribe { _ in notifications += 1 } }
    withExtendedLifetime(subscriptions) {
      for _ in 0..<count { store.send(increment) }
    }
    print(scenario, count, "actions,", notifications, "notifications")
  case "threeWindows.incrementUnobserved":
    for _ in 0..<count { store.send(increment) }
    print(scenario, count, "actions")
  case "mapping.desktopWindow":
    var windows = 0
    for _ in 0..<count {
      if DesktopWindow.State(store.state, windowID: 1) != nil { windows += 1 }
    }
    print(scenario, count, "mappings", windows)
  case "shared.readInReducer":
    // StoreBenchmarks' shared.readInReducer: a reducer that reads a shared value per action.
    @Shared(.inMemory("count")) var shared = 1
    let reading = Store(initialState: 0) {
      Reduce<Int, Void> { state, _ in
        state &+= shared
        return .none
      }
    }
    for _ in 0..<count { reading.send(()) }
    print(scenario, count, "actions,", reading.state)
  case "shared.withLock":
    // StoreBenchmarks' shared.withLock: a value read once, changed, observed by no one.
    @Shared(.inMemory("unobserved")) var value = 0
    _ = value
    for _ in 0..<count { $value.withLock { $0 &+= 1 } }
    print(scenario, count, "changes,", value)
  default:
    print("unknown scenario \(scenario)")
  }
}

MainActor.assumeIsolated { run() }
