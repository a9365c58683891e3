import ComposableTestSupport
import Foundation
import PrimeClients
import PrimeClientsLive
import Testing

/// The favorites format, as a refusal states it.
private let format =
  #"not in the favorites format, {"version": 1, "favoritePrimes": [2, 3, 5]}"#

/// A class, so that each test's folder goes with it.
final class FavoritesStorageTests {
  let directory: URL
  let now: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_795_000_000) }

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("primetime-tests-\(UUID().uuidString)")
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  var file: URL { directory.appendingPathComponent("favorite-primes.json") }
  var storage: FavoritesStorage { .live(directory: directory, now: now) }

  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
      .filter { $0 != ".favorite-primes.json.lock" }
  }

  func writeFile(_ text: String) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  @Test func aMissingFileHoldsNoFavorites() async throws {
    #expect(try await storage.load() == LoadedFavorites(primes: []))
  }

  @Test func saveThenLoad() async throws {
    #expect(try await storage.save([2, 3, 5], []) == [2, 3, 5])
    #expect(try await storage.save([2, 3, 5, 7], [2, 3, 5]) == [2, 3, 5, 7])
    #expect(try await storage.load() == LoadedFavorites(primes: [2, 3, 5, 7]))
    #expect(try contents() == ["favorite-primes.json"], "no temporary file is left")
    let json = try String(contentsOf: file, encoding: .utf8)
    #expect(json.contains("\"favoritePrimes\"") && json.contains("\"version\" : 1"))
  }

  @Test func twoProgramsSavingOneFileKeepEachOthersChanges() async throws {
    let first = storage
    let second = FavoritesStorage.live(directory: directory, now: now)
    _ = try await first.save([2], [])
    // Both loaded [2]; the first adds 3, the second adds 5, then removes 2.
    #expect(try await first.save([2, 3], [2]) == [2, 3])
    #expect(try await second.save([2, 5], [2]) == [2, 3, 5])
    #expect(try await second.save([3, 5], [2, 3, 5]) == [3, 5])
    #expect(try await first.save([3], [3]) == [3, 5], "nothing changed here: nothing is undone")
    #expect(try await first.load().primes == [3, 5])
  }

  @Test func rebasingKeepsEveryoneElsesChanges() {
    var generator = SplitMix64(seed: 11)
    for _ in 0..<500 {
      let pool = Array(2...40)
      let base = pool.filter { _ in generator.next() % 3 == 0 }
      func edited() -> [Int] {
        base.filter { _ in generator.next() % 4 != 0 }
          + pool.filter { !base.contains($0) && generator.next() % 6 == 0 }.shuffled(
            using: &generator)
      }
      let (mine, theirs) = (edited(), edited())
      let result = mine.rebased(from: base, onto: theirs)
      let removedHere = Set(base).subtracting(mine)
      let addedHere = Set(mine).subtracting(base)
      #expect(Set(result) == Set(theirs).subtracting(removedHere).union(addedHere))
      #expect(result.count == Set(result).count, "no prime twice")
      #expect(mine.rebased(from: base, onto: base) == mine)
    }
  }

  /// A file that does not decode is said in the format's terms, never the decoder's (which
  /// named Swift types: "Expected to decode Dictionary<String, Any> but found an array").
  @Test(arguments: [
    ("", "it is empty"),
    ("[2, 3, 5]", "it is \(format): it holds another kind of value"),
    (#"{"version": 1}"#, #"it is \#(format): it has no "favoritePrimes""#),
    (
      #"{"version": "1", "favoritePrimes": []}"#,
      #"it is \#(format): its "version" is not what the format has there"#
    ),
    (
      #"{"version": 1, "favoritePrimes": {"a": 2}}"#,
      #"it is \#(format): its "favoritePrimes" is not what the format has there"#
    ),
  ])
  func aFileNotInTheFormatIsSaidInItsTerms(contents: String, reason: String) async throws {
    try writeFile(contents)
    await #expect(throws: FavoritesStorageError.corrupt(path: file.path, reason: reason)) {
      try await storage.load()
    }
    #expect(try Data(contentsOf: file) == Data(contents.utf8), "a load never overwrites")
  }

  @Test func aCorruptFileIsNamedKeptAndCopiedAsideBeforeTheNextSave() async throws {
    try writeFile("{ not json")
    do {
      _ = try await storage.load()
      Issue.record("a corrupt file loaded")
    } catch {
      // Which file, and what the decoder found there.
      guard case .corrupt(let path, let reason) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(path == file.path)
      #expect(reason == "it is not valid JSON")
    }
    #expect(try Data(contentsOf: file) == Data("{ not json".utf8), "a load never overwrites")

    #expect(try await storage.save([11], []) == [11])
    let copy = "favorite-primes.json.corrupt-20261118T110640Z"
    #expect(try contents() == ["favorite-primes.json", copy])
    #expect(try Data(contentsOf: directory.appendingPathComponent(copy)) == Data("{ not json".utf8))
    #expect(try await storage.load().primes == [11])

    try writeFile("[]")
    _ = try await storage.save([13], [])
    #expect(
      try contents() == ["favorite-primes.json", copy, copy + "-2"],
      "a second copy in the same second gets a name of its own")
  }

  @Test func entriesThatAreNotFavoritePrimesAreRefusedAndTheFileIsKeptAside() async throws {
    let original = #"{ "version" : 1, "favoritePrimes" : [2, 4, -3, 0, 1, 3, 3, 9, 2, 97] }"#
    try writeFile(original)
    let loaded = try await storage.load()
    #expect(loaded.primes == [2, 3, 97])
    #expect(
      loaded.refusal
        == "Left out of \(file.path): 4, -3, 0, 1, 9 (not prime); 3, 2 (repeated). The file "
        + "is copied aside before the next save.")
    #expect(try String(contentsOf: file, encoding: .utf8) == original, "a load changes nothing")

    #expect(try await storage.save([2, 3, 97, 5], [2, 3, 97]) == [2, 3, 97, 5])
    #expect(try await storage.load() == LoadedFavorites(primes: [2, 3, 97, 5]))
    let copy = directory.appendingPathComponent("favorite-primes.json.corrupt-20261118T110640Z")
    #expect(try String(contentsOf: copy, encoding: .utf8) == original)
  }

  @Test func aFileOfAnotherVersionIsNotRead() async throws {
    try writeFile(#"{ "version" : 2, "favoritePrimes" : [2] }"#)
    await #expect(
      throws: FavoritesStorageError.corrupt(
        path: file.path,
        reason: "it is in version 2 of the format, which this program does not know")
    ) { try await storage.load() }
  }

  /// Another program damages the file after this one loaded it: the save keeps every
  /// favorite this one had (it cannot know the damage removed any), and the damaged file is
  /// copied aside.
  @Test(arguments: [
    #"{"version":1,"favoritePrimes":[7,1"#, "", "{ not json", #"{"favoritePrimes":[7]}"#,
    #"{"version":1,"favoritePrimes":{"7":true}}"#,
  ])
  func aDamagedFileKeepsWhatWasLoaded(_ damaged: String) async throws {
    try writeFile(#"{ "version" : 1, "favoritePrimes" : [7, 11] }"#)
    let loaded = try await storage.load().primes
    #expect(loaded == [7, 11])
    try writeFile(damaged)
    #expect(try await storage.save(loaded + [13], loaded) == [7, 11, 13])
    #expect(try await storage.load().primes == [7, 11, 13])
    let copy = directory.appendingPathComponent("favorite-primes.json.corrupt-20261118T110640Z")
    #expect(try String(contentsOf: copy, encoding: .utf8) == damaged)
  }

  /// A file another version wrote holds what this program cannot write back: a save refuses
  /// and says why, and the file stays.
  @Test(arguments: [2, 0, 17])
  func aFileOfAnotherVersionIsNeverReplaced(_ version: Int) async throws {
    let original = #"{ "version" : \#(version), "favoritePrimes" : [7, 11], "notes" : {} }"#
    try writeFile(original)
    await #expect(
      throws: FavoritesStorageError.cannotWrite(
        path: file.path,
        reason: "it is in version \(version) of the format, which this program does not know, "
          + "so it was left as it is")
    ) { try await storage.save([7, 11, 13], [7, 11]) }
    #expect(try String(contentsOf: file, encoding: .utf8) == original)
  }

  @Test func aFileThatCannotBeReadIsNeverReplaced() async throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let reason: String
    if geteuid() == 0 {
      // Root reads any file; a symbolic link to itself cannot be opened by anyone.
      try FileManager.default.createSymbolicLink(
        atPath: file.path, withDestinationPath: "favorite-primes.json")
      reason = "Too many levels of symbolic links"
    } else {
      try writeFile(#"{ "version" : 1, "favoritePrimes" : [7] }"#)
      chmod(file.path, 0o000)
      reason = "Permission denied"
    }
    defer { chmod(file.path, 0o644) }
    await #expect(throws: FavoritesStorageError.cannotRead(path: file.path, reason: reason)) {
      try await storage.load()
    }
    await #expect(
      throws: FavoritesStorageError.cannotWrite(
        path: file.path, reason: "it cannot be read (\(reason)), so it was left as it is")
    ) { _ = try await storage.save([2], []) }
    #expect(try contents() == ["favorite-primes.json"])
  }

  @Test func aFolderInPlaceOfTheFileIsSaidPlainly() async throws {
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
    await #expect(
      throws: FavoritesStorageError.cannotRead(
        path: file.path, reason: "it is a folder, not a file")
    ) { try await storage.load() }
  }

  @Test func staleTemporaryFilesOfKilledSavesAreRemoved() async throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var deadProcess: pid_t = 4_000_000
    while kill(deadProcess, 0) == 0 || errno != ESRCH { deadProcess -= 1 }
    let stale = [
      ".favorite-primes.json.\(deadProcess).1234.tmp", ".favorite-primes.json.\(getpid()).5.tmp",
    ]
    // pid 1 is alive: its save may be under way. Names of another shape are not ours.
    let kept = [".favorite-primes.json.1.77.tmp", ".favorite-primes.json.notes", "other.tmp"]
    for name in stale + kept {
      try Data("{".utf8).write(to: directory.appendingPathComponent(name))
    }
    _ = try await storage.save([2], [])
    #expect(try contents() == (kept + ["favorite-primes.json"]).sorted())
  }

  @Test func aFolderThatCannotBeMadeIsAnError() async throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let blocker = directory.appendingPathComponent("a-file")
    try Data().write(to: blocker)
    let storage = FavoritesStorage.live(directory: blocker.appendingPathComponent("primetime"))
    await #expect(
      throws: FavoritesStorageError.cannotWrite(
        path: blocker.appendingPathComponent("primetime").path, reason: "Not a directory")
    ) { _ = try await storage.save([2], []) }
  }

  @Test func aFailedSaveLeavesTheOldFileAndNoTemporaryFile() async throws {
    _ = try await storage.save([2, 3], [])
    if geteuid() != 0 {
      // A read-only folder: the temporary file cannot be made.
      chmod(directory.path, 0o555)
      defer { chmod(directory.path, 0o755) }
      await #expect(throws: FavoritesStorageError.self) { _ = try await storage.save([5], []) }
    } else {
      // Root writes anywhere: make the rename fail instead, onto a non-empty folder.
      let nested = directory.appendingPathComponent("nested")
      let other = FavoritesStorage.live(directory: nested)
      try FileManager.default.createDirectory(
        at: nested.appendingPathComponent("favorite-primes.json/inside"),
        withIntermediateDirectories: true)
      await #expect(throws: FavoritesStorageError.self) { _ = try await other.save([5], []) }
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: nested.path).sorted()
          == [".favorite-primes.json.lock", "favorite-primes.json"])
    }
    #expect(try await storage.load().primes == [2, 3])
  }

  @Test func defaultDirectoryFollowsXDG() {
    #expect(
      FavoritesStorage.defaultDirectory(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/a"])
        .path == "/data/primetime")
    #expect(
      FavoritesStorage.defaultDirectory(environment: ["HOME": "/home/a"]).path
        == "/home/a/.local/share/primetime")
    #expect(
      FavoritesStorage.defaultDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"])
        .path == "/h/.local/share/primetime",
      "a relative XDG_DATA_HOME is ignored, as the spec says")
  }

  @Test func fakes() async throws {
    let memory = FavoritesStorage.inMemory([3])
    #expect(try await memory.load().primes == [3])
    #expect(try await memory.save([5, 7], []) == [3, 5, 7], "it merges like the file")
    #expect(try await memory.load().primes == [3, 5, 7])
    let error = FavoritesStorageError.cannotWrite(path: "/x", reason: "No space left on device")
    await #expect(throws: error) { _ = try await FavoritesStorage.failing(error).save([2], []) }
    #expect(error.description == "cannot save to /x: No space left on device")
  }

  @Test func unimplementedReportsTheEndpoint() async {
    await withKnownIssue {
      _ = try? await FavoritesStorage.unimplemented.load()
      _ = try? await FavoritesStorage.unimplemented.save([2], [])
    } matching: { issue in
      ["FavoritesStorage.load was called", "FavoritesStorage.save was called with [2]"]
        .contains { issue.description.contains("Unimplemented: \($0)") }
    }
  }

  @Test func testsGetUnimplementedClientsUnlessTheyGiveOthers() async {
    @Dependency(\.favoritesStorage) var storage
    await withKnownIssue {
      _ = try? await storage.load()
    } matching: {
      $0.description.contains("Unimplemented: FavoritesStorage.load")
    }
  }
}

/// A small seeded generator, so that random checks repeat.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
