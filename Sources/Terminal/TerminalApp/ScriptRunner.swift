import ComposableCore
import Foundation
import NthPrimeLookup
import Presentation
import StandardStreams
import TerminalUI

/// Runs a script of what a person does, one line each, and prints the screen after each.
///
/// A line is a word of ``ScriptWord`` with its argument, if it takes one; blank lines and lines
/// starting with `#` are skipped. Each line becomes the keys a person would press on the
/// screen it meets (``ScriptStep``), here, at the edge, and runs to completion (an n-th prime is
/// answered, a save is done) before its screen is printed. A line
/// that does not parse, or that does nothing on the screen it meets, stops the script; so does
/// a quit (`quit`, or a key that quits), an output that fails, and ``interrupt(by:)``. Whatever
/// stops it, unsaved favorites are saved.
@MainActor
public final class ScriptRunner {
  public let store: StoreOf<TerminalFeature>
  private let output: (String) throws -> Void
  /// The actions running now, cancelled by an interruption.
  private var running: [StoreTask] = []
  /// The signal that interrupted the script, if one did.
  public private(set) var interruption: Int32?
  /// Favorites documents' paths, each opened in a window of its own before the first line.
  public var documents: [String] = []

  /// A runner that hands each screen to `output`; an error `output` throws stops the script.
  public init(store: StoreOf<TerminalFeature>, output: @escaping (String) throws -> Void) {
    self.store = store
    self.output = output
  }

  /// Stops the script as soon as it can: the action running is cancelled (a long n-th prime
  /// ends within milliseconds) and no further line runs. `run(_:)`
  /// then saves and returns; ``interruption`` tells the caller why.
  public func interrupt(by signal: Int32) {
    interruption = signal
    for task in running { task.cancel() }
  }

  /// Runs `lines`; at the end (or at a bad line) saves unsaved favorites.
  public func run(_ lines: some Sequence<String>) async throws {
    let stream = AsyncStream { continuation in
      for line in lines { continuation.yield(line) }
      continuation.finish()
    }
    try await run(stream)
  }

  /// Runs `lines` as they arrive; at the end (or at a bad line) saves unsaved favorites.
  public func run(_ lines: some AsyncSequence<String, Never>) async throws {
    await store.send(.app(.scenePhaseChanged(.active))).finish()
    for path in documents {
      await store.send(.app(.windowOpenedAt(.document(path: path)))).finish()
    }
    var number = 0
    do {
      try printScreen("launch")
      for await line in lines {
        guard interruption == nil else { break }
        number += 1
        let text = line.trimmingWhitespace()
        if text.isEmpty || text.hasPrefix("#") { continue }
        guard let step = try ScriptWord.step(for: text, line: number) else { break }
        let settings = store.state.app.settings.settings
        do {
          running = try store.perform(step)
        } catch {
          throw ScriptError(line: number, message: error.message)
        }
        for task in running { await task.finish() }
        running = []
        // A change of the settings is written now, not a moment after the screen that shows
        // it: the screen says so when it could not be.
        if store.state.app.settings.settings != settings {
          try? await store.state.app.settings.$settings.save()
        }
        if interruption != nil || store.state.isQuitRequested { break }
        try printScreen(text)
      }
    } catch let error as ScriptError {
      _ = await store.saveBeforeQuit()
      // Stopped by a bad line, it still says which documents' changes are dropped.
      guard let unsaved = unsavedDocuments() else { throw error }
      throw ScriptError(line: error.line, message: "\(error.message); not saved: \(unsaved)")
    } catch {
      _ = await store.saveBeforeQuit()
      throw error
    }
    guard await store.saveBeforeQuit() else {
      throw ScriptError(
        line: number, message: store.state.message ?? "the favorites were not saved")
    }
    if let error = store.state.app.settings.$settings.saveError {
      throw ScriptError(line: number, message: "the settings were not saved: \(error)")
    }
    if let unsaved = unsavedDocuments() {
      throw ScriptError(line: number, message: "not saved: \(unsaved), before the script ends")
    }
  }

  /// The documents with unsaved changes, each with how to keep or drop them, or nil where
  /// there are none: a document is saved only when the script says so, and changes left
  /// unsaved are said, not dropped without a word.
  private func unsavedDocuments() -> String? {
    let unsaved = store.state.app.documents.filter(\.isEdited).map { document in
      // One that did not load is never saved over: Save As keeps its primes elsewhere.
      "\(document.name) (\(document.loadFailed ? "save-as FILE" : "save"), or close-document "
        + "then discard)"
    }
    return unsaved.isEmpty ? nil : unsaved.joined(separator: ", ")
  }

  private func printScreen(_ title: String) throws {
    let lines = TerminalScreen(store.state).lines.map { $0.trimmingTrailingSpaces() }
    // The line as typed, made inert: a control character in it (an escape in a file's name)
    // would be a command to the terminal this prints to.
    try output("> \(escapingControlCharacters(title))\n" + lines.joined(separator: "\n") + "\n")
  }
}

/// What a script line asks for: a key, a word of what a person means (done with the keys that
/// do it on the screen met), a count typed, or a change of the terminal itself.
public enum ScriptStep: Equatable, Sendable {
  case key(Key)
  /// `argument` is a favorite prime.
  case intent(Intent, argument: Int?)
  /// `count N`: types N and sets it.
  case count(String)
  /// `layout` and `resize`.
  case terminal(TerminalFeature.Action)
  /// `open FILE`: a favorites document's window, at the file's absolute path.
  case open(path: String)
  /// `add P`: types P in the document's field and adds it.
  case addPrime(String)
  /// `save-as FILE`: the document shown saved to the file, at its absolute path (`.json`
  /// added to a name without an extension).
  case saveAs(path: String)
}

