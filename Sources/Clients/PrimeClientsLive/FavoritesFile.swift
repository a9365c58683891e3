import Dependencies
import Foundation
import PrimeClients
import PrimeEngine
import Sharing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FavoritesStorage {
  /// A JSON file, `favorite-primes.json`, in `directory`.
  ///
  /// - A save takes a lock beside the file (`.favorite-primes.json.lock`, never through a
  ///   symbolic link: one in its place is refused), reads what is there, merges its changes
  ///   into it (see ``FavoritesStorage``), writes a temporary file, flushes it to disk and
  ///   renames it over the old one: a crash at any moment leaves the old file or the new one,
  ///   and two programs saving at once both keep their changes.
  /// - A file that cannot be read is never replaced: the save fails saying why. Only a regular
  ///   file (or a link to one) of up to 64 MiB is read: a FIFO, a device or a folder in its
  ///   place is reported, never waited on or read without end.
  /// - A file that does not decode, or that holds entries that are not favorite primes
  ///   (numbers that are not prime, repeats, numbers past `Int.max`), is reported by the
  ///   load, never changed by it, and copied aside as `favorite-primes.json.corrupt-<time>`
  ///   before a save replaces it: one complete copy per distinct content, however many saves
  ///   fail (a full disk leaves no partial copy). A save over a file that does not decode
  ///   merges onto what was loaded: nothing the person sees is dropped.
  /// - A file in another version of the format is reported, and never replaced.
  /// - A file that is a symbolic link is written through: its target is replaced, keeping its
  ///   mode and owner, as an existing file keeps its own.
  /// - A save waits at most 3 seconds for another program's save to finish, then fails
  ///   saying so.
  /// - Temporary files left by a save that was killed are removed by the next save.
  /// - Another program's save is seen (inotify on the folder) within a fraction of a second.
  ///
  /// `now` names the copies kept aside.
  public static func live(
    directory: URL = defaultDirectory(), now: @escaping @Sendable () -> Date = { Date() }
  ) -> FavoritesStorage {
    let file = FavoritesFile(directory: directory.path, now: now)
    return FavoritesStorage(
      load: { try file.load() },
      save: { favorites, base in try file.save(favorites, base: base) },
      watch: { onChange in FileStorage.fileSystem.watch(file.path, onChange: onChange) })
  }

  /// `$XDG_DATA_HOME/primetime`, or `~/.local/share/primetime` without it.
  public static func defaultDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return URL(fileURLWithPath: data).appendingPathComponent("primetime")
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".local/share/primetime")
  }
}

/// The favorites file on disk.
struct FavoritesFile: Sendable {
  static let name = "favorite-primes.json"
  /// No favorites file comes near it (100,000 favorites take 1.5 MiB): what is larger is not
  /// one, and is not read.
  static let sizeLimit = 64 << 20

  let directory: String
  /// The file's name in `directory`: the app's favorites', or a document's.
  var name: String = Self.name
  let now: @Sendable () -> Date
  /// How long a save waits for another program's lock.
  var lockPatience: Duration = .seconds(3)
  /// Bytes the disk still takes, for tests of a full disk; nil: as many as the disk has.
  var space: Space? = nil

  /// `/tmp`, not `//tmp`, for a file of the root folder.
  var path: String { (directory.hasSuffix("/") ? directory : directory + "/") + name }

  typealias Space = WriteBudget

  private struct Contents: Encodable {
    var version: Int
    var favoritePrimes: [Int]
  }

  /// The file as read: its entries kept whatever they are, so that one that is not a
  /// 64-bit number is left out rather than the whole file refused.
  private struct ReadContents: Decodable {
    var version: Int
    var favoritePrimes: [Entry]

    enum Entry: Decodable {
      case number(Int)
      case other(String)

