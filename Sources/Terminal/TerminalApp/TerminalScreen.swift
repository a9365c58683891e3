import Presentation
import TerminalUI
import WindowPresentation

/// What the terminal shows: the view of the window on screen with the keyboard's cursor, at
/// the terminal's size, and the app's own key hints. Equatable, so a host draws it only when
/// it changed; drawing it is ``lines``, and what a key does on it is ``action(for:)``.
public struct TerminalScreen: Equatable, Sendable {
  public var view: WindowView
  public var focus: WindowFocus
  public var size: TerminalSize
  public var appHints: [String]
  /// The window on screen, which the view's actions go to.
  public var windowID: Int
  /// How many windows are open: Tab shows the next when there are several.
  public var windowCount: Int

  public init(_ state: TerminalFeature.State) {
    view = state.view
    focus = state.windowFocus
    size = state.size
    windowID = state.windowID
    windowCount = state.app.windows.count
    var hints: [String] = []
    let windows = state.app.windows
    if windows.count > 1, let position = windows.index(id: state.windowID) {
      hints.append("Tab next window (\(position + 1) of \(windows.count))")
    }
    hints.append("q quit")
    if let message = state.message { hints.insert("! \(message)", at: 0) }
    appHints = hints
  }

  /// The screen drawn: `size.rows` lines of `size.columns` characters.
  public var lines: [String] {
    view.render(focus: focus, columns: size.columns, rows: size.rows, extraHints: appHints)
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
