/// The help of `primetime` and of its subcommands, laid out as swift-argument-parser lays
/// out a command's (the program used it before): sections in capitals, 80 columns, each
/// entry's description from column 27.
enum Help {
  static let width = 80

  /// `primetime --help`: what it is and its subcommands.
  static var program: String {
    var text = overview(
      "The PrimeTime app in a terminal, and primes from the command line, fast.", nil)
    text += "USAGE: primetime <subcommand>\n\n"
    text += section("OPTIONS", [("-h, --help", "Show help information.")])
    text += section("SUBCOMMANDS", Subcommand.allCases.map { ($0.name, $0.abstract) })
    return text + "  See 'primetime help <subcommand>' for detailed help.\n"
  }

  /// `primetime <subcommand> --help`.
  static func of(_ subcommand: Subcommand) -> String {
    var text = overview(subcommand.abstract, subcommand.discussion)
    text += "USAGE: \(subcommand.usage)\n\n"
    let values = subcommand.valueName
    text += section("ARGUMENTS", [("<values>", "Values of \(values), or - for standard input.")])
    var options: [(String, String)] = []
    if subcommand.takesCountOptions {
      options += [
        (
          "--threads <threads>",
          "How many threads compute (default: one per processor this process may use)."
        ),
        (
          "--verbose",
          "Also print y, z, each phase's time and share and the peak memory, on stderr."
        ),
      ]
    }
    options.append(("-h, --help", "Show help information."))
    return text + section("OPTIONS", options)
  }

  private static func overview(_ abstract: String, _ discussion: String?) -> String {
    var text = wrapped("OVERVIEW: " + abstract) + "\n\n"
    if let discussion { text += wrapped(discussion) + "\n\n" }
    return text
  }

  /// "NAME:" and its entries, a label and its description, the description wrapped beside.
  private static func section(_ name: String, _ entries: [(String, String)]) -> String {
    let column = 26
    var text = "\(name):\n"
    for (label, description) in entries {
      let lead = "  " + label
      let indent = String(repeating: " ", count: column)
      let body = wrapped(description, width: width - column, spaceAfterEachLine: true)
        .split(separator: "\n", omittingEmptySubsequences: false)
        .joined(separator: "\n" + indent)
      if lead.count < column {
        text += lead + String(repeating: " ", count: column - lead.count) + body + "\n"
      } else {
        text += lead + "\n" + indent + body + "\n"
      }
    }
    return text + "\n"
  }

  /// `text` in lines of at most `width` characters, broken between words; with
  /// `spaceAfterEachLine`, a line followed by another leaves room for a space (as
  /// swift-argument-parser wraps an entry's description).
  static func wrapped(_ text: String, width: Int = width, spaceAfterEachLine: Bool = false)
    -> String
  {
    let words = text.split(separator: " ")
    var lines: [String] = []
    var line = ""
    for (index, word) in words.enumerated() {
      let isLast = index == words.count - 1
      let needed = line.count + 1 + word.count + (spaceAfterEachLine && !isLast ? 1 : 0)
      if !line.isEmpty && needed > width {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? String(word) : " " + word
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }
}
