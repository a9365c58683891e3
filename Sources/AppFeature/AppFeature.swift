import ComposableCore
import Counter
import FavoritePrimes
import Foundation
import IdentifiedCollections
import NthPrimeLookup
import PrimeClients
import PrimeDetail

/// The whole app: one count and one list of favorites, shared by any number of windows.
///
/// App-wide state (the count, the favorites, the activity feed, what is saved) lives once;
/// each window keeps only what it shows (its screen, its prime detail, its requests) and
/// sees the shared state through ``WindowContext``. Closing a window cancels its requests
/// only. The favorites load when the app first becomes active and are saved when it goes
/// to the background with changes.
public struct AppFeature: Reducer {
  public struct State: Equatable, Sendable {
    public var count: Int
    public var favoritePrimes: [Int]
    /// What the storage holds, as far as the app knows; `nil` before the first load.
    public var persistedFavoritePrimes: [Int]?
    public var storage: FavoritePrimesFeature.StorageStatus
    /// Whether the app has been active; the favorites load the first time only.
    public var hasBeenActive: Bool
    public var activityFeed: [Activity]
    public var windows: IdentifiedArrayOf<Window>
    public var nextWindowID: Int

    public init(
      count: Int = 0, favoritePrimes: [Int] = [], persistedFavoritePrimes: [Int]? = nil,
      storage: FavoritePrimesFeature.StorageStatus = .idle, hasBeenActive: Bool = false,
      activityFeed: [Activity] = [],
      windows: IdentifiedArrayOf<Window> = [Window(id: 0)], nextWindowID: Int = 1
    ) {
      self.count = count
      self.favoritePrimes = favoritePrimes
      self.persistedFavoritePrimes = persistedFavoritePrimes
      self.storage = storage
      self.hasBeenActive = hasBeenActive
      self.activityFeed = activityFeed
      self.windows = windows
      self.nextWindowID = nextWindowID
    }

    public var hasUnsavedFavoriteChanges: Bool {
      favoritePrimes != (persistedFavoritePrimes ?? [])
    }

    /// The view of the app from window `id`, if it is open.
    public func windowContext(id: Int) -> WindowContext? {
      windows[id: id].map {
        WindowContext(window: $0, count: count, favoritePrimes: favoritePrimes, storage: storage)
      }
    }

    /// Each window's view of the app; writing one back updates the shared state it changed.
    public var windowContexts: IdentifiedArrayOf<WindowContext> {
      get {
        IdentifiedArray(
          uniqueElements: windows.map {
            WindowContext(
              window: $0, count: count, favoritePrimes: favoritePrimes, storage: storage)
          })
      }
      set {
        // Only the window an action went to changed the shared values; the others still
        // hold the values from before.
        let (oldCount, oldFavorites, oldStorage) = (count, favoritePrimes, storage)
        for context in newValue {
          windows[id: context.id] = context.window
          if context.count != oldCount { count = context.count }
          if context.favoritePrimes != oldFavorites { favoritePrimes = context.favoritePrimes }
          if context.storage != oldStorage { storage = context.storage }
        }
      }
    }
  }

  /// What one window shows.
  public struct Window: Identifiable, Equatable, Sendable {
    public let id: Int
    public var screen: Screen
    public var primeFacts: PrimeFacts?
    public var counterLookup: NthPrimeLookup.State
    public var favoritesLookup: NthPrimeLookup.State

    public init(
      id: Int, screen: Screen = .home, primeFacts: PrimeFacts? = nil,
      counterLookup: NthPrimeLookup.State = .init(), favoritesLookup: NthPrimeLookup.State = .init()
    ) {
      self.id = id
      self.screen = screen
      self.primeFacts = primeFacts
      self.counterLookup = counterLookup
      self.favoritesLookup = favoritesLookup
    }
  }

  public enum Screen: Equatable, Sendable {
    case home
    case counter
    case favorites
  }