/// The words of a script, and the steps they stand for.
public enum ScriptWord {
  /// Every word, as a script's help lists them.
  public static let usage: [String] =
    Intent.scriptWords.map { intent in
      [.select, .choose, .delete, .openInNewWindow].contains(intent)
        ? "\(intent.rawValue) [PRIME]" : intent.rawValue
    } + [
      "new-window favorites|counter [N]|prime P", "next-window", "count N", "open FILE",
      "add PRIME", "save-as FILE", "layout L",
      "resize COLUMNS ROWS", "key K", "quit",
    ]

  /// The step for a script line; `nil` for `quit`.
  public static func step(
    for text: String, line: Int
  ) throws(ScriptError) -> ScriptStep? {
    let words = text.split(separator: " ").map(String.init)
    let arguments = words.dropFirst()
    func fail(_ message: String) -> ScriptError { ScriptError(line: line, message: message) }
    func noArgument() throws(ScriptError) {
      guard arguments.isEmpty else { throw fail("\(quoted(words[0])) takes no argument") }
    }
    func number(_ text: String, _ name: String) throws(ScriptError) -> Int {
      guard let value = Int(text) else {
        throw fail("\(quoted(words[0])) needs \(name), not \(quoted(text))")
      }
      return value
    }

    switch words[0] {
    case "quit":
      try noArgument()
      return nil
    case "next-window":
      try noArgument()
      return .key(.tab)
    case "layout":
      guard arguments.count == 1, let sizeClass = SizeClass(rawValue: words[1]) else {
        throw fail("'layout' needs one of compact, regular, desktop")
      }
      return .terminal(.layoutChanged(sizeClass))
    case "resize":
      guard arguments.count == 2 else { throw fail("'resize' needs COLUMNS ROWS") }
      let (columns, rows) = (try number(words[1], "columns"), try number(words[2], "rows"))
      guard (20...1000).contains(columns), (8...500).contains(rows) else {
        throw fail("a terminal is 20 to 1000 columns and 8 to 500 rows")
      }
      return .terminal(.resized(TerminalSize(columns: columns, rows: rows)))
    case "count":
      guard arguments.count == 1, isCount(words[1]) else {
        throw fail("'count' needs a whole number, like count 1000000 or count 1,000,000")
      }
      return .count(words[1])
    case "open", "save-as":
      // A path may hold spaces: the rest of the line.
      let path = String(text.dropFirst(words[0].count)).trimmingWhitespace()
      guard !path.isEmpty else { throw fail("\(quoted(words[0])) needs a file") }
      // Standardized, "docs/" would name the file "docs".
      guard !path.hasSuffix("/") else {
        throw fail("\(quoted(words[0])) needs a file, and \(quoted(path)) names a folder")
      }
      let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
      guard words[0] == "save-as" else { return .open(path: absolute) }
      // Named as the shell names files, as `open` is; without an extension, a document's, as
      // Save As adds it.
      return .saveAs(
        path: (absolute as NSString).pathExtension.isEmpty ? absolute + ".json" : absolute)
    case "add":
      guard arguments.count == 1, isCount(words[1]) else {
        throw fail("'add' needs a prime, like add 97")
      }
      return .addPrime(words[1])
    case "key":
      guard arguments.count == 1, let key = Key(name: words[1]) else {
        throw fail(
          "'key' needs a key: a character, esc, enter, tab, up, down, left, right, "
            + "backspace, delete, space or ctrl-x")
      }
      return .key(key)
    default:
      guard let intent = Intent(rawValue: words[0]), Intent.scriptWords.contains(intent) else {
        throw fail(
          "\(quoted(words[0])) is not a script word; the words are: "
            + usage.joined(separator: ", "))
      }
      if intent == .newWindow, let value = arguments.first {
        // A window at a value: the favorites, the counter (at a count), a favorite's detail.
        switch value {
        case "favorites" where arguments.count == 1:
          return .intent(.openFavoritesInNewWindow, argument: nil)
        case "counter" where arguments.count <= 2:
          let count = try arguments.dropFirst().first.map { text throws(ScriptError) in
            try number(text, "a count")
          }
          return .intent(.openCounterInNewWindow, argument: count)
        case "prime" where arguments.count == 2:
          return .intent(.openInNewWindow, argument: try number(words[2], "a prime"))
        default:
          throw fail(
            "'new-window' takes nothing, 'favorites', 'counter [N]' or 'prime P', not "
              + quoted(arguments.joined(separator: " ")))
        }
      }
      if [.select, .choose, .delete, .openInNewWindow].contains(intent) {
        guard arguments.count <= 1 else {
          throw fail("\(quoted(words[0])) takes one prime at most")
        }
        var prime: Int?
        if let argument = arguments.first { prime = try number(argument, "a prime") }
        return .intent(intent, argument: prime)
      }
      try noArgument()
      return .intent(intent, argument: nil)
    }
  }

  /// Digits, with a minus or not, grouped as the screen shows a number or not ("1,234",
  /// "1 234" with a thin space): what a person may type in the field.
  private static func isCount(_ text: String) -> Bool {
    guard let digits = Formatting.digits(typed: text) else { return false }
    return !digits.hasPrefix("+")
  }
}

extension Intent {
  /// The intents a script names; the others (typing a digit, Enter, erasing) are keys.
  static var scriptWords: [Intent] {
    allCases.filter { ![.type, .enter, .erase, .saveAs].contains($0) }
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
