import ArgumentParser
import PrimeEngine
import StandardStreams
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Primes from the command line, and the app: `app` and `script` (and no subcommand) start
/// `primetime-app`, the program beside this one, which holds the whole kit. This one links
/// only the engine, so that a prime subcommand starts in milliseconds.
@main
struct PrimeTime: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "primetime",
    abstract: "The PrimeTime app in a terminal, and primes from the command line, fast.",
    subcommands: [
      AppLauncher.App.self, AppLauncher.Script.self, NthPrimeCommand.self, PiCommand.self,
      IsPrimeCommand.self, NextPrimeCommand.self,
    ]
  )

  static func main() {
    // Ctrl-\ quits as it quits any command-line program: the runtime's crash reporter, which
    // catches SIGQUIT, would print a backtrace and wait for a key.
    _ = signal(SIGQUIT, SIG_DFL)
    let arguments = Array(CommandLine.arguments.dropFirst())
    if AppLauncher.handles(arguments) { AppLauncher.start(arguments) }
    if let request = PlainRequest(arguments) { request.run() }
    main(nil)
  }
}

/// `pi` and `nth-prime` with plain values (decimal digits or `-`) and at most `--threads N`
/// and `--verbose`: answered without ArgumentParser, whose reflection over the commands took
/// 7.5 of the 12.7 million instructions of `primetime pi 1000` (2–3 ms of every run). Any
/// other form, a mistake included, goes through ArgumentParser as before, so help and error
/// messages stay its own.
struct PlainRequest {
  let isPi: Bool
  let values: [String]
  let threads: Int?
  let verbose: Bool

  init?(_ arguments: [String]) {
    guard let command = arguments.first, command == "pi" || command == "nth-prime" else {
      return nil
    }
    isPi = command == "pi"
    var values: [String] = []
    var threads: Int?
    var verbose = false
    var index = 1
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--threads", threads == nil, index + 1 < arguments.count,
        let count = Int(arguments[index + 1]), (1...maximumThreads).contains(count),
        arguments[index + 1].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
      {
        threads = count
        index += 2
        continue
      }
      if argument == "--verbose" && !verbose {
        verbose = true
      } else if argument == "-"
        || (!argument.isEmpty && argument.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 })
      {
        values.append(argument)
      } else {
        return nil
      }
      index += 1
    }
    guard !values.isEmpty else { return nil }
    self.values = values
    self.threads = threads
    self.verbose = verbose
  }

  /// Answers as the command would, then exits with its status.
  func run() -> Never {
    do {
      if isPi {
        try PiCommand.answerAll(values, threads: threads, verbose: verbose)
      } else {
        try NthPrimeCommand.answerAll(values, threads: threads, verbose: verbose)
      }
    } catch {
      PrimeTime.exit(withError: error)
    }
    PrimeTime.exit()
  }
}

struct NthPrimeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "nth-prime",
    abstract: "Prints the N-th prime for each N (the 1st prime is 2).",
    discussion: """
      N goes up to \(NthPrime.maximum). Give - to read values from standard input, one or \
      more a line.
      """)

  // Unconditional: "--threads -1" is a value to refuse, not a missing one.
  @Option(
    parsing: .unconditional,
    help: "How many threads compute (default and most: one per processor).")
  var threads: Int?

  @Flag(help: "Also print y, z, each phase's time and share and the peak memory, on stderr.")
  var verbose = false

  @Argument(parsing: .allUnrecognized, help: "Values of N, or - for standard input.")
  var values: [String]

  func validate() throws { try validateThreads(threads) }

  func run() throws { try Self.answerAll(values, threads: threads, verbose: verbose) }

  static func answerAll(_ values: [String], threads: Int?, verbose: Bool) throws {
    try answer(values) { text in
      guard let n = Int(text) else {
        throw isDigits(text)
          ? PrimeEngineError.tooLarge(text, maximum: String(NthPrime.maximum))
          : PrimeEngineError.malformedNumber(text)
      }
      let label = "the \(ordinal(n)) prime"
      if verbose {
        let (prime, details) = try withProgress(label) {
          try NthPrime.nthPrimeWithDetails(n, threads: threads, progress: $0)
        }
        emit(verboseReport(details), to: STDERR_FILENO)
        return String(prime)
      }
      return String(
        try withProgress(label) { try NthPrime.nthPrime(n, threads: threads, progress: $0) })
    }
  }
}