  /// An entry of the activity feed.
  public struct Activity: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
      case addedFavorite(Int)
      case removedFavorite(Int)
    }

    public var date: Date
    public var kind: Kind

    public init(date: Date, kind: Kind) {
      self.date = date
      self.kind = kind
    }
  }

  public enum ScenePhase: Equatable, Sendable {
    case active
    case inactive
    case background
  }

  public enum Action: Equatable, Sendable {
    case window(IdentifiedAction<Int, WindowContext.Action>)
    case windowOpened
    case windowClosed(id: Int)
    case scenePhaseChanged(ScenePhase)
    case favoritesLoaded([Int])
    case favoritesSaved([Int])
    case favoritesStorageFailed(String)

    public static let windowPath = CasePath(embed: Action.window) {
      guard case .window(let action) = $0 else { return nil }
      return action
    }
  }

  private let tree: Reduce<State, Action>
  private let date: DateClient

  public init(
    primality: PrimalityClient, nthPrime: NthPrimeClient, storage: FavoritesStorage,
    date: DateClient
  ) {
    self.date = date
    let window = WindowContext.Feature(primality: primality, nthPrime: nthPrime, storage: storage)
    tree = Reduce(
      Reduce<State, Action> { state, action in
        switch action {
        case .window:
          return .none
        case .windowOpened:
          state.windows.append(Window(id: state.nextWindowID))
          state.nextWindowID += 1
          return .none
        case .windowClosed(let id):
          state.windows.remove(id: id)
          return .none
        case .scenePhaseChanged(.active) where !state.hasBeenActive:
          state.hasBeenActive = true
          state.storage = .loading
          return .run { send in
            await send(.favoritesLoaded(try await storage.load()))
          } catch: { error, send in
            await send(.favoritesStorageFailed(String(describing: error)))
          }
        case .scenePhaseChanged(.background) where state.hasUnsavedFavoriteChanges:
          state.storage = .saving
          return .run { [favorites = state.favoritePrimes] send in
            try await storage.save(favorites)
            await send(.favoritesSaved(favorites))
          } catch: { error, send in
            await send(.favoritesStorageFailed(String(describing: error)))
          }
        case .scenePhaseChanged:
          return .none
        case .favoritesLoaded(let favorites):
          // Favorites saved while the file was loading stay, after the loaded ones.
          state.storage = .loaded
          state.favoritePrimes = favorites + state.favoritePrimes.filter { !favorites.contains($0) }
          state.persistedFavoritePrimes = favorites
          return .none
        case .favoritesSaved(let favorites):
          state.storage = .saved
          state.persistedFavoritePrimes = favorites
          return .none
        case .favoritesStorageFailed(let reason):
          state.storage = .failed(reason)
          return .none
        }
      }
      .forEach(\.windowContexts, action: Action.windowPath) { window })
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let before = state.favoritePrimes
    let effect = tree.reduce(into: &state, action: action)
    // A load replaces the list: it is not something the person did.
    var isLoad = false
    if case .favoritesLoaded = action { isLoad = true }
    if case .window(let window) = action {
      switch window.action {
      case .favorites(.loaded(let favorites)):
        state.persistedFavoritePrimes = favorites
        isLoad = true
      case .favorites(.saved(let favorites)):
        state.persistedFavoritePrimes = favorites
      default:
        break
      }
    }
    if !isLoad { recordActivity(from: before, to: state.favoritePrimes, in: &state) }
    return effect
  }

  private func recordActivity(from before: [Int], to after: [Int], in state: inout State) {
    guard before != after else { return }
    let now = date.now()
    for prime in after where !before.contains(prime) {
      state.activityFeed.append(Activity(date: now, kind: .addedFavorite(prime)))
    }
    for prime in before where !after.contains(prime) {
      state.activityFeed.append(Activity(date: now, kind: .removedFavorite(prime)))
    }
  }
}
