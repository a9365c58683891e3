import Foundation
import Testing

/// A terminal a test types into and reads from: a tmux server of its own.
final class Tmux {
  static let path = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }
  /// CI installs tmux and sets this, so that a missing tmux fails instead of skipping.
  static let isRequired = ProcessInfo.processInfo.environment["PRIMETIME_REQUIRE_TMUX"] != nil

  let socket = "primetime-test-\(UUID().uuidString)"

  /// What a short tmux command (a client that starts no server) printed.
  func output(_ arguments: String...) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Tmux.path ?? "/usr/bin/tmux")
    process.arguments = ["-L", socket] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = Pipe()
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  func start(_ command: String, columns: Int, rows: Int) throws {
    try run(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", command])
  }

  func screen() throws -> String { try output("capture-pane", "-p") }

  /// The screen with its styles, as escape sequences.
  func styledScreen() throws -> String { try output("capture-pane", "-p", "-e") }

  func keys(_ keys: String...) throws {
    for key in keys { try run(["send-keys", key]) }
  }

  /// Runs tmux on this test's own server (see `runTmux`).
  func run(_ arguments: [String]) throws {
    try runTmux(arguments, path: Tmux.path ?? "/usr/bin/tmux", socket: socket)
  }

  /// Waits (300 s at most: the machine may be busy with other tests) until the screen
  /// satisfies `condition`.
  @discardableResult
  func waitFor(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: (String) -> Bool
  ) async throws -> String {
    // A debug build's first start on a machine whose two cores other suites (or a build) keep
    // busy has taken over 60 s.
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

  @discardableResult
  func waitFor(
    _ text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> String {
    try await waitFor("\"\(text)\"", sourceLocation: sourceLocation) { $0.contains(text) }
  }

  /// Waits (300 s at most) until the pane's terminal is in raw mode: the app has taken it, and
  /// keys typed from now on reach it (those typed before are flushed as it takes it).
  func waitForRawMode(sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let terminal = try output("display", "-p", "#{pane_tty}")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let deadline = Date().addingTimeInterval(300)
    var flags = ""
    while Date() < deadline {
      let stty = Process()
      stty.executableURL = URL(fileURLWithPath: "/bin/stty")
      stty.arguments = ["-a", "-F", terminal]
      let output = Pipe()
      stty.standardOutput = output
      stty.standardError = Pipe()
      try stty.run()
      flags = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      stty.waitUntilExit()
      if flags.split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "\n" })
        .contains("-icanon")
      {
        return
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    Issue.record("The terminal never went raw:\n\(flags)", sourceLocation: sourceLocation)
  }

  /// 1 when the pane shows the alternate screen, and whether its cursor is visible.
  func modes() throws -> String { try output("display", "-p", "#{alternate_on} #{cursor_flag}") }

  deinit { try? run(["kill-server"]) }
}

/// The interactive app in a real terminal, typed into as a person would.
@Suite(.enabled(if: Tmux.path != nil || Tmux.isRequired), .serialized)
struct InteractiveAppTests {
  /// Starts the app in a shell that notes what the terminal was left as, then how the app
  /// ended (in that order: the test waits for the second).
  /// `arguments` go first (`open FILE`); `environment` is set for it (`NO_COLOR=1`).
  func launch(
    _ tmux: Tmux, data: URL, columns: Int, rows: Int, arguments: String = "",
    environment: String = ""
  ) throws {
    // The settings in the test's folder too: never the machine's own.
    let command = """
      \(environment) XDG_CONFIG_HOME='\(data.path)' '\(primetimeExecutable.path)' \(arguments) \
      --data-dir '\(data.path)'; \
      status=$?; stty -a > '\(data.path)/stty'; echo "exit $status" > '\(data.path)/ended'; \
      sleep 60
      """
    try tmux.start(command, columns: columns, rows: rows)
  }

  /// Waits (300 s at most, as the other waits: in the whole suite, beside the engine's tests
  /// counting on both processors, one run waited out the 30 s this allowed before) for the
  /// app to end; when it does not, records the screen it was left on (a question, a message,
  /// a screen the key did not reach).
  func waitForExit(
    _ data: URL, _ tmux: Tmux, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> String {
    let file = data.appendingPathComponent("ended")
    let deadline = Date().addingTimeInterval(300)
    while Date() < deadline {
      if let ended = try? String(contentsOf: file, encoding: .utf8), ended.hasSuffix("\n") {
        return ended
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    let screen = (try? tmux.screen()) ?? "(unreadable)"
    Issue.record("The app did not exit. The screen:\n\(screen)", sourceLocation: sourceLocation)
    return ""
  }

  /// The flags `stty -a` printed after the app ended ("icanon", "-icanon"…).
  func terminalModes(_ data: URL) throws -> Set<String> {
    let text = try String(contentsOf: data.appendingPathComponent("stty"), encoding: .utf8)
    return Set(
      text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
  }

  /// Keys typed while the app starts are its first keys, not lost: a person who types "c"
  /// as the app comes up gets the counter. The keys go in while the shell still sleeps,
  /// before the app reads the terminal at all.
  @Test func keysTypedBeforeTheAppStartsAreKept() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let tmux = Tmux()
    try launch(tmux, data: data, columns: 100, rows: 28, environment: "sleep 2;")
    try tmux.keys("c", "+", "+")
    try await tmux.waitFor("What is the 2nd prime?")
    try tmux.keys("Escape", "q")
    #expect(try await waitForExit(data, tmux) == "exit 0\n")
  }

  @Test func theOriginalFlowAcrossEveryLayout() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let tmux = Tmux()
    try launch(tmux, data: data, columns: 100, rows: 28)

    try await tmux.waitFor("State management")
    #expect(try tmux.modes() == "1 0\n", "alternate screen, hidden cursor")
    try tmux.keys("c", "+", "+")
    try await tmux.waitFor("What is the 2nd prime?")
    try tmux.keys("n")
    try await tmux.waitFor("The 2nd prime is 3")
    try tmux.keys("Enter")
    try await tmux.waitFor("alert dismissed") { !$0.contains("The 2nd prime is 3") }
    try tmux.keys("p")
    let popover = try await tmux.waitFor("2 is prime")
    #expect(popover.contains("◀"), "regular width: a popover beside its button")
    try tmux.keys("f")
    try await tmux.waitFor("Remove from favorite primes")

    try tmux.run(["resize-window", "-x", "130", "-y", "28"])
    let desktop = try await tmux.waitFor("[ Window 1 ]")
    #expect(desktop.contains("› [ ] 2"), "the favorite, in the sidebar")
    #expect(desktop.contains("Remove from favorite primes"), "the detail is still shown")

    try tmux.run(["resize-window", "-x", "60", "-y", "24"])
    try await tmux.waitFor("Esc Done")
    try tmux.keys("Escape")
    try await tmux.waitFor("detail dismissed") { !$0.contains("Esc Done") && $0.contains("[ + ]") }

    try tmux.keys("1", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0")
    try await tmux.waitFor("10000000000000_")
    try tmux.keys("Enter", "n")
    let running = try await tmux.waitFor("Finding the 10,000,000,000,000th prime")
    #expect(!running.contains("[ + ]") && !running.contains("[ - ]"), "the count is disabled")
    #expect(running.contains("Esc cancel"))
    try tmux.keys("Escape")
    let cancelled = try await tmux.waitFor("the request cancelled") { !$0.contains("Finding") }
    #expect(cancelled.contains("[ + ]"))
    #expect(!cancelled.contains("prime is"), "no answer after a cancel")

    try tmux.keys("q")
    #expect(try await waitForExit(data, tmux) == "exit 0\n")
    #expect(try tmux.modes() == "0 1\n", "primary screen, cursor shown")
    let modes = try terminalModes(data)
    #expect(modes.isSuperset(of: ["icanon", "echo", "isig", "opost"]), "cooked mode again")
    let saved = try String(
      contentsOf: data.appendingPathComponent("favorite-primes.json"), encoding: .utf8)
    #expect(saved.replacingOccurrences(of: " ", with: "").contains("[\n2\n]"))
  }

  /// The settings in a desktop layout: "," opens their window in front, `g` moves the digit
  /// grouping on, and every number behind it follows once it closes; the choice is in
  /// settings.json, and another program's change to that file reaches the running app.
  @Test func theSettingsWindowAndTheFileFollowEachOther() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let tmux = Tmux()
    try launch(tmux, data: data, columns: 130, rows: 28)
    try await tmux.waitFor("[ Window 1 ]")
    try tmux.keys("1", "2", "3", "4", "5", "6", "7", "Enter")
    try await tmux.waitFor("1,234,567")
    try tmux.keys(",")
    try await tmux.waitFor("Digit grouping (g)")
    try tmux.keys("g", "g")
    try await tmux.waitFor("thin space chosen") { $0.contains("(•) Thin space") }
    try tmux.keys("Escape")
    try await tmux.waitFor("1\u{2009}234\u{2009}567") { !$0.contains("Digit grouping") }
    let file = data.appendingPathComponent("primetime/settings.json")
    // Written within the file key's quarter of a second (more on a busy machine).
    var written = ""
    for _ in 0..<600 where !written.contains("thinSpace") {
      try await Task.sleep(for: .milliseconds(50))
      written = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }
    #expect(written.contains("thinSpace"))
    // Another PrimeTime's change, through the file.
    try Data(#"{"digitGrouping": "ungrouped"}"#.utf8).write(to: file, options: .atomic)
    try await tmux.waitFor("1234567")
    try tmux.keys("q")
    #expect(try await waitForExit(data, tmux) == "exit 0\n")
  }

  /// `primetime open FILE`: the document in a window of its own; a prime typed and added,
  /// `w` with it unsaved asks, Esc keeps it, `q` says it is unsaved, `s` saves it in the
  /// favorites' format, and the app's own favorites file is not made for it.
  @Test func aDocumentOpenedEditedAndSaved() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let file = data.appendingPathComponent("mersenne.json")
    try Data(#"{"version":1,"favoritePrimes":[3,7]}"#.utf8).write(to: file)
    let tmux = Tmux()
    try launch(tmux, data: data, columns: 60, rows: 24, arguments: "open '\(file.path)'")
    try await tmux.waitFor("mersenne.json")
    try await tmux.waitFor("   7")
    try tmux.keys("3", "1", "Enter")
    try await tmux.waitFor("mersenne.json — Edited")
    try tmux.keys("w")
    try await tmux.waitFor("Save the changes to mersenne.json?")
    try tmux.keys("Escape")
    try await tmux.waitFor("the question gone") { !$0.contains("Save the changes") }
    try tmux.keys("q")
    try await tmux.waitFor("Not saved: mersenne.json")
    try tmux.keys("s")
    try await tmux.waitFor("saved") { $0.contains("   31") && !$0.contains("Edited") }
    let saved = try String(contentsOf: file, encoding: .utf8)
    #expect(saved.replacingOccurrences(of: " ", with: "").contains("[\n3,\n7,\n31\n]"))
    try tmux.keys("q")
    #expect(try await waitForExit(data, tmux) == "exit 0\n")
    #expect(
      !FileManager.default.fileExists(
        atPath: data.appendingPathComponent("favorite-primes.json").path))
  }

  /// The screen is in colour (the title bold, the buttons in the accent colour), in the
  /// appearance's palette; with `NO_COLOR` set, in none.
  @Test(arguments: [false, true])
  func coloursFollowTheAppearanceAndNoColor(noColor: Bool) async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let tmux = Tmux()
    // Whatever the test runner's environment says about colours.
    try launch(
      tmux, data: data, columns: 60, rows: 24,
      environment: noColor ? "NO_COLOR=1" : "env -u NO_COLOR")
    try await tmux.waitFor("State management")
    try tmux.keys("c")
    try await tmux.waitFor("Is this prime?")
    let styled = try tmux.styledScreen()
    #expect(styled.contains("\u{1B}[") != noColor, "\(styled)")
    if !noColor {
      // The system's appearance: bold title, buttons in cyan; dark: bright cyan.
      #expect(styled.contains("\u{1B}[36m[ +"))
      try tmux.keys("b", "s", "a", "a")
      try await tmux.waitFor("dark chosen") { $0.contains("(•) Dark") }
      try await tmux.waitFor("bright colours") { _ in
        ((try? tmux.styledScreen()) ?? "").contains("\u{1B}[97m")
      }
    }
    try tmux.keys("q")
    #expect(try await waitForExit(data, tmux) == "exit 0\n")
  }

  @Test func sigtermRestoresTheTerminalAndSaves() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let tmux = Tmux()
    try launch(tmux, data: data, columns: 60, rows: 24)
    try await tmux.waitFor("State management")
    try tmux.keys("c", "+", "+", "+", "p", "f")
    try await tmux.waitFor("Remove from favorite primes")
    let shell = try tmux.output("display", "-p", "#{pane_pid}")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let kill = Process()
    kill.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
    kill.arguments = ["-TERM", "-P", shell, "-x", "primetime"]
    try kill.run()
    kill.waitUntilExit()
    #expect(try await waitForExit(data, tmux) == "exit 143\n")
    #expect(try tmux.modes() == "0 1\n")
    #expect(try terminalModes(data).isSuperset(of: ["icanon", "echo", "isig"]))
    let saved = try String(
      contentsOf: data.appendingPathComponent("favorite-primes.json"), encoding: .utf8)
    #expect(saved.replacingOccurrences(of: " ", with: "").contains("[\n3\n]"))
  }

  @Test func ctrlCQuitsLikeQ() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let tmux = Tmux()
    try launch(tmux, data: data, columns: 130, rows: 24)
    try await tmux.waitFor("[ Window 1 ]")
    try tmux.keys("+", "+", "C-p", "f")
    try await tmux.waitFor("Remove from favorite primes")
    try tmux.keys("C-c")
    #expect(try await waitForExit(data, tmux) == "exit 0\n")
    #expect(try tmux.modes() == "0 1\n")
    #expect(try terminalModes(data).isSuperset(of: ["icanon", "echo", "isig"]))
    let saved = try String(
      contentsOf: data.appendingPathComponent("favorite-primes.json"), encoding: .utf8)
    #expect(saved.replacingOccurrences(of: " ", with: "").contains("[\n2\n]"))
  }

  /// Ctrl-Z and SIGTSTP stop the app as every full-screen program stops: the terminal is
  /// given back to the shell; `fg` brings the app back, in raw mode, drawn anew.
  @Test func suspendedAndContinuedTheAppTakesTheTerminalBack() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let tmux = Tmux()
    try tmux.start("/bin/bash --norc --noprofile -i", columns: 80, rows: 24)
    try tmux.run(["send-keys", "-l", "PS1='shell$ '"])
    try tmux.keys("Enter")
    try await tmux.waitFor("shell$")
    try tmux.run(["send-keys", "-l", "'\(primetimeExecutable.path)' --data-dir '\(data.path)'"])
    try tmux.keys("Enter")
    try await tmux.waitFor("State management")
    try tmux.keys("c", "+")
    try await tmux.waitFor("What is the 1st prime?")

    for stop in ["C-z", "SIGTSTP"] {
      if stop == "C-z" {
        try tmux.keys("C-z")
      } else {
        // Only this pane's app: a machine-wide pkill would stop other tests' programs too.
        let shell = try tmux.output("display", "-p", "#{pane_pid}")
          .trimmingCharacters(in: .whitespacesAndNewlines)
        let kill = Process()
        kill.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
        kill.arguments = ["-TSTP", "-P", shell, "-x", "primetime"]
        try kill.run()
        kill.waitUntilExit()
      }
      try await tmux.waitFor("Stopped")
      #expect(try tmux.modes() == "0 1\n", "\(stop): the shell's screen, the cursor shown")
      // Marked per stop: the screen may still show the last stop's answer.
      try tmux.run([
        "send-keys", "-l",
        "clear; stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon | sed 's/^/\(stop): /'",
      ])
      try tmux.keys("Enter")
      let shell = try await tmux.waitFor("\(stop): cooked mode") {
        $0.split(separator: "\n").contains { $0 == "\(stop): icanon" || $0 == "\(stop): -icanon" }
      }
      #expect(shell.split(separator: "\n").contains { $0 == "\(stop): icanon" })
      try tmux.run(["send-keys", "-l", "fg"])
      try tmux.keys("Enter")
      try await tmux.waitFor("What is the 1st prime?")
      #expect(try tmux.modes() == "1 0\n", "\(stop): full screen again")
      try tmux.keys("+")
      try await tmux.waitFor("\(stop): keys work at once") { $0.contains("What is the 2nd prime?") }
      try tmux.keys("-")
      try await tmux.waitFor("What is the 1st prime?")
    }
    try tmux.keys("q")
    try await tmux.waitFor("shell$")
    #expect(try tmux.modes() == "0 1\n")
  }

  /// Sends `signal` to this pane's app only (a machine-wide pkill would reach other tests').
  func signal(_ signal: Int32, _ tmux: Tmux) throws {
    let shell = try tmux.output("display", "-p", "#{pane_pid}")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let kill = Process()
    kill.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
    kill.arguments = ["-\(signal)", "-P", shell, "-x", "primetime"]
    try kill.run()
    kill.waitUntilExit()
  }

  /// Every signal whose default would end the app ends it as a quit does: favorites saved,
  /// the terminal restored, no backtrace over the screen.
  @Test(arguments: [SIGUSR2, SIGQUIT, SIGALRM, SIGXCPU, SIGPWR, SIGVTALRM])
  func aSignalThatWouldEndTheAppSavesAndRestores(_ number: Int32) async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let tmux = Tmux()
    try launch(tmux, data: data, columns: 60, rows: 24)
    try await tmux.waitFor("State management")
    try tmux.keys("c", "+", "+", "+", "+", "+", "p", "f")
    try await tmux.waitFor("Remove from favorite primes")
    try signal(number, tmux)
    #expect(try await waitForExit(data, tmux) == "exit \(128 + number)\n")
    #expect(try tmux.modes() == "0 1\n", "primary screen, cursor shown")
    #expect(try terminalModes(data).isSuperset(of: ["icanon", "echo", "isig"]))
    #expect(!(try tmux.screen().contains("Backtrace")), "no crash report")
    let saved = try String(
      contentsOf: data.appendingPathComponent("favorite-primes.json"), encoding: .utf8)
    #expect(saved.replacingOccurrences(of: " ", with: "").contains("[\n5\n]"))
  }

  /// SIGPIPE and SIGXFSZ are not reasons to end: the app goes on.
  @Test func pipeAndFileSizeSignalsAreIgnored() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let tmux = Tmux()
    try launch(tmux, data: data, columns: 60, rows: 24)
    try await tmux.waitFor("State management")
    try signal(SIGPIPE, tmux)
    try signal(SIGXFSZ, tmux)
    try tmux.keys("c", "+")
    try await tmux.waitFor("What is the 1st prime?")
    try tmux.keys("q")
    #expect(try await waitForExit(data, tmux) == "exit 0\n")
  }

  /// Put in the background after Ctrl-Z (`bg`), or continued from outside while the shell
  /// has the terminal, the app leaves the terminal alone; `fg` brings it back whole.
  @Test(arguments: ["bg", "kill -CONT %1"])
  func continuedInTheBackgroundTheAppLeavesTheTerminalAlone(_ continuing: String) async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let tmux = Tmux()
    try tmux.start("/bin/bash --norc --noprofile -i", columns: 80, rows: 24)
    try tmux.run(["send-keys", "-l", "PS1='shell$ '"])
    try tmux.keys("Enter")
    try await tmux.waitFor("shell$")
    try tmux.run(["send-keys", "-l", "'\(primetimeExecutable.path)' --data-dir '\(data.path)'"])
    try tmux.keys("Enter")
    try await tmux.waitFor("State management")
    try tmux.keys("c", "+")
    try await tmux.waitFor("What is the 1st prime?")
    try tmux.keys("C-z")
    try await tmux.waitFor("Stopped")
    try tmux.run(["send-keys", "-l", "clear; \(continuing); sleep 1; echo continued-here"])
    try tmux.keys("Enter")
    let shell = try await tmux.waitFor("continued-here")
    #expect(try tmux.modes() == "0 1\n", "the shell keeps its screen")
    #expect(!shell.contains("What is the"), "the app did not draw over the shell")
    try tmux.run(["send-keys", "-l", "fg"])
    try tmux.keys("Enter")
    try await tmux.waitFor("What is the 1st prime?")
    #expect(try tmux.modes() == "1 0\n", "full screen again")
    try tmux.keys("+")
    try await tmux.waitFor("keys work at once") { $0.contains("What is the 2nd prime?") }
    try tmux.keys("q")
    try await tmux.waitFor("shell$")
    #expect(try tmux.modes() == "0 1\n")
  }

  /// Continued with its terminal gone (a closed terminal sends its hangup and a continue, in
  /// either order), the app saves and ends as the hangup asks, instead of stopping itself
  /// where nothing will ever continue it. `setsid` makes the terminal not the app's own, which
  /// is how a hung-up terminal looks to it, so the continue can come first every time.
  @Test func continuedWithItsTerminalGoneTheAppSavesAndEnds() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let tmux = Tmux()
    let command = """
      setsid -w '\(primetimeExecutable.path)' --data-dir '\(data.path)'; \
      echo "exit $?" > '\(data.path)/ended'; sleep 60
      """
    try tmux.start(command, columns: 60, rows: 24)
    // It cannot draw on a terminal that is not its own: keys are typed blind, paced, once it
    // has taken the terminal (a fixed wait lost them when a busy machine started it late).
    try await tmux.waitForRawMode()
    for key in ["c", "+", "+", "+", "p", "f"] {
      try tmux.keys(key)
      try await Task.sleep(for: .milliseconds(200))
    }
    try await Task.sleep(for: .seconds(1))
    try signal(SIGCONT, tmux)
    #expect(try await waitForExit(data, tmux) == "exit 129\n")
    let saved = try String(
      contentsOf: data.appendingPathComponent("favorite-primes.json"), encoding: .utf8)
    #expect(saved.replacingOccurrences(of: " ", with: "").contains("[\n3\n]"))
  }

  /// A signal to end acts at once, however many keys are queued before it: here after a paste
  /// of 100,000 keys, which take seconds to go through.
  @Test func aSignalGoesBeforeQueuedKeys() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let tmux = Tmux()
    try launch(tmux, data: data, columns: 60, rows: 24)
    try await tmux.waitFor("State management")
    try tmux.keys("c", "+", "+", "p", "f")
    try await tmux.waitFor("Remove from favorite primes")
    try tmux.keys("Escape")
    try await tmux.waitFor("detail dismissed") { !$0.contains("Remove from favorite primes") }
    let paste = data.appendingPathComponent("paste")
    try String(repeating: "+", count: 100_000).write(to: paste, atomically: true, encoding: .utf8)
    try tmux.run(["load-buffer", paste.path])
    try tmux.run(["paste-buffer"])
    try await tmux.waitFor("the paste going through") {
      $0.contains("What is the") && !$0.contains("What is the 2nd prime?")
    }
    let sent = Date()
    try signal(SIGTERM, tmux)
    #expect(try await waitForExit(data, tmux) == "exit 143\n")
    #expect(Date().timeIntervalSince(sent) < 3, "the signal waited behind the keys")
    let saved = try String(
      contentsOf: data.appendingPathComponent("favorite-primes.json"), encoding: .utf8)
    #expect(saved.replacingOccurrences(of: " ", with: "").contains("[\n2\n]"))
  }

  /// An interactive shell in a tmux of its own, with a prompt to wait for.
  func shell(_ tmux: Tmux, columns: Int = 80) async throws {
    try tmux.start("/bin/bash --norc --noprofile -i", columns: columns, rows: 24)
    try tmux.run(["send-keys", "-l", "PS1='shell$ '"])
    try tmux.keys("Enter")
    try await tmux.waitFor("shell$")
  }

  /// Resized while stopped, the app hears nothing (the shell has the terminal): back with
  /// `fg`, it draws at the new size.
  @Test func resizedWhileStoppedTheAppDrawsAtTheNewSize() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let tmux = Tmux()
    try await shell(tmux, columns: 60)
    try tmux.run(["send-keys", "-l", "'\(primetimeExecutable.path)' --data-dir '\(data.path)'"])
    try tmux.keys("Enter")
    try await tmux.waitFor("State management")
    try tmux.keys("C-z")
    try await tmux.waitFor("Stopped")
    try tmux.run(["resize-window", "-x", "130", "-y", "28"])
    try await Task.sleep(for: .milliseconds(200))
    try tmux.run(["send-keys", "-l", "fg"])
    try tmux.keys("Enter")
    try await tmux.waitFor("[ Window 1 ]")
    try tmux.keys("q")
    try await tmux.waitFor("shell$")
  }

  /// Started in the background, the app leaves the terminal to the shell and stops until
  /// `fg`, then runs as if started in front.
  @Test func startedInTheBackgroundTheAppWaitsForFg() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let tmux = Tmux()
    try await shell(tmux)
    // `set -b`: the shell says a job stopped at once, not at the next prompt.
    try tmux.run([
      "send-keys", "-l", "set -b; '\(primetimeExecutable.path)' --data-dir '\(data.path)' &",
    ])
    try tmux.keys("Enter")
    try await tmux.waitFor("Stopped")
    #expect(try tmux.modes() == "0 1\n", "the shell keeps its screen")
    try tmux.run(["send-keys", "-l", "echo still-the-shell"])
    try tmux.keys("Enter")
    try await tmux.waitFor("still-the-shell\n")
    try tmux.run(["send-keys", "-l", "fg"])
    try tmux.keys("Enter")
    try await tmux.waitFor("State management")
    #expect(try tmux.modes() == "1 0\n", "full screen")
    try tmux.keys("c", "+")
    try await tmux.waitFor("What is the 1st prime?")
    try tmux.keys("q")
    try await tmux.waitFor("shell$")
    #expect(try tmux.modes() == "0 1\n")
  }

  /// On a terminal that takes no escape sequences the app says so and what to use instead,
  /// rather than print its escape sequences as text.
  @Test func aDumbTerminalIsRefusedPlainly() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let tmux = Tmux()
    let command = """
      TERM=dumb '\(primetimeExecutable.path)' --data-dir '\(data.path)'; \
      echo "exit $?" > '\(data.path)/ended'; sleep 60
      """
    try tmux.start(command, columns: 100, rows: 24)
    let ended = try await waitForExit(data, tmux)
    #expect(ended != "exit 0\n" && !ended.isEmpty)
    let screen = try tmux.screen()
    #expect(screen.contains("TERM=dumb") && screen.contains("primetime script"), "\(screen)")
    #expect(try tmux.modes() == "0 1\n", "never full screen")
  }
}
