import ComposableCore
import Counter
import FavoritePrimes
import NthPrimeLookup
import PrimeClients

/// One window's view of the app: its own presentation, with the shared count and favorites.
///
/// The counter and the favorites screens see projections of it, so the count and the
/// favorites are stored once, in ``AppFeature/State``, whichever window changes them.
public struct WindowContext: Identifiable, Equatable, Sendable {
  public var window: AppFeature.Window
  public var count: Int
  public var favoritePrimes: [Int]
  public var storage: FavoritePrimesFeature.StorageStatus

  public init(
    window: AppFeature.Window, count: Int = 0, favoritePrimes: [Int] = [],
    storage: FavoritePrimesFeature.StorageStatus = .idle
  ) {
    self.window = window
    self.count = count
    self.favoritePrimes = favoritePrimes
    self.storage = storage
  }

  public var id: Int { window.id }

  public var counter: CounterFeature.State {
    get {
      CounterFeature.State(
        count: count, favoritePrimes: favoritePrimes, primeFacts: window.primeFacts,
        lookup: window.counterLookup)
    }
    set {
      count = newValue.count
      favoritePrimes = newValue.favoritePrimes
      window.primeFacts = newValue.primeFacts
      window.counterLookup = newValue.lookup
    }
  }

  public var favorites: FavoritePrimesFeature.State {
    get {
      FavoritePrimesFeature.State(
        favoritePrimes: favoritePrimes, storage: storage, lookup: window.favoritesLookup)
    }
    set {
      favoritePrimes = newValue.favoritePrimes
      storage = newValue.storage
      window.favoritesLookup = newValue.lookup
    }
  }

  public enum Action: Equatable, Sendable {
    case navigated(to: AppFeature.Screen)
    case counter(CounterFeature.Action)
    case favorites(FavoritePrimesFeature.Action)

    public static let counterPath = CasePath(embed: Action.counter) {
      guard case .counter(let action) = $0 else { return nil }
      return action
    }
    public static let favoritesPath = CasePath(embed: Action.favorites) {
      guard case .favorites(let action) = $0 else { return nil }
      return action
    }
  }

  /// The reducer of one window.
  struct Feature: Reducer {
    private let tree: Reduce<WindowContext, Action>

    init(primality: PrimalityClient, nthPrime: NthPrimeClient) {
      tree = Reduce(
        CombineReducers {
          Scope(state: \WindowContext.counter, action: Action.counterPath) {
            CounterFeature(primality: primality, nthPrime: nthPrime)
          }
          Scope(state: \WindowContext.favorites, action: Action.favoritesPath) {
            FavoritePrimesFeature(nthPrime: nthPrime)
          }
          Reduce<WindowContext, Action> { state, action in
            if case .navigated(let screen) = action { state.window.screen = screen }
            return .none
          }
        })
    }

    func reduce(into state: inout WindowContext, action: Action) -> Effect<Action> {
      tree.reduce(into: &state, action: action)
    }
  }
}
