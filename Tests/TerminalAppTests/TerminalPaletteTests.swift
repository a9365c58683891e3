import Settings
import TerminalUI
import Testing

/// The terminal's colours: added by what a line is, never changing what it shows, and none
/// at all when `NO_COLOR` is set.
struct TerminalPaletteTests {
  let lines = [
    "      Counter demo      ",
    "────────────────────────",
    "   [ - ]   7   [ + ]    ",
    "                        ",
    "────────────────────────",
    " ! Not saved: a.json.   ",
    " + increment  q quit    ",
  ]

  /// What a terminal shows of a styled line: the line without its escape sequences.
  func shown(_ line: String) -> String {
    var result = ""
    var inEscape = false
    for character in line {
      if character == "\u{1B}" {
        inEscape = true
      } else if inEscape {
        if character.isLetter { inEscape = false }
      } else {
        result.append(character)
      }
    }
    return result
  }

  @Test(arguments: Appearance.allCases)
  func stylesAddNothingAPersonSeesAsText(appearance: Appearance) {
    let palette = TerminalPalette(appearance: appearance, environment: [:])
    let styled = palette.style(lines)
    #expect(!palette.isMonochrome)
    #expect(styled.map(shown) == lines)
    // The title, the rules, the button, the message and the hints are styled; a blank line
    // is not.
    for row in [0, 1, 4, 5, 6] { #expect(styled[row].hasPrefix("\u{1B}["), "row \(row)") }
    #expect(styled[2].contains("\u{1B}[") && styled[2].contains("[ + ]\u{1B}[0m"))
    #expect(styled[3] == lines[3])
    #expect(styled.allSatisfy { $0 == lines[3] || $0.hasSuffix("\u{1B}[0m") || $0 == styled[2] })
  }

  @Test func eachAppearanceHasItsOwnColours() {
    let styled = Appearance.allCases.map {
      TerminalPalette(appearance: $0, environment: [:]).style(lines)
    }
    #expect(Set(styled.map { $0[0] }).count == 3)
    #expect(Set(styled.map { $0[2] }).count == 3)
  }

  /// `NO_COLOR` set to anything turns colours off (no-color.org); set to nothing, it does not.
  @Test func noColorMeansNoStyle() {
    for value in ["1", "yes", "0"] {
      let palette = TerminalPalette(appearance: .dark, environment: ["NO_COLOR": value])
      #expect(palette.isMonochrome)
      #expect(palette.style(lines) == lines)
    }
    #expect(!TerminalPalette(appearance: .dark, environment: ["NO_COLOR": ""]).isMonochrome)
  }
}
