/// A grid of characters the size of the terminal, drawn into and read as lines.
///
/// Everything the renderers draw is one column wide per character (box drawing, ASCII, "…"),
/// so a line's characters are its columns. Text that does not fit is cut with "…"; control
/// characters are drawn as "�", never sent.
public struct Canvas: Equatable, Sendable {
  public let columns: Int
  public let rows: Int
  /// Rows from here down are not drawn on: the key hints are there.
  public var contentBottom: Int
  private var grid: [[Character]]

  public init(columns: Int, rows: Int) {
    self.columns = max(columns, 1)
    self.rows = max(rows, 1)
    contentBottom = self.rows
    grid = Array(repeating: Array(repeating: " ", count: self.columns), count: self.rows)
  }

  /// Each row as a string exactly `columns` wide.
  public var lines: [String] { grid.map { String($0) } }

  /// Writes `text` at (`row`, `column`), cut to `width` columns (to the edge by default).
  public mutating func write(_ text: String, row: Int, column: Int, width: Int? = nil) {
    guard grid.indices.contains(row), row < contentBottom, column < columns else { return }
    let start = max(column, 0)
    let room = min(width ?? columns - start, columns - start)
    guard room > 0 else { return }
    // A control character (a path or a typed value may hold ESC or a newline) would be a
    // command to the terminal: it is drawn as "�", one column like any other.
    var characters = text.map { character in
      character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        ? "�" : character
    }
    if characters.count > room { characters = Array(characters.prefix(room - 1)) + ["…"] }
    for (offset, character) in characters.enumerated() { grid[row][start + offset] = character }
  }

  /// Writes `text` centred between `column` and `column + width`.
  public mutating func center(_ text: String, row: Int, column: Int = 0, width: Int? = nil) {
    let width = width ?? columns - column
    write(text, row: row, column: column + max((width - text.count) / 2, 0), width: width)
  }

  /// Clears a rectangle and draws a frame around it, with `title` in the top edge.
  public mutating func box(row: Int, column: Int, width: Int, height: Int, title: String? = nil) {
    guard width >= 2, height >= 2 else { return }
    for line in row..<(row + height) {
      write(String(repeating: " ", count: width), row: line, column: column)
      write("│", row: line, column: column)
      write("│", row: line, column: column + width - 1)
    }
    let edge = String(repeating: "─", count: width - 2)
    write("┌" + edge + "┐", row: row, column: column)
    write("└" + edge + "┘", row: row + height - 1, column: column)
    if let title { write(" \(title) ", row: row, column: column + 2, width: width - 4) }
  }

  /// A horizontal rule across the canvas.
  public mutating func rule(row: Int) {
    write(String(repeating: "─", count: columns), row: row, column: 0)
  }
}

extension Canvas {
  /// "[ + ]" for an enabled button, "  +  " for a disabled one.
  static func button(_ title: String, isEnabled: Bool = true) -> String {
    isEnabled ? "[ \(title) ]" : "  \(title)  "
  }

  /// "[██████····] 60%" in `width` columns.
  static func progressBar(_ fraction: Double, width: Int) -> String {
    let clamped = min(max(fraction.isFinite ? fraction : 0, 0), 1)
    let cells = max(width - 7, 1)
    let filled = Int((clamped * Double(cells)).rounded(.down))
    let percent = Int((clamped * 100).rounded(.down))
    let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: cells - filled)
    return "[\(bar)] " + String(repeating: " ", count: 3 - String(percent).count) + "\(percent)%"
  }

  /// Splits a sentence into lines of at most `width` columns, cutting words that are longer.
  static func wrap(_ text: String, width: Int) -> [String] {
    let width = max(width, 1)
    let words = text.split(separator: " ").flatMap { word in
      stride(from: 0, to: word.count, by: width).map { start in
        String(word.dropFirst(start).prefix(width))
      }
    }
    return wrap(words, width: width, separator: " ")
  }

  /// Splits `words` into lines of at most `width` columns, breaking between words.
  static func wrap(_ words: [String], width: Int, separator: String = "  ") -> [String] {
    var lines: [String] = []
    var line = ""
    for word in words {
      if line.isEmpty {
        line = word
      } else if line.count + separator.count + word.count <= width {
        line += separator + word
      } else {
        lines.append(line)
        line = word
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
