import ComposableCore
import Presentation
import TerminalUI
import WindowPresentation

/// Why a key or a script word did nothing on the screen it met.
public struct TerminalRefusal: Error, Equatable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}

extension TerminalScreen {
  /// The keys that work now, the window's own; the app's are q, Ctrl-C, Ctrl-L and Tab.
  public var bindings: [KeyBinding<KeyCommand<WindowAction>>] {
    view.bindings(focus: focus, columns: size.columns, rows: size.rows)
  }

  /// What `key` does on this screen: the app's action for the window action its binding
  /// offers, or a change of the terminal's own state.
  ///
  /// This is the edge, where a key becomes an action, as a click does in the web server: the
  /// bindings looked up are the keys the screen lists, so what is shown and what works cannot
  /// drift apart.
  public func action(for key: Key) -> Result<TerminalFeature.Action, TerminalRefusal> {
    // A field of text (a file's name) takes every character it types, q included.
    if case .character = key, view.document?.saveAsField != nil,
      let binding = bindings.first(where: { $0.intent == .type && $0.keys.contains(key) })
    {
      return .success(action(for: binding.action, key: key))
    }
    switch key {
    case .character("q"), .control("c"): return .success(.quitRequested)
    case .control("l"): return .success(.redrawRequested)
    case .tab where windowCount > 1: return .success(.nextWindowShown)
    default: break
    }
    guard let binding = bindings.first(where: { $0.keys.contains(key) }) else {
      return .failure(TerminalRefusal("\(key) does nothing on this screen"))
    }
    return .success(action(for: binding.action, key: key))
  }

  /// What `command`, bound to `key`, does on this screen.
  public func action(
    for command: KeyCommand<WindowAction>, key: Key
  ) -> TerminalFeature.Action {
    var focus = self.focus
    switch command {
    case .send(let action):
      return .app(action.featureAction(windowID: windowID))
    case .moveCursor(let offset):
      focus.moveCursor(
        by: offset, count: view.document?.rows.count ?? view.favoriteRows?.count ?? 0)
    case .toggleSelection:
      guard let rows = view.favoriteRows, rows.indices.contains(focus.cursor) else {
        return .focusChanged(focus)
      }
      focus.toggle(rows[focus.cursor].prime)
    case .type:
      guard case .character(let character) = key else { return .focusChanged(focus) }
      return countFieldChanged((field ?? "") + String(character))
    case .erase:
      return countFieldChanged(String((field ?? "").dropLast()))
    case .cancelEntry:
      return countFieldChanged(nil)
    case .scrollDetail(let offset):
      let lines = view.primeDetail.map { Canvas.detailLines($0).count } ?? 0
      focus.detailScroll = max(0, min(focus.detailScroll + offset, lines - 1))
    }
    return .focusChanged(focus)
  }

  /// What is being typed: a document's file to save as or prime, or the count.
  var field: String? {
    guard let document = view.document else { return view.countField }
    return document.saveAsField ?? document.primeField
  }

  /// The app's action for the field being typed (a document's prime, or the count) reading
  /// `text` (`nil`: typing stopped).
  func countFieldChanged(_ text: String?) -> TerminalFeature.Action {
    let documentAction: DocumentScreen.Action? = view.document.map {
      $0.saveAsField != nil ? .saveAsFieldChanged(text) : .primeFieldChanged(text)
    }
    let action: WindowAction =
      switch (view, documentAction) {
      case (.touch, let document?): .touch(.document(document))
      case (.desktop, let document?), (.settings, let document?): .desktop(.document(document))
      case (.touch, nil): .touch(.counter(.countFieldChanged(text)))
      case (.desktop, nil), (.settings, nil): .desktop(.counter(.countFieldChanged(text)))
      }
    return .app(action.featureAction(windowID: windowID))
  }
}

extension Store where State == TerminalFeature.State, Action == TerminalFeature.Action {
  /// Presses `key` on `screen`, the screen on display (made from the state when not given):
  /// sends what it does there, or throws why it does nothing.
  @discardableResult
  public func press(_ key: Key, on screen: TerminalScreen? = nil) throws(TerminalRefusal)
    -> StoreTask
  {
    send(try (screen ?? TerminalScreen(state)).action(for: key).get())
  }
}
