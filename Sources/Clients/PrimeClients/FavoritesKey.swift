import Dependencies
import Sharing
import Synchronization

/// The favorite primes as a program keeps them: the list, and what the favorites' storage held
/// when the program last loaded or saved it.
///
/// What the storage held is the base of the next save's merge (see ``FavoritesStorage``): it
/// travels with the list, so that a save made from it merges exactly the changes made since.
public struct Favorites: Equatable, Sendable {
  /// The favorites, in the order they were added.
  public var primes: [Int]
  /// What the storage held when this program last loaded or saved; `nil` before the first.
  public var stored: [Int]?
  /// Why the last load left entries of the storage out (not primes, repeated); `nil` when
  /// every entry loaded.
  public var refusal: String?

  public init(primes: [Int] = [], stored: [Int]? = nil, refusal: String? = nil) {
    self.primes = primes
    self.stored = stored
    self.refusal = refusal
  }

  /// The list differs from what the storage held.
  public var hasUnsavedChanges: Bool { primes != (stored ?? []) }
}

extension SharedReaderKey where Self == FavoritesKey.Default {
  /// The favorite primes, kept by the favorites' storage (``DependencyValues/favoritesStorage``,
  /// a file in the app): `@Shared(.favorites) var favorites`.
  public static var favorites: Self { Self[FavoritesKey(), default: Favorites()] }
}

/// The favorites' key: a program's favorites, loaded and saved through the favorites' storage,
/// each load and save merged with what another program saved meanwhile.
///
/// It differs from a file-storage key on purpose, as a document differs from a setting:
///
/// - **It reads when asked** (`$favorites.load()`), not when the first reference is made: the
///   app loads when it first becomes active, and a state made by a test or a preview reads no
///   storage.
/// - **It saves when asked** (`$favorites.save()`), not after every change: the app saves when
///   the person asks, goes to the background or quits.
/// - **Both merge.** A load replays the changes made since the last load or save (from
///   ``Favorites/stored``) onto what the storage holds; a save stores the changes of the list
///   it was given onto what the storage holds now, and the shared value becomes what is stored
///   with the changes made during the save replayed on it. So two programs sharing a file lose
///   none of each other's favorites, and nothing a person adds while a save runs is dropped.
/// - **It follows the storage it loaded from**: once loaded, what another program saves there
///   is merged in the same way within a fraction of a second, the changes not yet saved here
///   kept on top.
/// - **One at a time**, in the order asked, whoever asks.
///
/// The storage is the one of whoever asks to load or save (the dependencies of the effect that
/// calls `load()` or `save()`), not of whoever made the first reference.
///
/// ```swift
/// @Shared(.favorites) var favorites
/// try await $favorites.load()                        // [7, 11], stored [7, 11]
/// $favorites.withLock { $0.primes.append(13) }       // unsaved
/// try await $favorites.save()                        // stored [7, 11, 13]
/// ```
public struct FavoritesKey: SharedKey, SavesWhenAsked, UpdatesInPlace {
  public typealias Value = Favorites

  private let box = Box()

  public init() {}

  /// One per program (one per test, as every shared value's memory is).
  public var id: FavoritesKeyID { FavoritesKeyID() }

  public func load(context: LoadContext<Favorites>, continuation: LoadContinuation<Favorites>) {
    guard case .userInitiated = context else {
      continuation.resumeReturningInitialValue()
      return
    }
    @Dependency(\.favoritesStorage) var storage
    box.enqueue { [box] in
      let loaded: LoadedFavorites
      do throws(FavoritesStorageError) {
        loaded = try await storage.load()
      } catch {
        continuation.resume(throwing: error)
        return
      }
      // Changed in place; with no live value (`Shared(require:)`), handed back whole.
      if box.merge(loaded) {
        box.follow(storage)
        continuation.resumeReturningInitialValue()
      } else {
        continuation.resume(
          returning: Favorites(
            primes: loaded.primes, stored: loaded.primes, refusal: loaded.refusal))
      }
    }
  }

