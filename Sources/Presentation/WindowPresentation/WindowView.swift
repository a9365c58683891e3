import AppFeature
import CompactPresentation
import DesktopPresentation
import Presentation
import Settings
import Synchronization

/// What any face shows of one window: the touch adapter's view state (compact and regular),
/// the desktop adapter's, or the desktop's settings window where a face shows it as a window
/// of its own (a browser tab; the terminal draws it over the desktop window instead).
///
/// The terminal draws it as text and the web as HTML; both ask it which actions it offers
/// now (``offers(_:)``), so a key and a click are held to the one rule the adapters write.
///
/// ```swift
/// let view = WindowView(app: store.state, windowID: 0, sizeClass: .desktop)!
/// let action = WindowAction.desktop(.menu(.increment))
/// if view.offers(action) { store.send(action.featureAction(windowID: 0)) }
/// ```
public enum WindowView: Equatable, Sendable {
  case touch(CompactApp.State)
  case desktop(DesktopWindow.State)
  /// The settings' window (its actions are the desktop's `settingsWindow` ones).
  case settings(SettingsWindow.State)

  /// The view of window `windowID` in a window of `sizeClass`, or `nil` when it is not open.
  /// `selection` is the desktop sidebar's (see ``WindowFocus``); `tabLimit` caps a desktop's
  /// window tabs around its own.
  public init?(
    app: AppFeature.State, windowID: Int, sizeClass: SizeClass, selection: Set<Int> = [],
    capabilities: HostCapabilities = .all, tabLimit: Int = .max
  ) {
    WindowView.counts?.mappings.add(1, ordering: .relaxed)
    switch sizeClass {
    case .compact, .regular:
      guard let window = app.windows[id: windowID] else { return nil }
      self = .touch(
        CompactApp.State(
          window, sizeClass: sizeClass, capabilities: capabilities,
          document: window.documentID.flatMap { app.documents[id: $0] }))
    case .desktop:
      guard
        let state = DesktopWindow.State(
          app, windowID: windowID, selection: selection, capabilities: capabilities,
          tabLimit: tabLimit)
      else { return nil }
      self = .desktop(state)
    }
  }

  /// The app's settings window, `nil` while it is not open (see ``AppFeature/State/isSettingsWindowOpen``).
  public init?(settingsOf app: AppFeature.State) {
    guard let state = SettingsWindow.State(app) else { return nil }
    self = .settings(state)
  }

  /// Whether `action` can be taken now: its control is enabled and nothing presented over it
  /// (an alert, a modal sheet) takes it away. An action of the other adapter is never offered:
  /// it crossed a change of layout.
  public func offers(_ action: WindowAction) -> Bool {
    switch (self, action) {
    case (.touch(let state), .touch(let action)): state.offers(action)
    case (.desktop(let state), .desktop(let action)): state.offers(action)
    case (.settings(let state), .desktop(.settingsWindow(let action))): state.offers(action)
    default: false
    }
  }

  /// Whether the control that sends `action` is enabled, whatever is presented over it: how a
  /// face draws the control.
  public func isEnabled(_ action: WindowAction) -> Bool {
    switch (self, action) {
    case (.touch(let state), .touch(let action)): state.isEnabled(action)
    case (.desktop(let state), .desktop(let action)): state.isEnabled(action)
    case (.settings(let state), .desktop(.settingsWindow(let action))): state.offers(action)
    default: false
    }
  }

  /// The favorites document shown, if any.
  public var document: DocumentScreen.State? {
    switch self {
    case .touch(let state):
      guard case .document(let document) = state.destination else { return nil }
      return document
    case .desktop(let state):
      return state.document
    case .settings:
      return nil
    }
  }

  /// Light, dark, or the system's: how a face colours the window.
  public var appearance: Appearance {
    switch self {
    case .touch(let state): state.appearance
    case .desktop(let state): state.appearance
    case .settings(let state): state.appearance
    }
  }

  /// The prime detail shown, if any.
  public var primeDetail: PrimeDetailView.State? {
    switch self {
    case .touch(let state):
      guard case .counter(let counter) = state.destination else { return nil }
      return counter.primeDetail
    case .desktop(let state):
      return state.counter.primeDetail
    case .settings:
      return nil
    }
  }

  /// Why the count being typed cannot be set, if it cannot.
  public var countFieldProblem: String? {
    switch self {
    case .touch(let state):
      guard case .counter(let counter) = state.destination else { return nil }
      return counter.countFieldProblem
    case .desktop(let state):
      return state.counter.countFieldProblem
    case .settings:
      return nil
    }
  }

  /// The count as it is being typed; `nil` when not typing.
  public var countField: String? {
    switch self {
    case .touch(let state):
      guard case .counter(let counter) = state.destination else { return nil }
      return counter.countField
    case .desktop(let state):
      return state.counter.countField
    case .settings:
      return nil
    }
  }

  /// The favorites listed, on the screen that lists them; `nil` elsewhere.
  public var favoriteRows: FavoriteRows? {
    switch self {
    case .touch(let state):
      guard case .favorites(let favorites) = state.destination else { return nil }
      return favorites.rows
    case .desktop(let state):
      return state.sidebar.rows
    case .settings:
      return nil
    }
  }

  /// Counts the views made and drawn in a scope (a test's): a key press should make one and
  /// draw at most one.
  @TaskLocal public static var counts: Counts?

  public final class Counts: Sendable {
    public let mappings = Atomic(0)
    public let renders = Atomic(0)

    public init() {}
  }
}
