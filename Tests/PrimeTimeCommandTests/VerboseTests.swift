import Foundation
import Testing

/// `--verbose`: the answer stays alone on standard output; standard error says what the
/// computation chose and where its time went.
@Suite struct VerboseTests {
  /// The lines of `errors` that start with `prefix`, without it.
  func values(_ errors: String, _ prefix: String) -> [String] {
    errors.split(separator: "\n").filter { $0.hasPrefix(prefix) }.map {
      String($0.dropFirst(prefix.count))
    }
  }

  /// The leading number of `text`, commas dropped.
  func number(_ text: String) -> Double? {
    Double(text.prefix { $0.isNumber || $0 == "," || $0 == "." }.filter { $0 != "," })
  }

  @Test func piPrintsTheParametersEachPhaseAndThePeakMemory() async throws {
    let x = 31_234_567_890_123.0
    let plain = try await primetime("pi", "--threads", "1", "31234567890123")
    let run = try await primetime("pi", "--verbose", "--threads", "1", "31234567890123")
    #expect(run.status == 0)
    #expect(run.output == plain.output)
    let y = try #require(values(run.errors, "y = ").first.flatMap(number))
    let z = try #require(values(run.errors, "z = ").first.flatMap(number))
    // ∛x < y ≤ z < √x, whatever the tuning.
    #expect(y > cbrt(x) && y <= z && z < x.squareRoot())
    #expect(run.errors.contains("α_y = ") && run.errors.contains("α_z = "))
    #expect(
      values(run.errors, "tables: ") == ["primes to y in 32 bits, factor table values in 16"])
    #expect(values(run.errors, "threads = ").map { $0.hasPrefix("1 (") } == [true])
    // "1 processor", in a container or under `taskset` given one.
    #expect(run.errors.contains(" available)") && !run.errors.contains(" 1 processors"))
    var shares = 0.0
    for phase in ["ordinary leaves", "easy leaves", "hard leaves", "Σ π(x/p)"] {
      let line = try #require(values(run.errors, phase).first, "no \(phase) line")
      let fields = line.split(separator: " ")
      #expect(fields.count == 3 && fields[1] == "s" && fields[2].hasSuffix("%"))
      shares += Double(fields.last!.dropLast()) ?? -100
    }
    // The tables' and the trivial leaves' shares are what is left.
    #expect(shares > 90 && shares <= 100.05)
    let leaves = try #require(values(run.errors, "hard leaves: ").first.flatMap(number))
    #expect(leaves > 100_000)
    let memory = try #require(values(run.errors, "peak memory: ").first.flatMap(number))
    #expect(memory > 1 && memory < 1_000)
  }

  @Test func nthPrimeAddsTheSieveFromTheEstimate() async throws {
    let run = try await primetime("nth-prime", "--verbose", "--threads", "2", "100000000")
    #expect(run.status == 0)
    #expect(run.output == "2038074743\n")
    // Too little work to share: one thread runs, and the line says so.
    #expect(
      values(run.errors, "threads = ").map { $0.hasPrefix("1 (2 asked, too little work") }
        == [true])
    #expect(values(run.errors, "sieve from π(estimate) to p_n").count == 1)
    #expect(values(run.errors, "hard leaves").count == 2)
  }

  /// Where the threads' time went: each phase's wall time, busy processor time (the sum, the
  /// least and the most one thread spent), waiting, jobs and the threads that took them, the
  /// five kinds of job together, and the process's usage.
  @Test func threadsTimeIsShownPhaseByPhase() async throws {
    let run = try await primetime("pi", "--verbose", "--threads", "3", "31234567890123")
    #expect(run.status == 0 && run.output == "1039879061791\n")
    #expect(values(run.errors, "threads = ").map { $0.hasPrefix("3 (") } == [true])
    let lines = run.errors.split(separator: "\n").map(String.init)
    let table = try #require(lines.firstIndex(of: "threads' time (s):"))
    for phase in ["hard leaves", "easy leaves", "Σ π(x/p)", "ordinary leaves", "all jobs"] {
      let line = try #require(lines[table...].first { $0.hasPrefix("  \(phase) ") })
      let texts = line.dropFirst(2 + phase.count).split(separator: " ")
      let fields = texts.compactMap { Double($0) }
      try #require(fields.count == 7, "\(line)")
      // To a tenth of a millisecond: each of sixteen workers may spend 3 ms in a phase.
      #expect(
        texts.prefix(5).allSatisfy { $0.split(separator: ".").last?.count == 4 }, "\(line)")
      let (wall, busy, least, most, waiting, jobs, threads) =
        (fields[0], fields[1], fields[2], fields[3], fields[4], fields[5], fields[6])
      #expect(wall > 0 && busy > 0 && waiting >= 0 && jobs >= 1, "\(line)")
      #expect(threads >= 1 && threads <= min(3, jobs), "\(line)")
      #expect(least <= most && most <= busy + 0.00005, "\(line)")
      // The threads' busy time is spread over the phase's wall time: never more than the
      // three threads could spend in it.
      #expect(busy <= 3 * wall + 0.01, "\(line)")
    }
    // The five kinds together, after them: a worker's whole share.
    let all = try #require(lines.firstIndex { $0.hasPrefix("  all jobs ") })
    let easy = try #require(lines.firstIndex { $0.hasPrefix("  easy leaves ") })
    #expect(all > easy)
    let hard = try #require(lines.first { $0.hasPrefix("  hard leaves") })
    #expect(hard.split(separator: " ").dropLast().last.flatMap { Int($0) } ?? 0 > 3, "chunks")
    let process = try #require(values(run.errors, "process: ").first)
    #expect(process.contains(" s user, ") && process.contains(" s system, "))
    #expect(process.hasSuffix(" involuntary context switches"))
  }

  @Test func smallValuesAreOneSieveAndEachValueHasItsReport() async throws {
    let run = try await primetime("pi", "--verbose", "1000", "100")
    #expect(run.output == "168\n25\n")
    #expect(values(run.errors, "x = ") == ["1,000", "100"])
    #expect(values(run.errors, "y = ") == [])
    #expect(values(run.errors, "sieve").count == 2)
    #expect(values(run.errors, "peak memory: ").count == 2)
  }

  /// A small n is found by a sieve or the small table, on one thread: its report still says
  /// what was sieved or looked up to, the threads asked for and the processors (it said x = 0
  /// and 0 processors).
  @Test func smallNsSayWhatWasCountedAndTheThreadsAsked() async throws {
    let run = try await primetime("nth-prime", "--verbose", "--threads", "2", "1000", "100000")
    #expect(run.output == "7919\n1299709\n")
    let xs = values(run.errors, "x = ").compactMap(number)
    #expect(xs.count == 2 && xs[0] >= 7_919 && xs[1] >= 1_299_709, "\(xs)")
    let threads = values(run.errors, "threads = ")
    #expect(threads.count == 2)
    #expect(
      threads.allSatisfy {
        $0.hasPrefix("1 (2 asked, too little work for more; ")
          && !$0.contains("; 0 processors") && $0.hasSuffix(" available)")
      })
  }

  func primetime(_ arguments: String...) async throws -> Run {
    try await runPrimetime(arguments)
  }
}
