import Presentation

/// The parts every layout draws the same way.
extension Canvas {
  /// The smallest terminal the layouts draw in.
  public static let minimumSize = (columns: 20, rows: 8)

  /// A screen asking for a larger terminal, when this one is below ``minimumSize``.
  static func tooSmall(columns: Int, rows: Int) -> [String]? {
    guard columns < minimumSize.columns || rows < minimumSize.rows else { return nil }
    var canvas = Canvas(columns: columns, rows: rows)
    let words = Canvas.wrap(
      "Make the terminal at least \(minimumSize.columns)×\(minimumSize.rows).", width: columns)
    for (row, line) in words.prefix(rows).enumerated() { canvas.write(line, row: row, column: 0) }
    return canvas.lines
  }

  /// The detail's lines: verdict, facts, button.
  mutating func drawDetail(_ detail: PrimeDetailView.State, row: Int, column: Int, width: Int) {
    write(detail.title, row: row, column: column, width: width)
    for (index, fact) in detail.facts.enumerated() {
      write(fact, row: row + 2 + index, column: column, width: width)
    }
    if let button = detail.favoriteButton {
      write(
        Canvas.button(button.title), row: row + 3 + detail.facts.count, column: column,
        width: width)
    }
  }

  /// Lines the detail needs, for sizing its box.
  static func detailHeight(_ detail: PrimeDetailView.State) -> Int {
    detail.facts.count + (detail.favoriteButton == nil ? 2 : 4)
  }

  static func detailWidth(_ detail: PrimeDetailView.State) -> Int {
    ([detail.title] + detail.facts + [detail.favoriteButton.map { button($0.title) } ?? ""])
      .map(\.count).max() ?? 0
  }

  /// A popover box with an arrow pointing left at `anchorRow`.
  mutating func drawPopover(
    _ detail: PrimeDetailView.State, anchorRow: Int, column: Int, maxWidth: Int
  ) {
    let width = min(Canvas.detailWidth(detail) + 4, maxWidth)
    let height = Canvas.detailHeight(detail) + 2
    let top = max(anchorRow - 1, 0)
    box(row: top, column: column, width: width, height: height)
    write("◀", row: anchorRow, column: column)
    drawDetail(detail, row: top + 1, column: column + 2, width: width - 4)
  }

  /// An alert box in the middle of the canvas, over whatever is there.
  mutating func drawAlert(_ alert: AlertView.State, top: Int, bottom: Int) {
    let inner = min(max(alert.title.count, 26), columns - 6)
    let message = alert.message.map { Canvas.wrap($0, width: inner) } ?? []
    let height = 5 + (message.isEmpty ? 0 : message.count + 1)
    let width = inner + 4
    let row = max(top, top + (bottom - top - height) / 2)
    let column = max((columns - width) / 2, 0)
    box(row: row, column: column, width: width, height: height)
    write(alert.title, row: row + 1, column: column + 2, width: inner)
    for (index, line) in message.enumerated() {
      write(line, row: row + 3 + index, column: column + 2, width: inner)
    }
    let button = Canvas.button(alert.dismissTitle)
    write(button, row: row + height - 2, column: column + width - 2 - button.count)
  }

  /// A progress line: "Finding the 7th prime [████···]  40%".
  mutating func drawProgress(_ progress: NthPrimeProgress, row: Int, column: Int, width: Int) {
    write(progress.title, row: row, column: column, width: width)
    write(
      Canvas.progressBar(progress.fraction, width: min(width, 40)), row: row + 1,
      column: column, width: width)
  }

  /// A status that may be long (a failure names a file): wrapped, at most `maxLines` lines
  /// ending at `bottomRow`. Returns the first row used.
  mutating func drawStatus(
    _ status: String, bottomRow: Int, column: Int, width: Int, maxLines: Int = 4
  ) -> Int {
    var lines = Canvas.wrap(status, width: width)
    if lines.count > maxLines {
      lines = Array(lines.prefix(maxLines - 1)) + [lines[maxLines - 1] + "…"]
    }
    let first = bottomRow - lines.count + 1
    for (index, line) in lines.enumerated() {
      write(line, row: first + index, column: column, width: width)
    }
    return first
  }

  /// The key hints at the bottom, above nothing; returns the first row they use.
  @discardableResult
  mutating func drawHints(_ hints: [String]) -> Int {
    let width = columns - 2
    var lines = Canvas.wrap(
      hints.flatMap { $0.count > width ? Canvas.wrap($0, width: width) : [$0] }, width: width)
    // A third of the screen at most: a narrow terminal keeps room for the screen itself.
    let room = max(rows / 3, 1)
    if lines.count > room { lines = Array(lines.prefix(room - 1)) + [lines[room - 1] + " …"] }
    let first = rows - lines.count
    rule(row: first - 1)
    for (index, line) in lines.enumerated() { write(line, row: first + index, column: 1) }
    return first - 1
  }
}
