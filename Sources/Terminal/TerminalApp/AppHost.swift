import AppFeature
import CompactPresentation
import ComposableCore
import DesktopPresentation
import Presentation
import PrimeClients
import TerminalUI

/// The app as a terminal shows it: one store, the window on screen, the layout from the
/// terminal's width, and what only a keyboard needs (cursor and selection per window).
///
/// Both the interactive app and scripts drive it, by keys or by intents, and read its
/// screen; it knows nothing of file descriptors.
@MainActor
public final class AppHost {
  public let store: Store<AppFeature.State, AppFeature.Action>
  public var size: TerminalSize
  /// `nil` follows the width; otherwise this layout whatever the width.
  public var layoutOverride: SizeClass?
  /// The window on screen.
  public private(set) var windowID: Int
  /// Something the app itself has to say (a save on quit that failed), over the key hints.
  public var message: String?
  private var focus: [Int: KeyboardFocus] = [:]

  /// `prepareDependencies` sets the clients the app runs with; a program gives the live ones
  /// (and where the favorites are), a test its fakes.
  public init(
    size: TerminalSize, layout: SizeClass? = nil,
    withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) {
    store = Store(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      prepareDependencies(&$0)
    }
    self.size = size
    layoutOverride = layout
    windowID = store.state.windows[0].id
  }

  public var sizeClass: SizeClass { layoutOverride ?? SizeClass(columns: size.columns) }

  /// Tells the app it is on screen: the favorites load.
  public func launch() async {
    await store.send(.scenePhaseChanged(.active)).finish()
  }

  // MARK: Screen

  /// The screen for the window on display, `size` lines of `size.columns` characters.
  public func screen() -> [String] {
    clampFocus()
    let focus = self.focus[windowID, default: .init()]
    let extraHints = appHints()
    switch view() {
    case .touch(let state):
      return CompactLayout.render(
        state, focus: focus, columns: size.columns, rows: size.rows, extraHints: extraHints)
    case .desktop(let state):
      return DesktopLayout.render(
        state, focus: focus, columns: size.columns, rows: size.rows, extraHints: extraHints)
    }
  }

  enum View {
    case touch(CompactApp.State)
    case desktop(DesktopWindow.State)
  }

  private func view() -> View {
    let state = store.state
    if state.windows[id: windowID] == nil { windowID = state.windows[0].id }
    switch sizeClass {
    case .compact, .regular:
      return .touch(CompactApp.State(state.windowContext(id: windowID)!, sizeClass: sizeClass))
    case .desktop:
      let selection = focus[windowID, default: .init()].selection
      return .desktop(DesktopWindow.State(state, windowID: windowID, selection: selection)!)
    }
  }

  private func appHints() -> [String] {
    var hints: [String] = []
    if sizeClass == .desktop && store.state.windows.count > 1 { hints.append("Tab next window") }
    hints.append("q quit")
    if let message { hints.insert("! \(message)", at: 0) }
    return hints
  }

  private func clampFocus() {
    let favorites = store.state.favoritePrimes
    for id in store.state.windows.ids { focus[id, default: .init()].clamp(to: favorites) }
  }

  // MARK: Keys and intents

  public enum KeyOutcome: Equatable, Sendable {
    case handled
    /// Nothing is bound to the key on this screen.
    case ignored
    case quit
  }

  /// Handles a key as the screen lists it; the task finishes when the effects it started do.
  @discardableResult
  public func press(_ key: Key) -> (KeyOutcome, StoreTask?) {
    clampFocus()
    if key == .character("q") || key == .control("c") { return (.quit, nil) }
    if key == .tab && sizeClass == .desktop {
      let ids = store.state.windows.ids
      if let index = ids.firstIndex(of: windowID), ids.count > 1 {
        windowID = ids[(index + 1) % ids.count]
        return (.handled, nil)
      }
    }
    let focus = self.focus[windowID, default: .init()]
    switch view() {
    case .touch(let state):
      guard let command = CompactLayout.bindings(state, focus: focus).action(for: key) else {
        return (.ignored, nil)
      }
      var field: String?
      if case .counter(let counter) = state.destination { field = counter.countField }
      return (
        .handled,
        perform(command, key: key, field: field, send: send) {
          .counter(.countFieldChanged($0))
        }
      )
    case .desktop(let state):
      guard let command = DesktopLayout.bindings(state, focus: focus).action(for: key) else {
        return (.ignored, nil)
      }
      return (
        .handled,
        perform(command, key: key, field: state.counter.countField, send: send) {
          .counter(.countFieldChanged($0))
        }
      )
    }
  }

