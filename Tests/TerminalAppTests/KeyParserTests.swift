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
