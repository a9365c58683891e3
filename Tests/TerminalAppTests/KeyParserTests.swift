import TerminalApp
import TerminalUI
import Testing

struct KeyParserTests {
  @Test func plainKeysControlKeysAndSequences() {
    var parser = KeyParser()
    let bytes: [UInt8] = [
      0x2B, 0x61, 0x20, 0x0D, 0x09, 0x7F, 0x0E, 0x17, 0x03,  // + a space enter tab bs ^N ^W ^C
      0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42, 0x1B, 0x4F, 0x43, 0x1B, 0x5B, 0x44,  // arrows
      0x1B, 0x5B, 0x33, 0x7E,  // delete
      0x1B, 0x5B, 0x31, 0x35, 0x7E,  // F5: ignored
    ]
    #expect(
      parser.feed(bytes) == [
        .character("+"), .character("a"), .character(" "), .enter, .tab, .backspace,
        .control("n"), .control("w"), .control("c"), .up, .down, .right, .left, .delete,
      ])
    #expect(!parser.isWaiting)
  }

  @Test func aLoneEscapeIsAKeyOnlyWhenNothingFollows() {
    var parser = KeyParser()
    #expect(parser.feed([0x1B]) == [])
    #expect(parser.isWaiting)
    #expect(parser.flush() == [.escape])
    #expect(!parser.isWaiting)
    // Escape then a letter typed fast: both keys.
    #expect(parser.feed([0x1B, 0x71]) == [.escape, .character("q")])
    // A sequence split across reads.
    #expect(parser.feed([0x1B]) == [])
    #expect(parser.feed([0x5B]) == [])
    #expect(parser.feed([0x42]) == [.down])
  }

  /// Alt with a string introducer (Alt-] is ESC ], Alt-P is ESC P, …) starts what looks like
  /// a string; a pause or too many bytes show it was not one, and the keys come back.
  @Test(arguments: Array("]P_^X".utf8))
  func aStringCutShortGivesItsKeysBack(_ introducer: UInt8) {
    var parser = KeyParser()
    #expect(parser.feed([0x1B, introducer]) == [])
    #expect(parser.isWaiting)
    let typed = Character(Unicode.Scalar(introducer))
    #expect(parser.flush() == [.escape, .character(typed)])
    #expect(parser.feed(Array("q".utf8)) == [.character("q")], "keys work again")

    // Typed fast after it: given back with it.
    #expect(parser.feed([0x1B, introducer, 0x2B, 0x03]) == [])
    #expect(parser.flush() == [.escape, .character(typed), .character("+"), .control("c")])

    // No pause at all: past the limit the bytes are keys.
    let flood = [UInt8](repeating: 0x61, count: KeyParser.stringLimit + 1)
    let keys = parser.feed([0x1B, introducer] + flood + [0x71])
    #expect(keys.first == .escape && keys.last == .character("q"))
    #expect(keys.count == flood.count + 3)
    #expect(!parser.isWaiting)
  }

  /// Real strings (a title report ends at BEL, others at ESC \) are still swallowed whole.
  @Test func wholeStringsAreSwallowed() {
    var parser = KeyParser()
    #expect(parser.feed(Array("\u{1B}]0;a title\u{07}".utf8)) == [])
    #expect(parser.feed(Array("\u{1B}P1$r0m\u{1B}\\x".utf8)) == [.character("x")])
    #expect(!parser.isWaiting)
  }

  /// An X10 mouse report's three raw bytes (here a `q` and a `+` among them) are not keys.
  @Test(arguments: [[0x20, 0x71, 0x2B], [0x23, 0x21, 0x21], [0x60, 0x03, 0x71]] as [[UInt8]])
  func mouseReportsAreNotKeys(_ report: [UInt8]) {
    var parser = KeyParser()
    #expect(parser.feed([0x1B, 0x5B, 0x4D] + report + [0x78]) == [.character("x")])
    // Split across reads, and the SGR form.
    #expect(parser.feed([0x1B, 0x5B, 0x4D, report[0]]) == [])
    #expect(parser.feed(Array(report.dropFirst())) == [])
    #expect(parser.feed(Array("\u{1B}[<0;12;5M\u{1B}[<0;12;5m".utf8)) == [])
    #expect(!parser.isWaiting)
  }

  @Test func utf8Characters() {
    var parser = KeyParser()
    #expect(parser.feed(Array("é€".utf8)) == [.character("é"), .character("€")])
    #expect(parser.feed([0xE2, 0x82]) == [])
    #expect(parser.feed([0xAC]) == [.character("€")])
  }
}

struct FrameWriterTests {
  @Test func writesOnlyTheLinesThatChanged() {
    var writer = FrameWriter()
    let first = writer.update(to: ["one", "two", "three"])
    #expect(first.contains("\u{1B}[2J"))
    #expect(first.contains("\u{1B}[1;1Hone") && first.contains("\u{1B}[3;1Hthree"))
    #expect(writer.update(to: ["one", "two", "three"]) == "")
    let second = writer.update(to: ["one", "TWO", "three"])
    #expect(second == "\u{1B}[?2026h\u{1B}[2;1HTWO\u{1B}[?2026l")
    writer.invalidate()
    let redraw = writer.update(to: ["one", "TWO", "three"])
    #expect(redraw.contains("\u{1B}[2J") && redraw.contains("\u{1B}[1;1Hone"))
  }

  @Test func aFrameOfAnotherHeightIsRedrawnWhole() {
    var writer = FrameWriter()
    _ = writer.update(to: ["a", "b"])
    let taller = writer.update(to: ["a", "b", "c"])
    #expect(taller.contains("\u{1B}[2J") && taller.contains("\u{1B}[1;1Ha"))
  }
}
