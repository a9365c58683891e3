import Dependencies
import Foundation
import PrimeClients
import PrimeEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FavoritesStorage {
  /// A JSON file, `favorite-primes.json`, in `directory`.
  ///
  /// - A save takes a lock beside the file, reads what is there, merges its changes into it
  ///   (see ``FavoritesStorage``), writes a temporary file, flushes it to disk and renames it
  ///   over the old one: a crash at any moment leaves the old file or the new one, and two
  ///   programs saving at once both keep their changes.
  /// - A file that cannot be read is never replaced: the save fails saying why.
  /// - A file that does not decode, or that holds entries that are not favorite primes
  ///   (numbers that are not prime, repeats), is reported by the load, never changed by it,
  ///   and copied aside as `favorite-primes.json.corrupt-<time>` before a save replaces it.
  /// - Temporary files left by a save that was killed are removed by the next save.
  ///
  /// `now` names the copies kept aside.
  public static func live(
    directory: URL = defaultDirectory(), now: @escaping @Sendable () -> Date = { Date() }
  ) -> FavoritesStorage {
    let file = FavoritesFile(directory: directory.path, now: now)
    return FavoritesStorage(
      load: { try file.load() },
      save: { favorites, base in try file.save(favorites, base: base) })
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

  let directory: String
  let now: @Sendable () -> Date

  var path: String { directory + "/" + Self.name }

  private struct Contents: Codable {
    var version: Int
    var favoritePrimes: [Int]
  }

  /// What the file holds now.
  private struct Reading {
    var bytes: [UInt8]
    var primes: [Int]
    var notPrime: [Int] = []
    var repeated: [Int] = []

    var isClean: Bool { notPrime.isEmpty && repeated.isEmpty }
  }

  func load() throws(FavoritesStorageError) -> LoadedFavorites {
    guard let reading = try read() else { return LoadedFavorites(primes: []) }
    return LoadedFavorites(primes: reading.primes, refusal: refusal(reading))
  }

  func save(_ favorites: [Int], base: [Int]) throws(FavoritesStorageError) -> [Int] {
    try makeDirectory()
    let lock = try Lock(path: directory + "/." + Self.name + ".lock", directory: directory)
    defer { lock.release() }
    removeStaleTemporaries()
    var current: [Int] = []
    do {
      if let reading = try read() {
        current = reading.primes
        if !reading.isClean { try keepAside(reading.bytes) }
      }
    } catch .corrupt {
      try keepAside((try? bytes()) ?? [])
    } catch .cannotRead(_, let reason) {
      throw .cannotWrite(
        path: path, reason: "it cannot be read (\(reason)), so it was left as it is")
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
      throw .cannotRead(path: path, reason: failure.reason)
    }
    let contents: Contents
    do {
      contents = try JSONDecoder().decode(Contents.self, from: Data(bytes))
    } catch {
      throw .corrupt(path: path, reason: "it does not hold a list of favorite primes")
    }
    guard contents.version == 1 else {
      throw .corrupt(
        path: path,
        reason: "it is in version \(contents.version) of the format, which this program does "
          + "not know")
    }
    var reading = Reading(bytes: bytes, primes: [])
    var seen = Set<Int>()
    for prime in contents.favoritePrimes {
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

  private func bytes() throws(POSIXFailure) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw POSIXFailure(errno) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw POSIXFailure(errno)
      }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
    }
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
    return "Left out of \(path): \(parts.joined(separator: "; ")). The file is copied aside "
      + "before the next save."
  }

  // MARK: Writing

  /// The folder and its parents, as `mkdir -p` makes them.
  private func makeDirectory() throws(FavoritesStorageError) {
    var partial = directory.hasPrefix("/") ? "" : "."
    for component in directory.split(separator: "/") {
      partial += "/" + component
      if mkdir(partial, 0o755) != 0 && errno != EEXIST {
        throw .cannotWrite(path: directory, reason: POSIXFailure(errno).reason)
      }
    }
    var status = stat()
    if stat(directory, &status) != 0 {
      throw .cannotWrite(path: directory, reason: POSIXFailure(errno).reason)
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw .cannotWrite(path: directory, reason: "it is a file, not a folder")
    }
  }

  /// Copies a file that is about to be replaced, and that held something else than clean
  /// favorites, to a new name beside it.
  private func keepAside(_ bytes: [UInt8]) throws(FavoritesStorageError) {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    let stem = "\(path).corrupt-\(formatter.string(from: now()))"
    var copy = stem
    var attempt = 1
    while true {
      do {
        try writeDurably(bytes, to: copy)
        return
      } catch let failure where failure.code == EEXIST {
        attempt += 1
        copy = "\(stem)-\(attempt)"
      } catch let failure {
        throw .cannotWrite(path: copy, reason: failure.reason)
      }
    }
  }

  private func write(_ favorites: [Int]) throws(FavoritesStorageError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = try! encoder.encode(Contents(version: 1, favoritePrimes: favorites))
    let suffix = "\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    let temporary = "\(directory)/.\(Self.name).\(suffix)"
    do throws(POSIXFailure) {
      try writeDurably(Array(data), to: temporary)
      guard rename(temporary, path) == 0 else { throw POSIXFailure(errno) }
    } catch let failure {
      unlink(temporary)
      throw .cannotWrite(
        path: path, reason: failure.code == EISDIR ? "it is a folder, not a file" : failure.reason)
    }
    syncDirectory()
  }

  /// Removes temporary files of saves that did not finish. The lock is held: no other save is
  /// writing one now, unless a program that died left it.
  private func removeStaleTemporaries() {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return
    }
    let prefix = ".\(Self.name)."
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
      let fields = name.dropFirst(prefix.count).dropLast(4).split(separator: ".")
      guard fields.count == 2, let pid = pid_t(fields[0]), UInt32(fields[1]) != nil else {
        continue
      }
      if pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH) {
        unlink(directory + "/" + name)
      }
    }
  }

  private func writeDurably(_ bytes: [UInt8], to path: String) throws(POSIXFailure) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw POSIXFailure(errno) }
    defer { close(descriptor) }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw POSIXFailure(errno)
      }
      offset += written
    }
    guard fsync(descriptor) == 0 else { throw POSIXFailure(errno) }
  }

  /// Makes the rename itself durable.
  private func syncDirectory() {
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }
}

/// An exclusive advisory lock on a file beside the favorites, held while a save reads,
/// merges and writes.
private struct Lock {
  let descriptor: Int32

  init(path: String, directory: String) throws(FavoritesStorageError) {
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .cannotWrite(path: directory, reason: POSIXFailure(errno).reason)
    }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else {
        let reason = POSIXFailure(errno).reason
        close(descriptor)
        throw .cannotWrite(path: directory, reason: reason)
      }
    }
  }

  func release() {
    close(descriptor)
  }
}

struct POSIXFailure: Error {
  let code: Int32
  init(_ code: Int32) { self.code = code }

  /// The system's sentence for the error, for people.
  var reason: String {
    code == EISDIR ? "it is a folder, not a file" : String(cString: strerror(code))
  }
}