struct PiCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pi",
    abstract: "Prints π(X), the number of primes up to X, for each X.",
    discussion: """
      X goes up to 2^64 − 1. Give - to read values from standard input, one or more a line.
      """)

  // Unconditional: "--threads -1" is a value to refuse, not a missing one.
  @Option(
    parsing: .unconditional,
    help: "How many threads compute (default and most: one per processor).")
  var threads: Int?

  @Flag(help: "Also print y, z, each phase's time and share and the peak memory, on stderr.")
  var verbose = false

  @Argument(parsing: .allUnrecognized, help: "Values of X, or - for standard input.")
  var values: [String]

  func validate() throws { try validateThreads(threads) }

  func run() throws { try Self.answerAll(values, threads: threads, verbose: verbose) }

  static func answerAll(_ values: [String], threads: Int?, verbose: Bool) throws {
    try answer(values) { text in
      let x = try parseUInt64(text)
      let label = "primes up to \(grouped(String(x)))"
      if verbose {
        let (count, details) = try withProgress(label) {
          try PrimeCounting.primeCountWithDetails(upTo: x, threads: threads, progress: $0)
        }
        emit(verboseReport(details), to: STDERR_FILENO)
        return String(count)
      }
      return String(
        try withProgress(label) {
          try PrimeCounting.primeCount(upTo: x, threads: threads, progress: $0)
        })
    }
  }
}

struct IsPrimeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "is-prime",
    abstract: "Prints 'prime' or 'not prime' for each N, of any size.",
    discussion: """
      Below 2^64 the answer is certain. Above, 'prime' means that N passes the Baillie–PSW \
      test, which no known composite number passes.
      """)

  @Argument(parsing: .allUnrecognized, help: "Values of N, or - for standard input.")
  var values: [String]

  func run() throws {
    try answer(values) { text in
      let isPrime =
        if let n = UInt64(text) { Primality.isPrime(n) } else {
          try BigInteger(text).isProbablePrime
        }
      return isPrime ? "prime" : "not prime"
    }
  }
}

struct NextPrimeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "next-prime",
    abstract: "Prints the smallest prime greater than N, for each N of any size.")

  @Argument(parsing: .allUnrecognized, help: "Values of N, or - for standard input.")
  var values: [String]

  func run() throws {
    try answer(values) { text in
      if let n = UInt64(text), let next = Primality.nextPrime(after: n) { return String(next) }
      let n = try BigInteger(text)
      let label = "the next prime after a \(grouped(String(text.count)))-digit number"
      return try withProgress(label) { n.nextPrime(progress: $0) }.description
    }
  }
}

/// Answers each value on its own line, as soon as it is known. A bad value is reported on
/// standard error (with its line number when read from standard input) and the others are
/// still answered; then the run ends with status 2. `-` reads values from standard input there
/// (once: a second `-` finds it ended, as `cat - -` does). `--` ends the options: what follows
/// is a value even if it starts with a dash. A failed read or write (a full disk, a closed
/// pipe) ends the run at once with status 1, said on standard error: an answer cut short must
/// never look complete.
func answer(_ arguments: [String], _ compute: (String) throws -> String) throws {
  var values: [String] = []
  var optionsEnded = false
  for argument in arguments {
    if !optionsEnded && argument == "--" {
      optionsEnded = true
    } else if !optionsEnded && argument.hasPrefix("--") {
      reportToStandardError("unknown option \(quoted(argument))")
      throw ExitCode(2)
    } else {
      values.append(argument)
    }
  }
  var failed = false
  func answer(_ value: String, line: Int?) throws(StreamError) {
    let output: String
    do {
      output = try compute(value)
    } catch {
      let place = line.map { "line \($0): " } ?? ""
      reportToStandardError("\(place)\(error)")
      failed = true
      return
    }
    try writeAll(output + "\n", to: STDOUT_FILENO)
  }
  do throws(StreamError) {
    var input = LineReader()
    var lineNumber = 0
    for value in values {
      guard value == "-" else {
        try answer(value, line: nil)
        continue
      }
      while let line = try input.next() {
        lineNumber += 1
        switch line {
        case .text(let text):
          for word in text.split(whereSeparator: \.isWhitespace) {
            try answer(String(word), line: lineNumber)
          }
        case .tooLong(let bytes):
          reportToStandardError(
            "line \(lineNumber): \(grouped(String(bytes))) bytes long, over the limit of "
              + "\(grouped(String(LineReader.maximumLineLength))): skipped")
          failed = true
        }
      }
    }
  } catch {
    reportToStandardError(error.description)
    throw ExitCode(1)
  }
  if failed { throw ExitCode(2) }
}

