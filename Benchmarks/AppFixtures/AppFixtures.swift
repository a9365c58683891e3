import AppFeature
import ComposableCore
import PrimeClients
import PrimeDetail

/// A window in the middle of things: a count, twenty favorites, the detail shown.
public func busyApp(screen: AppFeature.Screen) -> AppFeature.State {
  var state = AppFeature.State(
    count: 97,
    favoritePrimes: [
      2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59,
      61, 67, 71,
    ], storage: .saved)
  state.windows[0].screen = screen
  state.windows[0].counter.destination = .primeDetail(
    PrimeDetailFeature.State(
      facts: PrimeFacts(
        number: 97, isPrime: true, smallestFactor: nil, previousPrime: 89, nextPrime: 101)))
  return state
}

/// The busy app with three windows, each on its counter.
@MainActor
public func threeWindowApp() -> Store<AppFeature.State, AppFeature.Action> {
  var state = busyApp(screen: .counter)
  state.windows.append(state.newWindow(id: 1))
  state.windows.append(state.newWindow(id: 2))
  state.nextWindowID = 3
  return Store(initialState: state) {
    AppFeature()
  } withDependencies: {
    $0.nthPrime = .never
    $0.favoritesStorage = .inMemory()
  }
}
