import Foundation
import IssueReporting
import Synchronization

/// Loads and saves the favorite primes.
///
/// ```swift
/// let storage = FavoritesStorage.live()          // $XDG_DATA_HOME/primetime/
/// try await storage.save([2, 3, 5])
/// try await storage.load()                       // [2, 3, 5]
/// ```
public struct FavoritesStorage: Sendable {
  public var load: @Sendable () async throws -> [Int]
  public var save: @Sendable (_ favorites: [Int]) async throws -> Void

  public init(
    load: @escaping @Sendable () async throws -> [Int],
    save: @escaping @Sendable (_ favorites: [Int]) async throws -> Void
  ) {
    self.load = load
    self.save = save
  }
}

/// Why the favorites could not be loaded or saved; each names the file or folder.
public enum FavoritesStorageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file exists but is not a favorites file. It is left as it is.
  case corrupt(path: String, reason: String)
  case cannotRead(path: String, reason: String)
  case cannotWrite(path: String, reason: String)

  public var description: String {
    switch self {
    case .corrupt(let path, let reason): "\(path) is not a favorites file (\(reason))"
    case .cannotRead(let path, let reason): "cannot read \(path): \(reason)"
    case .cannotWrite(let path, let reason): "cannot save to \(path): \(reason)"
    }
  }
}

extension FavoritesStorage {
  /// A JSON file, `favorite-primes.json`, in `directory`.
  ///
  /// Saving writes a temporary file in the same folder, flushes it to disk and renames it
  /// over the old one, so a crash at any moment leaves the old file or the new one. A file
  /// that cannot be decoded makes `load` fail naming it, and is never overwritten by a load;
  /// the next save first keeps a copy of it as `favorite-primes.json.corrupt-<time>`.
  public static func live(
    directory: URL = defaultDirectory(), date: DateClient = .live
  ) -> FavoritesStorage {
    let file = FavoritesFile(directory: directory, date: date)
    return FavoritesStorage(load: { try file.read() }, save: { try file.write($0) })
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

  /// Keeps the favorites in memory, starting from `initial`.
  public static func inMemory(_ initial: [Int] = []) -> FavoritesStorage {
    let favorites = Mutex(initial)
    return FavoritesStorage(
      load: { favorites.withLock { $0 } },
      save: { new in favorites.withLock { $0 = new } })
  }

  /// Fails every load and save with `error`.
  public static func failing(_ error: FavoritesStorageError) -> FavoritesStorage {
    FavoritesStorage(load: { throw error }, save: { _ in throw error })
  }

  /// Reports an issue naming the endpoint, then fails.
  public static let unimplemented = FavoritesStorage(
    load: {
      reportIssue("Unimplemented: FavoritesStorage.load was called")
      throw UnimplementedError(endpoint: "FavoritesStorage.load")
    },
    save: { favorites in
      reportIssue("Unimplemented: FavoritesStorage.save was called with \(favorites)")
      throw UnimplementedError(endpoint: "FavoritesStorage.save")
    })
}

/// The favorites file on disk.
struct FavoritesFile: Sendable {
  static let name = "favorite-primes.json"

  let directory: URL
  let date: DateClient

  var path: String { directory.appendingPathComponent(Self.name).path }

  private struct Contents: Codable {
    var version = 1
    var favoritePrimes: [Int]
  }

  func read() throws(FavoritesStorageError) -> [Int] {
    guard FileManager.default.fileExists(atPath: path) else { return [] }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .cannotRead(path: path, reason: reason(error))
    }
    do {
      return try JSONDecoder().decode(Contents.self, from: data).favoritePrimes
    } catch {
      throw .corrupt(path: path, reason: "it does not hold a list of favorite primes")
    }
  }

  func write(_ favorites: [Int]) throws(FavoritesStorageError) {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw .cannotWrite(path: directory.path, reason: reason(error))
    }
    try keepCopyIfCorrupt()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = try! encoder.encode(Contents(favoritePrimes: favorites))
    let temporary = directory.appendingPathComponent(
      ".\(Self.name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    ).path
    do {
      try writeDurably(data, to: temporary)
      guard rename(temporary, path) == 0 else { throw POSIXFailure(errno) }
      syncDirectory()
    } catch {
      unlink(temporary)
      throw .cannotWrite(path: path, reason: reason(error))
    }
  }

  /// A file that does not decode is copied aside before the first save replaces it.
  private func keepCopyIfCorrupt() throws(FavoritesStorageError) {
    do {
      _ = try read()
    } catch .corrupt {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "UTC")
      formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
      let copy = "\(path).corrupt-\(formatter.string(from: date.now()))"
      do {
        try FileManager.default.copyItem(atPath: path, toPath: copy)
      } catch {
        throw .cannotWrite(path: copy, reason: reason(error))
      }
    } catch {
      // Unreadable: the rename below replaces it, or fails with its own reason.
    }
  }

  private func writeDurably(_ data: Data, to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw POSIXFailure(errno) }
    defer { close(descriptor) }
    try data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw POSIXFailure(errno)
        }
        offset += written
      }
    }
    guard fsync(descriptor) == 0 else { throw POSIXFailure(errno) }
  }

  /// Makes the rename itself durable.
  private func syncDirectory() {
    let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  private func reason(_ error: any Error) -> String {
    if let failure = error as? POSIXFailure { return String(cString: strerror(failure.code)) }
    let cocoa = error as NSError
    if let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return cocoa.localizedDescription
  }
}

private struct POSIXFailure: Error {
  let code: Int32
  init(_ code: Int32) { self.code = code }
}
