import PrimeEngine

/// The subcommands of `primetime`, with what their help says.
///
/// `app`, `open` and `script` belong to `primetime-app`, started in this program's place
/// (``AppLauncher``); the others answer here, each value on its line.
enum Subcommand: String, CaseIterable {
  case app
  case open
  case script
  case nthPrime = "nth-prime"
  case pi
  case isPrime = "is-prime"
  case nextPrime = "next-prime"

  var name: String { rawValue }

  var abstract: String {
    switch self {
    case .app: "Opens the app (the default). Not on a terminal, runs a script from stdin."
    case .open: "Opens the app with favorites documents (FILE…), each in a window of its own."
    case .script: "Runs user intents, one a line, and prints the screen after each."
    case .nthPrime: "Prints the N-th prime for each N (the 1st prime is 2)."
    case .pi: "Prints π(X), the number of primes up to X, for each X."
    case .isPrime: "Prints 'prime' or 'not prime' for each N, of any size."
    case .nextPrime: "Prints the smallest prime greater than N, for each N of any size."
    }
  }

  var discussion: String? {
    switch self {
    case .nthPrime:
      "N goes up to 10^29; past \(NthPrime.maximum) (the primes past 2^64) an answer takes "
        + "minutes to months, and is refused where the count's tables would not fit in memory "
        + "(past about 10^23 on 24 GiB). Give - to read values from standard input, one or "
        + "more a line."
    case .pi:
      "X goes up to 10^31, in digits; past 2^64 a count takes minutes to months (π(10^20): "
        + "about ten minutes on two cores), and is refused where its tables would not fit in "
        + "memory (they take 1.3 GiB at 10^22, 33 GiB at 10^25). Give - to read values from "
        + "standard input, one or more a line."
    case .isPrime:
      "Below 2^64 the answer is certain. Above, 'prime' means that N passes the Baillie–PSW "
        + "test, which no known composite number passes."
    // The app's subcommands are described by the app's own program.
    case .app, .open, .script, .nextPrime: nil
    }
  }

  /// `--threads` and `--verbose`: the counts of primes, which take long enough to share out
  /// and to explain.
  var takesCountOptions: Bool { self == .nthPrime || self == .pi }

  /// How the values are named in the help.
  var valueName: String { self == .pi ? "X" : "N" }

  var usage: String {
    switch self {
    case .app, .script: "primetime \(name) [<options>]"
    case .open: "primetime open [<options>] <files> ..."
    case .nthPrime, .pi: "primetime \(name) [--threads <threads>] [--verbose] <values> ..."
    case .isPrime, .nextPrime: "primetime \(name) <values> ..."
    }
  }
}