      init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if let number = try? value.decode(Int.self) {
          self = .number(number)
        } else if let decimal = try? value.decode(Decimal.self) {
          self = .other("\(decimal)")
        } else if let text = try? value.decode(String.self) {
          self = .other(PrimeEngineError.quoted(text))
        } else {
          self = .other("an entry that is not a number")
        }
      }
    }
  }

  /// What the file holds now.
  private struct Reading {
    var bytes: [UInt8]
    var primes: [Int]
    var notPrime: [Int] = []
    var repeated: [Int] = []
    /// Entries that are not whole numbers from `Int.min` to `Int.max`, as written.
    var unfit: [String] = []

    var isClean: Bool { notPrime.isEmpty && repeated.isEmpty && unfit.isEmpty }
  }

  func load() throws(FavoritesStorageError) -> LoadedFavorites {
    guard let reading = try read() else { return LoadedFavorites(primes: []) }
    return LoadedFavorites(primes: reading.primes, refusal: refusal(reading))
  }

  func save(_ favorites: [Int], base: [Int]) throws(FavoritesStorageError) -> [Int] {
    try makeDirectory()
    let lock = try Lock(
      path: directory + "/." + name + ".lock", directory: directory,
      patience: lockPatience)
    defer { lock.release() }
    removeStaleTemporaries()
    var current: [Int] = []
    do {
      if let reading = try read() {
        current = reading.primes
        if !reading.isClean { try keepAside(reading.bytes) }
      }
    } catch .corrupt {
      guard let bytes = try? bytes() else {
        throw .cannotWrite(
          path: path, reason: "it could not be read again to copy it aside, so it was left as it is"
        )
      }
      // Another version's file holds what this program cannot write back: never replaced.
      if let version = Self.formatVersion(of: bytes), version != 1 {
        throw .cannotWrite(
          path: path,
          reason: "it is in version \(version) of the format, which this program does not know, "
            + "so it was left as it is")
      }
      try keepAside(bytes)
      // What a damaged file held is unknown, so nothing counts as removed by another program:
      // the save merges onto what this program loaded (a truncated file would otherwise drop
      // every favorite the person sees).
      current = base
    } catch .cannotRead(_, let reason) {
      throw .cannotWrite(
        path: path, reason: "it cannot be read (\(reason)), so it was left as it is")
    } catch .tooLarge {
      throw .cannotWrite(
        path: path,
        reason: "it cannot be read (it is larger than \(Self.sizeLimit >> 20) MiB, which no "
          + "favorites file is), so it was left as it is")
    } catch {
      throw error
    }
    let stored = favorites.rebased(from: base, onto: current)
    try write(stored)
    return stored
  }

  // MARK: Reading

  /// The file's primes and what was left out of them; `nil` when there is no file.
  private func read() throws(FavoritesStorageError) -> Reading? {
    let bytes: [UInt8]
    do {
      bytes = try self.bytes()
    } catch let failure {
      if failure.code == ENOENT { return nil }
      if failure.code == EFBIG { throw .tooLarge(path: path, limit: Self.sizeLimit) }
      throw .cannotRead(path: path, reason: failure.reason)
    }
    let contents: ReadContents
    do {
      contents = try JSONDecoder().decode(ReadContents.self, from: Data(bytes))
    } catch {
      throw .corrupt(path: path, reason: Self.formatProblem(error, empty: bytes.isEmpty))
    }
    guard contents.version == 1 else {
      throw .corrupt(
        path: path,
        reason: "it is in version \(contents.version) of the format, which this program does "
          + "not know")
    }
    var reading = Reading(bytes: bytes, primes: [])
    var seen = Set<Int>()
    for entry in contents.favoritePrimes {
      guard case .number(let prime) = entry else {
        if case .other(let text) = entry { reading.unfit.append(text) }
        continue
      }
      if prime < 2 || !Primality.isPrime(UInt64(prime)) {
        reading.notPrime.append(prime)
      } else if !seen.insert(prime).inserted {
        reading.repeated.append(prime)
      } else {
        reading.primes.append(prime)
      }
    }
    return reading
  }

  /// The format version a file says it is in, if it says one.
  private static func formatVersion(of bytes: [UInt8]) -> Int? {
    struct Version: Decodable { var version: Int }
    return try? JSONDecoder().decode(Version.self, from: Data(bytes)).version
  }

  /// The file's bytes: a regular file's only (a FIFO would block the open or the read, a
  /// device never end), and at most ``sizeLimit`` of them.
  private func bytes() throws(POSIXFailure) -> [UInt8] { try Self.bytes(at: path) }

  private static func bytes(at path: String) throws(POSIXFailure) -> [UInt8] {
    try SafeFile.read(
      path, limit: sizeLimit,
      tooLarge: "it is larger than \(sizeLimit >> 20) MiB, which no favorites file is")
  }

  /// What a file that does not decode is, in the format's terms: "not valid JSON" says more
  /// than "corrupt", and the decoder's own words name Swift types ("Expected to decode
  /// Dictionary<String, Any> but found an array instead") that a person never wrote.
  private static func formatProblem(_ error: any Error, empty: Bool) -> String {
    if empty { return "it is empty" }
    let format = #"not in the favorites format, {"version": 1, "favoritePrimes": [2, 3, 5]}"#
    guard let error = error as? DecodingError else { return "it is \(format)" }
    let context: DecodingError.Context
    switch error {
    case .keyNotFound(let key, _): return "it is \(format): it has no \"\(key.stringValue)\""
    case .dataCorrupted(let found) where found.codingPath.isEmpty: return "it is not valid JSON"
    case .dataCorrupted(let found), .typeMismatch(_, let found), .valueNotFound(_, let found):
      context = found
    @unknown default: return "it is \(format)"
    }
    let place = context.codingPath.map(\.stringValue).joined(separator: ".")
    return place.isEmpty
      ? "it is \(format): it holds another kind of value"
      : "it is \(format): its \"\(place)\" is not what the format has there"
  }

  private func refusal(_ reading: Reading) -> String? {
    guard !reading.isClean else { return nil }
    func list(_ numbers: [Int]) -> String {
      let shown = numbers.prefix(5).map(String.init).joined(separator: ", ")
      return numbers.count > 5 ? "\(shown) and \(numbers.count - 5) more" : shown
    }
    var parts: [String] = []
    if !reading.notPrime.isEmpty { parts.append("\(list(reading.notPrime)) (not prime)") }
    if !reading.repeated.isEmpty { parts.append("\(list(reading.repeated)) (repeated)") }
    if !reading.unfit.isEmpty {
      let shown = reading.unfit.prefix(5).joined(separator: ", ")
      let more = reading.unfit.count > 5 ? " and \(reading.unfit.count - 5) more" : ""
      parts.append("\(shown)\(more) (not a whole number up to \(Int.max))")
    }
    return "Left out of \(path): \(parts.joined(separator: "; ")). The file is copied aside "
      + "before the next save."
  }

  // MARK: Writing

  /// The folder and its parents, as `mkdir -p` makes them.
  private func makeDirectory() throws(FavoritesStorageError) {
    do throws(POSIXFailure) {
      try SafeFile.makeDirectory(directory)
    } catch let failure {
      throw .cannotWrite(path: directory, reason: failure.reason)
    }
  }

  /// Copies a file that is about to be replaced, and that held something else than clean
  /// favorites, to a new name beside it: once per content, however many saves fail after it,
  /// and whole or not at all (written to a temporary file first, then linked to its name).
  private func keepAside(_ bytes: [UInt8]) throws(FavoritesStorageError) {
    do throws(SafeFile.PathFailure) {
      try SafeFile.keepAside(bytes, of: path, at: now(), budget: space)
    } catch let failure {
      throw .cannotWrite(path: failure.path, reason: failure.failure.reason)
    }
  }

  /// Writes a temporary file beside the file (beside its target, when it is a symbolic
  /// link), with the file's mode and owner, and renames it over the file.
  private func write(_ favorites: [Int]) throws(FavoritesStorageError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = try! encoder.encode(Contents(version: 1, favoritePrimes: favorites))
    do throws(POSIXFailure) {
      try SafeFile.replace(path, with: Array(data), budget: space)
    } catch let failure {
      throw .cannotWrite(path: path, reason: failure.reason)
    }
  }

  /// Removes temporary files of saves that did not finish. The lock is held: no other save is
  /// writing one now, unless a program that died left it.
  private func removeStaleTemporaries() {
    SafeFile.removeStaleTemporaries(for: name, in: directory, includingOwn: true)
  }
}

