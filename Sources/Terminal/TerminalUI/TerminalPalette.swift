import Settings

/// The terminal's colours: the screen's lines as drawn (``Canvas``), with ANSI styles added
/// by what each line is — the title bold, the rules and the key hints quiet, a message in
/// red, buttons (`[ Save ]`) in the accent colour — in a palette for the settings'
/// appearance: dark, light, or the terminal's own colours (system).
///
/// Monochrome when the `NO_COLOR` environment variable is set to anything (no-color.org):
/// the lines are left as they are. Styles take no cell, so every line keeps its width; each
/// styled line ends with a reset, so a line written over another starts plain.
///
/// ```swift
/// let palette = TerminalPalette(appearance: screen.view.appearance, environment: environment)
/// terminal.write(writer.update(to: palette.style(screen.lines)))
/// ```
public struct TerminalPalette: Equatable, Sendable {
  /// `nil`: monochrome.
  private let colours: Colours?

  private struct Colours: Equatable, Sendable {
    var title: String
    var quiet: String
    var accent: String
    var alert: String
  }

  public init(appearance: Appearance, environment: [String: String]) {
    guard environment["NO_COLOR"].map(\.isEmpty) ?? true else {
      colours = nil
      return
    }
    colours =
      switch appearance {
      // Bright on a dark background, dark on a light one; the terminal's own otherwise.
      case .dark: Colours(title: "1;97", quiet: "90", accent: "96", alert: "1;91")
      case .light: Colours(title: "1;30", quiet: "90", accent: "34", alert: "1;31")
      case .system: Colours(title: "1", quiet: "2", accent: "36", alert: "1;31")
      }
  }

  /// Whether it adds no style at all.
  public var isMonochrome: Bool { colours == nil }

  /// `lines` as the terminal is sent them.
  public func style(_ lines: [String]) -> [String] {
    guard let colours else { return lines }
    // The key hints are below the last rule.
    let lastRule = lines.lastIndex(where: Self.isRule) ?? lines.count
    return lines.enumerated().map { row, line in
      if line.allSatisfy({ $0 == " " }) { return line }
      if row == 0 { return Self.sgr(colours.title) + line + Self.reset }
      if Self.isRule(line) { return Self.sgr(colours.quiet) + line + Self.reset }
      if row > lastRule {
        let code = line.hasPrefix(" ! ") ? colours.alert : colours.quiet
        return Self.sgr(code) + line + Self.reset
      }
      return Self.accentingButtons(line, colours.accent)
    }
  }

  /// A line of the rule character (with the margins' spaces).
  private static func isRule(_ line: String) -> Bool {
    line.contains("─") && line.allSatisfy { $0 == "─" || $0 == " " }
  }

  /// The line with each button, `[ … ]`, in `accent`.
  private static func accentingButtons(_ line: String, _ accent: String) -> String {
    guard line.contains("[ ") else { return line }
    var result = ""
    var rest = Substring(line)
    while let open = rest.range(of: "[ "), let close = rest[open.upperBound...].range(of: " ]") {
      result += rest[..<open.lowerBound]
      result += sgr(accent) + rest[open.lowerBound..<close.upperBound] + reset
      rest = rest[close.upperBound...]
    }
    return result + rest
  }

  private static func sgr(_ code: String) -> String { "\u{1B}[" + code + "m" }
  private static let reset = "\u{1B}[0m"
}
