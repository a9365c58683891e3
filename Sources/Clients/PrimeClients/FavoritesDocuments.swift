import Dependencies
import Synchronization

/// Where favorites documents are read and written: a storage for each file, by its path.
///
/// The live value (in `PrimeClientsLive`) is the favorites file's rules at any path; the test
/// value keeps files in memory, fresh for each test.
///
/// ```swift
/// @Dependency(\.favoritesDocuments) var documents
/// let loaded = try await documents.storage("/home/me/primes.json").load()
/// ```
public struct FavoritesDocuments: Sendable {
  /// The storage of the document at `path`.
  public var storage: @Sendable (_ path: String) -> FavoritesStorage

  public init(storage: @escaping @Sendable (_ path: String) -> FavoritesStorage) {
    self.storage = storage
  }

  /// Files in memory, starting as `files` (by path): a missing file loads as none, a save
  /// replaces it whole.
  public static func inMemory(_ files: [String: [Int]] = [:]) -> Self {
    let files = Mutex(files)
    return FavoritesDocuments { path in
      FavoritesStorage(
        load: { LoadedFavorites(primes: files.withLock { $0[path] ?? [] }) },
        save: { primes, base in
          files.withLock { files in
            files[path] = primes.rebased(from: base, onto: files[path] ?? [])
            return files[path]!
          }
        })
    }
  }
}

extension FavoritesDocuments: TestDependencyKey {
  public static var testValue: FavoritesDocuments { .inMemory() }
}

extension DependencyValues {
  /// Where favorites documents are read and written.
  public var favoritesDocuments: FavoritesDocuments {
    get { self[FavoritesDocuments.self] }
    set { self[FavoritesDocuments.self] = newValue }
  }
}