/// Threads beyond the processors are not started (the engine caps them); a count no machine
/// has is a mistake worth saying.
func validateThreads(_ threads: Int?) throws {
  guard let threads else { return }
  guard (1...maximumThreads).contains(threads) else {
    throw ValidationError(
      "--threads \(threads): give from 1 to \(maximumThreads) (more than the processors do not help)."
    )
  }
}

let maximumThreads = 1_024

func parseUInt64(_ text: String) throws -> UInt64 {
  if let value = UInt64(text) { return value }
  throw isDigits(text)
    ? PrimeEngineError.tooLarge(text, maximum: String(UInt64.max))
    : PrimeEngineError.malformedNumber(text)
}

/// Whether `text` is a non-negative decimal number, however long, with a "+" if you like (as
/// Swift's integer parsing, and so every subcommand, takes it).
func isDigits(_ text: String) -> Bool {
  let digits = text.utf8.first == UInt8(ascii: "+") ? text.utf8.dropFirst() : text.utf8[...]
  return !digits.isEmpty && digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
}

/// "1,234,567" for "1234567".
func grouped(_ digits: String) -> String {
  var result = ""
  for (index, digit) in digits.enumerated() {
    if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
    result.append(digit)
  }
  return result
}

/// "1st", "22nd", "113th", with thousands grouped.
func ordinal(_ n: Int) -> String {
  let suffix =
    switch (n % 100, n % 10) {
    case (11...13, _): "th"
    case (_, 1): "st"
    case (_, 2): "nd"
    case (_, 3): "rd"
    default: "th"
    }
  return grouped(String(n)) + suffix
}

/// Whether the progress bar is on screen, for the interrupt handler.
let progressBarIsShown = Atomic(false)

/// Runs `work`, drawing a progress bar labelled with what is computed on standard error when
/// that is a terminal and the work takes long enough to report. The bar is erased when the
/// work ends, and when Ctrl-C (or a termination request) ends the program.
func withProgress<T>(
  _ label: String, _ work: (@escaping @Sendable (Double) -> Void) throws -> T
) throws -> T {
  guard isatty(STDERR_FILENO) == 1 else { return try work { _ in } }
  for interruption in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
    _ = signal(interruption) { received in
      // Only what is safe in a signal handler: write, then end as the signal would.
      if progressBarIsShown.load(ordering: .relaxed) {
        let erase: StaticString = "\r\u{1B}[K"
        _ = write(STDERR_FILENO, erase.utf8Start, erase.utf8CodeUnitCount)
      }
      _ = signal(received, SIG_DFL)
      _ = raise(received)
    }
  }
  defer {
    if progressBarIsShown.exchange(false, ordering: .relaxed) {
      emit("\r\u{1B}[K", to: STDERR_FILENO)
    }
  }
  return try work { fraction in
    progressBarIsShown.store(true, ordering: .relaxed)
    emit(
      "\r\(progressLine(label, fraction: fraction, columns: terminalColumns()))\u{1B}[K",
      to: STDERR_FILENO)
  }
}

/// "label ████░░░░ 42%", at most `columns` − 2 wide: two columns stay free for the terminal's
/// "^C", as a line that wrapped could not be erased. The label gives way first, then the bar
/// (from 40 down to 10 cells, then to none).
func progressLine(_ label: String, fraction: Double, columns: Int) -> String {
  let percent = "\(Int(fraction * 100))%"
  let room = columns - 2
  guard room >= percent.count else { return "" }
  let rest = room - percent.count
  let barWidth = max(0, min(10, rest - 1), min(40, rest - label.count - 2))
  let shownLabel = label.prefix(max(0, rest - barWidth - 2))
  let filled = Int(fraction * Double(barWidth))
  let bar =
    String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
  return [String(shownLabel), bar, percent].filter { !$0.isEmpty }.joined(separator: " ")
}

/// The width of the terminal on standard error, or 80.
func terminalColumns() -> Int {
  var size = winsize()
  guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
  return Int(size.ws_col)
}

/// Writes `text` to a file descriptor at once, unbuffered; for what may fail unsaid (the
/// progress bar, help when the app is missing).
func emit(_ text: String, to descriptor: Int32) {
  try? writeAll(text, to: descriptor)
}
