import Presentation
import TerminalUI

/// Runs a script of user intents, one a line, and prints the screen after each.
///
/// A line is an intent as the key hints name it (`increment`, `nth-prime`, `dismiss`,
/// `delete 7`…; see ``Intent``), or one of `count N` (types a count), `layout L`,
/// `resize COLUMNS ROWS`, `key K`, `quit`. Blank lines and lines starting with `#` are skipped. Each line runs to
/// completion (an n-th prime is answered, a save is done) before its screen is printed. On a
/// touch layout the script goes to the screen an intent belongs to, as a person would.
@MainActor
public struct ScriptRunner {
  public let host: AppHost
  private let output: (String) -> Void

  public init(host: AppHost, output: @escaping (String) -> Void) {
    self.host = host
    self.output = output
  }

  /// Runs `lines`; at the end (or at a bad line) saves unsaved favorites.
  public func run(_ lines: some Sequence<String>) async throws(ScriptError) {
    let stream = AsyncStream { continuation in
      for line in lines { continuation.yield(line) }
      continuation.finish()
    }
    try await run(stream)
  }

  /// Runs `lines` as they arrive; at the end (or at a bad line) saves unsaved favorites.
  public func run(_ lines: AsyncStream<String>) async throws(ScriptError) {
    await host.launch()
    printScreen("launch")
    var number = 0
    do throws(ScriptError) {
      for await line in lines {
        number += 1
        let text = line.trimmingWhitespace()
        if text.isEmpty || text.hasPrefix("#") { continue }
        if try await perform(text, line: number) == .quit { break }
        printScreen(text)
      }
    } catch {
      _ = await host.saveBeforeQuit()
      throw error
    }
    guard await host.saveBeforeQuit() else {
      throw ScriptError(line: number, message: host.message ?? "the favorites were not saved")
    }
  }

  private func printScreen(_ title: String) {
    let lines = host.screen().map { $0.trimmingTrailingSpaces() }
    output("> \(title)\n" + lines.joined(separator: "\n") + "\n")
  }

  private enum Step { case done, quit }

  private func perform(_ text: String, line: Int) async throws(ScriptError) -> Step {
    let words = text.split(separator: " ").map(String.init)
    func fail(_ message: String) -> ScriptError { ScriptError(line: line, message: message) }
    func number(_ index: Int, _ name: String) throws(ScriptError) -> Int {
      guard words.count > index, let value = Int(words[index]) else {
        throw fail("'\(words[0])' needs \(name)")
      }
      return value
    }

    switch words[0] {
    case "quit", "q":
      return .quit
    case "layout":
      guard words.count == 2, let sizeClass = SizeClass(rawValue: words[1]) else {
        throw fail("layout is compact, regular or desktop")
      }
      host.layoutOverride = sizeClass
      return .done
    case "resize":
      let (columns, rows) = (try number(1, "columns"), try number(2, "rows"))
      guard (20...1000).contains(columns), (8...500).contains(rows) else {
        throw fail("a terminal is 20 to 1000 columns and 8 to 500 rows")
      }
      host.size = TerminalSize(columns: columns, rows: rows)
      return .done
    case "count":
      guard words.count == 2, words[1].allSatisfy(\.isASCII), words[1].allSatisfy(\.isNumber)
      else { throw fail("'count' needs a count of digits, like count 1000000") }
      await goToScreen(of: .type)
      for digit in words[1] {
        guard host.key(for: .type) != nil else { throw fail("cannot type a count on this screen") }
        await press(.character(digit))
      }
      guard let enter = host.key(for: .enter) else {
        await press(.escape)
        throw fail("\(words[1]) is more than a count can be (\(Int.max))")
      }
      await press(enter)
      return .done
    case "key":
      guard words.count == 2, let key = Key(name: words[1]) else {
        throw fail(
          "'key' needs a key: a character, esc, enter, tab, up, down, left, right, "
            + "backspace, delete, space or ctrl-x")
      }
      await press(key)
      return .done
    default:
      guard let intent = Intent(rawValue: words[0]) else {
        throw fail(
          "'\(words[0])' is not an intent; intents: "
            + Intent.allCases.map(\.rawValue).joined(separator: ", "))
      }
      if [.choose, .delete, .select].contains(intent) && words.count > 1 {
        let prime = try number(1, "a favorite prime")
        guard host.moveCursor(to: prime) else { throw fail("\(prime) is not a favorite") }
        if intent == .delete && host.sizeClass == .desktop { host.select([prime]) }
      }
      let navigation: [Intent] = [.openCounter, .openFavorites, .back]
      if host.sizeClass == .desktop && navigation.contains(intent) {
        return .done  // A desktop window shows the counter and the favorites at once.
      }
      await goToScreen(of: intent)
      if intent == .openCounter || intent == .openFavorites {
        let screen = host.store.state.windows[id: host.windowID]?.screen
        guard screen == (intent == .openCounter ? .counter : .favorites) else {
          throw fail(
            "cannot go to \(intent == .openCounter ? "the counter" : "the favorites") from here")
        }
        return .done
      }
      guard let key = host.key(for: intent) else {
        throw fail("'\(words[0])' is not available on this screen")
      }
      await press(key)
      return .done
    }
  }

  private func press(_ key: Key) async {
    let (_, task) = host.press(key)
    await task?.finish()
  }

  /// On a touch layout, goes to the screen that has `intent`, as a person would (back to the
  /// root first when needed).
  private func goToScreen(of intent: Intent) async {
    let isNavigation = intent == .openCounter || intent == .openFavorites
    guard host.sizeClass != .desktop, isNavigation || host.key(for: intent) == nil else { return }
    let counter: [Intent] = [.increment, .decrement, .isPrime, .nthPrime, .type]
    let favorites: [Intent] = [.choose, .delete, .down, .up, .save, .load]
    let target: Intent
    if isNavigation {
      target = intent
    } else if counter.contains(intent) {
      target = .openCounter
    } else if favorites.contains(intent) {
      target = .openFavorites
    } else {
      return
    }
    if host.key(for: target) == nil, let back = host.key(for: .back) { await press(back) }
    if let key = host.key(for: target) { await press(key) }
  }
}

/// A script line that cannot run, with its line number.
public struct ScriptError: Error, Equatable, CustomStringConvertible {
  public var line: Int
  public var message: String

  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }

  public var description: String { "line \(line): \(message)" }
}

extension Key {
  /// A key as a script names it: `a`, `+`, `esc`, `enter`, `tab`, `up`, `space`, `ctrl-n`.
  public init?(name: String) {
    switch name.lowercased() {
    case "esc", "escape": self = .escape
    case "enter", "return": self = .enter
    case "tab": self = .tab
    case "up": self = .up
    case "down": self = .down
    case "left": self = .left
    case "right": self = .right
    case "backspace": self = .backspace
    case "delete", "del": self = .delete
    case "space": self = .character(" ")
    case let lowered where lowered.hasPrefix("ctrl-") && lowered.count == 6:
      self = .control(lowered.last!)
    default:
      guard name.count == 1 else { return nil }
      self = .character(name.first!)
    }
  }
}

extension String {
  func trimmingWhitespace() -> String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }

  func trimmingTrailingSpaces() -> String {
    String(reversed().drop { $0 == " " }.reversed())
  }
}
