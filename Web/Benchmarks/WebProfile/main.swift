import PrimeClients
import WebServer

// Runs clicks through the web app, as a tab's messages reach it, for callgrind, which counts
// instructions the same whatever else the machine does (the server itself stops valgrind):
//
//   swift build -c release --product WebProfile
//   cp .build/release/WebProfile /tmp && strip --strip-debug /tmp/WebProfile  # DWARF 5
//   valgrind --tool=callgrind /tmp/WebProfile 10 1000
//
// `tabs` desktop tabs all show the count; the first clicks Increment and Decrement in turn, and
// every tab is sent its page. Compare two totals (1,000 clicks and 2,000) to take away the
// set-up: the difference is the cost of 1,000 clicks.

let arguments = CommandLine.arguments.dropFirst()
let tabs = arguments.first.flatMap { Int($0) } ?? 10
let clicks = arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000

@MainActor
func run() {
  let app = WebApp { $0.favoritesStorage = .inMemory() }
  let ids = (0..<tabs).map { _ in app.connect { _ in } }
  for id in ids { app.receive(#"{"type":"hello","width":1280,"visible":true}"#, from: id) }
  let increment = #"{"type":"action","name":"menu.increment"}"#
  let decrement = #"{"type":"action","name":"menu.decrement"}"#
  for index in 0..<clicks {
    app.receive(index % 2 == 0 ? increment : decrement, from: ids[0])
  }
  print(tabs, "tabs,", clicks, "clicks, count", app.store.state.count)
}

MainActor.assumeIsolated { run() }
