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
  /// Whether a prime's detail was drawn with lines hidden, to be scrolled to
  /// (``withDetailScrollHint(_:draw:)``).
  var detailOverflowed = false
  // One cell per column, row after row. A character of one scalar (nearly all) is kept as
  // that scalar's value; another (a letter with combining marks) as `cluster` plus its
  // place in `clusters`. A frame is drawn for every key, and Characters in a grid cost a
  // grapheme break and a reference count each: this was most of a frame's time.
  private var cells: [UInt32]
  private var clusters: [Character] = []
  private static let cluster: UInt32 = 0x8000_0000

  public init(columns: Int, rows: Int) {
    self.columns = max(columns, 1)
    self.rows = max(rows, 1)
    contentBottom = self.rows
    cells = Array(repeating: 0x20, count: self.columns * self.rows)
  }

  /// Each row as a string exactly `columns` wide.
  public var lines: [String] { (0..<rows).map(line) }

  private func line(_ row: Int) -> String {
    let rowCells = cells[(row * columns)..<((row + 1) * columns)]
    guard clusters.isEmpty || !rowCells.contains(where: { $0 & Self.cluster != 0 }) else {
      var line = ""
      for cell in rowCells {
        if cell & Self.cluster != 0 {
          line.append(clusters[Int(cell & ~Self.cluster)])
        } else {
          line.unicodeScalars.append(Unicode.Scalar(cell)!)
        }
      }
      return line
    }
    return String(unsafeUninitializedCapacity: columns * 4) { buffer in
      var count = 0
      for cell in rowCells {
        for byte in UTF8.encode(Unicode.Scalar(cell)!)! {
          buffer[count] = byte
          count += 1
        }
      }
      return count
    }
  }

  public static func == (lhs: Canvas, rhs: Canvas) -> Bool {
    guard lhs.columns == rhs.columns, lhs.rows == rhs.rows,
      lhs.contentBottom == rhs.contentBottom
    else { return false }
    if lhs.cells == rhs.cells, lhs.clusters == rhs.clusters { return true }
    // The same characters may sit at other places in `clusters`.
    return !lhs.clusters.isEmpty || !rhs.clusters.isEmpty ? lhs.lines == rhs.lines : false
  }

  /// Writes `text` at (`row`, `column`), cut to `width` columns (to the edge by default).
  public mutating func write(_ text: String, row: Int, column: Int, width: Int? = nil) {
    guard let (first, room) = span(row: row, column: column, width: width) else { return }
    var text = text
    let isPrintableASCII = text.withUTF8 { bytes in bytes.allSatisfy { 0x20 <= $0 && $0 < 0x7F } }
    if isPrintableASCII {
      text.withUTF8 { bytes in
        let isCut = bytes.count > room
        for offset in 0..<(isCut ? room - 1 : bytes.count) {
          cells[first + offset] = UInt32(bytes[offset])
        }
        if isCut { cells[first + room - 1] = Self.ellipsis }
      }
      return
    }
    if text.unicodeScalars.allSatisfy(Self.standsAlone) {
      // Each scalar is a character of its own: no grapheme breaking needed.
      let isCut = text.utf8.count > room && text.unicodeScalars.count > room
      for (offset, scalar) in text.unicodeScalars.prefix(isCut ? room - 1 : room).enumerated() {
        cells[first + offset] = scalar.value
      }
      if isCut { cells[first + room - 1] = Self.ellipsis }
      return
    }
    // A control character (a path or a typed value may hold ESC or a newline) would be a
    // command to the terminal: it is drawn as "�", one column like any other.
    var characters = text.map { character in
      character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        ? "�" : character
    }
    if characters.count > room { characters = Array(characters.prefix(room - 1)) + ["…"] }
    for (offset, character) in characters.enumerated() {
      cells[first + offset] = cell(for: character)
    }
  }

  /// Writes `count` times `scalar`, as `write` would write a string of them.
  mutating func fill(_ scalar: Unicode.Scalar, count: Int, row: Int, column: Int) {
    guard count > 0, let (first, room) = span(row: row, column: column, width: nil) else {
      return
    }
    let isCut = count > room
    for offset in 0..<(isCut ? room - 1 : count) { cells[first + offset] = scalar.value }
    if isCut { cells[first + room - 1] = Self.ellipsis }
  }

  /// The first cell written at (`row`, `column`) and the room there, if any.
  private func span(row: Int, column: Int, width: Int?) -> (first: Int, room: Int)? {
    guard (0..<rows).contains(row), row < contentBottom, column < columns else { return nil }
    let start = max(column, 0)
    let room = min(width ?? columns - start, columns - start)
    guard room > 0 else { return nil }
    return (row * columns + start, room)
  }

  private mutating func cell(for character: Character) -> UInt32 {
    let scalars = character.unicodeScalars
    if scalars.count == 1 { return scalars.first!.value }
    if let known = clusters.firstIndex(of: character) { return Self.cluster | UInt32(known) }
    clusters.append(character)
    return Self.cluster | UInt32(clusters.count - 1)
  }

  private static let ellipsis = ("…" as Unicode.Scalar).value

  /// Whether a scalar is always a character by itself and drawable: printable ASCII and
  /// Latin-1, and the punctuation, arrows, symbols, box drawing and blocks the renderers use
  /// (no control, no combining mark, no joiner, nothing an emoji sequence is made of).
  private static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20..<0x7F, 0xA0..<0x300, 0x2010..<0x2028, 0x2030..<0x2060, 0x2070..<0x20D0,
      0x2100..<0x2C00:
      true
    default: false
    }
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
      fill(" ", count: width, row: line, column: column)
      write("│", row: line, column: column)
      write("│", row: line, column: column + width - 1)
    }
    let edge = Self.repeated("─", width - 2)
    write("┌" + edge + "┐", row: row, column: column)
    write("└" + edge + "┘", row: row + height - 1, column: column)
    if let title { write(" \(title) ", row: row, column: column + 2, width: width - 4) }
  }

  /// `count` times `scalar`, built at once: `String(repeating:count:)` appends a Character at
  /// a time, and frames and rules are drawn for every key.
  static func repeated(_ scalar: Unicode.Scalar, _ count: Int) -> String {
    guard count > 0 else { return "" }
    let bytes = Array(UTF8.encode(scalar)!)
    return String(unsafeUninitializedCapacity: count * bytes.count) { buffer in
      for index in 0..<(count * bytes.count) { buffer[index] = bytes[index % bytes.count] }
      return count * bytes.count
    }
  }

  /// A horizontal rule across the canvas.
  public mutating func rule(row: Int) {
    fill("─", count: columns, row: row, column: 0)
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
    // A word longer than a line is cut into lines, walking it once: dropping `start`
    // characters anew for each piece walked it once a piece (a 200,000-character path in a
    // document's status took 2.6 s to draw).
    let words = text.split(separator: " ").flatMap { word in
      var pieces: [String] = []
      var rest = word
      while !rest.isEmpty {
        pieces.append(String(rest.prefix(width)))
        rest = rest.dropFirst(width)
      }
      return pieces
    }
    return wrap(words, width: width, separator: " ")
  }

  /// `text` in lines of `width`, `maxLines` at most, the last ending in "…" when more were
  /// cut: a status, a typed count's problem, the settings' problem.
  static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
    let lines = wrap(text, width: width)
    guard lines.count > maxLines, maxLines > 0 else { return lines }
    return Array(lines.prefix(maxLines - 1)) + [lines[maxLines - 1] + "…"]
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
