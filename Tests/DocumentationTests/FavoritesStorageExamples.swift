import AppFeature
import ComposableCore
import PrimeClients
import Testing

@MainActor
struct FavoritesStorageExamples {
  /// `FavoritesStorageFeature`'s example: a save awaited through its action's task.
  @Test func aSaveIsAwaitedThroughItsTask() async throws {
    let storage = FavoritesStorage.inMemory()
    let store = Store(initialState: AppFeature.State(favoritePrimes: [2], hasBeenActive: true)) {
      AppFeature()
    } withDependencies: {
      $0.favoritesStorage = storage
    }
    await store.send(.favoritesStorage(.saveChanges)).finish()  // saved, or failed saying why
    #expect(store.state.storage == .saved)
    #expect(try await storage.load().primes == [2])
  }
}
