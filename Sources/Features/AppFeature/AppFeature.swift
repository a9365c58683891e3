import ComposableCore
import Counter
import FavoritePrimes
import Foundation
import NthPrimeLookup
import PrimeClients
import PrimeDetail
import Settings

/// The whole app: one count and one list of favorites, shared by any number of windows.
///
/// App-wide state (the count, the favorites and their storage, the activity feed) lives once;
/// each window (``WindowFeature``) holds its own counter and favorites states, whose count and
/// favorites are the app's shared values: no window copies them, none writes them back.
/// Closing a window cancels its requests only. The favorites load when the app first becomes
/// active and are saved when it goes to the background with changes
/// (``FavoritesStorageFeature``).
public struct AppFeature: Reducer {
  public struct State: Equatable, Sendable {
    /// The count every window's counter holds: the program's `@Shared(.count)`.
    @Shared public var count: Int
    /// The favorites, what is saved of them and the storage's status.
    public var favoritesStorage: FavoritesStorageFeature.State
    /// Whether the app has been active; the favorites load the first time only.
    public var hasBeenActive: Bool
    public var activityFeed: [Activity]
    /// The open windows. One added later shares the app's values only when made by
    /// ``newWindow(id:)``.
    public var windows: IdentifiedArrayOf<WindowFeature.State>
    public var nextWindowID: Int
    /// The settings every window follows: the program's `@Shared(.settings)`.
    public var settings: SettingsFeature.State
    /// Whether the settings have a window of their own (a desktop's settings scene): one at
    /// most.
    public var isSettingsWindowOpen: Bool
    /// The documents open in windows: one however many windows show it (each window that shows
    /// one names it by its id, the path it was opened at, in ``Screen/document(id:)``).
    public var documents: IdentifiedArrayOf<FavoritesDocumentFeature.State>
    /// The window the app last opened at a value or brought to the front
    /// (`windowOpenedAt`): a face shows it. (A plain `windowOpened` is its face's own.)
    public var frontWindowID: Int?

    /// An app whose windows all hold the program's count (`@Shared(.count)`) and favorites
    /// (`@Shared(.favorites)`), which start from `count`, `favoritePrimes` and
    /// `persistedFavoritePrimes` unless they already live: then, as every shared value of a
    /// key, they keep what they hold (the first default wins). Each window's own count and
    /// favorites, if it was made with any, are replaced by the app's.
    public init(
      count: Int = 0, favoritePrimes: [Int] = [], persistedFavoritePrimes: [Int]? = nil,
      storage: FavoritePrimesFeature.StorageStatus = .idle, hasBeenActive: Bool = false,
      activityFeed: [Activity] = [],
      windows: IdentifiedArrayOf<WindowFeature.State> = [WindowFeature.State(id: 0)],
      nextWindowID: Int = 1, isSettingsWindowOpen: Bool = false
    ) {
      self._count = Shared(wrappedValue: count, .count)
      self.favoritesStorage = FavoritesStorageFeature.State(
        favoritePrimes: favoritePrimes, persisted: persistedFavoritePrimes, status: storage)
      self.hasBeenActive = hasBeenActive
      self.activityFeed = activityFeed
      self.windows = windows
      self.nextWindowID = nextWindowID
      self.settings = SettingsFeature.State()
      self.isSettingsWindowOpen = isSettingsWindowOpen
      self.frontWindowID = nil
      self.documents = []
      for id in windows.ids {
        self.windows[id: id]!.counter.$count = $count
        self.windows[id: id]!.favorites.$favoritePrimes = favoritesStorage.$favorites.primes
        self.windows[id: id]!.favorites.$storage = SharedReader(favoritesStorage.$status)
        self.windows[id: id]!.settings.$settings = settings.$settings
      }
    }

    /// The favorites every window holds.
    public var favoritePrimes: [Int] { favoritesStorage.favoritePrimes }

    static func readFavoritePrimes(_ state: Self) -> [Int] { state.favoritePrimes }

    /// What the last save or load did.
    public var storage: FavoritePrimesFeature.StorageStatus { favoritesStorage.status }

    public var hasUnsavedFavoriteChanges: Bool { favoritesStorage.hasUnsavedChanges }

