import Foundation
import Testing

@testable import TerminalUI

/// The canvas keeps one cell per column, and draws what a grid of `Character`s would draw:
/// checked against such a grid on random writes of every kind of text it meets.
struct CanvasTests {
  /// Hints past a third of the screen give way before the last one, the way out: cut after
  /// their third row, `q quit` went with them (a desktop window at 90 by 10).
  @Test func hintsThatDoNotFitKeepTheWayOut() {
    let hints = (1...12).map { "Ctrl-\($0) Something Long" } + ["q quit"]
    for (columns, rows) in [(90, 10), (60, 10), (40, 12), (20, 6), (12, 3)] {
      var canvas = Canvas(columns: columns, rows: rows)
      let rule = canvas.drawHints(hints)
      let shown = canvas.lines[(rule + 1)...].map { $0.trimmingCharacters(in: .whitespaces) }
      #expect(shown.count <= max(rows / 3, 1), "\(columns)×\(rows)")
      #expect(shown.last?.hasSuffix("… q quit") == true, "\(columns)×\(rows): \(shown)")
      #expect(shown.allSatisfy { $0.count <= columns - 2 }, "\(columns)×\(rows)")
    }
    var roomy = Canvas(columns: 200, rows: 30)
    let rule = roomy.drawHints(hints)
    #expect(!roomy.lines[(rule + 1)...].joined().contains("…"), "all fit: none cut")
  }

  @Test func randomWritesDrawWhatAGridOfCharactersDraws() {
    var random = SplitMix(seed: 0x5EED)
    // ASCII, the renderers' symbols, a combining accent, controls (CR LF is one character),
    // an emoji sequence, a Latin-1 letter and an ellipsis of its own.
    let pieces = [
      "a", "7", " ", "[ + ]", "─", "│", "┌", "█", "·", "→", "e\u{301}", "\u{1B}", "\n",
      "\r\n", "👩‍👩‍👧", "é", "…", "\u{7F}", "\u{85}", "Ω", "☺\u{FE0F}",
    ]
    for _ in 0..<300 {
      let columns = Int.random(in: 1...12, using: &random)
      let rows = Int.random(in: 1...4, using: &random)
      var canvas = Canvas(columns: columns, rows: rows)
      var model = CharacterGrid(columns: columns, rows: rows)
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        let text = (0..<Int.random(in: 0...8, using: &random))
          .map { _ in pieces.randomElement(using: &random)! }.joined()
        let row = Int.random(in: -1...rows, using: &random)
        let column = Int.random(in: -2...columns, using: &random)
        let width = Bool.random(using: &random) ? nil : Int.random(in: -1...columns, using: &random)
        canvas.write(text, row: row, column: column, width: width)
        model.write(text, row: row, column: column, width: width)
      }
      #expect(canvas.lines == model.lines)
      #expect(canvas.lines.allSatisfy { $0.count == columns })
    }
  }

  /// Words longer than a line are cut into lines of `width` characters, in order, whatever
  /// their characters (the cut walks each word once; a test of time would not belong here).
  @Test func aWordLongerThanALineIsCutIntoLines() {
    #expect(Canvas.wrap("ab abcdefgh c", width: 4) == ["ab", "abcd", "efgh", "c"])
    let word = String(repeating: "e\u{301}xyz", count: 2_500)
    let lines = Canvas.wrap("go " + word, width: 7)
    #expect(lines.first == "go")
    #expect(lines.dropFirst().joined() == word)
    #expect(lines.dropFirst().dropLast().allSatisfy { $0.count == 7 })
    #expect(lines.count == 1 + (word.count + 6) / 7)
  }

  @Test func aFillIsTheStringOfItsScalarsWritten() {
    for count in 0...7 {
      for column in -1...5 {
        var filled = Canvas(columns: 5, rows: 1)
        var written = Canvas(columns: 5, rows: 1)
        filled.fill("─", count: count, row: 0, column: column)
        written.write(String(repeating: "─", count: count), row: 0, column: column)
        #expect(filled == written, "\(count) at \(column)")
      }
    }
  }

  @Test func canvasesWithTheSameCharactersAreEqualWhereverTheyWereKept() {
    var first = Canvas(columns: 4, rows: 1)
    first.write("e\u{301}", row: 0, column: 0)
    first.write("a\u{308}", row: 0, column: 1)
    var second = Canvas(columns: 4, rows: 1)
    second.write("a\u{308}", row: 0, column: 1)
    second.write("e\u{301}", row: 0, column: 0)
    #expect(first == second)
    second.write("x", row: 0, column: 3)
    #expect(first != second)
  }
}

/// The canvas as it was: a grid of `Character`s, written a character at a time.
private struct CharacterGrid {
  let columns: Int
  let rows: Int
  var grid: [[Character]]

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    grid = Array(repeating: Array(repeating: " ", count: columns), count: rows)
  }

  var lines: [String] { grid.map { String($0) } }

  mutating func write(_ text: String, row: Int, column: Int, width: Int?) {
    guard grid.indices.contains(row), column < columns else { return }
    let start = max(column, 0)
    let room = min(width ?? columns - start, columns - start)
    guard room > 0 else { return }
    var characters = text.map { character in
      character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        ? "�" : character
    }
    if characters.count > room { characters = Array(characters.prefix(room - 1)) + ["…"] }
    for (offset, character) in characters.enumerated() { grid[row][start + offset] = character }
  }
}

/// A small seeded generator, so that a failure can be run again.
private struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
