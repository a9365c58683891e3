import Dependencies
import IssueReporting
import Sharing
import Synchronization

/// Loads and saves the favorite primes.
///
/// A save merges: it is given the list to save and the list it was based on (what this
/// program last loaded or saved), and applies only the additions and removals made since
/// then to what the storage holds now. Two programs sharing one file therefore never erase
/// each other's favorites; the save answers the list now stored.
///
/// ```swift
/// @Dependency(\.favoritesStorage) var storage
/// let loaded = try await storage.load()                           // [2, 3]
/// let stored = try await storage.save([2, 3, 5], loaded.primes)   // [2, 3, 5]
/// ```
///
/// The live value, a file, is in `PrimeClientsLive`.
public struct FavoritesStorage: Sendable {
  public var load: @Sendable () async throws(FavoritesStorageError) -> LoadedFavorites
  /// Saves `favorites`, changed from `base`; returns the list now stored.
  public var save:
    @Sendable (_ favorites: [Int], _ base: [Int]) async throws(FavoritesStorageError) -> [Int]
  /// Calls `onChange` after what is stored may have changed (another program saved), until
  /// the result is cancelled; a storage no other program writes never calls it.
  public var watch: @Sendable (_ onChange: @escaping @Sendable () -> Void) -> SharedSubscription

  /// A storage from its operations. What they throw reaches the features as a
  /// ``FavoritesStorageError``, so that a reducer can tell one failure from another: a
  /// cancellation becomes ``FavoritesStorageError/cancelled``.
  public init(
    load: @escaping @Sendable () async throws -> LoadedFavorites,
    save: @escaping @Sendable (_ favorites: [Int], _ base: [Int]) async throws -> [Int],
    watch: @escaping @Sendable (_ onChange: @escaping @Sendable () -> Void) -> SharedSubscription =
      { _ in SharedSubscription {} }
  ) {
    self.watch = watch
    self.load = { () async throws(FavoritesStorageError) in
      do { return try await load() } catch { throw FavoritesStorageError(error) }
    }
    self.save = { (favorites, base) async throws(FavoritesStorageError) in
      do { return try await save(favorites, base) } catch { throw FavoritesStorageError(error) }
    }
  }
}

/// What a load found.
public struct LoadedFavorites: Equatable, Sendable {
  /// The favorites, in the order they were saved.
  public var primes: [Int]
  /// Why some entries were left out (not primes, repeated), to show the person; `nil` when
  /// every entry loaded.
  public var refusal: String?

  public init(primes: [Int], refusal: String? = nil) {
    self.primes = primes
    self.refusal = refusal
  }
}

/// Why the favorites could not be loaded or saved; each names the file or folder.
///
/// The features keep it as it is (``FavoritePrimesFeature/StorageStatus/failed(_:)``), so a
/// reducer can tell a file too large to be one from a save stopped by quitting; the adapters
/// show its ``description``.
public enum FavoritesStorageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file exists but is not a favorites file. It is left as it is.
  case corrupt(path: String, reason: String)
  /// The file is larger than `limit` bytes, which no favorites file is: it was not read.
  case tooLarge(path: String, limit: Int)
  case cannotRead(path: String, reason: String)
  case cannotWrite(path: String, reason: String)
  /// The program stopped the load or the save (it is quitting): the file is as it was.
  case cancelled
  /// A storage other than the file failed (one a test or an app wrote); says how.
  case other(String)

  /// `error` as the favorites' storage reports it: itself when it is one, ``cancelled`` for a
  /// cancellation, ``other(_:)`` with its description otherwise.
  public init(_ error: any Error) {
    switch error {
    case let error as FavoritesStorageError: self = error
    case is CancellationError: self = .cancelled
    default: self = .other(String(describing: error))
    }
  }

  public var description: String {
    switch self {
    case .corrupt(let path, let reason): "\(path) is not a favorites file (\(reason))"
    case .tooLarge(let path, let limit):
      "cannot read \(path): it is larger than \(limit >> 20) MiB, which no favorites file is"
    case .cannotRead(let path, let reason): "cannot read \(path): \(reason)"
    case .cannotWrite(let path, let reason): "cannot save to \(path): \(reason)"
    case .cancelled: "stopped before it finished; the file is as it was"
    case .other(let reason): reason
    }
  }
}

extension Array where Element == Int {
  /// This list with the changes made to it since `base` replayed onto `other`: what a save
  /// stores when another program changed the file meanwhile.
  ///
  /// `other`'s order is kept, the primes removed here since `base` go, the ones added here
  /// come last in the order they were added. When `other` is still `base`, the result is
  /// this list.
  public func rebased(from base: [Int], onto other: [Int]) -> [Int] {
    if other == base { return self }
    let mine = Set(self)
    let original = Set(base)
    let theirs = Set(other)
    let kept = other.filter { mine.contains($0) || !original.contains($0) }
    let added = filter { !original.contains($0) && !theirs.contains($0) }
    return kept + added
  }
}

extension FavoritesStorage: TestDependencyKey {
  /// Unimplemented: a test that loads or saves must say where to.
  public static let testValue = FavoritesStorage.unimplemented
}

extension DependencyValues {
  /// Where the favorite primes are kept.
  public var favoritesStorage: FavoritesStorage {
    get { self[FavoritesStorage.self] }
    set { self[FavoritesStorage.self] = newValue }
  }
}

extension FavoritesStorage {
  /// Keeps the favorites in memory, starting from `initial`; saves merge like the live one.
  public static func inMemory(_ initial: [Int] = []) -> FavoritesStorage {
    let favorites = Mutex(initial)
    return FavoritesStorage(
      load: { LoadedFavorites(primes: favorites.withLock { $0 }) },
      save: { new, base in
        favorites.withLock { stored in
          stored = new.rebased(from: base, onto: stored)
          return stored
        }
      })
  }

  /// Fails every load and save with `error`.
  public static func failing(_ error: FavoritesStorageError) -> FavoritesStorage {
    FavoritesStorage(load: { () throws in throw error }, save: { _, _ throws in throw error })
  }

  /// Reports an issue naming the endpoint, then fails.
  public static let unimplemented = FavoritesStorage(
    load: {
      reportIssue("Unimplemented: FavoritesStorage.load was called")
      throw UnimplementedError(endpoint: "FavoritesStorage.load")
    },
    save: { favorites, _ in
      reportIssue("Unimplemented: FavoritesStorage.save was called with \(favorites)")
      throw UnimplementedError(endpoint: "FavoritesStorage.save")
    },
    watch: { _ in
      reportIssue("Unimplemented: FavoritesStorage.watch was called")
      return SharedSubscription {}
    })
}