    /// The window opened at `value` and still open, if any: the one `windowOpenedAt(value)`
    /// brings to the front, where no such window gets a new one (``nextWindowID``).
    public func window(openedAt value: WindowValue) -> Int? {
      windows.first { $0.openedAt == value }?.id
    }

    /// Whether closing window `id` asks first instead: it is the last window of a document
    /// with changes unsaved (Save, Don't Save, Cancel).
    public func closeAsksFirst(_ id: Int) -> Bool {
      documentClosing(withWindow: id).flatMap { documents[id: $0]?.isEdited } == true
    }

    /// The document that closes with window `id`: the one it shows, if no other window does.
    func documentClosing(withWindow id: Int) -> String? {
      guard let document = windows[id: id]?.documentID, documents[id: document] != nil,
        !windows.contains(where: { $0.id != id && $0.documentID == document })
      else { return nil }
      return document
    }

    /// A new window over the app's count and favorites: what `windowOpened` adds.
    public func newWindow(id: Int) -> WindowFeature.State {
      WindowFeature.State(
        id: id, count: $count, favoritePrimes: favoritesStorage.$favorites.primes,
        storage: SharedReader(favoritesStorage.$status), settings: settings.$settings)
    }
  }

  public enum Screen: Equatable, Sendable {
    case home
    case counter
    case favorites
    /// The settings, in the window (a phone's screen, a tablet's sheet).
    case settings
    /// A favorites document, open in ``State/documents``, by its id.
    case document(id: String)
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
    case window(IdentifiedAction<Int, WindowFeature.Action>)
    case windowOpened
    /// A window was asked for at a value: opened there, or, when a window was opened at it
    /// already, that one brought to the front.
    case windowOpenedAt(WindowValue)
    case windowClosed(id: Int)
    case scenePhaseChanged(ScenePhase)
    case favoritesStorage(FavoritesStorageFeature.Action)
    /// A change made in the settings' own window.
    case settings(SettingsFeature.Action)
    /// The settings' window was asked for: opened, or, when open, left as it is (a face
    /// brings it to the front).
    case settingsWindowOpened
    case settingsWindowClosed
    /// An action of the document at a path (the windows' document actions come here).
    case documents(IdentifiedAction<String, FavoritesDocumentFeature.Action>)
  }

