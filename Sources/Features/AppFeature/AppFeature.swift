import ComposableCore
import Counter
import FavoritePrimes
import Foundation
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
    /// A save was asked for while the storage was busy: it starts when the storage is free.
    public var isSaveQueued: Bool
    /// Whether the app has been active; the favorites load the first time only.
    public var hasBeenActive: Bool
    public var activityFeed: [Activity]
    public var windows: IdentifiedArrayOf<Window>
    public var nextWindowID: Int

    public init(
      count: Int = 0, favoritePrimes: [Int] = [], persistedFavoritePrimes: [Int]? = nil,
      storage: FavoritePrimesFeature.StorageStatus = .idle, isSaveQueued: Bool = false,
      hasBeenActive: Bool = false, activityFeed: [Activity] = [],
      windows: IdentifiedArrayOf<Window> = [Window(id: 0)], nextWindowID: Int = 1
    ) {
      self.count = count
      self.favoritePrimes = favoritePrimes
      self.persistedFavoritePrimes = persistedFavoritePrimes
      self.storage = storage
      self.isSaveQueued = isSaveQueued
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
        // The key path written here is made once; the initializers that take `\.id` from
        // `Identifiable` make it anew on every call, and every window action reads this
        // several times. `windows` has unique ids already.
        IdentifiedArray(
          uncheckedUniqueElements: windows.map {
            WindowContext(
              window: $0, count: count, favoritePrimes: favoritePrimes, storage: storage)
          },
          id: \WindowContext.id)
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
    /// The count as it is being typed in this window.
    public var countField: String?
    public var counterLookup: NthPrimeLookup.State
    /// What this window presents over its counter: the prime detail or an answer.
    @PresentationState public var counterDestination: CounterFeature.Destination.State?
    public var favoritesLookup: NthPrimeLookup.State
    @PresentationState public var favoritesAlert: AlertState<FavoritePrimesFeature.Alert>?

    public init(
      id: Int, screen: Screen = .home, countField: String? = nil,
      counterLookup: NthPrimeLookup.State = .init(),
      counterDestination: CounterFeature.Destination.State? = nil,
      favoritesLookup: NthPrimeLookup.State = .init(),
      favoritesAlert: AlertState<FavoritePrimesFeature.Alert>? = nil
    ) {
      self.id = id
      self.screen = screen
      self.countField = countField
      self.counterLookup = counterLookup
      self.counterDestination = counterDestination
      self.favoritesLookup = favoritesLookup
      self.favoritesAlert = favoritesAlert
    }

    /// The prime detail this window shows, if any.
    public var primeDetail: PrimeDetailFeature.State? {
      guard case .primeDetail(let detail) = counterDestination else { return nil }
      return detail
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
    case favoritesLoaded(LoadedFavorites)
    case favoritesLoadFailed(String)
    /// `sent` was saved; the storage, merging it with other programs' changes, now holds
    /// `stored`.
    case favoritesSaved(sent: [Int], stored: [Int])
    case favoritesSaveFailed(String)
  }

  @Dependency(\.favoritesStorage) var storage
  @Dependency(\.date.now) var now

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .window(.element(_, let action)):
        switch action {
        case .favorites(.save): return save(&state)
        case .favorites(.load): return load(&state)
        case .counter(.destination(.presented(.primeDetail(.delegate(let request))))):
          switch request {
          case .saveToFavorites(let prime):
            if !state.favoritePrimes.contains(prime) { state.favoritePrimes.append(prime) }
          case .removeFromFavorites(let number):
            state.favoritePrimes.removeAll { $0 == number }
          }
          return .none
        default:
          return .none
        }
      case .windowOpened:
        state.windows.append(Window(id: state.nextWindowID))
        state.nextWindowID += 1
        return .none
      case .windowClosed(let id):
        state.windows.remove(id: id)
        return .none
      case .scenePhaseChanged(.active) where !state.hasBeenActive:
        state.hasBeenActive = true
        return load(&state)
      case .scenePhaseChanged(.background) where state.storage.isBusy:
        // What is unsaved is known once the save or load under way is done.
        state.isSaveQueued = true
        return .none
      case .scenePhaseChanged(.background) where state.hasUnsavedFavoriteChanges:
        return save(&state)
      case .scenePhaseChanged:
        return .none
      case .favoritesLoaded(let loaded):
        // Changes made while the file loaded stay, replayed onto what it holds.
        state.favoritePrimes = state.favoritePrimes.rebased(
          from: state.persistedFavoritePrimes ?? [], onto: loaded.primes)
        state.persistedFavoritePrimes = loaded.primes
        state.storage = loaded.refusal.map { .partlyLoaded($0) } ?? .loaded
        return startQueuedSave(&state)
      case .favoritesSaved(let sent, let stored):
        // Changes made while it saved stay, replayed onto what is now stored.
        state.favoritePrimes = state.favoritePrimes.rebased(from: sent, onto: stored)
        state.persistedFavoritePrimes = stored
        state.storage = .saved
        return startQueuedSave(&state)
      case .favoritesLoadFailed(let reason), .favoritesSaveFailed(let reason):
        state.storage = .failed(reason)
        state.isSaveQueued = false
        return .none
      }
    }
    .forEach(\.windowContexts, action: \.window) { WindowContext.Feature() }
    .onChange(of: \.favoritePrimes) { before, after in
      Reduce { state, action in
        // Only what a person did in a window is activity; a load or a merge is not.
        guard case .window = action else { return .none }
        recordActivity(from: before, to: after, in: &state)
        return .none
      }
    }
  }

  /// Saves from here, not from a window, so that closing the window that asked cannot
  /// strand the save; one save at a time, so that each merges onto the last one's result.
  private func save(_ state: inout State) -> Effect<Action> {
    guard !state.storage.isBusy else {
      state.isSaveQueued = true
      return .none
    }
    state.storage = .saving
    return .run {
      [storage, favorites = state.favoritePrimes, base = state.persistedFavoritePrimes] send in
      let stored = try await storage.save(favorites, base ?? [])
      await send(.favoritesSaved(sent: favorites, stored: stored))
    } catch: { error, send in
      await send(.favoritesSaveFailed(String(describing: error)))
    }
  }

  private func load(_ state: inout State) -> Effect<Action> {
    guard !state.storage.isBusy else { return .none }
    state.storage = .loading
    return .run { [storage] send in
      await send(.favoritesLoaded(try await storage.load()))
    } catch: { error, send in
      await send(.favoritesLoadFailed(String(describing: error)))
    }
  }

  private func startQueuedSave(_ state: inout State) -> Effect<Action> {
    guard state.isSaveQueued else { return .none }
    state.isSaveQueued = false
    return state.hasUnsavedFavoriteChanges ? save(&state) : .none
  }

  private func recordActivity(from before: [Int], to after: [Int], in state: inout State) {
    let date = now
    let (added, removed) = Self.difference(from: before, to: after)
    for prime in added {
      state.activityFeed.append(Activity(date: date, kind: .addedFavorite(prime)))
    }
    for prime in removed {
      state.activityFeed.append(Activity(date: date, kind: .removedFavorite(prime)))
    }
  }

  /// What `after` added to and removed from `before`, in their orders. A person's change
  /// keeps the others in order (rows deleted, favorites appended): that is one walk without
  /// hashing; anything else compares sets, which took 8 ms per change with 100,000 favorites.
  static func difference(from before: [Int], to after: [Int]) -> (added: [Int], removed: [Int]) {
    // Deleted rows: `after` is `before` with some left out.
    if after.count <= before.count {
      var removed: [Int] = []
      var index = 0
      for prime in before {
        if index < after.count && after[index] == prime {
          index += 1
        } else {
          removed.append(prime)
        }
      }
      if index == after.count { return ([], removed) }
    }
    // Favorites appended.
    if after.count > before.count && after.starts(with: before) {
      return (Array(after[before.count...]), [])
    }
    let (old, new) = (Set(before), Set(after))
    return (after.filter { !old.contains($0) }, before.filter { !new.contains($0) })
  }
}

extension AppFeature.Action: CasePathable {
  public struct AllCasePaths: Sendable {
    public let window = AnyCasePath(AppFeature.Action.window)
  }
  public static let allCasePaths = AllCasePaths()
}
