import AppFeature
import NthPrimeLookup
import Presentation
import Settings

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
    /// Light, dark, or the system's: the settings'.
    public var appearance: Appearance
    /// The app's settings window, when open: a window of its own, over every window's
    /// content and modal to none.
    public var settingsWindow: SettingsWindow.State?
    /// The favorites document the window shows, if it shows one: it fills the window in place
    /// of the counter and the favorites.
    public var document: DocumentScreen.State?

    /// `nil` when the window is not (or no longer) open. `tabLimit` keeps only that many
    /// tabs around this window's: with hundreds of windows, a host that makes every window's
    /// view after every change would otherwise spend time and memory on the square of them.
    public init?(
      _ app: borrowing AppFeature.State, windowID: Int, selection: Set<Int> = [],
      capabilities: HostCapabilities = .all, tabLimit: Int = .max
    ) {
      // `app` is borrowed, as the other mappings' features are: an initializer's argument is
      // otherwise passed owned, and an observer lending the app's state copied it whole. The
      // window is read in place, by position: reading it by id copied it whole too.
      guard let position = app.windows.index(id: windowID) else { return nil }
      self.windowID = windowID
      let windowCount = app.windows.count
      title =
        windowCount > 1
        ? Formatting.text {
          $0.write("Counter demo — ")
          $0.write(position + 1)
          $0.write(" of ")
          $0.write(windowCount)
        } : "Counter demo"
      let shown = Self.shownTabs(count: windowCount, position: position, limit: tabLimit)
      tabs = shown.map { index in
        let id = app.windows.ids[index]
        return Tab(id: id, title: Tab.title(number: index + 1), isCurrent: id == windowID)
      }
      let style = DetailPresentationStyle(sizeClass: .desktop, capabilities: capabilities)
      // Read once: the counter's detail and the sidebar show the same favorites, and the
      // settings are shared.
      let favoritePrimes = app.windows[position].favorites.favoritePrimes
      let settings = app.windows[position].settings.settings
      appearance = settings.appearance
      settingsWindow = SettingsWindow.State(app)
      document = app.windows[position].documentID.flatMap { app.documents[id: $0] }.map {
        DocumentScreen.State($0, grouping: settings.digitGrouping)
      }
      if let document { title = document.title }
      counter = CounterPane.State(
        app.windows[position].counter, favoritePrimes: favoritePrimes, primeDetailStyle: style,
        grouping: settings.digitGrouping)
      sidebar = FavoritesSidebar.State(
        app.windows[position].favorites, favoritePrimes: favoritePrimes, selection: selection,
        grouping: settings.digitGrouping)
      // A command is enabled when the control that does the same is. The flags are read
      // first: the controls themselves would be copied into the closure.
      let counterFlags = (
        increment: counter.isIncrementEnabled, decrement: counter.isDecrementEnabled,
        nthPrime: counter.isNthPrimeButtonEnabled
      )
      let sidebarFlags = (save: sidebar.isSaveEnabled, load: sidebar.isLoadEnabled)
      let showsDocument = document != nil
      menu = MenuCommand.allCases.map { command in
        var isEnabled: Bool
        switch command {
        case .increment: isEnabled = counterFlags.increment
        case .decrement: isEnabled = counterFlags.decrement
        case .isThisPrime: isEnabled = true
        case .nthPrime: isEnabled = counterFlags.nthPrime
        case .save: isEnabled = sidebarFlags.save
        case .load: isEnabled = sidebarFlags.load
        case .newWindow, .settings, .openFavoritesInNewWindow, .openCounterInNewWindow:
          isEnabled = capabilities.contains(.multipleWindows)
        case .closeWindow: isEnabled = windowCount > 1
        }
        // A document's window has no counter or favorites for the others to act on.
        if showsDocument && !MenuCommand.windowCommands.contains(command) { isEnabled = false }
        return MenuItem(command, isEnabled: isEnabled)
      }
    }

    /// Whether the window offers `action` now: an alert offers only its dismissal, a detail
    /// its button and its dismissal (a sheet is modal, a popover leaves the window usable),
    /// and otherwise each enabled control and menu command its action.
    public func offers(_ action: Action) -> Bool {
      // A window of its own: an alert or a sheet in this one does not cover it.
      if case .settingsWindow(let action) = action {
        return settingsWindow?.offers(action) ?? false
      }
      if let document {
        switch action {
        case .document(let action): return document.offers(action)
        case .menu: return document.savePrompt == nil && isEnabled(action)
        default: return false
        }
      }
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
      if document != nil {
        switch action {
        case .counter, .sidebar, .favoriteOpenedInNewWindow: return false
        default: break
        }
      }
      return switch action {
      case .document(let action): document?.isEnabled(action) ?? false
      case .counter(let action): counter.isEnabled(action)
      case .sidebar(let action): sidebar.isEnabled(action)
      case .menu(let command): menu.contains { $0.command == command && $0.isEnabled }
      case .settingsWindow(let action): settingsWindow?.offers(action) ?? false
      case .favoriteOpenedInNewWindow(let prime):
        menu.contains { $0.command == .newWindow && $0.isEnabled }
          && sidebar.rows.primes.contains(prime)
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

    /// "Window 1", "Window 2", …: the title of the tab of the window at `number`.
    public static func title(number: Int) -> String {
      guard titles.indices.contains(number - 1) else { return makeTitle(number: number) }
      return titles[number - 1]
    }

    // Made once: every window's tabs name every window after each action.
    private static let titles = (1...16).map(makeTitle)

    private static func makeTitle(number: Int) -> String {
      Formatting.text {
        $0.write("Window ")
        $0.write(number)
      }
    }
  }

  public enum Action: ListedAction {
    case counter(CounterPane.Action)
    case sidebar(FavoritesSidebar.Action)
    case menu(MenuCommand)
    /// An action of the app's settings window, shown over this one.
    case settingsWindow(SettingsWindow.Action)
    /// "Open in New Window" on a favorite of the sidebar: a window at that prime's detail.
    case favoriteOpenedInNewWindow(prime: Int)
    /// An action of the document the window shows.
    case document(DocumentScreen.Action)

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
      case .menu(.openFavoritesInNewWindow): return .windowOpenedAt(.favorites)
      case .menu(.openCounterInNewWindow): return .windowOpenedAt(.counter(count: nil))
      case .menu(.closeWindow): return .windowClosed(id: windowID)
      case .menu(.settings): return .settingsWindowOpened
      case .favoriteOpenedInNewWindow(let prime): return .windowOpenedAt(.prime(prime))
      case .settingsWindow(let action): return action.featureAction
      case .document(let action): return window(.document(action.featureAction))
      }
    }
  }
}

