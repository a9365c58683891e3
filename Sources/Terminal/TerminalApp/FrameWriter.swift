/// Draws frames on a terminal, writing only the lines that changed since the last one.
///
/// Each update is one string: synchronized-output markers around cursor moves and whole
/// lines, so the terminal shows the old frame or the new one and never a mix.
public struct FrameWriter: Sendable {
  private var shown: [String] = []

  public init() {}

  /// Forgets what is on screen (after a resize): the next update redraws everything.
  public mutating func invalidate() {
    shown = []
  }

  /// The bytes that turn the screen into `frame`; empty when nothing changed.
  public mutating func update(to frame: [String]) -> String {
    var output = ""
    let redrawAll = frame.count != shown.count
    if redrawAll { output += "\u{1B}[2J" }
    for (row, line) in frame.enumerated() where redrawAll || shown[row] != line {
      output += "\u{1B}[\(row + 1);1H" + line
    }
    shown = frame
    guard !output.isEmpty else { return "" }
    return "\u{1B}[?2026h" + output + "\u{1B}[?2026l"
  }
}
