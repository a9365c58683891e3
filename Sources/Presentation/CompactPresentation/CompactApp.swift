import AppFeature
import FavoritePrimes
import Presentation
import Settings

/// One window of the app on a touch screen: a navigation stack from the root list to the
/// counter or the favorites.
///
/// A phone (``SizeClass/compact``) shows the prime detail as a sheet, a tablet
/// (``SizeClass/regular``) as a popover; a phone pushes the settings as a screen, a tablet
/// shows them in a sheet over the root. The style is read from the size class at each
/// mapping and stored nowhere, so resizing a window between the two moves a shown detail
/// from sheet to popover and back without touching the feature state.
///
/// ```swift
/// let screen = store.observe { CompactApp.State($0.windows[id: 0]!, sizeClass: .compact) }
/// store.send(.window(.element(id: 0, action: viewAction.featureAction)))
/// ```
public enum CompactApp {
  public struct State: Equatable, Sendable {
    public var root: RootScreen.State
    /// The screen pushed over the root, if any.
    public var destination: Destination?
    /// The settings in a sheet over the screen (a tablet's); `nil` when not shown so.
    public var settingsSheet: SettingsScreen.State?
    /// Light, dark, or the system's: the settings'.
    public var appearance: Appearance
    /// A problem with the favorites' storage, said on every screen but the favorites, which
    /// show it in their status: a file that cannot be read is never saved over, and the
    /// person should know before adding favorites.
    public var storageNotice: String?

    /// `document`: the document the window shows, when its screen is one (the app holds it:
    /// ``AppFeature/State/documents``).
    public init(
      _ window: WindowFeature.State, sizeClass: SizeClass,
      capabilities: HostCapabilities = .all, document: FavoritesDocumentFeature.State? = nil
    ) {
      root = RootScreen.State()
      // Read once: shared, and each read takes its lock.
      let settings = window.settings.settings
      appearance = settings.appearance
      settingsSheet = nil
      switch window.screen {
      case .home:
        destination = nil
      case .counter:
        let style = DetailPresentationStyle(sizeClass: sizeClass, capabilities: capabilities)
        destination = .counter(
          CounterScreen.State(
            window.counter, favoritePrimes: window.favorites.favoritePrimes,
            primeDetailStyle: style, grouping: settings.digitGrouping))
      case .favorites:
        destination = .favorites(
          FavoritesScreen.State(window.favorites, grouping: settings.digitGrouping))
      case .settings where sizeClass == .compact:
        destination = .settings(SettingsScreen.State(window.settings))
      case .settings:
        destination = nil
        settingsSheet = SettingsScreen.State(window.settings)
      case .document:
        destination = document.map {
          .document(DocumentScreen.State($0, grouping: settings.digitGrouping))
        }
      }
      switch window.favorites.storage {
      case .failed, .partlyLoaded:
        storageNotice = window.screen == .favorites ? nil : window.favorites.storage.text
      default:
        storageNotice = nil
      }
    }

    /// Whether the screen shown offers `action` now: the root its rows, the counter and the
    /// favorites what they offer (see ``CounterScreen/State/offers(_:)``), and Back unless an
    /// alert or a sheet covers the screen.
    public func offers(_ action: Action) -> Bool {
      if let settingsSheet {
        switch action {
        case .settings(let action): return settingsSheet.isEnabled(action)
        case .settingsSheetDismissed: return true
        default: return false
        }
      }
      return switch (destination, action) {
      case (nil, .root): true
      case (.settings(let settings), .settings(let action)): settings.isEnabled(action)
      case (.settings, .backTapped): true
      case (.counter(let counter), .counter(let action)): counter.offers(action)
      case (.counter(let counter), .backTapped):
        counter.alert == nil && !counter.isPrimeModalShown
      case (.favorites(let favorites), .favorites(let action)): favorites.offers(action)
      case (.favorites(let favorites), .backTapped): favorites.alert == nil
      case (.document(let document), .document(let action)): document.offers(action)
      default: false
      }
    }

    /// Whether the control that sends `action` is on the screen shown and enabled, whatever
    /// is presented over it: how a face draws it.
    public func isEnabled(_ action: Action) -> Bool {
      if let settingsSheet {
        switch action {
        case .settings(let action): return settingsSheet.isEnabled(action)
        case .settingsSheetDismissed: return true
        default: break
        }
      }
      return switch (destination, action) {
      case (nil, .root): true
      case (.settings(let settings), .settings(let action)): settings.isEnabled(action)
      case (.settings, .backTapped): true
      case (.counter(let counter), .counter(let action)): counter.isEnabled(action)
      case (.favorites(let favorites), .favorites(let action)): favorites.isEnabled(action)
      case (.counter, .backTapped), (.favorites, .backTapped): true
      case (.document(let document), .document(let action)): document.isEnabled(action)
      default: false
      }
    }
  }

  public enum Destination: Equatable, Sendable {
    case counter(CounterScreen.State)
    case favorites(FavoritesScreen.State)
    case settings(SettingsScreen.State)
    /// A favorites document: the window's only screen (closed, not left with Back).
    case document(DocumentScreen.State)
  }

  public enum Action: ListedAction {
    case root(RootScreen.Action)
    case backTapped
    case counter(CounterScreen.Action)
    case favorites(FavoritesScreen.Action)
    case settings(SettingsScreen.Action)
    /// The settings' sheet was closed (a tablet's).
    case settingsSheetDismissed
    case document(DocumentScreen.Action)

    public var featureAction: WindowFeature.Action {
      switch self {
      case .root(let action): action.featureAction
      case .backTapped, .settingsSheetDismissed: .navigated(to: .home)
      case .counter(let action): .counter(action.featureAction)
      case .favorites(let action): .favorites(action.featureAction)
      case .settings(let action): .settings(action.featureAction)
      case .document(let action): .document(action.featureAction)
      }
    }
  }
}

extension CompactApp.Action {
  /// The action's cases, without their arguments (see ``ListedAction``).
  public enum Case: CaseIterable, Hashable, Sendable {
    case root
    case backTapped
    case counter
    case favorites
    case settings
    case settingsSheetDismissed
    case document
  }

  public var listedCase: Case {
    switch self {
    case .root: .root
    case .backTapped: .backTapped
    case .counter: .counter
    case .favorites: .favorites
    case .settings: .settings
    case .settingsSheetDismissed: .settingsSheetDismissed
    case .document: .document
    }
  }

  public static func actions(of listedCase: Case) -> [Self] {
    switch listedCase {
    case .root: RootScreen.Action.everyCase.map(Self.root)
    case .backTapped: [.backTapped]
    case .counter: CounterScreen.Action.everyCase.map(Self.counter)
    case .favorites: FavoritesScreen.Action.everyCase.map(Self.favorites)
    case .settings: SettingsScreen.Action.everyCase.map(Self.settings)
    case .settingsSheetDismissed: [.settingsSheetDismissed]
    case .document: DocumentScreen.Action.everyCase.map(Self.document)
    }
  }

  public var withoutArguments: Self {
    switch self {
    case .counter(let action): .counter(action.withoutArguments)
    case .favorites(let action): .favorites(action.withoutArguments)
    case .root(let action): .root(action)
    case .settings(let action): .settings(action)
    case .document(let action): .document(action.withoutArguments)
    default: Self.actions(of: listedCase)[0]
    }
  }
}
