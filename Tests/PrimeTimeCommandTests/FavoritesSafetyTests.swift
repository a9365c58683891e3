import Foundation
import Testing

/// The favorites are never lost and never wrong, tried with the real program as a person (or
/// two) would.
struct FavoritesSafetyTests {
  @Test func twoProgramsOnOneFolderKeepEachOthersFavorites() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let file = data.appendingPathComponent("favorite-primes.json")
    try #"{ "version" : 1, "favoritePrimes" : [2] }"#.write(
      to: file, atomically: true, encoding: .utf8)

    // Both start and load [2] before either saves.
    let first = try RunningProgram(["script", "--data-dir", data.path])
    let second = try RunningProgram(["script", "--data-dir", data.path])
    #expect(await first.waitForOutput(containing: "> launch"))
    #expect(await second.waitForOutput(containing: "> launch"))

    first.write("count 11\nis-prime\nsave-favorite\n")
    #expect(await first.finish() == 0)
    second.write("count 13\nis-prime\nsave-favorite\ndismiss\nopen-favorites\ndelete 2\n")
    #expect(await second.finish() == 0)

    #expect(try storedFavorites(in: data) == [11, 13], "2 deleted by the second")
  }

  /// A running PrimeTime shows what another one saved, without being asked to load it again,
  /// and keeps what it has not saved yet.
  @Test func aRunningProgramShowsWhatAnotherOneSaved() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let first = try RunningProgram(["script", "--data-dir", data.path])
    #expect(await first.waitForOutput(containing: "> launch"))
    first.write("count 5\nis-prime\nsave-favorite\ndismiss\n")
    #expect(await first.waitForOutput(containing: "> dismiss"))

    let second = try await runPrimetime(
      ["script", "--data-dir", data.path], input: "count 13\nis-prime\nsave-favorite\n")
    #expect(second.status == 0)

    // The first sees 13 (another program's) and keeps 5 (its own, unsaved), in that order.
    var shown = false
    for _ in 0..<50 where !shown {
      first.write("open-favorites\n")
      shown = await first.waitForOutput(containing: "› 13", timeout: .milliseconds(200))
    }
    #expect(shown, "the first never showed the favorite the second saved")
    first.write("save\n")
    #expect(await first.finish() == 0)
    #expect(try storedFavorites(in: data) == [13, 5])
  }

  @Test func aFileThatCannotBeReadIsNeverSavedOverAndTheScreenSaysWhy() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let file = data.appendingPathComponent("favorite-primes.json")
    let original = #"{ "version" : 1, "favoritePrimes" : [7, 19] }"#
    try original.write(to: file, atomically: true, encoding: .utf8)
    chmod(file.path, 0o000)
    chmod(data.path, 0o777)
    defer { chmod(file.path, 0o644) }
    // Root reads every file: run the program as nobody, for whom the file is unreadable.
    let arguments = ["script", "--data-dir", data.path]
    let run =
      geteuid() == 0
      ? try await runPrimetime(
        ["--reuid=65534", "--regid=65534", "--clear-groups", primetimeExecutable.path]
          + arguments, input: "count 3\nis-prime\nsave-favorite\n",
        executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
      : try await runPrimetime(arguments, input: "count 3\nis-prime\nsave-favorite\n")
    let launch = try #require(run.output.components(separatedBy: "> ").dropFirst().first)
    #expect(launch.contains("Failed: cannot read") && launch.contains("Permission denied"))
    #expect(run.status == 2)
    #expect(
      run.errors
        == "primetime: line 3: Not saved: cannot save to \(file.path): it cannot be read "
        + "(Permission denied), so it was left as it is.\n")
    chmod(file.path, 0o644)
    #expect(try String(contentsOf: file, encoding: .utf8) == original)
  }

  /// A document holding numbers that are not primes opens with the rest, and its window says
  /// what was left out; a save copies the file aside before replacing it, so nothing is lost.
  /// (The window said nothing before: the entries vanished without a word.)
  @Test func aDocumentsEntriesLeftOutAreSaidAndKeptAside() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("mixed.json")
    let original = #"{"favoritePrimes":[9,7,15,7],"version":1}"#
    let run = try await openDocument(file, holding: original, input: "add 11\nsave\n")
    #expect(run.status == 0, "\(run.errors)")
    let screens = run.output.components(separatedBy: "> ").dropFirst()
    let launch = try #require(screens.first)
    // Wrapped to the screen's width, a long path broken anywhere: compared without spaces.
    let said = launch.filter { !$0.isWhitespace }
    let expected = "Loaded. Left out of \(file.path): 9, 15 (not prime); 7 (repeated)."
    #expect(said.contains(expected.filter { !$0.isWhitespace }), "\(launch)")
    #expect(try storedFavorites(at: file) == [7, 11])
    let aside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasPrefix("mixed.json.corrupt-")
    }
    #expect(aside.count == 1)
    let copy = try String(
      contentsOf: folder.appendingPathComponent(aside.first ?? "-"), encoding: .utf8)
    #expect(copy == original)
  }

  /// A script that ends with changes to a document that did not load is told to save them
  /// elsewhere, since a save over it is refused (it was told to save).
  @Test func changesToADocumentThatDidNotLoadAreToldToGoElsewhere() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("garbage.json")
    let run = try await openDocument(file, holding: "not json", input: "add 11\n")
    #expect(run.status == 2)
    #expect(
      run.errors.hasSuffix(
        "not saved: garbage.json (save-as FILE, or close-document then discard), before the "
          + "script ends\n"), "\(run.errors)")
    #expect(try String(contentsOf: file, encoding: .utf8) == "not json")
  }

  @Test func aDetailNamesItsNumberWhileAnotherWindowMovesTheCount() async throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let script = """
      count 7
      new-window
      key tab
      is-prime
      key tab
      increment
      increment
      key tab
      save-favorite
      quit
      """
    let run = try await runPrimetime(
      ["script", "--layout", "desktop", "--data-dir", data.path], input: script)
    #expect(run.status == 0, "\(run.errors)")
    let last = try #require(run.output.components(separatedBy: "> save-favorite").last)
    #expect(last.contains("7 is prime") && last.contains("Next prime: 11"))
    #expect(last.contains("Remove from favorite primes"))
    #expect(last.contains("  9  "), "the shared count moved on")
    #expect(!run.output.contains("9 is prime"))
    #expect(try storedFavorites(in: data) == [7])
  }
}

/// `primetime open FILE` as a script of `input`, compact, `file` written with `contents`
/// first and the app's favorites kept beside it (in `data`).
func openDocument(_ file: URL, holding contents: String, input: String) async throws -> Run {
  try contents.write(to: file, atomically: true, encoding: .utf8)
  let data = file.deletingLastPathComponent().appendingPathComponent("data")
  return try await runPrimetime(
    ["open", "--data-dir", data.path, "--layout", "compact", file.path], input: input)
}

/// The primes the favorites file in `folder` holds.
func storedFavorites(in folder: URL) throws -> [Int] {
  try storedFavorites(at: folder.appendingPathComponent("favorite-primes.json"))
}

/// The primes the favorites file or document `file` holds.
func storedFavorites(at file: URL) throws -> [Int] {
  let data = try Data(contentsOf: file)
  let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
  return object?["favoritePrimes"] as? [Int] ?? []
}
