import ArgumentParser
import PrimeEngine
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
    let arguments = Array(CommandLine.arguments.dropFirst())
    if AppLauncher.handles(arguments) { AppLauncher.start(arguments) }
    main(nil)
  }
}

struct NthPrimeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "nth-prime",
    abstract: "Prints p_N, the N-th prime (p_1 = 2), for each N.",
    discussion: "N goes up to \(NthPrime.maximum). Give - to read values from standard input.")

  @Argument(parsing: .allUnrecognized, help: "Values of N, or - for standard input.")
  var values: [String]

  func run() throws {
    try answer(values) { text in
      guard let n = Int(text) else {
        throw isDigits(text)
          ? PrimeEngineError.tooLarge(text, maximum: String(NthPrime.maximum))
          : PrimeEngineError.malformedNumber(text)
      }
      return String(try withProgress { try NthPrime.nthPrime(n, progress: $0) })
    }
  }
}

struct PiCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pi",
    abstract: "Prints π(X), the number of primes ≤ X, for each X.",
    discussion: "X goes up to 2^64 − 1. Give - to read values from standard input.")

  @Argument(parsing: .allUnrecognized, help: "Values of X, or - for standard input.")
  var values: [String]

  func run() throws {
    try answer(values) { text in
      let x = try parseUInt64(text)
      return String(try withProgress { try PrimeCounting.primeCount(upTo: x, progress: $0) })
    }
  }
}

struct IsPrimeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "is-prime",
    abstract: "Prints 'prime' or 'not prime' for each N, of any size.",
    discussion: """
      Below 2^64 the answer is exact. Above, 'prime' means a Baillie–PSW probable prime \
      (GMP's mpz_probab_prime_p with 24 rounds: no extra Miller–Rabin rounds); no \
      composite is known to pass that test.
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
      return try BigInteger(text).nextPrime().description
    }
  }
}

/// Answers each value on its own line, as soon as it is known. A bad value ends the run with
/// a one-line error naming it and exit status 2; the answers before it stand.
func answer(_ arguments: [String], _ compute: (String) throws -> String) throws {
  let values = arguments == ["-"] ? standardInputWords() : arguments
  for value in values {
    do {
      let line = try compute(value)
      emit(line + "\n", to: STDOUT_FILENO)
    } catch let error as PrimeEngineError {
      emit("primetime: \(error)\n", to: STDERR_FILENO)
      throw ExitCode(2)
    }
  }
}

func parseUInt64(_ text: String) throws -> UInt64 {
  if let value = UInt64(text) { return value }
  throw isDigits(text)
    ? PrimeEngineError.tooLarge(text, maximum: String(UInt64.max))
    : PrimeEngineError.malformedNumber(text)
}

/// Whether `text` is a non-negative decimal number, however long.
func isDigits(_ text: String) -> Bool {
  !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
}

func standardInputWords() -> [String] {
  var words: [String] = []
  while let line = readLine() {
    words += line.split(whereSeparator: \.isWhitespace).map(String.init)
  }
  return words
}

/// Runs `work`, drawing a progress bar on standard error when it is a terminal and the work
/// takes long enough to report.
func withProgress<T>(_ work: (@escaping @Sendable (Double) -> Void) throws -> T) throws -> T {
  guard isatty(STDERR_FILENO) == 1 else { return try work { _ in } }
  let drewBar = Atomic(false)
  defer {
    if drewBar.load(ordering: .relaxed) { emit("\r\u{1B}[K", to: STDERR_FILENO) }
  }
  return try work { fraction in
    drewBar.store(true, ordering: .relaxed)
    let width = 40
    let filled = Int(fraction * Double(width))
    let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    emit("\r\(bar) \(Int(fraction * 100))%", to: STDERR_FILENO)
  }
}

/// Writes `text` to a file descriptor at once, unbuffered.
func emit(_ text: String, to descriptor: Int32) {
  var text = text
  text.withUTF8 { bytes in
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { return }
      offset += written
    }
  }
}
