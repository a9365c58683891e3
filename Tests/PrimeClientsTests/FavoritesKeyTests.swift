import ComposableTestSupport
import Foundation
import PrimeClients
import PrimeClientsLive
import Synchronization
import Testing

/// `@Shared(.favorites)`: read and saved when asked, through the storage of whoever asks, each
/// load and save merged with what another program saved and with what changed meanwhile.
@Suite(.dependencies)
struct FavoritesKeyTests {
  /// A storage whose saves wait until the test lets them finish, and which records them.
  final class GatedStorage: Sendable {
    let stored: Mutex<[Int]>
    let saves = Mutex<[[Int]]>([])
    let started: AsyncStream<Void>
    private let start: AsyncStream<Void>.Continuation
    let gate: AsyncStream<Void>
    private let opening: AsyncStream<Void>.Continuation

    init(_ stored: [Int]) {
      self.stored = Mutex(stored)
      (started, start) = AsyncStream.makeStream()
      (gate, opening) = AsyncStream.makeStream()
    }

    func open() { opening.yield() }

    var client: FavoritesStorage {
      FavoritesStorage(
        load: { LoadedFavorites(primes: self.stored.withLock { $0 }) },
        save: { favorites, base in
          self.start.yield()
          for await _ in self.gate { break }
          self.saves.withLock { $0.append(favorites) }
          return self.stored.withLock { stored in
            stored = favorites.rebased(from: base, onto: stored)
            return stored
          }
        })
    }
  }

  @Test func makingTheValueReadsNoStorage() {
    withDependencies {
      $0.favoritesStorage = .failing(.other("read"))
    } operation: {
      @Shared(.favorites) var favorites = Favorites(primes: [5])
      #expect(favorites == Favorites(primes: [5]))
      #expect(!$favorites.isLoading)
      #expect($favorites.loadError == nil)
    }
  }

  @Test func aLoadReplaysTheChangesMadeSinceTheLastOntoWhatIsStored() async throws {
    // 5 was added before the first load; the storage holds 2 and 3.
    @Shared(.favorites) var favorites = Favorites(primes: [5], stored: [])
    try await withDependencies {
      $0.favoritesStorage = .inMemory([2, 3])
    } operation: {
      try await $favorites.load()
    }
    #expect(favorites == Favorites(primes: [2, 3, 5], stored: [2, 3]))
    #expect(favorites.hasUnsavedChanges)
  }

  @Test func aLoadThatFailsKeepsTheFavoritesAndSaysWhy() async throws {
    @Shared(.favorites) var favorites = Favorites(primes: [7], stored: [7])
    let corrupt = FavoritesStorageError.corrupt(path: "/d/favorite-primes.json", reason: "bad")
    await withDependencies {
      $0.favoritesStorage = .failing(corrupt)
    } operation: {
      await #expect(throws: corrupt) { try await $favorites.load() }
    }
    #expect(favorites == Favorites(primes: [7], stored: [7]))
    #expect($favorites.loadError as? FavoritesStorageError == corrupt)
  }

  @Test func entriesLeftOutByALoadAreSaidInTheValue() async throws {
    @Shared(.favorites) var favorites
    try await withDependencies {
      $0.favoritesStorage = FavoritesStorage(
        load: { LoadedFavorites(primes: [2], refusal: "4 (not prime)") },
        save: { favorites, _ in favorites })
    } operation: {
      try await $favorites.load()
    }
    #expect(favorites == Favorites(primes: [2], stored: [2], refusal: "4 (not prime)"))
  }

  @Test func aSaveKeepsTheChangesMadeWhileItRan() async throws {
    let storage = GatedStorage([2])
    @Shared(.favorites) var favorites = Favorites(primes: [2, 3], stored: [2])
    try await withDependencies {
      $0.favoritesStorage = storage.client
    } operation: {
      let shared = $favorites
      async let saved: Void = shared.save()
      for await _ in storage.started { break }
      // Added while the save runs: not in what it saves, and not lost by its answer.
      $favorites.withLock { $0.primes.append(7) }
      storage.open()
      try await saved
    }
    #expect(storage.saves.withLock { $0 } == [[2, 3]])
    #expect(favorites == Favorites(primes: [2, 3, 7], stored: [2, 3]))
    #expect(favorites.hasUnsavedChanges)
  }

  @Test func aChangeIsNotSavedUntilASaveIsAskedFor() async throws {
    let storage = FavoritesStorage.inMemory([2])
    @Shared(.favorites) var favorites = Favorites(primes: [2], stored: [2])
    try await withDependencies {
      $0.favoritesStorage = storage
    } operation: {
      $favorites.withLock { $0.primes.append(3) }
      try await Task.sleep(for: .milliseconds(50))
      #expect(try await storage.load().primes == [2], "a change was saved unasked")
      try await $favorites.save()
      #expect(try await storage.load().primes == [2, 3])
    }
  }

