import AppFeature
import ComposableCore
import Foundation
import Presentation
import PrimeClients
import Settings
import Synchronization
import TerminalApp
import Testing

@testable import TerminalUI

let smallPrimes = NthPrimeClient.answering { n in
  let primes: [UInt64] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47]
  guard primes.indices.contains(n - 1) else { throw Unanswerable() }
  return primes[n - 1]
}

struct Unanswerable: Error, CustomStringConvertible {
  var description: String { "no answer here" }
}

/// Storage in memory that can be told to fail.
final class TestStorage: Sendable {
  let favorites: Mutex<[Int]>
  let saveError = Mutex<FavoritesStorageError?>(nil)
  let saves = Mutex(0)

  init(_ favorites: [Int] = []) { self.favorites = Mutex(favorites) }

  var client: FavoritesStorage {
    FavoritesStorage(
      load: { LoadedFavorites(primes: self.favorites.withLock { $0 }) },
      save: { favorites, base in
        if let error = self.saveError.withLock({ $0 }) { throw error }
        self.saves.withLock { $0 += 1 }
        return self.favorites.withLock { stored in
          stored = favorites.rebased(from: base, onto: stored)
          return stored
        }
      })
  }
}

@MainActor
func runScript(
  _ script: String, on store: StoreOf<TerminalFeature>
) async throws -> [String] {
  var screens: [String] = []
  try await ScriptRunner(store: store) { screens.append($0) }.run(
    script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
  return screens
}

@MainActor
struct ScriptRunnerTests {
  static let originalFlow = """
    # The original app's flow.
    increment
    increment
    nth-prime
    dismiss
    is-prime
    save-favorite
    dismiss
    open-favorites
    """

  @Test(arguments: SizeClass.allCases)
  func theOriginalFlowInEveryLayout(_ layout: SizeClass) async throws {
    let storage = TestStorage()
    let store = makeStore(storage, layout: layout)
    let screens = try await runScript(Self.originalFlow, on: store)
    #expect(screens.count == 9)
    #expect(screens[0].hasPrefix("> launch\n"))
    #expect(screens[3].contains("The 2nd prime is 3"))
    #expect(!screens[4].contains("The 2nd prime is 3"))
    #expect(screens[5].contains("2 is prime") && screens[5].contains("Save to favorite primes"))
    #expect(screens[6].contains("Remove from favorite primes"))
    #expect(store.state.app.count == 2)
    #expect(storage.favorites.withLock { $0 } == [2], "saved at the end")
    // No line of a printed screen ends in a space.
    #expect(!screens.joined().split(separator: "\n").contains { $0.hasSuffix(" ") })
  }

  /// The settings' words in every layout: each goes to the settings first (a screen, a
  /// sheet, the desktop's window) and the next word goes back, as a person would; the count
  /// is then grouped by thin spaces.
  @Test(arguments: SizeClass.allCases)
  func theSettingsWordsInEveryLayout(_ layout: SizeClass) async throws {
    let store = makeStore(TestStorage(), layout: layout)
    let screens = try await runScript(
      "count 1234567\ndigit-grouping\ndigit-grouping\nfewer-threads\nincrement", on: store)
    #expect(screens[3].contains("(•) Thin space"))
    #expect(screens.last?.contains("1\u{2009}234\u{2009}568") == true)
    #expect(store.state.app.settings.settings.digitGrouping == .thinSpace)
    #expect(store.state.app.settings.settings.nthPrimeThreads != nil)
  }

  /// A document in a script: opened, a prime added, saved as another file (which holds
  /// nothing yet), and a change left unsaved at the end, or at a bad line, is said, not
  /// dropped without a word; saved, the script ends well.
  @Test(arguments: SizeClass.allCases)
  func aDocumentsWordsInEveryLayout(_ layout: SizeClass) async throws {
    let store = makeStore(TestStorage(), layout: layout)
    do {
      _ = try await runScript("open /docs/a.json\nadd 7\nadd 8", on: store)
      Issue.record("add 8 was taken")
    } catch let error as ScriptError {
      #expect(error.message.contains("8 is not prime"), "\(error)")
      // Stopped by a bad line, the script still says the change it drops.
      #expect(error.message.contains("; not saved: a.json (save, or close-document"), "\(error)")
    }
    do {
      _ = try await runScript("add 11\nsave-as /docs/b.json\nadd 13", on: store)
      Issue.record("the script ended with a change unsaved, and said nothing")
    } catch let error as ScriptError {
      #expect(error.message.contains("not saved: b.json"), "\(error)")
    }
    let screens = try await runScript("save", on: store)
    #expect(screens.last?.contains("b.json") == true)
    #expect(store.state.app.documents.first?.primes == [7, 11, 13])
    #expect(store.state.app.documents.first?.isEdited == false)
  }

  /// `new-window` at a value, on a desktop: the favorites, a favorite's detail, the counter at
  /// a count each get a window, shown in front; a value already open brings its window back.
  @Test func windowsAtAValue() async throws {
    let store = makeStore(TestStorage([2, 3]), layout: .desktop)
    let screens = try await runScript(
      """
      load
      new-window favorites
      new-window prime 3
      new-window counter 42
      new-window favorites
      """, on: store)
    let app = store.state.app
    #expect(app.windows.map(\.openedAt) == [nil, .favorites, .prime(3), .counter(count: nil)])
    #expect(app.count == 42)
    #expect(screens[3].contains("3 is prime"), "the prime's window shows its detail")
    #expect(screens[4].contains("Counter demo — 4 of 4"))
    #expect(store.state.windowID == app.window(openedAt: .favorites))
    #expect(screens[5].contains("Counter demo — 2 of 4"), "the favorites' window, in front")
    await #expect(throws: ScriptError.self) {
      _ = try await runScript("new-window prime", on: store)
    }
  }

  @Test func aCountCanBeTyped() async throws {
    let store = makeStore(TestStorage(), layout: .compact)
    let screens = try await runScript("count 12\nincrement", on: store)
    #expect(store.state.app.count == 13)
    #expect(screens[1].contains("What is the 12th prime?"))
  }

  /// As the screen shows a count, so a script may type it (the docs say a count shown
  /// grouped can be typed back as it is).
  @Test func aCountGroupedAsShownCanBeTyped() async throws {
    let store = makeStore(TestStorage(), layout: .compact)
    _ = try await runScript("count 1,234", on: store)
    #expect(store.state.app.count == 1_234)
    _ = try await runScript("count -1\u{2009}234\u{2009}567", on: store)
    #expect(store.state.app.count == -1_234_567)
  }

  /// The line heading each screen is what the script says, inert: an escape in it (a file's
  /// name may hold one) would be a command to the terminal the screens are printed to.
  @Test func theLineHeadingAScreenIsInert() async throws {
    let store = makeStore(TestStorage(), layout: .desktop)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    let screens = try await runScript("open \(folder.path)/\u{1B}[31mred\u{07}.json", on: store)
    #expect(screens[1].hasPrefix("> open \(folder.path)/\\u{1B}[31mred\\u{07}.json\n"))
    #expect(!screens.joined().contains("\u{1B}") && !screens.joined().contains("\u{07}"))
    #expect(!FileManager.default.fileExists(atPath: folder.path), "opening wrote nothing")
  }

  /// A desktop too short for the sidebar's list and its status keeps a row of the list: the
  /// list's keys act on the row under the cursor, which must be seen. Shorter still, the list
  /// has no keys (at 120×10 the status took every row, and `d` deleted a favorite never shown).
  @Test func aShortDesktopShowsTheFavoriteItsKeysActOn() async throws {
    let storage = TestStorage([3, 13])
    let store = makeStore(storage, layout: .desktop, size: TerminalSize(columns: 120, rows: 10))
    let screens = try await runScript("key space", on: store)
    #expect(screens.last?.contains("› [x] 3") == true, "\(screens.last ?? "")")
    for rows in [8, 9] {
      let store = makeStore(storage, layout: .desktop, size: TerminalSize(columns: 120, rows: rows))
      for key in ["space", "d"] {
        await #expect(throws: ScriptError.self) { _ = try await runScript("key \(key)", on: store) }
      }
    }
    #expect(storage.favorites.withLock { $0 } == [3, 13])
  }

  /// The settings stay shown across a resize, as a shown detail does: a sheet becomes the
  /// desktop's settings window, and that window the sheet (or the compact screen) again.
  @Test func theSettingsStayShownAcrossAResize() async throws {
    let store = makeStore(
      TestStorage(), layout: .regular, size: TerminalSize(columns: 80, rows: 24))
    store.send(.layoutChanged(nil))
    for (script, isWindow) in [
      ("open-settings", false), ("resize 120 24", true), ("resize 80 24", false),
      ("resize 200 40", true), ("resize 60 24", false),
    ] {
      _ = try await runScript(script, on: store)
      #expect(store.state.app.isSettingsWindowOpen == isWindow, "\(script)")
      #expect(
        (store.state.app.windows[id: store.state.windowID]?.screen == .settings) == !isWindow,
        "\(script)")
      #expect(screen(store).contains { $0.contains("Digit grouping") }, "\(script)")
    }
  }

  /// `close-settings` closes them in every layout, a phone's screen too (Back there), as the
  /// words are the same in every layout; on the compact layout it was refused.
  @Test(arguments: SizeClass.allCases)
  func closeSettingsInEveryLayout(_ layout: SizeClass) async throws {
    let store = makeStore(TestStorage(), layout: layout)
    _ = try await runScript("open-settings\nclose-settings", on: store)
    #expect(!screen(store).contains { $0.contains("Digit grouping") }, "\(layout)")
    #expect(store.state.app.windows[id: store.state.windowID]?.screen != .settings)
  }

  /// A count typed too large says both bounds, on the lines they need, and the buttons move
  /// down for them: on one line the upper bound was cut at 80 columns and both at 40.
  @Test(arguments: SizeClass.allCases)
  func aCountTooLargeSaysBothBounds(_ layout: SizeClass) async throws {
    let columns = layout == .desktop ? 120 : layout == .regular ? 80 : 40
    let store = makeStore(
      TestStorage(), layout: layout, size: TerminalSize(columns: columns, rows: 24))
    let keys = Array(repeating: "key 9", count: 23).joined(separator: "\n")
    _ = try await runScript((layout == .desktop ? "" : "open-counter\n") + keys, on: store)
    let text = screen(store).joined(separator: "\n")
    #expect(text.contains("-9,223,372,036,854,775,808"), "\(text)")
    #expect(text.contains("9,223,372,036,854,775,807"), "\(text)")
    #expect(text.contains("Is this prime?") && text.contains("prime?"), "\(text)")
  }

  /// The settings cut by a small terminal stay inside their sheet or window, and say how many
  /// rows are below: the regular sheet's last option was drawn over its border, and the
  /// compact screen and the desktop window dropped rows without a word.
  @Test func theSettingsCutStayInsideAndSaySo() async throws {
    for (layout, size) in [
      (SizeClass.regular, TerminalSize(columns: 90, rows: 14)),
      (.regular, TerminalSize(columns: 90, rows: 12)),
      (.compact, TerminalSize(columns: 60, rows: 13)),
      (.desktop, TerminalSize(columns: 130, rows: 12)),
    ] {
      let store = makeStore(TestStorage(), layout: layout, size: size)
      _ = try await runScript("open-settings", on: store)
      let lines = screen(store)
      let text = lines.joined(separator: "\n")
      #expect(!lines.contains { $0.contains("└") && $0.contains("(") }, "\(size)\n\(text)")
      #expect(
        lines.contains { $0.range(of: #"↓ \d+"#, options: .regularExpression) != nil },
        "\(size)\n\(text)")
      #expect(!text.contains("Threads for the n-th prime"), "\(size)")
    }
  }

  /// Why the settings file failed takes the lines it needs, above the choices: a long one
  /// ran into the first choice's title.
  @Test func aLongSettingsProblemDoesNotRunIntoTheChoices() throws {
    var settings = SettingsScreen.State(
      SettingsFeature.State(settings: Shared(value: AppSettings())))
    settings.problem =
      "The settings file was not read: /a/long/path/to/primetime/settings.json: "
      + "it is a folder, not a file. The settings were not saved: cannot save to "
      + "/a/long/path/to/primetime/settings.json: it cannot be read"
    var canvas = Canvas(columns: 60, rows: 30)
    SettingsKeys.draw(settings, row: 3, column: 2, width: 56, bottom: 30, on: &canvas)
    let lines = canvas.lines.map { $0.trimmingCharacters(in: .whitespaces) }
    let title = try #require(lines.firstIndex(of: "Digit grouping (g)"))
    #expect(lines[title - 1].isEmpty, "a blank line between")
    #expect(lines[3].hasPrefix("The settings file was not read"))
    #expect(lines[3..<(title - 1)].joined(separator: " ").hasSuffix("it cannot be read"))
  }

  /// A list longer than its room says how many rows are past it, above and below, in the
  /// compact favorites, the desktop sidebar and a document: cut without a word, it looked
  /// whole.
  @Test func aListSaysTheRowsPastItsRoom() async throws {
    let primes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71]
    let adds = primes.map { "add \($0)" }.joined(separator: "\n")
    for (layout, size, script, move) in [
      (SizeClass.compact, TerminalSize(columns: 60, rows: 14), "open-favorites", "down"),
      (.desktop, TerminalSize(columns: 120, rows: 16), "key down", "down"),
      (.regular, TerminalSize(columns: 90, rows: 16), "open /docs/d.json\n\(adds)\nsave", "key up"),
    ] {
      let store = makeStore(
        TestStorage(layout == .regular ? [] : primes), layout: layout, size: size)
      _ = try await runScript(script, on: store)
      try expectMarks(on: store, for: primes)
      _ = try await runScript(
        Array(repeating: move, count: primes.count).joined(separator: "\n"), on: store)
      try expectMarks(on: store, for: primes)
    }
  }

  /// The rows of `primes` the screen shows, and a mark for those above and below them.
  private func expectMarks(on store: StoreOf<TerminalFeature>, for primes: [Int]) throws {
    let lines = screen(store)
    let text = lines.joined(separator: "\n")
    let shown = primes.filter { prime in
      lines.contains {
        $0.range(of: #"^ [› ] (\[[ x]\] )?\#(prime)\b"#, options: .regularExpression) != nil
      }
    }
    let first = try #require(shown.first.flatMap(primes.firstIndex(of:)), "\(text)")
    let last = try #require(shown.last.flatMap(primes.firstIndex(of:)))
    #expect(shown.count < primes.count, "\(text)")
    let (above, below) = (first, primes.count - 1 - last)
    #expect((above > 0) == text.contains("↑ \(above)"), "\(text)")
    #expect((below > 0) == text.contains("↓ \(below)"), "\(text)")
    #expect(text.range(of: "[↑↓] [0-9]", options: .regularExpression) != nil, "\(text)")
  }

  @Test func aCountPastIntMaxIsRefusedAndChangesNothing() async throws {
    let store = makeStore(TestStorage(), layout: .desktop)
    for tooLarge in [
      "9223372036854775808", "123456789012345678901234567890", "-99999999999999999999",
    ] {
      await #expect(
        throws: ScriptError(
          line: 2,
          message: "'\(tooLarge)': Too large: a count is between -9,223,372,036,854,775,808 and "
            + "9,223,372,036,854,775,807")
      ) {
        _ = try await runScript("count 7\ncount \(tooLarge)", on: store)
      }
      #expect(store.state.app.count == 7)
      #expect(!screen(store).joined().contains("_"), "the typing was given up")
    }
    _ = try await runScript("count 00000000000000000000000007\ncount -3", on: store)
    #expect(store.state.app.count == -3, "leading zeros and a sign are fine")
  }

  @Test func badLinesNameTheLine() async throws {
    let cases: [(String, ScriptError)] = [
      (
        "increment\nfly",
        ScriptError(
          line: 2,
          message: "'fly' is not a script word; the words are: "
            + ScriptWord.usage.joined(separator: ", "))
      ),
      (
        "layout phone",
        ScriptError(line: 1, message: "'layout' needs one of compact, regular, desktop")
      ),
      ("increment 5", ScriptError(line: 1, message: "'increment' takes no argument")),
      ("is-prime extra", ScriptError(line: 1, message: "'is-prime' takes no argument")),
      (
        "type 12",
        ScriptError(
          line: 1,
          message: "'type' is not a script word; the words are: "
            + ScriptWord.usage.joined(separator: ", "))
      ),
      ("delete 7 11", ScriptError(line: 1, message: "'delete' takes one prime at most")),
      ("quit now", ScriptError(line: 1, message: "'quit' takes no argument")),
      (
        "resize 5 5",
        ScriptError(line: 1, message: "a terminal is 20 to 1000 columns and 8 to 500 rows")
      ),
      ("\n\ndelete 4", ScriptError(line: 3, message: "4 is not a favorite")),
      (
        "save-favorite",
        ScriptError(line: 1, message: "'save-favorite' is not available on this screen")
      ),
      (
        "count 1e3",
        ScriptError(
          line: 1, message: "'count' needs a whole number, like count 1000000 or count 1,000,000")
      ),
      (
        "count 12,34",
        ScriptError(
          line: 1, message: "'count' needs a whole number, like count 1000000 or count 1,000,000")
      ),
      // A document's word: elsewhere it set the count, and the script went on.
      (
        "add 8", ScriptError(line: 1, message: "'add' is not available on this screen")
      ),
      // Standardized, the folder's path named a file of the folder's name.
      (
        "save-as /docs/copies/",
        ScriptError(line: 1, message: "'save-as' needs a file, and '/docs/copies/' names a folder")
      ),
    ]
    for (script, expected) in cases {
      let store = makeStore(TestStorage(), layout: .compact)
      await #expect(throws: expected) { _ = try await runScript(script, on: store) }
    }
  }

  @Test func aFailedSaveAtTheEndIsAnErrorAndTheFileIsUntouched() async throws {
    let storage = TestStorage([5])
    storage.saveError.withLock {
      $0 = .cannotWrite(path: "/ro/favorite-primes.json", reason: "Read-only file system")
    }
    let store = makeStore(storage, layout: .regular)
    await #expect(
      throws: ScriptError(
        line: 3,
        message: "Not saved: cannot save to /ro/favorite-primes.json: Read-only file system.")
    ) {
      _ = try await runScript("count 3\nis-prime\nsave-favorite", on: store)
    }
    #expect(storage.favorites.withLock { $0 } == [5])
    #expect(store.state.app.favoritePrimes == [5, 3])
  }

  @Test func theSameScriptEndsInTheSameStateInEveryLayout() async throws {
    var endings: [AppFeature.State] = []
    for layout in SizeClass.allCases {
      let store = makeStore(TestStorage([7, 11]), layout: layout)
      _ = try await runScript(
        Self.originalFlow + "\ndelete 7\nchoose 11\ndismiss\ncount 4\nis-prime\ndismiss\nload",
        on: store)
      endings.append(store.state.app)
    }
    // The load at the end keeps what was not saved yet: 2 was added and 7 deleted.
    #expect(endings[0].favoritePrimes == [11, 2])
    #expect(endings[0].count == 4)
    #expect(endings[0].activityFeed.count == 2)
    for ending in endings.dropFirst() {
      #expect(ending.favoritePrimes == endings[0].favoritePrimes)
      #expect(ending.count == endings[0].count)
      #expect(ending.activityFeed == endings[0].activityFeed)
      #expect(ending.windows[0].counter.lookup == endings[0].windows[0].counter.lookup)
      #expect(ending.windows[0].favorites.lookup == endings[0].windows[0].favorites.lookup)
    }
  }
}

@MainActor
struct ScriptWordTests {
  /// `save-as` names files as the shell does, as `open` does, and adds `.json` to a name
  /// without an extension, as Save As does (the script saved a file named `b`).
  @Test func saveAsAddsTheDocumentsExtension() throws {
    let folder = FileManager.default.currentDirectoryPath
    #expect(try ScriptWord.step(for: "save-as b", line: 1) == .saveAs(path: folder + "/b.json"))
    #expect(try ScriptWord.step(for: "save-as /d/b.txt", line: 1) == .saveAs(path: "/d/b.txt"))
    #expect(try ScriptWord.step(for: "save-as /d/b", line: 1) == .saveAs(path: "/d/b.json"))
    #expect(try ScriptWord.step(for: "open /d/b", line: 1) == .open(path: "/d/b"))
  }

  @Test func theUnknownWordMessageListsEveryWordAndOnlyThose() {
    let words = ScriptWord.usage.map { String($0.prefix { $0 != " " }) }
    for word in [
      "open-counter", "count", "layout", "resize", "key", "quit", "next-window", "delete",
    ] {
      #expect(words.contains(word), "\(word)")
    }
    for key in ["type", "enter", "erase"] { #expect(!words.contains(key)) }
  }
}
