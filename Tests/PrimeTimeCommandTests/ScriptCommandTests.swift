import Foundation
import Testing

/// `primetime script` and `primetime` in a pipe, run as a user would.
struct ScriptCommandTests {
  @Test func inAPipeTheAppRunsAScriptAndKeepsTheFavorites() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let first = try await runPrimetime(
      ["--data-dir", data.path], input: "increment\nincrement\nis-prime\nsave-favorite\n")
    #expect(first.status == 0, "\(first.errors)")
    #expect(first.errors == "")
    let screens = first.output.components(separatedBy: "> ").dropFirst()
    #expect(
      screens.map { $0.prefix { $0 != "\n" } } == [
        "launch", "increment", "increment", "is-prime", "save-favorite",
      ])
    #expect(screens.last!.contains("Remove from favorite primes"))
    let saved = try String(
      contentsOf: data.appendingPathComponent("favorite-primes.json"), encoding: .utf8)
    #expect(saved.contains("2"))

    let second = try await runPrimetime(
      ["script", "--layout", "desktop", "--data-dir", data.path], input: "")
    #expect(second.status == 0)
    #expect(second.output.contains("› [ ] 2"), "the favorites came back in the next run")
    #expect(second.output.split(separator: "\n").contains { $0.count >= 120 })
  }

  /// A settings change the file cannot take (a folder where it goes) is said on the screen
  /// that shows the change, and the script ends with status 2: the screen was printed before
  /// the write, and the change was lost without a word.
  @Test func aSettingsChangeThatCannotBeSavedIsSaid() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let config = data.appendingPathComponent("config")
    try FileManager.default.createDirectory(
      at: config.appendingPathComponent("primetime/settings.json"),
      withIntermediateDirectories: true)
    let run = try await runPrimetime(
      ["script", "--data-dir", data.path], input: "open-settings\ndigit-grouping\n",
      environment: ["XDG_CONFIG_HOME": config.path])
    #expect(run.status == 2)
    #expect(run.errors.contains("line 2: the settings were not saved"), "\(run.errors)")
    let last = try #require(run.output.components(separatedBy: "> ").last)
    #expect(last.contains("The settings were not saved"), "\(last)")
  }

  /// An empty `--data-dir` is refused before anything runs: it would save into whatever folder
  /// the program was started in, without a word.
  @Test(arguments: [["script"], ["app"], []] as [[String]])
  func anEmptyDataFolderIsRefused(_ command: [String]) async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let run = try await runPrimetime(
      command + ["--data-dir", ""], input: "increment\nincrement\nis-prime\nsave-favorite\n",
      directory: data)
    #expect(run.status != 0)
    #expect(run.errors.contains("--data-dir"), "\(run.errors)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: data.path) == [])
  }

  @Test func aScriptFileAndItsErrors() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let script = data.appendingPathComponent("flow.txt")
    try "count 12\n# a comment\nincrement\nfly\nincrement\n".write(
      to: script, atomically: true, encoding: .utf8)
    let run = try await runPrimetime(["script", "--data-dir", data.path, script.path])
    #expect(run.status == 2)
    #expect(run.errors.hasPrefix("primetime: line 4: 'fly' is not a script word; the words are: "))
    #expect(run.output.contains("> increment") && run.output.contains("13"))
    #expect(!run.output.contains("14"), "nothing after the bad line runs")

    let missing = try await runPrimetime(["script", data.appendingPathComponent("none").path])
    #expect(missing.status == 2)
    #expect(
      missing.errors == "primetime: cannot read \(data.path)/none: No such file or directory\n")
    // A folder: said the same way, before any screen (it was a read error after the first).
    let folder = try await runPrimetime(["script", "--data-dir", data.path, data.path])
    #expect(folder.status == 2 && folder.output.isEmpty)
    #expect(folder.errors == "primetime: cannot read \(data.path): Is a directory\n")

    let badSize = try await runPrimetime(["script", "--columns", "5"], input: "")
    #expect(badSize.status == 64)
    #expect(badSize.errors.contains("--columns is 20 to 1000, not 5"))
  }

  @Test func aCorruptFavoritesFileIsReportedAndKept() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let file = data.appendingPathComponent("favorite-primes.json")
    try "{ not json".write(to: file, atomically: true, encoding: .utf8)
    let run = try await runPrimetime(
      ["script", "--data-dir", data.path, "--columns", "70", "--rows", "20"],
      input: "open-favorites\n")
    #expect(run.status == 0)
    #expect(run.output.contains("  Failed:"))
    #expect(run.output.contains("is not a favorites file"))
    #expect(try String(contentsOf: file, encoding: .utf8) == "{ not json")
  }

  @Test func favoritesThatCannotBeSavedAreAnErrorNamingTheFile() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    // A folder under a file cannot be made, even by root.
    let blocker = data.appendingPathComponent("file")
    try "".write(to: blocker, atomically: true, encoding: .utf8)
    let run = try await runPrimetime(
      ["script", "--data-dir", blocker.appendingPathComponent("sub").path],
      input: "count 3\nis-prime\nsave-favorite\n")
    #expect(run.status == 2)
    #expect(run.errors.contains("Not saved: cannot save to \(blocker.path)/sub"))
    #expect(run.output.contains("> save-favorite"))
  }

  /// Favorites of 18 digits and more are told apart in the desktop sidebar: what does not fit
  /// loses its commas, then its first digits, never its last.
  @Test func largeFavoritesStayDistinctInTheSidebar() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let primes = try await runPrimetime(
      ["next-prime", "100000000000000000", "100000000000000100", "9000000000000000000"]
    ).output.split(separator: "\n").map(String.init)
    #expect(primes.count == 3)
    try #"{ "version" : 1, "favoritePrimes" : [\#(primes.joined(separator: ","))] }"#.write(
      to: data.appendingPathComponent("favorite-primes.json"), atomically: true, encoding: .utf8)
    let run = try await runPrimetime(
      ["script", "--layout", "desktop", "--data-dir", data.path], input: "")
    #expect(run.status == 0, "\(run.errors)")
    let rows = run.output.split(separator: "\n").filter { $0.contains("[ ] ") }
    #expect(rows.count == 3)
    for prime in primes {
      #expect(rows.contains { $0.contains(prime.suffix(12)) }, "\(prime) in \(rows)")
    }
  }
}
