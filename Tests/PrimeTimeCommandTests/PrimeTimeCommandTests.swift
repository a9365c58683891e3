import Foundation
import Testing

/// Runs the real `primetime` program, built beside this test bundle.
struct PrimeTimeCommandTests {
  func primetime(_ arguments: String..., input: String? = nil) async throws -> Run {
    try await runPrimetime(arguments, input: input)
  }

  @Test func nthPrime() async throws {
    let run = try await primetime("nth-prime", "1", "7", "1000000", "100000000")
    #expect(run.status == 0)
    #expect(run.output == "2\n17\n15485863\n2038074743\n")
    #expect(run.errors == "", "no progress bar when standard error is not a terminal")
  }

  @Test func pi() async throws {
    let run = try await primetime("pi", "0", "10", "1000000000", "123456789012")
    #expect(run.status == 0)
    #expect(run.output == "0\n4\n50847534\n5040193425\n")
  }

  /// An option's value attached (`--threads=1`) or following it: both answer alike, mistakes
  /// included.
  @Test(arguments: [
    (
      ["pi", "--threads", "1", "10", "0", "10000007"],
      ["pi", "--threads=1", "10", "0", "10000007"]
    ),
    (
      ["nth-prime", "5", "0", "12", "--threads", "2"], ["nth-prime", "5", "0", "--threads=2", "12"]
    ),
    (["pi", "-", "--threads", "1"], ["pi", "-", "--threads=1"]),
    (["pi", "7", "--threads", "0"], ["pi", "7", "--threads=0"]),
    (["pi", "7", "--threads", "1", "--threads", "2"], ["pi", "7", "--threads=1", "--threads=2"]),
  ])
  func plainRequestsAnswerAsParsedOnes(plain: [String], parsed: [String]) async throws {
    let fast = try await runPrimetime(plain, input: "100 x\n")
    let slow = try await runPrimetime(parsed, input: "100 x\n")
    #expect(fast.status == slow.status)
    #expect(fast.output == slow.output)
    #expect(fast.errors == slow.errors)
    #expect(!fast.output.isEmpty || fast.status != 0)
  }

  @Test func isPrimeOfAnySize() async throws {
    let mersenne127 = "170141183460469231731687303715884105727"
    let run = try await primetime(
      "is-prime", "1", "2", "561", "18446744073709551557", mersenne127, "\(mersenne127)1")
    #expect(run.status == 0)
    #expect(run.output == "not prime\nprime\nnot prime\nprime\nprime\nnot prime\n")
  }