  @Dependency(\.date.now) var now
  @Dependency(\.primality) var primality

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.favoritesStorage, action: \.favoritesStorage) { FavoritesStorageFeature() }
    Scope(state: \.settings, action: \.settings) { SettingsFeature() }
    Reduce { state, action in
      switch action {
      case .window(.element(let id, let action)):
        switch action {
        case .counter(.increment), .counter(.decrement), .counter(.countFieldSubmitted):
          // Text in another window's field that is no count says nothing about the count this
          // one changes: that window shows the count again. Only such windows are written
          // (writing one copies its state), and no before and after are kept for it. By
          // position: reading a window by id copies it whole.
          for index in state.windows.indices
          where state.windows[index].id != id
            && state.windows[index].counter.countFieldProblem != nil
          {
            state.windows[index].counter.clearInvalidCountField()
          }
          return .none
        // The app's document, whichever window showed it; closing it is closing the window.
        case .document(.closeTapped): return .send(.windowClosed(id: id))
        case .document(let action):
          guard let document = state.windows[id: id]?.documentID else { return .none }
          return .send(.documents(.element(id: document, action: action)))
        // Saved and loaded by the app, not the window: closing the window that asked cannot
        // strand the save.
        case .favorites(.save): return .send(.favoritesStorage(.save))
        case .favorites(.load): return .send(.favoritesStorage(.load))
        case .counter(.destination(.presented(.primeDetail(.delegate(let request))))):
          state.favoritesStorage.$favorites.withLock { favorites in
            switch request {
            case .saveToFavorites(let prime):
              if !favorites.primes.contains(prime) { favorites.primes.append(prime) }
            case .removeFromFavorites(let number):
              favorites.primes.removeAll { $0 == number }
            }
          }
          return .none
        default:
          return .none
        }
      case .windowOpened:
        state.windows.append(state.newWindow(id: state.nextWindowID))
        state.nextWindowID += 1
        return .none
      case .windowOpenedAt(let value):
        if let shown = state.window(openedAt: value) {
          state.frontWindowID = shown
          return .none
        }
        var window = state.newWindow(id: state.nextWindowID)
        window.openedAt = value
        var effect = Effect<Action>.none
        switch value {
        case .favorites:
          window.screen = .favorites
        case .prime(let number):
          window.screen = .counter
          window.counter.destination = .primeDetail(
            PrimeDetailFeature.State(facts: PrimeFacts(of: number, primality: primality)))
        case .counter(let count):
          window.screen = .counter
          if let count { state.$count.withLock { $0 = count } }
        case .document(let path):
          // Open already (in a window that navigated to it, or under the name Save As gave
          // it): the same document, not read again.
          if let open = state.documents.first(where: { $0.path == path }) {
            window.screen = .document(id: open.id)
          } else {
            let document = FavoritesDocumentFeature.State(path: path)
            state.documents.append(document)
            window.screen = .document(id: document.id)
            effect = .send(.documents(.element(id: document.id, action: .opened)))
          }
        }
        state.windows.append(window)
        state.frontWindowID = state.nextWindowID
        state.nextWindowID += 1
        return effect
      case .windowClosed(let id):
        // The last window of a document closes the document: edited, it asks first (the
        // window stays until the document's answer, `delegate(.closed)`, or for good on
        // Cancel).
        if let document = state.documentClosing(withWindow: id) {
          return .send(.documents(.element(id: document, action: .closeTapped)))
        }
        state.windows.remove(id: id)
        if state.frontWindowID == id { state.frontWindowID = nil }
        return .none
      case .documents(.element(let document, .delegate(.closed))):
        for window in state.windows where window.documentID == document {
          state.windows.remove(id: window.id)
          if state.frontWindowID == window.id { state.frontWindowID = nil }
        }
        state.documents.remove(id: document)
        return .none
      case .documents(.element(let document, .saved(let path, .success))):
        // Saved As: the windows opened at the old file are at the new one now.
        for index in state.windows.indices
        where state.windows[index].documentID == document {
          guard case .document(let opened)? = state.windows[index].openedAt, opened != path
          else { continue }
          state.windows[index].openedAt = .document(path: path)
        }
        return .none
      case .scenePhaseChanged(.active) where !state.hasBeenActive:
        state.hasBeenActive = true
        return .send(.favoritesStorage(.load))
      case .scenePhaseChanged(.background)
      where state.favoritesStorage.isBusy || state.hasUnsavedFavoriteChanges:
        // What is unsaved is known once the save or load under way is done.
        return .send(.favoritesStorage(.saveChanges))
      case .settingsWindowOpened:
        state.isSettingsWindowOpen = true
        return .none
      case .settingsWindowClosed:
        state.isSettingsWindowOpen = false
        return .none
      case .scenePhaseChanged, .favoritesStorage, .settings, .documents:
        return .none
      }
    }
    .forEach(\.windows, action: \.window) { WindowFeature() }
    .forEach(\.documents, action: \.documents) { FavoritesDocumentFeature() }
    // A function, not `\.favoritePrimes`: applying a key path copied the whole state, twice
    // for every action.
    .onChange(of: State.readFavoritePrimes) { before, after in
      Reduce { state, action in
        // Only what a person did in a window is activity; a load or a merge is not.
        guard case .window = action else { return .none }
        recordActivity(from: before, to: after, in: &state)
        return .none
      }
    }
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

extension SharedReaderKey where Self == InMemoryKey<Int>.Default {
  /// The count, kept in memory for the program's life: `@Shared(.count) var count`.
  public static var count: Self { Self[.inMemory("count"), default: 0] }
}

extension AppFeature.Action: CasePathable {
  public struct AllCasePaths: Sendable {
    public let window = AnyCasePath(AppFeature.Action.window)
    public let favoritesStorage = AnyCasePath(AppFeature.Action.favoritesStorage)
    public let settings = AnyCasePath(AppFeature.Action.settings)
    public let documents = AnyCasePath(AppFeature.Action.documents)
  }
  public static let allCasePaths = AllCasePaths()
}
