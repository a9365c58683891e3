import AppFeature
import CompactPresentation
import ComposableCore
import DesktopPresentation
import Presentation
import StandardStreams
import TerminalUI

/// The app in a terminal, as a feature: the app's state with what only a terminal has — the
/// window on screen, the keyboard's cursor and selection per window, the layout and the size —
/// and keys, resizes and script words as actions.
///
/// A key is looked up in the view on screen (pure: the bindings the screen lists are the keys
/// it handles) and becomes the app action it stands for, here, in the reducer; the view is made
/// once per action. The host only sends keys and draws ``State/view`` when it changes.
///
/// ```swift
/// let store = Store(initialState: TerminalFeature.State(size: size)) { TerminalFeature() }
/// store.send(.keyPressed(.character("+")))
/// ```
public struct TerminalFeature: Reducer {
  public struct State: Equatable {
    public var app: AppFeature.State
    /// The window on screen.
    public private(set) var windowID: Int
    public var focus: [Int: KeyboardFocus] = [:]
    public var size: TerminalSize
    /// `nil` follows the width.
    public var layoutOverride: SizeClass?
    /// What the app itself has to say (a save on quit that failed), over the key hints.
    public var message: String?
    /// Why the last key or script word did nothing; for scripts, which stop there.
    public var refusal: String?
    /// The person asked to quit (q, Ctrl-C); the host saves and leaves.
    public var isQuitRequested = false
    /// Ctrl-L: the host draws everything anew.
    public var redraws = 0
    /// What is on screen, made once after every action.
    public private(set) var view: TerminalView

    public init(
      app: AppFeature.State = AppFeature.State(), size: TerminalSize,
      layoutOverride: SizeClass? = nil
    ) {
      self.app = app
      self.windowID = app.windows[0].id
      self.size = size
      self.layoutOverride = layoutOverride
      self.view = TerminalView(
        app: app, windowID: app.windows[0].id,
        sizeClass: layoutOverride ?? SizeClass(columns: size.columns), selection: [])
    }

    public var sizeClass: SizeClass { layoutOverride ?? SizeClass(columns: size.columns) }

    /// The keyboard's cursor and selection in the window on screen.
    public var windowFocus: KeyboardFocus {
      get { focus[windowID] ?? KeyboardFocus() }
      set { focus[windowID] = newValue }
    }

    /// The keys that work now, the window's own and the app's.
    public var bindings: [KeyBinding<TerminalCommand>] {
      view.bindings(focus: windowFocus, columns: size.columns, rows: size.rows)
    }

    /// Keeps the window on screen open, the cursors on rows, and the view up to date.
    mutating func refresh() {
      if app.windows[id: windowID] == nil { windowID = app.windows[0].id }
      let favorites = app.favoritePrimes
      for id in focus.keys { focus[id]?.clamp(to: favorites) }
      view = TerminalView(
        app: app, windowID: windowID, sizeClass: sizeClass, selection: windowFocus.selection)
      // A detail scrolled in a small terminal starts at its top the next time.
      let detailLines = view.primeDetail.map { Canvas.detailLines($0).count } ?? 0
      windowFocus.detailScroll = max(0, min(windowFocus.detailScroll, detailLines - 1))
    }

    mutating func show(window id: Int) {
      windowID = id
    }
  }

