import AppFeature
import Presentation

/// One desktop window: the counter, the favorites in a sidebar, a menu bar, and the tabs of
/// every window open over the same store.
///
/// Each window presents on its own (its detail, its requests, its selection); the count and
/// the favorites are the app's, so every window shows the same ones.
///
/// ```swift
/// let window = store.observe { DesktopWindow.State($0, windowID: id, selection: selection) }
/// store.send(viewAction.featureAction(windowID: id))
/// ```
public enum DesktopWindow {
  public struct State: Equatable, Sendable {
    public var windowID: Int
    /// "Counter demo — 2 of 3" when several windows are open.
    public var title: String
    public var tabs: [Tab]
    public var counter: CounterPane.State
    public var sidebar: FavoritesSidebar.State
    public var menu: [MenuItem]

    /// `nil` when the window is not (or no longer) open. `tabLimit` keeps only that many
    /// tabs around this window's: with hundreds of windows, a host that makes every window's
    /// view after every change would otherwise spend time and memory on the square of them.
    public init?(
      _ app: AppFeature.State, windowID: Int, selection: Set<Int> = [],
      capabilities: HostCapabilities = .all, tabLimit: Int = .max
    ) {
      guard let position = app.windows.index(id: windowID),
        let window = app.windows[id: windowID]
      else { return nil }
      self.windowID = windowID
      title =
        app.windows.count > 1
        ? "Counter demo — \(position + 1) of \(app.windows.count)" : "Counter demo"
      let shown = Self.shownTabs(count: app.windows.count, position: position, limit: tabLimit)
      tabs = shown.map { index in
        let id = app.windows.ids[index]
        return Tab(id: id, title: "Window \(index + 1)", isCurrent: id == windowID)
      }
      let style = DetailPresentationStyle(sizeClass: .desktop, capabilities: capabilities)
      // Read once: the counter's detail and the sidebar show the same favorites.
      let favoritePrimes = window.favorites.favoritePrimes
      counter = CounterPane.State(
        window.counter, favoritePrimes: favoritePrimes, primeDetailStyle: style)
      sidebar = FavoritesSidebar.State(
        window.favorites, favoritePrimes: favoritePrimes, selection: selection)
      // A command is enabled when the control that does the same is.
      let (counter, sidebar) = (counter.controls, sidebar.controls)
      menu = MenuCommand.allCases.map { command in
        let isEnabled: Bool
        switch command {
        case .increment: isEnabled = counter.isIncrementEnabled
        case .decrement: isEnabled = counter.isDecrementEnabled
        case .isThisPrime: isEnabled = true
        case .nthPrime: isEnabled = counter.isNthPrimeButtonEnabled
        case .save: isEnabled = sidebar.isSaveEnabled
        case .load: isEnabled = sidebar.isLoadEnabled
        case .newWindow: isEnabled = capabilities.contains(.multipleWindows)
        case .closeWindow: isEnabled = app.windows.count > 1
        }
        return MenuItem(command, isEnabled: isEnabled)
      }
    }

    /// Whether the window offers `action` now: an alert offers only its dismissal, a detail
    /// its button and its dismissal (a sheet is modal, a popover leaves the window usable),
    /// and otherwise each enabled control and menu command its action.
    public func offers(_ action: Action) -> Bool {
      if counter.alert != nil { return action == .counter(.alertDismissed) }
      if sidebar.alert != nil { return action == .sidebar(.alertDismissed) }
      if counter.isPrimeSheetShown {
        switch action {
        case .counter(.primeDetail), .counter(.primeSheetDismissed): break
        default: return false
        }
      }
      return isEnabled(action)
    }

    /// Whether the control or menu command that sends `action` is shown and enabled, whatever
    /// is presented over it: how a face draws it.
    public func isEnabled(_ action: Action) -> Bool {
      switch action {
      case .counter(let action): counter.isEnabled(action)
      case .sidebar(let action): sidebar.isEnabled(action)
      case .menu(let command): menu.contains { $0.command == command && $0.isEnabled }
      }
    }

    /// The positions of the tabs shown when at most `limit` of `count` are: a run that holds
    /// `position`, as near its middle as the ends allow.
    public static func shownTabs(count: Int, position: Int, limit: Int) -> Range<Int> {
      let limit = max(limit, 1)
      guard count > limit else { return 0..<count }
      let start = min(max(position - limit / 2, 0), count - limit)
      return start..<(start + limit)
    }
  }

  public struct Tab: Equatable, Sendable {
    public var id: Int
    public var title: String
    public var isCurrent: Bool

    public init(id: Int, title: String, isCurrent: Bool) {
      self.id = id
      self.title = title
      self.isCurrent = isCurrent
    }
  }

  public enum Action: Hashable, Sendable {
    case counter(CounterPane.Action)
    case sidebar(FavoritesSidebar.Action)
    case menu(MenuCommand)

    /// The app's action for this action in window `windowID`.
    public func featureAction(windowID: Int) -> AppFeature.Action {
      func window(_ action: WindowFeature.Action) -> AppFeature.Action {
        .window(.element(id: windowID, action: action))
      }
      switch self {
      case .counter(let action): return window(.counter(action.featureAction))
      case .sidebar(let action): return window(.favorites(action.featureAction))
      case .menu(.increment): return window(.counter(.increment))
      case .menu(.decrement): return window(.counter(.decrement))
      case .menu(.isThisPrime): return window(.counter(.showPrimeDetail))
      case .menu(.nthPrime): return window(.counter(.requestNthPrime))
      case .menu(.save): return window(.favorites(.save))
      case .menu(.load): return window(.favorites(.load))
      case .menu(.newWindow): return .windowOpened
      case .menu(.closeWindow): return .windowClosed(id: windowID)
      }
    }
  }
}
