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
