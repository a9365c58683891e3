/// What a face keeps of a window beside the app's state: the favorites selected, the row a
/// keyboard is on, and how far a detail too long for the screen is scrolled.
///
/// A touch screen or a pointer needs only the selection; a keyboard needs the rest too. Each
/// face keeps one per window (the terminal per window, the web per tab), like a list's
/// selection binding; the rules that keep it on the favorites listed are written here once.
public struct WindowFocus: Equatable, Sendable {
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

  /// Selects `prime`, or leaves it out when it was selected.
  public mutating func toggle(_ prime: Int) {
    if selection.remove(prime) == nil { selection.insert(prime) }
  }

  /// Keeps the cursor on a row and the selection on primes still listed: a favorite deleted
  /// leaves the selection, and is not selected if it comes back.
  public mutating func clamp(to primes: [Int]) {
    moveCursor(by: 0, count: primes.count)
    if !selection.isEmpty { selection.formIntersection(primes) }
  }
}