  @Test func loadsAndSavesRunOneAtATimeInTheOrderAsked() async throws {
    let order = Mutex<[String]>([])
    let storage = FavoritesStorage(
      load: {
        order.withLock { $0.append("load") }
        return LoadedFavorites(primes: [])
      },
      save: { favorites, _ in
        order.withLock { $0.append("save \(favorites)") }
        // A slow save: what was asked after it still waits for it.
        try await Task.sleep(for: .milliseconds(20))
        return favorites
      })
    let key = FavoritesKey()
    let ended = Mutex(0)
    await withDependencies {
      $0.favoritesStorage = storage
    } operation: {
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        @Sendable func end() {
          let count = ended.withLock { count in
            count += 1
            return count
          }
          if count == 4 { done.resume() }
        }
        for primes in [[2], [3]] {
          key.save(
            Favorites(primes: primes), context: .userInitiated,
            continuation: SaveContinuation { _ in end() })
        }
        key.load(context: .userInitiated, continuation: LoadContinuation { _ in end() })
        key.save(
          Favorites(primes: [5]), context: .userInitiated,
          continuation: SaveContinuation { _ in end() })
      }
    }
    #expect(order.withLock { $0 } == ["save [2]", "save [3]", "load", "save [5]"])
  }

  @Test func requiredFavoritesAreWhatIsStored() async throws {
    try await withDependencies {
      $0.favoritesStorage = .inMemory([11, 13])
    } operation: {
      let favorites = try await Shared(require: .favorites)
      #expect(favorites.wrappedValue == Favorites(primes: [11, 13], stored: [11, 13]))
    }
  }

  /// Once loaded, what another program saves to the file is merged in within a fraction of a
  /// second, the favorites not yet saved here kept on top; this program's own save changes
  /// nothing more.
  @Test func anotherProgramsSaveIsMergedInOnceLoaded() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("primetime-key-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = FavoritesStorage.live(directory: directory)
    _ = try await file.save([2], [])
    try await withDependencies {
      $0.favoritesStorage = file
    } operation: {
      @Shared(.favorites) var favorites
      try await $favorites.load()
      $favorites.withLock { $0.primes.append(11) }  // not saved
      _ = try await file.save([2, 7], [2])  // another program
      let deadline = ContinuousClock.now + .seconds(10)
      while favorites.stored != [2, 7] && ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(10))
      }
      #expect(favorites == Favorites(primes: [2, 7, 11], stored: [2, 7]))
      try await $favorites.save()
      try await Task.sleep(for: .milliseconds(300))
      #expect(favorites == Favorites(primes: [2, 7, 11], stored: [2, 7, 11]))
    }
  }

  @Test func onlyALoadedValueFollowsItsStorage() async throws {
    let watched = Mutex(0)
    let storage = FavoritesStorage(
      load: { LoadedFavorites(primes: [3]) }, save: { favorites, _ in favorites },
      watch: { _ in
        watched.withLock { $0 += 1 }
        return SharedSubscription {}
      })
    try await withDependencies {
      $0.favoritesStorage = storage
    } operation: {
      @Shared(.favorites) var favorites
      $favorites.withLock { $0.primes = [5] }
      try await $favorites.save()
      #expect(watched.withLock { $0 } == 0, "followed a storage it never loaded from")
      try await $favorites.load()
      try await $favorites.load()
      #expect(watched.withLock { $0 } == 1)
    }
  }

  /// Two programs over one file, each with its own favorites, adding and deleting: neither
  /// loses what the other saved, and each keeps what it did not save yet.
  @Test func twoProgramsSharingAFileLoseNoneOfEachOthersFavorites() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("primetime-key-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = FavoritesStorage.live(directory: directory)
    _ = try await file.save([2, 3], [])
    func program() async throws -> Shared<Favorites> {
      try await withDependencies {
        $0 = DependencyValues()
        $0.favoritesStorage = file
      } operation: {
        @Shared(.favorites) var favorites
        try await $favorites.load()
        return $favorites
      }
    }
    let (first, second) = (try await program(), try await program())
    try await withDependencies {
      $0.favoritesStorage = file
    } operation: {
      first.withLock { $0.primes.append(5) }
      #expect(second.wrappedValue.primes == [2, 3], "the two programs share one value")
      second.withLock { $0.primes.removeAll { $0 == 2 } }
      second.withLock { $0.primes.append(7) }
      try await first.save()
      try await second.save()
      first.withLock { $0.primes.append(11) }  // not saved yet
      try await first.load()
    }
    #expect(second.wrappedValue == Favorites(primes: [3, 5, 7], stored: [3, 5, 7]))
    #expect(first.wrappedValue == Favorites(primes: [3, 5, 7, 11], stored: [3, 5, 7]))
    #expect(try await file.load().primes == [3, 5, 7])
  }
}
