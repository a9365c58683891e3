import ComposableTestSupport
import FavoritePrimes
import Foundation
import NthPrimeLookup
import PrimeClients
import Testing

@MainActor
struct FavoritePrimesFeatureTests {
  func makeStore(
    _ state: FavoritePrimesFeature.State = .init(favoritePrimes: [2, 3, 5, 7])
  ) -> TestStore<FavoritePrimesFeature.State, FavoritePrimesFeature.Action> {
    TestStore(initialState: state) {
      FavoritePrimesFeature()
    } withDependencies: {
      $0.nthPrime = nthPrimeFake
    }
  }

  @Test func deleteAtOffsets() async {
    let store = makeStore()
    await store.send(.delete(atOffsets: [0, 2])) { $0.$favoritePrimes.withLock { $0 = [3, 7] } }
    await store.send(.delete(atOffsets: [9]))
  }

  @Test func aFavoriteAsksForTheNthPrimeAnsweredInAnAlert() async {
    let store = makeStore()
    await store.send(.favoriteSelected(5)) { $0.lookup.request = .init(n: 5) }
    await store.receive(.lookup(.progress(0.5))) { $0.lookup.request?.progress = 0.5 }
    await store.receive(.lookup(.response(n: 5, .success(11)))) {
      $0.lookup.request = nil
      $0.alert = .nthPrime(n: 5, result: .success(11))
    }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
  }

  @Test func saveAndLoadAreTheStorageOwnersToRun() async {
    let store = makeStore()
    await store.send(.save)
    await store.send(.load)
    await store.finish()
  }
}
