import AppFeature
import ComposableTestSupport
import FavoritePrimes
import Foundation
import PrimeClients
import Synchronization
import Testing

/// The favorites' storage as the app runs it: one load or save at a time, each awaited
/// through the task of the action that asked for it, failures kept by kind.
@MainActor
struct FavoritesStorageFeatureTests {
  /// What a storage was asked to save, in the order the saves ended, and how many began.
  final class Saves: Sendable {
    let lists = Mutex<[[Int]]>([])
    let begun = Mutex(0)
  }

  /// A save asked for while another runs waits its turn inside its own action's effect: the
  /// task of that action ends once both saves have, so quitting awaits it without polling.
  @Test func aSaveAskedForDuringASaveIsAwaitedThroughItsTask() async throws {
    let (opened, gate) = AsyncStream<Void>.makeStream()
    let (started, start) = AsyncStream<Void>.makeStream()
    let saves = Saves()
    let storage = FavoritesStorage(
      load: { LoadedFavorites(primes: []) },
      save: { favorites, _ in
        // The first save says it started, then waits until the test opens the gate.
        if saves.begun.withLock({ begun in
          begun += 1
          return begun == 1
        }) {
          start.yield()
          for await _ in opened { break }
        }
        saves.lists.withLock { $0.append(favorites) }
        return favorites
      })
    let store = Store(
      initialState: AppFeature.State(favoritePrimes: [2, 3], hasBeenActive: true)
    ) {
      AppFeature()
    } withDependencies: {
      $0.favoritesStorage = storage
      $0.date = .constant(Date(timeIntervalSince1970: 0))
    }
    let first = store.send(.window(.element(id: 0, action: .favorites(.save))))
    for await _ in started { break }
    store.send(.window(.element(id: 0, action: .favorites(.delete(atOffsets: [0])))))
    let quittingEnded = Mutex(false)
    let quitting = Task {
      await store.send(.favoritesStorage(.saveChanges)).finish()
      quittingEnded.withLock { $0 = true }
      return (
        saves.lists.withLock { $0 }, store.state.storage, store.state.favoritesStorage.pending
      )
    }
    // However long it is given, the second save's task cannot end while the first save runs.
    try await Task.sleep(for: .milliseconds(100))
    #expect(!quittingEnded.withLock { $0 }, "the task ended before the save it waits on")
    gate.yield()
    let (saved, status, pending) = await quitting.value
    #expect(saved == [[2, 3], [3]], "the second save ran after the first, with the deletion")
    #expect(status == .saved)
    #expect(pending == 0)
    #expect(!store.state.hasUnsavedFavoriteChanges)
    await first.finish()
  }

  /// A file too large to be a favorites file and a save stopped by quitting reach the state as
  /// themselves, so a reducer (or a person reading the status) can tell them apart.
  @Test func failuresKeepTheirKind() async {
    let tooLarge = FavoritesStorageError.tooLarge(path: "/d/favorite-primes.json", limit: 64 << 20)
    let failures: [(thrown: any Error & Sendable, kept: FavoritesStorageError)] = [
      (tooLarge, tooLarge),
      (CancellationError(), .cancelled),
    ]
    var statuses: [FavoritePrimesFeature.StorageStatus] = []
    for (thrown, kept) in failures {
      let storage = FavoritesStorage(
        load: { throw thrown }, save: { _, _ in throw thrown })
      let store = TestStore(initialState: AppFeature.State(hasBeenActive: true)) {
        AppFeature()
      } withDependencies: {
        $0.favoritesStorage = storage
      }
      await store.send(.window(.element(id: 0, action: .favorites(.load))))
      await store.receive(.favoritesStorage(.load)) {
        $0.favoritesStorage.$status.withLock { $0 = .loading }
        $0.favoritesStorage.pending = 1
      }
      await store.receive(.favoritesStorage(.loaded(kept))) {
        $0.favoritesStorage.$status.withLock { $0 = .failed(kept) }
        $0.favoritesStorage.pending = 0
      }
      statuses.append(store.state.storage)
    }
    #expect(statuses == [.failed(tooLarge), .failed(.cancelled)])
    guard case .failed(.tooLarge(_, let limit)) = statuses[0] else {
      Issue.record("the first failure is not a file too large")
      return
    }
    #expect(limit == 64 << 20)
  }

  /// Every window's favorites and counter hold the app's shared values themselves: a favorite
  /// deleted in one window is gone from the other's state, an increment in one is the other's
  /// count, and asserting through either window's reference asserts the one change.
  @Test func aChangeInOneWindowIsInEveryWindowsState() async {
    let store = TestStore(
      initialState: AppFeature.State(
        favoritePrimes: [2, 3, 5], persistedFavoritePrimes: [2, 3, 5])
    ) {
      AppFeature()
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 0))
    }
    await store.send(.windowOpened) {
      $0.windows.append($0.newWindow(id: 1))
      $0.nextWindowID = 2
    }
    await store.send(.window(.element(id: 1, action: .favorites(.delete(atOffsets: [1]))))) {
      $0.windows[id: 0]?.favorites.$favoritePrimes.withLock { $0 = [2, 5] }
      $0.activityFeed = [.init(date: Date(timeIntervalSince1970: 0), kind: .removedFavorite(3))]
    }
    await store.send(.window(.element(id: 0, action: .counter(.increment)))) {
      $0.windows[id: 1]?.counter.$count.withLock { $0 = 1 }
    }
    #expect(store.state.windows[id: 0]?.favorites.favoritePrimes == [2, 5])
    #expect(store.state.windows[id: 1]?.counter.count == 1)
    #expect(store.state.count == 1)
  }
}
