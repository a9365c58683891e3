import Foundation
import Testing

/// The subcommands' progress bar, seen in a real terminal: a tmux pane of its own.
/// One at a time: each keeps a core busy until it is interrupted.
@Suite(.enabled(if: CommandTerminal.tmux != nil || CommandTerminal.isRequired), .serialized)
struct ProgressBarTests {
  @Test func theBarSaysWhatItCountsAndCtrlCErasesIt() async throws {
    let terminal = CommandTerminal()
    // The shell survives the interrupt (its trap) to say how the program ended.
    try terminal.start(
      "bash -c 'trap : INT; \(primetimeExecutable.path) pi 1234567890123456789; "
        + "echo \"exit $?\"; sleep 60'", columns: 60)
    let running = try await terminal.waitFor("the bar") { $0.contains("%") }
    #expect(running.contains("primes up to 1,234,567,890"), "the bar's label")
    #expect(running.contains("░"))
    try terminal.keys("C-c")
    let ended = try await terminal.waitFor("the end") { $0.contains("exit ") }
    #expect(ended.contains("exit 130"), "ended by the interrupt")
    #expect(!ended.contains("░") && !ended.contains("primes up to"), "no bar left:\n\(ended)")
  }

  @Test func aNarrowTerminalGetsAShorterBarOnOneLine() async throws {
    let terminal = CommandTerminal()
    try terminal.start(aLongNthPrime, columns: 30)
    let running = try await terminal.waitFor("the bar") { $0.contains("%") }
    let line = running.split(separator: "\n").first { $0.contains("%") } ?? ""
    #expect(line.hasPrefix("the 99,999,"))
    #expect(line.count <= 28, "room for the terminal's ^C")
    try terminal.keys("C-c")
  }

  /// However narrow, the bar keeps to one line: a bar that wrapped would leave a line behind
  /// at every update.
  @Test(arguments: [6, 8, 10, 12, 16])
  func aVeryNarrowTerminalKeepsTheBarOnOneLine(columns: Int) async throws {
    let terminal = CommandTerminal()
    try terminal.start(aLongNthPrime, columns: columns)
    let first = try await terminal.waitFor("the bar") { $0.contains("%") }
    let percent = { (screen: String) in
      screen.split(whereSeparator: \.isWhitespace).last { $0.hasSuffix("%") }
    }
    let screen = try await terminal.waitFor("an update") { percent($0) != percent(first) }
    let lines = screen.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
    #expect(lines.count == 1, "one line:\n\(screen)")
    #expect(lines.allSatisfy { $0.count <= columns - 2 }, "room for the terminal's ^C")
    try terminal.keys("C-c")
  }
}

/// An n-th prime whose bar moves about every second on one thread and that runs well past any
/// test's wait (a shorter one could end, and print its answer, before the screen is read).
let aLongNthPrime =
  "bash -c 'trap : INT; \(primetimeExecutable.path) nth-prime --threads 1 99999999999999; sleep 60'"

/// A terminal for one test: a tmux server of its own, killed at the end.
final class CommandTerminal {
  static let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }
  /// CI installs tmux and sets this, so that a missing tmux fails instead of skipping.
  static let isRequired = ProcessInfo.processInfo.environment["PRIMETIME_REQUIRE_TMUX"] != nil

  let socket = "primetime-cli-test-\(UUID().uuidString)"

  func start(_ command: String, columns: Int) throws {
    try run(["new-session", "-d", "-x", "\(columns)", "-y", "10", command])
  }

  func keys(_ keys: String...) throws {
    for key in keys { try run(["send-keys", key]) }
  }

  /// The pane's text, through a file: Foundation's `Process` must not start tmux (it would
  /// wait for the server's descriptors), so every tmux command goes through `run`.
  func screen() throws -> String {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).txt")
    defer { try? FileManager.default.removeItem(at: file) }
    try run(["capture-pane", ";", "save-buffer", file.path, ";", "delete-buffer"])
    return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
  }

  /// Waits (60 s at most: other tests may keep every core busy) until the screen satisfies `condition`.
  @discardableResult
  func waitFor(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: (String) -> Bool
  ) async throws -> String {
    let deadline = Date().addingTimeInterval(300)
    var screen = ""
    while Date() < deadline {
      screen = try self.screen()
      if condition(screen) { return screen }
      try await Task.sleep(for: .milliseconds(50))
    }
    Issue.record("Never saw \(what). The screen:\n\(screen)", sourceLocation: sourceLocation)
    return screen
  }

  /// Runs tmux on this test's own server (see `runTmux`).
  func run(_ arguments: [String]) throws {
    try runTmux(arguments, path: Self.tmux ?? "/usr/bin/tmux", socket: socket)
  }

  deinit { try? run(["kill-server"]) }
}
