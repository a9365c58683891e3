import AppFeature
import ComposableCore
import Presentation
import StandardStreams
import TerminalUI
import WindowPresentation

/// The app in a terminal, as a feature: what only a terminal has — the window on screen, the
/// keyboard's focus per window, the layout and the size, what the app says over the key hints,
/// whether the person asked to quit — over the app, which it scopes.
///
/// Keys and script words are not its actions: the session and the script runner find what a
/// key does on the screen on display (``TerminalScreen/action(for:)``), as the web server finds
/// what a click does, and send the app's action it stands for, or one of the terminal's own.
/// The view is made from this state when it is drawn, never kept in it.
///
/// ```swift
/// let store = Store(initialState: TerminalFeature.State(size: size)) { TerminalFeature() }
/// try store.press(.character("+"))
/// ```
public struct TerminalFeature: Reducer {
  public struct State: Equatable {
    public var app: AppFeature.State
    /// The window on screen.
    public internal(set) var windowID: Int
    public var focus: [Int: WindowFocus] = [:]
    public var size: TerminalSize
    /// `nil` follows the width.
    public var layoutOverride: SizeClass?
    /// What the app itself has to say (a save on quit that failed), over the key hints.
    public var message: String?
    /// The person asked to quit (q, Ctrl-C); the host saves and leaves.
    public var isQuitRequested = false
    /// Quitting was asked for with a document's changes unsaved, and the person was told: asked
    /// again, before anything else, it quits without them.
    public var isQuitWithUnsavedDocumentsAsked = false
    /// Ctrl-L: the host draws everything anew.
    public var redraws = 0

    public init(
      app: AppFeature.State = AppFeature.State(), size: TerminalSize,
      layoutOverride: SizeClass? = nil
    ) {
      self.app = app
      self.windowID = app.windows[0].id
      self.size = size
      self.layoutOverride = layoutOverride
    }

    public var sizeClass: SizeClass { layoutOverride ?? SizeClass(columns: size.columns) }

    /// The keyboard's cursor, selection and scroll in the window on screen.
    public var windowFocus: WindowFocus {
      get { focus[windowID] ?? WindowFocus() }
      set { focus[windowID] = newValue }
    }

    /// What the window on screen shows, made from the state each time it is read.
    public var view: WindowView {
      WindowView(
        app: app, windowID: windowID, sizeClass: sizeClass, selection: windowFocus.selection)!
    }

    /// The number whose detail the window on screen shows, if any: the one read of a window
    /// beside the view's. Read from the window, not through a `CounterFeature.State` made for
    /// it, which boxes its destination anew on every action.
    var detailShown: Int? { app.windows[id: windowID]?.primeDetail?.number }
  }

  public enum Action: Equatable, Sendable {
    case app(AppFeature.Action)
    /// The keyboard's cursor, selection or scroll in the window on screen changed.
    case focusChanged(WindowFocus)
    /// Tab: the next window comes to the front.
    case nextWindowShown
    /// q or Ctrl-C: the host saves and leaves.
    case quitRequested
    /// Ctrl-L: the host draws everything anew.
    case redrawRequested
    case resized(TerminalSize)
    case layoutChanged(SizeClass?)
    /// What the app has to say over the key hints; `nil` clears it.
    case messageShown(String?)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    CombineReducers {
      // Before the app: a window opened comes to the front, a window closed gives it to its
      // neighbor, both known only before the app changes its windows.
      Reduce { state, action in
        // Asked to quit with a document unsaved, then anything else: the next q asks anew.
        if state.isQuitWithUnsavedDocumentsAsked, action != .quitRequested {
          state.isQuitWithUnsavedDocumentsAsked = false
        }
        switch action {
        case .app(.windowOpened):
          state.windowID = state.app.nextWindowID
        case .app(.windowOpenedAt(let value)):
          // The window opened there already, or the one about to be.
          state.windowID = state.app.window(openedAt: value) ?? state.app.nextWindowID
        case .app(.windowClosed(let id))
        where id == state.windowID && !state.app.closeAsksFirst(id):
          let ids = state.app.windows.ids
          if let index = ids.firstIndex(of: id), ids.count > 1 {
            state.windowID = ids[index > 0 ? index - 1 : 1]
          }
        case .app:
          break
        case .focusChanged(let focus):
          state.windowFocus = focus
        case .nextWindowShown:
          let ids = state.app.windows.ids
          state.windowID = ids[((ids.firstIndex(of: state.windowID) ?? 0) + 1) % ids.count]
        case .quitRequested:
          let unsaved = state.app.documents.filter(\.isEdited).map(\.name)
          guard unsaved.isEmpty || state.isQuitWithUnsavedDocumentsAsked else {
            // The favorites are saved on the way out; a document is the person's to save.
            state.isQuitWithUnsavedDocumentsAsked = true
            state.message =
              "Not saved: \(unsaved.joined(separator: ", ")). q again quits without the changes."
            break
          }
          state.isQuitRequested = true
        case .redrawRequested:
          state.redraws += 1
        case .resized(let size):
          state.size = size
        case .layoutChanged(let layout):
          state.layoutOverride = layout
        case .messageShown(let message):
          state.message = message
          state.isQuitRequested = false
        }
        return .none
      }
      Scope(state: \.app, action: \.app) { AppFeature() }
      // A document closed takes its windows with it, the one shown too: another is shown.
      Reduce { state, action in
        guard case .app = action else { return .none }
        if state.app.windows[id: state.windowID] == nil, let first = state.app.windows.ids.first {
          state.windowID = first
        }
        return .none
      }
    }
    // The focus stays on the favorites listed: a deleted one leaves the selection.
    .onChange(of: \.app.favoritePrimes) { _, favorites in
      Reduce { state, _ in
        for id in state.focus.keys { state.focus[id]?.clamp(to: favorites) }
        return .none
      }
    }
    // The settings stay shown across a resize: a touch window's settings (a screen, a sheet)
    // become the desktop's settings window, and that window the shown window's settings
    // when the terminal narrows, as a detail shown stays shown.
    .onChange(of: \.sizeClass) { old, new in
      Reduce { state, _ in
        let window = state.windowID
        if old != .desktop, new == .desktop, state.app.windows[id: window]?.screen == .settings {
          return .merge(
            .send(.app(.window(.element(id: window, action: .navigated(to: .home))))),
            .send(.app(.settingsWindowOpened)))
        }
        if old == .desktop, new != .desktop, state.app.isSettingsWindowOpen {
          return .merge(
            .send(.app(.settingsWindowClosed)),
            .send(.app(.window(.element(id: window, action: .navigated(to: .settings))))))
        }
        return .none
      }
    }
    // A detail shown anew starts at its top.
    .onChange(of: \.detailShown) { _, _ in
      Reduce { state, _ in
        if state.windowFocus.detailScroll != 0 { state.windowFocus.detailScroll = 0 }
        return .none
      }
    }
  }
}

extension TerminalFeature.Action: CasePathable {
  public struct AllCasePaths: Sendable {
    public let app = AnyCasePath(TerminalFeature.Action.app)
  }
  public static let allCasePaths = AllCasePaths()
}
