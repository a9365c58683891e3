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
        count: count, countField: window.countField, lookup: window.counterLookup,
        destination: window.counterDestination)
    }
    set {
      count = newValue.count
      window.countField = newValue.countField
      window.counterLookup = newValue.lookup
      window.counterDestination = newValue.destination
    }
  }

  public var favorites: FavoritePrimesFeature.State {
    get {
      FavoritePrimesFeature.State(
        favoritePrimes: favoritePrimes, storage: storage, lookup: window.favoritesLookup,
        alert: window.favoritesAlert)
    }
    set {
      favoritePrimes = newValue.favoritePrimes
      storage = newValue.storage
      window.favoritesLookup = newValue.lookup
      window.favoritesAlert = newValue.alert
    }
  }

  public enum Action: Equatable, Sendable {
    case navigated(to: AppFeature.Screen)
    case counter(CounterFeature.Action)
    case favorites(FavoritePrimesFeature.Action)
  }

  /// The reducer of one window.
  public struct Feature: Reducer {
    public init() {}

    public var body: some Reducer<WindowContext, Action> {
      Scope(state: \.counter, action: \.counter) { CounterFeature() }
      Scope(state: \.favorites, action: \.favorites) { FavoritePrimesFeature() }
      Reduce { state, action in
        switch action {
        case .navigated(let screen):
          state.window.screen = screen
        // What a window presents belongs to a screen: a window used side by side (a
        // desktop's) that becomes narrow shows the screen it presents on.
        case .counter(.showPrimeDetail), .counter(.requestNthPrime):
          state.window.screen = .counter
        case .favorites(.favoriteSelected):
          state.window.screen = .favorites
        default:
          break
        }
        return .none
      }
    }
  }
}

extension WindowContext.Action: CasePathable {
  public struct AllCasePaths: Sendable {
    public let counter = AnyCasePath(WindowContext.Action.counter)
    public let favorites = AnyCasePath(WindowContext.Action.favorites)
  }
  public static let allCasePaths = AllCasePaths()
}