/// An exclusive advisory lock on a file beside the favorites, held while a save reads,
/// merges and writes.
private struct Lock {
  let descriptor: Int32

  /// Waits up to `patience` for another program's lock, and not at all once the task is
  /// cancelled: a quit must not wait on another program.
  init(path: String, directory: String, patience: Duration) throws(FavoritesStorageError) {
    // Not through a link: the lock is this program's own file, never a link, and one put in its
    // place would have the save make a file wherever it points (the favorites file itself is
    // written through a link, which a person may have made).
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard descriptor >= 0 else {
      let failure = POSIXFailure(errno)
      throw .cannotWrite(
        path: directory,
        reason: failure.code == ELOOP
          ? "its lock, \(path), is a symbolic link, which a lock never is; remove it"
          : failure.reason)
    }
    let clock = ContinuousClock()
    let deadline = clock.now + patience
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let failure = POSIXFailure(errno)
      if failure.code == EINTR { continue }
      if Task.isCancelled {
        close(descriptor)
        throw .cancelled
      }
      guard failure.code == EWOULDBLOCK, clock.now < deadline else {
        close(descriptor)
        throw .cannotWrite(
          path: directory,
          reason: failure.code == EWOULDBLOCK
            ? "another PrimeTime has been saving there for \(patience) and still is (it holds "
              + "\(path)); try again once it has finished"
            : failure.reason)
      }
      usleep(20_000)
    }
  }

  func release() {
    close(descriptor)
  }
}
