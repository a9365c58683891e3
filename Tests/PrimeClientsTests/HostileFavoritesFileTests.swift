import Foundation
import PrimeClients
import Synchronization
import Testing

@testable import PrimeClientsLive

#if canImport(Glibc)
  import Glibc
#endif

/// The favorites file where another program, a person or the disk works against it: what is
/// in its place, what is in it, where it points, who holds its lock, how full the disk is.
/// A class, so that each test's folder goes with it.
final class HostileFavoritesFileTests {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("primetime-hostile-\(UUID().uuidString)")
  var path: String { directory.path + "/favorite-primes.json" }

  init() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit {
    // A folder left in the file's place, or one made unreadable, must not stop the cleanup.
    chmod(directory.path, 0o755)
    try? FileManager.default.removeItem(at: directory)
  }

  func storage(_ file: FavoritesFile) -> FavoritesStorage {
    FavoritesStorage(
      load: { try file.load() }, save: { favorites, base in try file.save(favorites, base: base) })
  }

  func file(space: Int? = nil, patience: Duration = .seconds(3)) -> FavoritesFile {
    var file = FavoritesFile(directory: directory.path, now: { Date(timeIntervalSince1970: 0) })
    file.space = space.map(FavoritesFile.Space.init)
    file.lockPatience = patience
    return file
  }

