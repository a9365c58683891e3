import Foundation
import PrimeClients
import Testing

struct FavoritesStorageTests {
  let directory: URL
  let date = DateClient.constant(Date(timeIntervalSince1970: 1_795_000_000))

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("primetime-tests-\(UUID().uuidString)")
  }

  var file: URL { directory.appendingPathComponent("favorite-primes.json") }

  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  @Test func aMissingFileHoldsNoFavorites() async throws {
    #expect(try await FavoritesStorage.live(directory: directory).load() == [])
  }

  @Test func saveThenLoad() async throws {
    let storage = FavoritesStorage.live(directory: directory, date: date)
    try await storage.save([2, 3, 5])
    try await storage.save([2, 3, 5, 7])
    #expect(try await storage.load() == [2, 3, 5, 7])
    #expect(try contents() == ["favorite-primes.json"], "no temporary file is left")
    let json = try String(contentsOf: file, encoding: .utf8)
    #expect(json.contains("\"favoritePrimes\"") && json.contains("\"version\" : 1"))
  }

  @Test func aCorruptFileIsNamedKeptAndCopiedAsideBeforeTheNextSave() async throws {
    let storage = FavoritesStorage.live(directory: directory, date: date)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data("{ not json".utf8).write(to: file)
    await #expect(
      throws: FavoritesStorageError.corrupt(
        path: file.path, reason: "it does not hold a list of favorite primes")
    ) { try await storage.load() }
    #expect(try Data(contentsOf: file) == Data("{ not json".utf8), "a load never overwrites")

    try await storage.save([11])
    let copy = directory.appendingPathComponent("favorite-primes.json.corrupt-20261118T110640Z")
    #expect(try contents() == ["favorite-primes.json", copy.lastPathComponent])
    #expect(try Data(contentsOf: copy) == Data("{ not json".utf8))
    #expect(try await storage.load() == [11])
  }

  @Test func aFolderThatCannotBeMadeIsAnError() async throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let blocker = directory.appendingPathComponent("a-file")
    try Data().write(to: blocker)
    let storage = FavoritesStorage.live(directory: blocker.appendingPathComponent("primetime"))
    await #expect {
      try await storage.save([2])
    } throws: { error in
      guard case .cannotWrite(let path, _) = error as? FavoritesStorageError else { return false }
      return path.hasSuffix("a-file/primetime")
    }
  }

  @Test func aFailedSaveLeavesTheOldFileAndNoTemporaryFile() async throws {
    let storage = FavoritesStorage.live(directory: directory, date: date)
    try await storage.save([2, 3])
    if geteuid() != 0 {
      // A read-only folder: the temporary file cannot be made.
      chmod(directory.path, 0o555)
      defer { chmod(directory.path, 0o755) }
      await #expect(throws: FavoritesStorageError.self) { try await storage.save([5]) }
    } else {
      // Root writes anywhere: make the rename fail instead, onto a non-empty folder.
      let other = FavoritesStorage.live(directory: directory.appendingPathComponent("nested"))
      try FileManager.default.createDirectory(
        at: directory.appendingPathComponent("nested/favorite-primes.json/inside"),
        withIntermediateDirectories: true)
      await #expect(throws: FavoritesStorageError.self) { try await other.save([5]) }
      #expect(
        try FileManager.default.contentsOfDirectory(
          atPath: directory.appendingPathComponent("nested").path) == ["favorite-primes.json"])
    }
    #expect(try await storage.load() == [2, 3])
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
    #expect(try await memory.load() == [3])
    try await memory.save([5, 7])
    #expect(try await memory.load() == [5, 7])
    let error = FavoritesStorageError.cannotWrite(path: "/x", reason: "No space left on device")
    await #expect(throws: error) { try await FavoritesStorage.failing(error).save([2]) }
    #expect(error.description == "cannot save to /x: No space left on device")
  }

  @Test func unimplementedReportsTheEndpoint() async {
    await withKnownIssue {
      _ = try? await FavoritesStorage.unimplemented.load()
      try? await FavoritesStorage.unimplemented.save([2])
      _ = DateClient.unimplemented.now()
    } matching: { issue in
      [
        "FavoritesStorage.load was called", "FavoritesStorage.save was called with [2]",
        "DateClient.now was called",
      ]
      .contains { issue.description.contains("Unimplemented: \($0)") }
    }
  }
}
