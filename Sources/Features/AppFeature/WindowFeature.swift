import ComposableCore
import Counter
import FavoritePrimes
import PrimeDetail
import Settings

/// One window of the app: the screen it shows, and its own counter and favorites, whose count
/// and favorites are the app's shared ones.
///
/// Each window presents on its own (its prime detail, its requests, its alerts); an increment
/// or a deleted favorite in one is seen by every window, because their states hold the same
/// shared values, not copies.
public struct WindowFeature: Reducer {
  public struct State: Identifiable, Equatable, Sendable {
    public let id: Int
    public var screen: AppFeature.Screen
    public var counter: CounterFeature.State
    public var favorites: FavoritePrimesFeature.State
    /// The app's settings: what the window shows follows them, and its settings screen
    /// changes them.
    public var settings: SettingsFeature.State
    /// The value the window was opened at, if any: opening it again brings this window to the
    /// front (see ``WindowValue``).
    public var openedAt: WindowValue?

    /// A window with a count and favorites of its own; ``AppFeature/State`` makes every window
    /// it holds share the app's.
    public init(
      id: Int, screen: AppFeature.Screen = .home, counter: CounterFeature.State = .init(),
      favorites: FavoritePrimesFeature.State = .init(),
      settings: SettingsFeature.State = .init()
    ) {
      self.id = id
      self.screen = screen
      self.counter = counter
      self.favorites = favorites
      self.settings = settings
    }

    /// A window over the app's count, favorites, storage status and settings.
    init(
      id: Int, count: Shared<Int>, favoritePrimes: Shared<[Int]>,
      storage: SharedReader<FavoritePrimesFeature.StorageStatus>, settings: Shared<AppSettings>
    ) {
      self.init(
        id: id, counter: CounterFeature.State(count: count),
        favorites: FavoritePrimesFeature.State(favoritePrimes: favoritePrimes, storage: storage),
        settings: SettingsFeature.State(settings: settings))
    }

    /// The id of the document this window shows, if it shows one.
    public var documentID: String? {
      if case .document(let id) = screen { id } else { nil }
    }

    /// The prime detail this window shows, if any.
    public var primeDetail: PrimeDetailFeature.State? { counter.primeDetail }
  }

  public enum Action: Equatable, Sendable {
    case navigated(to: AppFeature.Screen)
    case counter(CounterFeature.Action)
    case favorites(FavoritePrimesFeature.Action)
    case settings(SettingsFeature.Action)
    /// An action of the document the window shows: the app holds documents (one however many
    /// windows show it), so ``AppFeature`` hands it to ``AppFeature/State/documents``.
    case document(FavoritesDocumentFeature.Action)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) { CounterFeature() }
    Scope(state: \.favorites, action: \.favorites) { FavoritePrimesFeature() }
    Scope(state: \.settings, action: \.settings) { SettingsFeature() }
    Reduce { state, action in
      switch action {
      case .navigated(let screen):
        state.screen = screen
      // What a window presents belongs to a screen: a window used side by side (a
      // desktop's) that becomes narrow shows the screen it presents on.
      case .counter(.showPrimeDetail), .counter(.requestNthPrime):
        state.screen = .counter
      case .favorites(.favoriteSelected):
        state.screen = .favorites
      default:
        break
      }
      return .none
    }
  }
}

extension WindowFeature.Action: CasePathable {
  public struct AllCasePaths: Sendable {
    public let counter = AnyCasePath(WindowFeature.Action.counter)
    public let favorites = AnyCasePath(WindowFeature.Action.favorites)
    public let settings = AnyCasePath(WindowFeature.Action.settings)
    public let document = AnyCasePath(WindowFeature.Action.document)
  }
  public static let allCasePaths = AllCasePaths()
}
