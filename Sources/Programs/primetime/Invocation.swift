import StandardStreams

/// What a command line asks `primetime` for, read without a parsing library: linked in,
/// swift-argument-parser and the Foundation it brings cost every run 0.8 MiB of memory and
/// 75 page faults (PrimeEngine's Performance article).
///
/// The forms are those of a swift-argument-parser command: `--threads 2` or `--threads=2`,
/// `-h`/`--help` anywhere before `--`, `help <subcommand>`, and its messages for a mistake in
/// an option (``UsageError``, status 64).
enum Invocation {
  /// The help of `primetime`, or of one subcommand.
  case help(Subcommand?)
  /// Answer each value (`-`: standard input).
  case answer(Subcommand, Request)

  /// How a prime subcommand was asked.
  struct Request {
    var values: [String] = []
    var threads: Int?
    var verbose = false
    /// An option no subcommand knows, reported with the answers' other mistakes.
    var unknownOption: String?
  }

  /// `arguments` without the program's name; not the app's (``AppLauncher/handles(_:)``).
  init(_ arguments: [String]) throws(UsageError) {
    guard let first = arguments.first else {
      self = .help(nil)
      return
    }
    if first == "-h" || first == "--help" {
      self = .help(nil)
      return
    }
    if first == "help" {
      // As swift-argument-parser: help of what it does not know is the program's.
      self = .help(arguments.count == 2 ? Subcommand(rawValue: arguments[1]) : nil)
      return
    }
    guard let subcommand = Subcommand(rawValue: first) else {
      throw UsageError(
        first.hasPrefix("-")
          ? "Unknown option \(quoted(first))" : "Unexpected argument \(quoted(first))")
    }
    self = try Self.parse(arguments.dropFirst(), for: subcommand)
  }

  private static func parse(
    _ arguments: ArraySlice<String>, for subcommand: Subcommand
  ) throws(UsageError) -> Invocation {
    var request = Request()
    var optionsEnded = false
    var remaining = arguments
    while let argument = remaining.popFirst() {
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        request.values.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      if argument == "-h" || argument == "--help" { return .help(subcommand) }
      // A single dash starts a value to refuse: "-4" is a negative number, and "'-x' is not
      // a number" says more than "unknown option".
      guard argument.hasPrefix("--") else {
        request.values.append(argument)
        continue
      }
      let (name, attached) = split(argument)
      guard subcommand.takesCountOptions, name == "--threads" || name == "--verbose" else {
        request.unknownOption = request.unknownOption ?? argument
        continue
      }
      if name == "--verbose" {
        if let attached {
          throw UsageError(
            "The option '--verbose' does not take any value, but \(quoted(attached)) was "
              + "specified.", subcommand)
        }
        request.verbose = true
        continue
      }
      // Unconditional: "--threads -1" is a value to refuse, not a missing one.
      guard let text = attached ?? remaining.popFirst() else {
        throw UsageError(
          "Missing value for '--threads <threads>'", subcommand, help: Self.threadsHelp)
      }
      guard let threads = Int(text) else {
        throw UsageError(
          "The value \(quoted(text)) is invalid for '--threads <threads>'", subcommand,
          help: Self.threadsHelp)
      }
      guard (1...maximumThreads).contains(threads) else {
        throw UsageError(
          "--threads \(threads): give from 1 to \(maximumThreads).", subcommand)
      }
      request.threads = threads
    }
    guard !request.values.isEmpty || request.unknownOption != nil else {
      throw UsageError(
        "Missing expected argument '<values> ...'", subcommand,
        help: "<values>  Values of \(subcommand.valueName), or - for standard input.")
    }
    return .answer(subcommand, request)
  }

  private static let threadsHelp =
    "--threads <threads>  How many threads compute (default: one per processor this process may use)."

  /// "--threads=2" as ("--threads", "2"); "--verbose" as ("--verbose", nil).
  private static func split(_ argument: String) -> (name: String, value: String?) {
    guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}

/// Threads beyond the processors run (a user measures what oversubscription costs); a count
/// no machine has is a mistake worth saying.
let maximumThreads = 1_024

/// A mistake in how `primetime` was called: said with the usage, status 64 (`EX_USAGE`).
struct UsageError: Error {
  let message: String
  let subcommand: Subcommand?
  /// The help of the option or argument in question.
  let help: String?

  init(_ message: String, _ subcommand: Subcommand? = nil, help: String? = nil) {
    self.message = message
    self.subcommand = subcommand
    self.help = help
  }

  /// "Error: …", the usage, and where the help is.
  var text: String {
    let command = subcommand.map { "primetime \($0.name)" } ?? "primetime"
    let usage = subcommand?.usage ?? "primetime <subcommand>"
    return """
      Error: \(message)
      \(help.map { "Help:  \($0)\n" } ?? "")Usage: \(usage)
        See '\(command) --help' for more information.

      """
  }
}
