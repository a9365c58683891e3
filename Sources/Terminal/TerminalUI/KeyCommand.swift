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

/// The terminal's own part of a screen: the row under the cursor and the rows selected.
///
/// A touch screen or a pointer needs none of this; a keyboard does. It is kept beside the
/// store, per window, and survives a change of layout.
public struct KeyboardFocus: Equatable, Sendable {
  public var cursor: Int
  /// Selected primes (desktop sidebar).
  public var selection: Set<Int>
  /// The first line shown of a detail too long for the screen.
  public var detailScroll: Int

  public init(cursor: Int = 0, selection: Set<Int> = [], detailScroll: Int = 0) {
    self.cursor = cursor
    self.selection = selection
    self.detailScroll = detailScroll
  }

  /// Moves the cursor by `offset`, staying within `count` rows.
  public mutating func moveCursor(by offset: Int, count: Int) {
    cursor = count == 0 ? 0 : min(max(cursor + offset, 0), count - 1)
  }

  /// Keeps the cursor on a row and the selection on primes still listed.
  public mutating func clamp(to primes: [Int]) {
    moveCursor(by: 0, count: primes.count)
    selection.formIntersection(primes)
  }
}
