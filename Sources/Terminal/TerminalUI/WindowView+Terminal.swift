import Presentation
import WindowPresentation

extension WindowView {
  /// The keys that work on this view now, in a terminal of that size: the actions the view
  /// offers, paired with keys by its layout, and the keys that change only the focus.
  public func bindings(
    focus: WindowFocus, columns: Int, rows: Int
  ) -> [KeyBinding<KeyCommand<WindowAction>>] {
    switch self {
    case .touch(let state):
      CompactLayout.bindings(state, focus: focus, columns: columns, rows: rows)
    case .desktop(let state):
      DesktopLayout.bindings(state, focus: focus, columns: columns, rows: rows)
    case .settings(let state):
      SettingsKeys.bindings(state.settings) { .desktop(.settingsWindow(.settings($0))) } + [
        KeyBinding(
          [.escape], "close", .closeSettings, .send(.desktop(.settingsWindow(.closeClicked))))
      ]
    }
  }

  /// The screen, `rows` lines of `columns` characters; `extraHints` are the app's own keys.
  public func render(
    focus: WindowFocus, columns: Int, rows: Int, extraHints: [String] = []
  ) -> [String] {
    WindowView.counts?.renders.add(1, ordering: .relaxed)
    switch self {
    case .touch(let state):
      return CompactLayout.render(
        state, focus: focus, columns: columns, rows: rows, extraHints: extraHints)
    case .desktop(let state):
      return DesktopLayout.render(
        state, focus: focus, columns: columns, rows: rows, extraHints: extraHints)
    case .settings(let state):
      // A window of its own (the terminal itself draws it over a desktop window).
      if let tooSmall = Canvas.tooSmall(columns: columns, rows: rows) { return tooSmall }
      var canvas = Canvas(columns: columns, rows: rows)
      let hints = bindings(focus: focus, columns: columns, rows: rows).filter(\.isListed)
      canvas.contentBottom = max(canvas.drawHints(hints.map(\.hint) + extraHints), 0)
      canvas.center(state.title, row: 0)
      canvas.rule(row: 1)
      SettingsKeys.draw(
        state.settings, row: 3, column: 2, width: columns - 4, bottom: canvas.contentBottom,
        on: &canvas)
      return canvas.lines
    }
  }
}

extension KeyBinding {
  /// The same binding with its action transformed.
  public func mapAction<Other>(_ transform: (Action) -> Other) -> KeyBinding<Other> {
    KeyBinding<Other>(
      keys, label, intent, transform(action), keysTitle: keysTitle, isListed: isListed)
  }
}

/// The previous release's name of ``WindowView``, which the web shares now.
@available(*, deprecated, renamed: "WindowView")
public typealias TerminalView = WindowView