  @Test func nextPrimeOfAnySize() async throws {
    // The largest 64-bit prime has the most digits an answer below 2⁶⁴ prints.
    let run = try await primetime(
      "next-prime", "0", "13", "18446744073709551556", "18446744073709551557",
      "1000000000000000000000000000000")
    #expect(run.status == 0)
    #expect(
      run.output
        == "2\n17\n18446744073709551557\n18446744073709551629\n"
        + "1000000000000000000000000000057\n")
  }

  @Test func valuesFromStandardInput() async throws {
    let run = try await primetime("nth-prime", "-", input: " 1 2\n3\t4 \n")
    #expect(run.status == 0)
    #expect(run.output == "2\n3\n5\n7\n")
  }

  @Test func badValuesAreReportedAndTheOthersStillAnswered() async throws {
    let run = try await primetime("nth-prime", "5", "x7", "9", "0", "10")
    #expect(run.status == 2)
    #expect(run.output == "11\n23\n29\n")
    #expect(
      run.errors == """
        primetime: 'x7' is not a non-negative whole number
        primetime: there is no 0th prime: primes are counted from 1

        """)
  }

  /// Every good line of standard input is answered, each bad one reported with its line.
  @Test func badLinesOfStandardInputAreReportedByLineNumber() async throws {
    let lines = (1...2_000).map { $0.isMultiple(of: 2) ? "x\($0)" : "\($0)" }
    let run = try await primetime("pi", "-", input: lines.joined(separator: "\n") + "\n")
    #expect(run.status == 2)
    let sieve = Array(simpleSieveForCommands(upTo: 2_000))
    var expected: [String] = []
    var count = 0
    for x in 0...2_000 {
      if sieve[x] { count += 1 }
      if x % 2 == 1 { expected.append(String(count)) }
    }
    #expect(run.output == expected.map { $0 + "\n" }.joined())
    let errors = run.errors.split(separator: "\n")
    #expect(errors.count == 1_000)
    #expect(errors.first == "primetime: line 2: 'x2' is not a non-negative whole number")
    #expect(errors.last == "primetime: line 2000: 'x2000' is not a non-negative whole number")
  }

  @Test func aLineWithSeveralValuesNamesItsLine() async throws {
    let run = try await primetime("nth-prime", "-", input: "1 2\n3 -1 4\n\n5\n")
    #expect(run.status == 2)
    #expect(run.output == "2\n3\n5\n7\n11\n")
    #expect(run.errors == "primetime: line 2: there is no prime number -1\n")
  }

  /// `--` ends the options, as in every command.
  @Test func doubleDashEndsTheOptions() async throws {
    let run = try await primetime("nth-prime", "--", "5")
    #expect(run.status == 0)
    #expect(run.output == "11\n")
    let pi = try await primetime("pi", "10", "--", "100")
    #expect(pi.output == "4\n25\n")
    let unknown = try await primetime("pi", "--fast", "10")
    #expect(unknown.status == 2)
    #expect(unknown.errors == "primetime: unknown option '--fast'\n")
  }

  /// `primetime` reads its command line itself: a parsing library would bring Foundation into
  /// every run (0.8 MiB of memory, 75 page faults).
  @Test func thePrimeProgramLinksNeitherFoundationNorAParser() throws {
    let program = try Data(contentsOf: primetimeExecutable)
    for library in ["FoundationEssentials", "ArgumentParser"] {
      #expect(program.range(of: Data(library.utf8)) == nil, "\(library) is linked")
    }
  }

  /// A mistake in an option says what, the usage and where the help is, with status 64
  /// (`EX_USAGE`), and answers nothing.
  @Test(arguments: [
    (["pi", "--threads", "x", "7"], "Error: The value 'x' is invalid for '--threads <threads>'"),
    (["pi", "7", "--threads"], "Error: Missing value for '--threads <threads>'"),
    (["nth-prime", "--threads=0", "7"], "Error: --threads 0: give from 1 to 1024"),
    (["pi", "--verbose=yes", "7"], "Error: The option '--verbose' does not take any value"),
    (["nth-prime"], "Error: Missing expected argument '<values> ...'"),
    (["frob", "7"], "Error: Unexpected argument 'frob'"),
    (["--version"], "Error: Unknown option '--version'"),
  ])
  func usageMistakes(_ arguments: [String], _ firstLine: String) async throws {
    let run = try await runPrimetime(arguments)
    #expect(run.status == 64)
    #expect(run.output == "")
    #expect(run.errors.hasPrefix(firstLine))
    let command =
      ["pi", "nth-prime"].contains(arguments[0]) ? "primetime \(arguments[0])" : "primetime"
    #expect(run.errors.hasSuffix("  See '\(command) --help' for more information.\n"))
  }

  /// Every subcommand is listed and every option described, in 80 columns; `help pi`, `pi -h`
  /// and `pi --help` (even after values) are the same help.
  @Test func helpListsEverythingInEightyColumns() async throws {
    let program = try await primetime("--help")
    #expect(program.status == 0)
    for subcommand in ["app", "script", "nth-prime", "pi", "is-prime", "next-prime"] {
      #expect(program.output.contains("\n  \(subcommand) "), "\(subcommand) is not listed")
    }
    let pi = try await primetime("pi", "--help")
    for option in ["--threads <threads>", "--verbose", "-h, --help", "<values>"] {
      #expect(pi.output.contains("\n  \(option) "), "\(option) is not described")
    }
    for help in [program.output, pi.output] {
      #expect(help.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }
    #expect(try await primetime("help", "pi").output == pi.output)
    #expect(try await primetime("pi", "-h").output == pi.output)
    #expect(try await primetime("pi", "10", "--help").output == pi.output)
    #expect(try await primetime("pi", "--", "--help").output == "")
  }

  /// A minus sign is no part of a number, zero's included ("-0" went through where a value
  /// was first tried as a 64-bit one, which takes it).
  @Test(arguments: ["pi", "is-prime", "next-prime"])
  func aMinusSignIsRefused(_ subcommand: String) async throws {
    let run = try await primetime(subcommand, "-0")
    #expect(run.status == 2)
    #expect(run.output == "")
    #expect(run.errors == "primetime: '-0' is not a non-negative whole number\n")
  }

  /// Help and errors are for people: no names from the source code or from libraries.
  @Test(arguments: ["nth-prime", "pi", "is-prime", "next-prime"])
  func helpSpeaksPlainly(_ subcommand: String) async throws {
    let help = try await primetime(subcommand, "--help")
    #expect(help.status == 0)
    for jargon in ["mpz_", "p_N", "p_1", "GMP", "rounds"] {
      #expect(!help.output.contains(jargon), "\(jargon) in the help of \(subcommand)")
    }
  }

  @Test(arguments: [
    ("0", "primetime: there is no 0th prime: primes are counted from 1\n"),
    ("-4", "primetime: there is no prime number -4\n"),
    // Past π(2⁶⁴) n goes to 10²⁹ (minutes to months); one past it, or any length beyond, is
    // refused.
    (
      "100000000000000000000000000001",
      "primetime: 100000000000000000000000000001 is too large: the largest supported value is 10^29 (100,000,000,000,000,000,000,000,000,000)\n"
    ),
    (
      "9999999999999999999999999999999999999999",
      "primetime: 9999999999999999999999999999999999999999 is too large: the largest supported value is 10^29 (100,000,000,000,000,000,000,000,000,000)\n"
    ),
  ])
  func nthPrimeLimits(_ value: String, _ message: String) async throws {
    let run = try await primetime("nth-prime", value)
    #expect(run.status == 2)
    #expect(run.output == "")
    #expect(run.errors == message)
  }

  /// The app is a second program beside `primetime`, started in its place; without it, the
  /// prime subcommands still work, the app is a clear error and its help still answers.
  @Test func withoutTheAppProgramTheAppIsAClearError() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("primetime")
    try copyExecutable(primetimeExecutable, to: copy)
    // Another test may start a process in the instant the copy's descriptor is open; until
    // that process execs it holds the descriptor, and starting the copy fails.
    var attempts = 0
    var started: Run?
    while started == nil {
      do {
        started = try await runPrimetime(["script"], input: "increment\n", executable: copy)
      } catch  where attempts < 20 && "\(error)".contains("Text file busy") {
        attempts += 1
        try await Task.sleep(for: .milliseconds(50))
      }
    }
    let run = started!
    #expect(run.status == 2)
    #expect(
      run.errors == """
        primetime: cannot open the app (\(folder.path)/primetime-app is missing).
        The app is a second program beside primetime. Scripts/build-release builds both; or, \
        with the options primetime was built with: swift build -c release --product primetime-app

        """)
    #expect(try await runPrimetime(["nth-prime", "10"], executable: copy).output == "29\n")
    // Each its own help (`open`'s was the app's).
    for command in ["script", "app", "open"] {
      let help = try await runPrimetime([command, "--help"], executable: copy)
      #expect(help.status == 0)
      #expect(help.output.hasPrefix("OVERVIEW: "))
      #expect(help.output.contains("USAGE: primetime \(command)"))
      #expect(help.output.contains("swift build -c release --product primetime-app"))
    }
  }

  /// A "+" is taken by every subcommand, below 2⁶⁴ and above, as Swift's parsing takes it.
  @Test func aPlusSignIsTakenAtAnySize() async throws {
    let isPrime = try await primetime(
      "is-prime", "+7", "+18446744073709551629", "+170141183460469231731687303715884105727")
    #expect(isPrime.status == 0)
    #expect(isPrime.output == "prime\nprime\nprime\n")
    let next = try await primetime("next-prime", "+13", "+18446744073709551557")
    #expect(next.output == "17\n18446744073709551629\n")
    let large = try await primetime("nth-prime", "+100000000000000000000000000001")
    #expect(large.errors.contains("+100000000000000000000000000001 is too large"))
    let malformed = try await primetime("is-prime", "++7", "+", "-+7")
    #expect(malformed.status == 2)
    #expect(malformed.errors.split(separator: "\n").count == 3)
  }

  /// Thread counts are checked before any work: no count is "missing", none is absurd.
  @Test(arguments: ["-1", "0", "1025", "100000000", "99999999999999999999"])
  func threadCountsOutOfRangeAreRefused(_ threads: String) async throws {
    for subcommand in ["nth-prime", "pi"] {
      let run = try await primetime(subcommand, "--threads", threads, "1000")
      #expect(run.status != 0)
      #expect(run.output == "")
      #expect(!run.errors.contains("Missing value"), "\(run.errors)")
      #expect(run.errors.contains("--threads") && run.errors.contains(threads))
    }
  }

  /// More threads than processors run, as asked, where the work is large enough to share
  /// among them (a user measures what they cost); a small count says it ran on fewer.
  @Test func threadsBeyondTheProcessorsRunAndAnswer() async throws {
    let many = try await primetime("pi", "--verbose", "--threads", "1024", "12345678901")
    let one = try await primetime("pi", "--threads", "1", "12345678901")
    #expect(many.status == 0 && one.status == 0)
    #expect(many.output == one.output && !many.output.isEmpty)
    #expect(many.errors.contains("(1024 asked, too little work for more; "), "\(many.errors)")
    // The least x with work for 24 threads, about 10 ms each: a debug build counts it in a
    // second or two (2.7·10¹⁵ kept 24 threads busy long enough to starve the tests beside it).
    let large = try await primetime("pi", "--verbose", "--threads", "24", "60000000000000")
    #expect(large.output == "1955010428258\n")  // primecount 8.7
    #expect(large.errors.contains("threads = 24 ("), "\(large.errors)")
  }

  /// What a person typed is never echoed raw: a megabyte of it, or escapes that would move
  /// the cursor or retitle the terminal, come back short and quoted.
  @Test(arguments: [
    String(repeating: "x", count: 100_000), "\u{1B}]0;owned\u{07}7", "12\u{1B}[2J",
    String(repeating: "9", count: 100_000), "\u{9B}31m",
  ])
  func badValuesAreQuotedShortAndInert(_ value: String) async throws {
    // A long number is a number to is-prime and next-prime: only the counts refuse it.
    let subcommands =
      isDigits(value) ? ["nth-prime", "pi"] : ["is-prime", "nth-prime", "pi", "next-prime"]
    for subcommand in subcommands {
      // An argument (at most 128 KiB) and a megabyte of standard input.
      let arguments = try await primetime(subcommand, "--", value)
      let lines = value.count > 1_000 ? String(repeating: value, count: 10) : value
      let input = try await primetime(subcommand, "-", input: lines + "\n")
      for run in [arguments, input] {
        #expect(run.status == 2)
        #expect(run.errors.utf8.count < 200, "\(subcommand): \(run.errors.utf8.count) bytes")
        #expect(
          !run.errors.unicodeScalars.contains {
            $0.properties.generalCategory == .control && $0 != "\n"
          })
        #expect(run.errors.hasSuffix("\n") && run.errors.split(separator: "\n").count == 1)
      }
    }
  }

  /// Past 2⁶⁴ x goes to 10³¹, primecount's bound (counted in minutes or more:
  /// `Benchmarks/check-large-pi`); one past it, 10³² or one past UInt128 (2¹²⁸) is refused
  /// before any work.
  @Test(arguments: [
    "10000000000000000000000000000001", "100000000000000000000000000000000",
    "+340282366920938463463374607431768211456",
  ])
  func piBeyondTheTables(_ value: String) async throws {
    let run = try await primetime("pi", value)
    #expect(run.status == 2)
    #expect(run.output == "")
    #expect(
      run.errors
        == "primetime: \(value) is too large: the largest supported value is 10^31 (10,000,000,000,000,000,000,000,000,000,000)\n"
    )
  }

  /// Within the bound, a count whose tables would not fit in the memory the process may use
  /// is refused before any work, with what it needs and what it may use, and the other values
  /// are still answered, the count named: 10³¹ needs 14 TiB, the 10²⁸th prime (near 6.8·10²⁹)
  /// about 5 TiB.
  @Test func countsBeyondTheMemoryAreRefused() async throws {
    let pi = try await primetime("pi", "10000000000000000000000000000000", "1000")
    #expect(pi.status == 2)
    #expect(pi.output == "168\n")
    #expect(
      pi.errors.hasPrefix(
        "primetime: primes up to 10,000,000,000,000,000,000,000,000,000,000: the computation "
          + "needs about 13."))
    #expect(pi.errors.contains(" TiB of memory for its tables, more than the "))
    let nth = try await primetime("nth-prime", "10000000000000000000000000000")
    #expect(nth.status == 2)
    #expect(
      nth.errors.hasPrefix(
        "primetime: the 10,000,000,000,000,000,000,000,000,000th prime: the computation needs "
          + "about "))
    #expect(nth.errors.contains(" TiB of memory for its tables, more than the "))
  }

  /// Under `ulimit -v` (or `-d`), what the process may use is what its limit leaves, not the
  /// machine's memory: 10²³ (4.7 GiB of tables) is refused under 200 MB of address space, where
  /// the allocation would fail and stop the process; 1000 is still answered.
  @Test func aProcessLimitBoundsTheMemory() async throws {
    for limit in ["-v", "-d"] {
      let run = try await runPrimetime(
        [
          "-c", "ulimit \(limit) 200000 && exec \"$0\" \"$@\"", primetimeExecutable.path, "pi",
          "100000000000000000000000", "1000",
        ],
        executable: URL(fileURLWithPath: "/bin/sh"))
      #expect(run.status == 2, "ulimit \(limit)")
      #expect(run.output == "168\n")
      #expect(
        run.errors.hasPrefix(
          "primetime: primes up to 100,000,000,000,000,000,000,000: the computation needs about "
        ), "ulimit \(limit)")
      #expect(run.errors.contains(" MiB this process may use"), "ulimit \(limit)")
    }
  }
}

private func isDigits(_ text: String) -> Bool { text.allSatisfy(\.isWholeNumber) }

/// The plain sieve of Eratosthenes, written apart from the engine, to check the program.
func simpleSieveForCommands(upTo limit: Int) -> [Bool] {
  var isPrime = [Bool](repeating: true, count: limit + 1)
  isPrime[0] = false
  isPrime[1] = false
  var p = 2
  while p * p <= limit {
    if isPrime[p] {
      for multiple in stride(from: p * p, through: limit, by: p) { isPrime[multiple] = false }
    }
    p += 1
  }
  return isPrime
}

/// Copies a program through a descriptor closed on exec: a process another test starts while
/// the copy is written then keeps it only until it execs, not for its whole life (as with
/// `FileManager.copyItem`), which would make starting the copy fail ("Text file busy").
func copyExecutable(_ source: URL, to destination: URL) throws {
  let bytes = try Data(contentsOf: source)
  let descriptor = open(destination.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
  guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
  let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  close(descriptor)
  guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
}