  func write(_ text: String, to path: String? = nil) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path ?? self.path))
  }

  func asideCopies() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.contains(".corrupt-") }.sorted()
  }

  func leftovers() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".tmp") }
  }

  enum Kind: String, CaseIterable, Sendable {
    case fifo, linkToRandom, linkToNull, folder, tooLarge
  }

  /// Puts a thing that is not a favorites file where the file goes.
  func make(_ kind: Kind) throws {
    switch kind {
    case .fifo: #expect(mkfifo(path, 0o644) == 0)
    case .linkToRandom: #expect(symlink("/dev/urandom", path) == 0)
    case .linkToNull: #expect(symlink("/dev/null", path) == 0)
    case .folder: #expect(mkdir(path, 0o755) == 0)
    case .tooLarge:
      // Sparse: 65 MiB that take no room on disk, starting as a valid file would.
      try write(#"{ "version" : 1, "favoritePrimes" : [2"#)
      #expect(truncate(path, off_t(FavoritesFile.sizeLimit + (1 << 20))) == 0)
    }
  }

  func kindOfFile() -> mode_t {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
  }

  /// A FIFO, a device or a folder in the file's place, or a file too large to be one: the load
  /// and the save say so at once (a FIFO does not block them, a device is not read without
  /// end) and leave the thing as it is.
  @Test(arguments: Kind.allCases)
  func whatIsNotAFavoritesFileIsReportedAtOnceAndLeftAlone(_ kind: Kind) async throws {
    try make(kind)
    let before = kindOfFile()
    let storage = storage(file())
    await #expect {
      try await storage.load()
    } throws: { error in
      switch (kind, error as? FavoritesStorageError) {
      case (.tooLarge, .tooLarge(let location, let limit)?):
        return location == path && limit == FavoritesFile.sizeLimit
      case (.tooLarge, _): return false
      case (_, .cannotRead(let location, let reason)?): return location == path && !reason.isEmpty
      default: return false
      }
    }
    await #expect {
      try await storage.save([2, 3], [])
    } throws: { error in
      guard case .cannotWrite(_, let reason) = error as? FavoritesStorageError else { return false }
      return reason.contains("left as it is")
    }
    #expect(kindOfFile() == before, "the thing in the file's place is untouched")
    #expect(try asideCopies() == [] && leftovers() == [])
  }

  /// Numbers that do not fit a 64-bit Int are left out like other bad entries: the rest load,
  /// the save keeps them and copies the file aside once.
  @Test(arguments: [
    "18446744073709551616", "9223372036854775808", "-9223372036854775809",
    "123456789012345678901234567890", "1e400", "\"seven\"", "[7]",
  ])
  func entriesThatDoNotFitAreLeftOutAndTheRestKept(_ entry: String) async throws {
    let original = #"{ "version" : 1, "favoritePrimes" : [2, \#(entry), 3, 5] }"#
    try write(original)
    let storage = storage(file())
    let loaded = try await storage.load()
    #expect(loaded.primes == [2, 3, 5])
    #expect(loaded.refusal?.contains("not a whole number") == true, "\(loaded.refusal ?? "")")
    #expect(try await storage.save([2, 3, 5, 7], [2, 3, 5]) == [2, 3, 5, 7])
    #expect(try await storage.load() == LoadedFavorites(primes: [2, 3, 5, 7]))
    let copies = try asideCopies()
    #expect(copies.count == 1)
    let copy = try String(contentsOfFile: directory.path + "/" + copies[0], encoding: .utf8)
    #expect(copy == original)
  }

  /// A full disk: however many saves fail, at most one copy aside per content, never a partial
  /// one, no temporary file left; once there is room, the save succeeds.
  @Test(arguments: [0, 10, 60, 100])
  func aFullDiskLeavesOneWholeCopyAsideAndNoPartialOnes(space: Int) async throws {
    let original = #"{ "version" : 1, "favoritePrimes" : [2, 4, 3] }"#
    try write(original)
    let full = storage(file(space: space))
    for _ in 0..<5 {
      await #expect(throws: FavoritesStorageError.self) {
        try await full.save([2, 3, 11], [2, 3])
      }
    }
    let copies = try asideCopies()
    #expect(copies.count <= 1)
    for copy in copies {
      let text = try String(contentsOfFile: directory.path + "/" + copy, encoding: .utf8)
      #expect(text == original, "a copy aside is whole")
    }
    #expect(try leftovers() == [])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == original)

    let roomy = storage(file())
    #expect(try await roomy.save([2, 3, 11], [2, 3]) == [2, 3, 11])
    #expect(try asideCopies().count == 1)
  }

  /// A favorites file that is a symbolic link stays one: the save writes its target, which
  /// keeps its mode; a plain file keeps its mode too.
  @Test(arguments: [0o600, 0o640] as [mode_t])
  func aLinkIsWrittenThroughAndModesAreKept(mode: mode_t) async throws {
    let elsewhere = directory.appendingPathComponent("synced")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    let target = elsewhere.path + "/mine.json"
    try write(#"{ "version" : 1, "favoritePrimes" : [2, 3] }"#, to: target)
    #expect(chmod(target, mode) == 0)
    #expect(symlink("synced/mine.json", path) == 0)

    let storage = storage(file())
    #expect(try await storage.save([2, 3, 5], [2, 3]) == [2, 3, 5])
    #expect(kindOfFile() == S_IFLNK, "the link is still a link")
    #expect(try await storage.load().primes == [2, 3, 5])
    var status = stat()
    #expect(stat(target, &status) == 0 && status.st_mode & 0o7777 == mode)

    #expect(unlink(path) == 0)
    try write(#"{ "version" : 1, "favoritePrimes" : [7] }"#)
    #expect(chmod(path, mode) == 0)
    _ = try await storage.save([7, 13], [7])
    #expect(stat(path, &status) == 0 && status.st_mode & 0o7777 == mode)
  }

  /// A link in the lock's place, dangling or not: the save refuses, saying so, and makes
  /// nothing where it points (it made the missing target before) nor changes what is there.
  @Test(arguments: [false, true])
  func aLinkInTheLocksPlaceIsRefused(targetExists: Bool) async throws {
    let outside = directory.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    let target = outside.path + "/made-by-the-lock"
    if targetExists { try write("theirs", to: target) }
    #expect(symlink(target, directory.path + "/.favorite-primes.json.lock") == 0)
    await #expect {
      try await storage(file()).save([2], [])
    } throws: { error in
      guard case .cannotWrite(_, let reason) = error as? FavoritesStorageError else { return false }
      return reason.contains("is a symbolic link")
    }
    #expect(
      FileManager.default.fileExists(atPath: target) == targetExists,
      "nothing made where the link points")
    if targetExists { #expect(try String(contentsOfFile: target, encoding: .utf8) == "theirs") }
    #expect(kindOfFile() == 0, "nothing was written")
  }

  /// Another program holding the lock: a save waits its patience, then says who holds what;
  /// a save whose task is cancelled (a quit) stops waiting.
  @Test func aLockHeldElsewhereIsWaitedOnForABoundedTime() async throws {
    let lock = open(directory.path + "/.favorite-primes.json.lock", O_RDWR | O_CREAT, 0o644)
    #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
    defer { close(lock) }
    await #expect {
      try await storage(file(patience: .milliseconds(200))).save([2], [])
    } throws: { error in
      guard case .cannotWrite(_, let reason) = error as? FavoritesStorageError else { return false }
      return reason.contains("another PrimeTime") && reason.contains(".lock")
    }
    let patient = storage(file(patience: .seconds(3_600)))
    let save = Task { try await patient.save([2], []) }
    try await Task.sleep(for: .milliseconds(100))
    save.cancel()
    await #expect(throws: FavoritesStorageError.cancelled) { try await save.value }
    #expect(kindOfFile() == 0, "nothing was written")
  }

  /// Random sessions of saves and loads against things put in the file's place, entries
  /// another program wrote, and a disk that fills up: a favorite whose save succeeded is
  /// never lost, and no content is copied aside twice or in part.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func randomSessionsNeverLoseASavedFavorite(seed: UInt64) async throws {
    var random = SplitMix64(seed: seed)
    let primes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71]
    var saved: Set<Int> = []
    var base: [Int] = []
    var mine: [Int] = []
    let aside = path + ".away"
    for _ in 0..<120 {
      switch random.next() % 6 {
      case 0, 1:
        let prime = primes[Int(random.next() % UInt64(primes.count))]
        if !mine.contains(prime) { mine.append(prime) }
        let space = random.next() % 3 == 0 ? Int(random.next() % 400) : nil
        if let stored = try? await storage(file(space: space)).save(mine, base) {
          saved.formUnion(mine)
          base = stored
          mine = stored
        }
      case 2:
        if let loaded = try? await storage(file()).load() {
          mine = mine.rebased(from: base, onto: loaded.primes)
          base = loaded.primes
        }
      case 3:
        // Something else in the file's place, for a save and a load; then the file is back.
        let kind = Kind.allCases[Int(random.next() % UInt64(Kind.allCases.count))]
        let present = kindOfFile() != 0
        if present { #expect(rename(path, aside) == 0) }
        try make(kind)
        _ = try? await storage(file()).save(mine + [97], base)
        _ = try? await storage(file()).load()
        if kind == .folder { rmdir(path) } else { unlink(path) }
        if present { #expect(rename(aside, path) == 0) }
      case 4:
        // Another program adds an entry that is left out.
        guard let loaded = try? await storage(file()).load() else { break }
        let extra = ["4", "18446744073709551616", "-1", "\(loaded.primes.first ?? 9)"]
        let entries = loaded.primes.map(String.init) + [extra[Int(random.next() % 4)]]
        try write(#"{ "version" : 1, "favoritePrimes" : [\#(entries.joined(separator: ","))] }"#)
      default:
        try? await Task.sleep(for: .zero)
      }
      if kindOfFile() != 0 {
        let loaded = try await storage(file()).load()
        #expect(saved.isSubset(of: Set(loaded.primes)), "a saved favorite was lost")
      }
      let copies = try asideCopies().map {
        try String(contentsOfFile: directory.path + "/" + $0, encoding: .utf8)
      }
      #expect(Set(copies).count == copies.count, "a content copied aside twice")
      #expect(copies.allSatisfy { $0.hasSuffix("}") }, "a partial copy aside")
      #expect(try leftovers() == [])
    }
  }
}
