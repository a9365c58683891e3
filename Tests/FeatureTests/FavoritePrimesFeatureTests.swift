import ComposableTestSupport
import FavoritePrimes
import Foundation
import NthPrimeLookup
import PrimeClients
import Testing

@MainActor
struct FavoritePrimesFeatureTests {
  func makeStore(
    _ state: FavoritePrimesFeature.State = .init(favoritePrimes: [2, 3, 5, 7]),
    storage: FavoritesStorage = .inMemory()
  ) -> TestStore<FavoritePrimesFeature.State, FavoritePrimesFeature.Action> {
    TestStore(
      initialState: state, reducer: FavoritePrimesFeature(storage: storage, nthPrime: nthPrimeFake))
  }

  @Test func deleteAtOffsets() async {
    let store = makeStore()
    await store.send(.delete(atOffsets: [0, 2])) { $0.favoritePrimes = [3, 7] }
    await store.send(.delete(atOffsets: [9]))
  }

  @Test func aFavoriteAsksForTheNthPrime() async {
    let store = makeStore()
    await store.send(.favoriteSelected(5))
    await store.receive(.lookup(.request(n: 5))) { $0.lookup.request = .init(n: 5) }
    await store.receive(.lookup(.progress(0.5))) { $0.lookup.request?.progress = 0.5 }
    await store.receive(.lookup(.response(n: 5, .success(11)))) {
      $0.lookup.request = nil
      $0.lookup.outcome = .answer(n: 5, prime: 11)
    }
  }

  @Test func saveAndLoad() async throws {
    let storage = FavoritesStorage.inMemory([11, 13])
    let store = makeStore(storage: storage)
    await store.send(.load) { $0.storage = .loading }
    await store.receive(.loaded([11, 13])) {
      $0.storage = .loaded
      $0.favoritePrimes = [11, 13]
    }
    await store.send(.delete(atOffsets: [0])) { $0.favoritePrimes = [13] }
    await store.send(.save) { $0.storage = .saving }
    await store.receive(.saved([13])) { $0.storage = .saved }
    #expect(try await storage.load() == [13])
  }

  @Test func aFailedLoadKeepsTheFavorites() async {
    let corrupt = FavoritesStorageError.corrupt(path: "/data/favorite-primes.json", reason: "bad")
    let store = makeStore(storage: .failing(corrupt))
    await store.send(.load) { $0.storage = .loading }
    await store.receive(.storageFailed(corrupt.description)) {
      $0.storage = .failed(corrupt.description)
    }
    #expect(store.state.favoritePrimes == [2, 3, 5, 7])
  }

  @Test func aFailedSaveSaysWhy() async {
    let full = FavoritesStorageError.cannotWrite(path: "/data", reason: "No space left on device")
    let store = makeStore(storage: .failing(full))
    await store.send(.save) { $0.storage = .saving }
    await store.receive(.storageFailed("cannot save to /data: No space left on device")) {
      $0.storage = .failed("cannot save to /data: No space left on device")
    }
  }
}
