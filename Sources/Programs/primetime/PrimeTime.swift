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
enum PrimeTime {
  static func main() {
    // Ctrl-\ quits as it quits any command-line program: the runtime's crash reporter, which
    // catches SIGQUIT, would print a backtrace and wait for a key.
    _ = signal(SIGQUIT, SIG_DFL)
    let arguments = Array(CommandLine.arguments.dropFirst())
    if AppLauncher.handles(arguments) { AppLauncher.start(arguments) }
    do throws(UsageError) {
      switch try Invocation(arguments) {
      case .help(let subcommand):
        if let subcommand, [.app, .open, .script].contains(subcommand) {
          AppLauncher.start([subcommand.name, "--help"])
        }
        // Help cut short by a full disk or a closed pipe is said, as any answer is.
        do throws(StreamError) {
          try writeAll(subcommand.map(Help.of) ?? Help.program, to: STDOUT_FILENO)
        } catch {
          reportToStandardError(error.description)
          exit(1)
        }
        exit(0)
      case .answer(let subcommand, let request):
        exit(subcommand.answer(request))
      }
    } catch {
      emit(error.text, to: STDERR_FILENO)
      exit(64)
    }
  }
}

extension Subcommand {
  /// Answers each of `request`'s values; the exit status.
  func answer(_ request: Invocation.Request) -> Int32 {
    if let option = request.unknownOption {
      reportToStandardError("unknown option \(quoted(option))")
      return 2
    }
    let (threads, verbose) = (request.threads, request.verbose)
    let compute: (String) throws -> String
    switch self {
    case .app, .open, .script: AppLauncher.start([name] + request.values)
    case .nthPrime: compute = { try nthPrimeAnswer($0, threads: threads, verbose: verbose) }
    case .pi: compute = { try piAnswer($0, threads: threads, verbose: verbose) }
    case .isPrime: compute = isPrimeAnswer
    case .nextPrime: compute = nextPrimeAnswer
    }
    return primetime.answer(request.values, compute)
  }
}

private func nthPrimeAnswer(_ text: String, threads: Int?, verbose: Bool) throws -> String {
  // "-4" is a number with no prime, not a malformed one.
  if let n = Int(text), n <= 0 { throw PrimeEngineError.noSuchPrime(n) }
  let n = try number(text, upTo: NthPrime.wideMaximum, named: "10^29")
  return try answer(
    "the \(ordinal(n)) prime", verbose: verbose,
    { try NthPrime.nthPrime(n, threads: threads, progress: $0) },
    { try NthPrime.nthPrimeWithDetails(n, threads: threads, progress: $0) })
}

private func piAnswer(_ text: String, threads: Int?, verbose: Bool) throws -> String {
  let x = try number(text, upTo: PrimeCounting.maximum, named: "10^31")
  return try answer(
    "primes up to \(grouped(String(x)))", verbose: verbose,
    { try PrimeCounting.primeCount(upTo: x, threads: threads, progress: $0) },
    { try PrimeCounting.primeCountWithDetails(upTo: x, threads: threads, progress: $0) })
}

/// A request's number, up to `maximum` (`name` says it as people write it). The engine's
/// `UInt128` methods count a value below 2⁶⁴ with its 64-bit code.
private func number(_ text: String, upTo maximum: UInt128, named name: String) throws -> UInt128 {
  guard isDigits(text) else { throw PrimeEngineError.malformedNumber(text) }
  guard let value = UInt128(text), value <= maximum else {
    throw PrimeEngineError.tooLarge(text, maximum: "\(name) (\(grouped(String(maximum))))")
  }
  return value
}

/// A count under its progress bar; with `verbose`, what it chose and its times on stderr.
private func answer(
  _ title: String, verbose: Bool,
  _ count: ((@Sendable (Double) -> Void)?) throws -> UInt128,
  _ countWithDetails: ((@Sendable (Double) -> Void)?) throws -> (UInt128, PrimeCountDetails)
) throws -> String {
  do {
    guard verbose else { return decimal(try withProgress(title) { try count($0) }) }
    let (answer, details) = try withProgress(title) { try countWithDetails($0) }
    emit(verboseReport(details), to: STDERR_FILENO)
    return decimal(answer)
  } catch let error as PrimeEngineError {
    // A value's own errors are thrown before and name it; one the count meets (no memory
    // for its tables, no thread) says which count it was.
    throw CountError(description: "\(title): \(error)")
  }
}

/// An error met while counting, said with what was counted.
private struct CountError: Error, CustomStringConvertible {
  let description: String
}

private func isPrimeAnswer(_ text: String) throws -> String {
  // `UInt64("-0")` is 0: the digits are checked first, as every subcommand checks them.
  let isPrime =
    if isDigits(text), let n = UInt64(text) {
      Primality.isPrime(n)
    } else {
      try BigInteger(text).isProbablePrime
    }
  return isPrime ? "prime" : "not prime"
}

private func nextPrimeAnswer(_ text: String) throws -> String {
  if isDigits(text), let n = UInt64(text), let next = Primality.nextPrime(after: n) {
    return decimal(next)
  }
  let n = try BigInteger(text)
  return try withProgress("the next prime after a \(grouped(String(text.count)))-digit number") {
    n.nextPrime(progress: $0 ?? { _ in })
  }.description
}

/// Answers each value on its own line, as soon as it is known; the exit status. A bad value
/// is reported on standard error (with its line number when read from standard input) and
/// the others are still answered; then the run ends with status 2. `-` reads values from
/// standard input there (once: a second `-` finds it ended, as `cat - -` does). A failed read
/// or write (a full disk, a closed pipe) ends the run at once with status 1, said on standard
/// error: an answer cut short must never look complete.
func answer(_ values: [String], _ compute: (String) throws -> String) -> Int32 {
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
    try writeLine(output, to: STDOUT_FILENO)
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
    return 1
  }
  return failed ? 2 : 0
}

/// Whether `text` is a non-negative decimal number, however long, with a "+" if you like (as
/// Swift's integer parsing, and so every subcommand, takes it).
func isDigits(_ text: String) -> Bool {
  let digits = text.utf8.first == UInt8(ascii: "+") ? text.utf8.dropFirst() : text.utf8[...]
  return !digits.isEmpty && digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
}

/// The decimal digits of `n`. Written here, as `String(n)` runs the standard library's
/// printing of any integer, whose code a count's answer would page in for one line.
func decimal(_ n: some UnsignedInteger) -> String {
  withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 39) { digits in
    var n = n
    var start = digits.count
    repeat {
      start -= 1
      digits[start] = UInt8(ascii: "0") + UInt8(n % 10)
      n /= 10
    } while n > 0
    return String(decoding: UnsafeBufferPointer(rebasing: digits[start...]), as: UTF8.self)
  }
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
func ordinal(_ n: some BinaryInteger) -> String {
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
  _ label: @autoclosure () -> String, _ work: ((@Sendable (Double) -> Void)?) throws -> T
) throws -> T {
  // No handler where no bar is drawn: then a count on one thread needs no watching thread.
  guard isatty(STDERR_FILENO) == 1 else { return try work(nil) }
  let label = label()
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
