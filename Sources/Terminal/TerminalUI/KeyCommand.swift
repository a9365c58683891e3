import CompactPresentation
import DesktopPresentation
import WindowPresentation

/// What a key does: send a view action, change what only the terminal holds (which row the
/// cursor is on, which rows are selected), or edit the count being typed.
public enum KeyCommand<Action: Sendable>: Sendable {
  case send(Action)
  case moveCursor(by: Int)
  case toggleSelection
  /// Adds the key's character to the count being typed, starting it if needed.
  case type
  /// Erases the last character typed.
  case erase
  /// Stops typing, leaving the count as it was.
  case cancelEntry
  /// Shows more of a detail too long for the screen.
  case scrollDetail(by: Int)
}

extension KeyCommand: Equatable where Action: Equatable {}

extension KeyCommand where Action == WindowAction {
  /// Sends the touch adapter's `action`.
  static func touch(_ action: CompactApp.Action) -> Self { .send(.touch(action)) }

  /// Sends the desktop adapter's `action`.
  static func desktop(_ action: DesktopWindow.Action) -> Self { .send(.desktop(action)) }
}

/// The previous release's name of ``WindowFocus``, which the web shares now.
@available(*, deprecated, renamed: "WindowFocus")
public typealias KeyboardFocus = WindowFocus