extension DesktopWindow.Action {
  /// The action's cases, without their arguments (see ``ListedAction``).
  public enum Case: CaseIterable, Hashable, Sendable {
    case counter
    case sidebar
    case menu
    case settingsWindow
    case favoriteOpenedInNewWindow
    case document
  }

  public var listedCase: Case {
    switch self {
    case .counter: .counter
    case .sidebar: .sidebar
    case .menu: .menu
    case .settingsWindow: .settingsWindow
    case .favoriteOpenedInNewWindow: .favoriteOpenedInNewWindow
    case .document: .document
    }
  }

  public static func actions(of listedCase: Case) -> [Self] {
    switch listedCase {
    case .counter: CounterPane.Action.everyCase.map(Self.counter)
    case .sidebar: FavoritesSidebar.Action.everyCase.map(Self.sidebar)
    case .menu: MenuCommand.everyCase.map(Self.menu)
    case .settingsWindow: SettingsWindow.Action.everyCase.map(Self.settingsWindow)
    case .favoriteOpenedInNewWindow: [.favoriteOpenedInNewWindow(prime: 0)]
    case .document: DocumentScreen.Action.everyCase.map(Self.document)
    }
  }

  public var withoutArguments: Self {
    switch self {
    case .counter(let action): .counter(action.withoutArguments)
    case .sidebar(let action): .sidebar(action.withoutArguments)
    case .menu(let command): .menu(command)
    case .settingsWindow(let action): .settingsWindow(action)
    case .favoriteOpenedInNewWindow: .favoriteOpenedInNewWindow(prime: 0)
    case .document(let action): .document(action.withoutArguments)
    }
  }
}
