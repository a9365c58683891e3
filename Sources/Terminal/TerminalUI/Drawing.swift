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

  /// The detail's lines: verdict, facts, button, with blank lines between them when `room`
  /// allows.
  public static func detailLines(_ detail: PrimeDetailView.State, room: Int = .max) -> [String] {
    let button = detail.favoriteButton.map { Canvas.button($0.title) }
    let spacious = [detail.title, ""] + detail.facts + (button.map { ["", $0] } ?? [])
    if spacious.count <= room { return spacious }
    return [detail.title] + detail.facts + (button.map { [$0] } ?? [])
  }

  static func detailWidth(_ detail: PrimeDetailView.State) -> Int {
    detailLines(detail).map(\.count).max() ?? 0
  }

  /// Draws the detail in `room` rows; when it has more lines, from line `scroll`, with arrows
  /// where lines are hidden.
  mutating func drawDetail(
    _ detail: PrimeDetailView.State, row: Int, column: Int, width: Int, room: Int, scroll: Int
  ) {
    let lines = Canvas.detailLines(detail, room: room)
    let first = max(0, min(scroll, lines.count - room))
    // The last column is the arrows' when the lines scroll.
    let textWidth = lines.count > room ? width - 2 : width
    for (offset, line) in lines.dropFirst(first).prefix(max(room, 0)).enumerated() {
      write(line, row: row + offset, column: column, width: textWidth)
    }
    if first > 0 { write("↑", row: row, column: column + width - 1) }
    if first + room < lines.count { write("↓", row: row + room - 1, column: column + width - 1) }
    if lines.count > room { detailOverflowed = true }
  }

  /// A popover box with an arrow pointing left at `anchorRow`, kept between `top` and
  /// `bottom`: moved up when it does not fit below, its lines scrolling when it does not fit
  /// at all.
  mutating func drawPopover(
    _ detail: PrimeDetailView.State, anchorRow: Int, column: Int, maxWidth: Int, top: Int,
    bottom: Int, scroll: Int
  ) {
    let width = min(Canvas.detailWidth(detail) + 4, maxWidth)
    // As tall as the lines drawn in the room there is: without their blank lines when they do
    // not fit with them (sized for those, the box kept an empty row under its button).
    let lines = Canvas.detailLines(detail, room: Canvas.detailRoom(top: top, bottom: bottom))
    let height = min(lines.count + 2, bottom - top)
    let boxTop = max(top, min(anchorRow - 1, bottom - height))
    box(row: boxTop, column: column, width: width, height: height)
    write("◀", row: min(max(anchorRow, boxTop + 1), boxTop + height - 2), column: column)
    drawDetail(
      detail, row: boxTop + 1, column: column + 2, width: width - 4, room: height - 2,
      scroll: scroll)
  }

  /// Rows a popover or a sheet between `top` and `bottom` has for the detail's lines.
  static func detailRoom(top: Int, bottom: Int) -> Int {
    bottom - top - 2
  }

  /// An alert box in the middle of the canvas, over whatever is there.
  mutating func drawAlert(_ alert: AlertView.State, top: Int, bottom: Int) {
    // As wide as the title and the buttons' row, within the screen.
    let button = Canvas.button(alert.dismissTitle)
    let inner = min(max(alert.title.count, button.count, 26), columns - 6)
    var message = alert.message.map { Canvas.wrap($0, width: inner) } ?? []
    // Short of room, the message is cut (with "…"), never the title or the button.
    let room = max(bottom - top - 6, 0)
    if message.count > room {
      message = Array(message.prefix(room))
      if let last = message.indices.last {
        message[last] = String(message[last].prefix(inner - 1)) + "…"
      }
    }
    let height = min(5 + (message.isEmpty ? 0 : message.count + 1), bottom - top)
    let width = inner + 4
    let row = max(top, top + (bottom - top - height) / 2)
    let column = max((columns - width) / 2, 0)
    box(row: row, column: column, width: width, height: height)
    write(alert.title, row: row + 1, column: column + 2, width: inner)
    for (index, line) in message.enumerated() {
      write(line, row: row + 3 + index, column: column + 2, width: inner)
    }
    write(button, row: row + height - 2, column: max(column + width - 2 - button.count, column + 2))
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
    let lines = Canvas.wrap(status, width: width, maxLines: maxLines)
    let first = bottomRow - lines.count + 1
    for (index, line) in lines.enumerated() {
      write(line, row: first + index, column: column, width: width)
    }
    return first
  }

  /// Says how many rows of a list are past its `shown` rows from `top`, at their right
  /// ending at column `right` ("↑ 3", "↓ 12"), as a scroll bar would: a list cut without a
  /// word looked whole, and its last rows lost.
  mutating func drawMoreRows(above: Int, below: Int, top: Int, shown: Int, right: Int) {
    guard shown > 0 else { return }
    let bottom = top + shown - 1
    var marks: [(text: String, row: Int)] = []
    if above > 0 { marks.append((" ↑ \(above)", top)) }
    if below > 0 { marks.append((" ↓ \(below)", bottom)) }
    // One row shown: both marks on it.
    if top == bottom, marks.count == 2 { marks = [(marks[0].text + marks[1].text, top)] }
    for (text, row) in marks { write(text, row: row, column: right - text.count + 1) }
  }

  /// The rule above the key hints when they take the most room they can (a third of the
  /// screen): where content must end to be seen whatever the hints.
  static func lowestRuleRow(rows: Int) -> Int {
    rows - max(rows / 3, 1) - 1
  }

  /// The screen `draw` makes with the key hints of `listed`, the detail's scroll keys hinted
  /// only where the detail does not fit.
  ///
  /// The scroll keys are bound wherever the detail may not fit the room left by the most rows
  /// the hints can take (``lowestRuleRow(rows:)``): the hints are made from the keys, so their
  /// own rows are not known yet. Hinted on that guess, "↑↓ more" showed where every line
  /// fitted (a popover on ten rows). So the screen is drawn without that hint first, and again
  /// with it when the detail did not fit: a hint more only takes room from it.
  static func withDetailScrollHint<Action>(
    _ listed: [KeyBinding<KeyCommand<Action>>],
    draw: ([KeyBinding<KeyCommand<Action>>]) -> Canvas
  ) -> [String] {
    let scroll = listed.firstIndex { binding in
      if case .scrollDetail = binding.action { true } else { false }
    }
    guard let scroll else { return draw(listed).lines }
    var unhinted = listed
    unhinted.remove(at: scroll)
    let canvas = draw(unhinted)
    return canvas.detailOverflowed ? draw(listed).lines : canvas.lines
  }

  /// Keys that scroll a detail that does not fit `room` rows.
  static func scrollBindings<Action>(
    _ detail: PrimeDetailView.State, room: Int
  ) -> [KeyBinding<KeyCommand<Action>>] {
    guard Canvas.detailLines(detail, room: room).count > room else { return [] }
    return [
      KeyBinding([.down], "more", .down, .scrollDetail(by: 1), keysTitle: "↑↓"),
      KeyBinding([.up], "back up", .up, .scrollDetail(by: -1), isListed: false),
    ]
  }

  /// The key hints at the bottom, above nothing; returns the first row they use.
  @discardableResult
  mutating func drawHints(_ hints: [String]) -> Int {
    let width = columns - 2
    func wrapped(_ hints: [String]) -> [String] {
      Canvas.wrap(
        hints.flatMap { $0.count > width ? Canvas.wrap($0, width: width) : [$0] }, width: width)
    }
    var lines = wrapped(hints)
    // A third of the screen at most: a narrow terminal keeps room for the screen itself. The
    // last hint, the way out (`q quit`), stays: the others give way before it, with "…".
    let room = max(rows / 3, 1)
    if lines.count > room, let last = hints.last {
      var kept = Array(hints.dropLast())
      repeat {
        lines = wrapped(kept + ["… " + last])
        if !kept.isEmpty { kept.removeLast() }
      } while lines.count > room && !kept.isEmpty
      if lines.count > room { lines = Array(wrapped(["… " + last]).prefix(room)) }
    }
    let first = rows - lines.count
    rule(row: first - 1)
    for (index, line) in lines.enumerated() { write(line, row: first + index, column: 1) }
    return first - 1
  }
}