  /// The key that does `intent` on this screen now, if any.
  public func key(for intent: Intent) -> Key? {
    let focus = self.focus[windowID, default: .init()]
    switch view() {
    case .touch(let state):
      return CompactLayout.bindings(state, focus: focus).binding(for: intent)?.keys[0]
    case .desktop(let state):
      return DesktopLayout.bindings(state, focus: focus).binding(for: intent)?.keys[0]
    }
  }

  /// Puts the cursor on `prime` in the favorites; `false` if it is not one.
  public func moveCursor(to prime: Int) -> Bool {
    guard let row = store.state.favoritePrimes.firstIndex(of: prime) else { return false }
    focus[windowID, default: .init()].cursor = row
    return true
  }

  /// Selects `primes` alone in the desktop sidebar.
  public func select(_ primes: Set<Int>) {
    focus[windowID, default: .init()].selection = primes
  }

  private func perform<Action>(
    _ command: KeyCommand<Action>, key: Key, field: String?, send: (Action) -> StoreTask,
    edit: (String?) -> Action
  ) -> StoreTask? {
    switch command {
    case .send(let action):
      return send(action)
    case .moveCursor(let offset):
      focus[windowID, default: .init()].moveCursor(
        by: offset, count: store.state.favoritePrimes.count)
    case .toggleSelection:
      toggleSelection()
    case .type:
      guard case .character(let character) = key else { return nil }
      return send(edit((field ?? "") + String(character)))
    case .erase:
      return send(edit(String((field ?? "").dropLast())))
    case .cancelEntry:
      return send(edit(nil))
    }
    return nil
  }

  private func send(_ action: CompactApp.Action) -> StoreTask {
    store.send(.window(.element(id: windowID, action: action.featureAction)))
  }

  private func send(_ action: DesktopWindow.Action) -> StoreTask {
    let windowsBefore = store.state.windows.ids
    let task = store.send(action.featureAction(windowID: windowID))
    let windows = store.state.windows.ids
    if let opened = windows.first(where: { !windowsBefore.contains($0) }) {
      windowID = opened
    } else if !windows.contains(windowID), let index = windowsBefore.firstIndex(of: windowID) {
      windowID = windows[max(0, min(index, windows.count) - 1)]
    }
    return task
  }

  private func toggleSelection() {
    let favorites = store.state.favoritePrimes
    let cursor = focus[windowID, default: .init()].cursor
    guard favorites.indices.contains(cursor) else { return }
    if focus[windowID, default: .init()].selection.remove(favorites[cursor]) == nil {
      focus[windowID, default: .init()].selection.insert(favorites[cursor])
    }
  }

  // MARK: Quitting

  /// Saves unsaved favorites before quitting, after any save or load under way. `false`
  /// (with ``message`` saying why) when the save failed: the favorites are still in memory,
  /// and the person decides.
  public func saveBeforeQuit() async -> Bool {
    await storageIdle()
    guard store.state.hasUnsavedFavoriteChanges else { return true }
    await store.send(.scenePhaseChanged(.background)).finish()
    await storageIdle()
    if case .failed(let reason) = store.state.storage {
      message = "Not saved: \(reason)."
      return false
    }
    return true
  }

  private func storageIdle() async {
    while store.state.storage.isBusy { try? await Task.sleep(for: .milliseconds(2)) }
  }
}

/// A terminal's size in character cells.
public struct TerminalSize: Equatable, Sendable {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  /// A size that shows each layout whole: what scripts use unless told otherwise.
  public static func standard(for sizeClass: SizeClass) -> TerminalSize {
    switch sizeClass {
    case .compact: TerminalSize(columns: 60, rows: 20)
    case .regular: TerminalSize(columns: 100, rows: 22)
    case .desktop: TerminalSize(columns: 130, rows: 24)
    }
  }
}