  public enum Action: Equatable, Sendable {
    case app(AppFeature.Action)
    case keyPressed(Key)
    /// A script word: what a person means, done with the key that does it on this screen,
    /// going first to the screen that has it. `argument` is a favorite prime.
    case intent(Intent, argument: Int?)
    /// A script's `count N`: types N and sets it.
    case countTyped(String)
    case resized(TerminalSize)
    case layoutChanged(SizeClass?)
    /// What the app has to say over the key hints; `nil` clears it.
    case messageShown(String?)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.app, action: \.app) { AppFeature() }
    Reduce { state, action in
      state.refusal = nil
      switch action {
      case .app:
        return .none
      case .keyPressed(let key):
        return press(key, &state)
      case .intent(let intent, let argument):
        return perform(intent, argument: argument, &state)
      case .countTyped(let digits):
        return typeCount(digits, &state)
      case .resized(let size):
        state.size = size
        return .none
      case .layoutChanged(let layout):
        state.layoutOverride = layout
        return .none
      case .messageShown(let message):
        state.message = message
        state.isQuitRequested = false
        return .none
      }
    }
    Reduce { state, _ in
      state.refresh()
      return .none
    }
  }

  // MARK: Keys

  private func press(_ key: Key, _ state: inout State) -> Effect<Action> {
    switch key {
    case .character("q"), .control("c"):
      state.isQuitRequested = true
      return .none
    case .control("l"):
      state.redraws += 1
      return .none
    case .tab where state.app.windows.count > 1:
      let ids = state.app.windows.ids
      let next = ((ids.firstIndex(of: state.windowID) ?? 0) + 1) % ids.count
      state.show(window: ids[next])
      return .none
    default:
      break
    }
    guard let command = state.bindings.first(where: { $0.keys.contains(key) })?.action else {
      state.refusal = "\(key) does nothing on this screen"
      return .none
    }
    return run(command, key: key, &state)
  }

  private func run(_ command: TerminalCommand, key: Key, _ state: inout State) -> Effect<Action> {
    let windowID = state.windowID
    switch command {
    case .touch(let action):
      return app(.window(.element(id: windowID, action: action.featureAction)), &state)
    case .desktop(.menu(.newWindow)):
      let opened = state.app.nextWindowID
      let effect = app(.windowOpened, &state)
      state.show(window: opened)
      return effect
    case .desktop(.menu(.closeWindow)):
      let ids = state.app.windows.ids
      let index = ids.firstIndex(of: windowID) ?? 0
      let neighbor = ids[index > 0 ? index - 1 : min(1, ids.count - 1)]
      let effect = app(.windowClosed(id: windowID), &state)
      state.show(window: neighbor)
      return effect
    case .desktop(let action):
      return app(action.featureAction(windowID: windowID), &state)
    case .moveCursor(let offset):
      state.windowFocus.moveCursor(by: offset, count: state.app.favoritePrimes.count)
      return .none
    case .toggleSelection:
      let favorites = state.app.favoritePrimes
      guard favorites.indices.contains(state.windowFocus.cursor) else { return .none }
      let prime = favorites[state.windowFocus.cursor]
      if state.windowFocus.selection.remove(prime) == nil {
        state.windowFocus.selection.insert(prime)
      }
      return .none
    case .type:
      guard case .character(let character) = key else { return .none }
      return editCount(&state) { ($0 ?? "") + String(character) }
    case .erase:
      return editCount(&state) { String(($0 ?? "").dropLast()) }
    case .cancelEntry:
      return editCount(&state) { _ in nil }
    case .scrollDetail(let offset):
      state.windowFocus.detailScroll += offset
      return .none
    }
  }

  /// Runs an app action here, where the key was looked up.
  private func app(_ action: AppFeature.Action, _ state: inout State) -> Effect<Action> {
    AppFeature().reduce(into: &state.app, action: action).map(Action.app)
  }

  private func editCount(
    _ state: inout State, _ edit: (String?) -> String?
  ) -> Effect<Action> {
    let windowID = state.windowID
    let field = state.app.windows[id: windowID]?.counter.countField
    return app(
      .window(.element(id: windowID, action: .counter(.binding(.set(\.countField, edit(field)))))),
      &state)
  }

  // MARK: Script words

  private func perform(
    _ intent: Intent, argument: Int?, _ state: inout State
  ) -> Effect<Action> {
    var effects: [Effect<Action>] = []
    if let prime = argument {
      guard let row = state.app.favoritePrimes.firstIndex(of: prime) else {
        state.refusal = "\(prime) is not a favorite"
        return .none
      }
      state.windowFocus.cursor = row
      if intent == .delete && state.sizeClass == .desktop { state.windowFocus.selection = [prime] }
      state.refresh()
    }
    if state.sizeClass == .desktop, [.openCounter, .openFavorites, .back].contains(intent) {
      return .none  // A desktop window shows the counter and the favorites at once.
    }
    effects.append(goToScreen(of: intent, &state))
    if intent == .openCounter || intent == .openFavorites {
      let wanted: AppFeature.Screen = intent == .openCounter ? .counter : .favorites
      if state.app.windows[id: state.windowID]?.screen != wanted {
        state.refusal =
          "cannot go to \(intent == .openCounter ? "the counter" : "the favorites") from here"
      }
      return .merge(effects)
    }
    guard let binding = state.bindings.first(where: { $0.intent == intent }) else {
      state.refusal = "'\(intent.rawValue)' is not available on this screen"
      return .merge(effects)
    }
    effects.append(run(binding.action, key: binding.keys[0], &state))
    return .merge(effects)
  }

  /// On a touch layout, goes to the screen that has `intent`, as a person would: back to the
  /// root first when needed.
  private func goToScreen(of intent: Intent, _ state: inout State) -> Effect<Action> {
    guard state.sizeClass != .desktop else { return .none }
    state.refresh()
    let isNavigation = intent == .openCounter || intent == .openFavorites
    guard isNavigation || !state.bindings.contains(where: { $0.intent == intent }) else {
      return .none
    }
    let target: Intent
    if isNavigation {
      target = intent
    } else if Intent.counterIntents.contains(intent) {
      target = .openCounter
    } else if Intent.favoritesIntents.contains(intent) {
      target = .openFavorites
    } else {
      return .none
    }
    var effects: [Effect<Action>] = []
    if !state.bindings.contains(where: { $0.intent == target }),
      let back = state.bindings.first(where: { $0.intent == .back })
    {
      effects.append(run(back.action, key: back.keys[0], &state))
      state.refresh()
    }
    if let open = state.bindings.first(where: { $0.intent == target }) {
      effects.append(run(open.action, key: open.keys[0], &state))
      state.refresh()
    }
    return .merge(effects)
  }

  private func typeCount(_ digits: String, _ state: inout State) -> Effect<Action> {
    var effects = [goToScreen(of: .type, &state)]
    state.refresh()
    guard state.bindings.contains(where: { $0.intent == .type }) else {
      state.refusal = "cannot type a count on this screen"
      return .merge(effects)
    }
    effects.append(editCount(&state) { _ in digits })
    state.refresh()
    guard state.bindings.contains(where: { $0.intent == .enter }) else {
      let problem = { () -> String? in
        if case .touch(let touch) = state.view, case .counter(let counter) = touch.destination {
          return counter.countFieldProblem
        }
        if case .desktop(let desktop) = state.view { return desktop.counter.countFieldProblem }
        return nil
      }()
      effects.append(editCount(&state) { _ in nil })
      state.refusal = "\(quoted(digits)): \(problem ?? "not a count")"
      return .merge(effects)
    }
    let windowID = state.windowID
    effects.append(
      app(.window(.element(id: windowID, action: .counter(.countFieldSubmitted))), &state))
    return .merge(effects)
  }
}

extension TerminalFeature.Action: CasePathable {
  public struct AllCasePaths: Sendable {
    public let app = AnyCasePath(TerminalFeature.Action.app)
  }
  public static let allCasePaths = AllCasePaths()
}

extension Intent {
  static let counterIntents: [Intent] = [.increment, .decrement, .isPrime, .nthPrime, .type]
  static let favoritesIntents: [Intent] = [.choose, .delete, .down, .up, .save, .load]
}