  public func subscribe(
    context: LoadContext<Favorites>, subscriber: SharedSubscriber<Favorites>
  ) -> SharedSubscription {
    box.subscriber.withLock { $0 = subscriber }
    return SharedSubscription { [box] in box.stopFollowing() }
  }

  public func save(_ value: Favorites, context: SaveContext, continuation: SaveContinuation) {
    @Dependency(\.favoritesStorage) var storage
    box.enqueue { [box] in
      do throws(FavoritesStorageError) {
        let stored = try await storage.save(value.primes, value.stored ?? [])
        box.update { favorites in
          favorites.primes = favorites.primes.rebased(from: value.primes, onto: stored)
          favorites.stored = stored
        }
        continuation.resume()
      } catch {
        continuation.resume(throwing: error)
      }
    }
  }

  package func attach(_ update: @escaping SharedUpdate<Favorites>) {
    box.live.withLock { $0 = update }
  }

  private final class Box: Sendable {
    /// How the live value is changed in place, once it has started.
    let live = Mutex<SharedUpdate<Favorites>?>(nil)
    /// Told when following the storage fails to read it.
    let subscriber = Mutex<SharedSubscriber<Favorites>?>(nil)
    /// The last load or save asked for.
    private let tail = Mutex<Task<Void, Never>?>(nil)
    /// What the storage held when last read or written here, and the watch of it.
    private let following = Mutex<(stored: [Int]?, watch: SharedSubscription?)>((nil, nil))

    /// Runs `job` after every load and save asked for before it. Each runs in a task of its
    /// own, made here, so it keeps the dependencies of whoever asked.
    func enqueue(_ job: @escaping @Sendable () async -> Void) {
      tail.withLock { tail in
        let previous = tail
        tail = Task {
          await previous?.value
          await job()
        }
      }
    }

    /// Changes the live value; `false` when there is none.
    @discardableResult
    func update(_ change: (inout Favorites) -> Void) -> Bool {
      guard let update = live.withLock({ $0 }) else { return false }
      update { favorites in
        change(&favorites)
        following.withLock { $0.stored = favorites.stored }
      }
      return true
    }

    /// Replays the changes made since the last load or save onto what `loaded` holds.
    @discardableResult
    func merge(_ loaded: LoadedFavorites) -> Bool {
      update { favorites in
        favorites.primes = favorites.primes.rebased(
          from: favorites.stored ?? [], onto: loaded.primes)
        favorites.stored = loaded.primes
        favorites.refusal = loaded.refusal
      }
    }

    /// Merges what another program saves to `storage` from now on.
    func follow(_ storage: FavoritesStorage) {
      guard following.withLock({ $0.watch == nil }) else { return }
      let watch = storage.watch { [weak self] in
        self?.enqueue { [weak self] in await self?.reread(storage) }
      }
      let isTaken = following.withLock { following in
        guard following.watch == nil else { return false }
        following.watch = watch
        return true
      }
      if !isTaken { watch.cancel() }
    }

    func stopFollowing() {
      following.withLock { following in
        defer { following.watch = nil }
        return following.watch
      }?.cancel()
    }

    /// Merges what the storage holds, unless it is what was last read or written here (the
    /// change seen was this program's own save).
    private func reread(_ storage: FavoritesStorage) async {
      do throws(FavoritesStorageError) {
        let loaded = try await storage.load()
        guard loaded.primes != following.withLock({ $0.stored }) else { return }
        merge(loaded)
      } catch {
        subscriber.withLock { $0 }?.yield(throwing: error)
      }
    }
  }
}

/// What identifies the favorites' key: there is one list of favorites.
public struct FavoritesKeyID: Hashable, Sendable {}

extension FavoritesKey: CustomStringConvertible {
  public var description: String { ".favorites" }
}
