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
    #expect(values(run.errors, "threads = ") == ["1"])
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
    #expect(values(run.errors, "threads = ") == ["2"])
    #expect(values(run.errors, "sieve from π(estimate) to p_n").count == 1)
    #expect(values(run.errors, "hard leaves").count == 2)
  }

  @Test func smallValuesAreOneSieveAndEachValueHasItsReport() async throws {
    let run = try await primetime("pi", "--verbose", "1000", "100")
    #expect(run.output == "168\n25\n")
    #expect(values(run.errors, "x = ") == ["1,000", "100"])
    #expect(values(run.errors, "y = ") == [])
    #expect(values(run.errors, "sieve").count == 2)
    #expect(values(run.errors, "peak memory: ").count == 2)
  }

  func primetime(_ arguments: String...) async throws -> Run {
    try await runPrimetime(arguments)
  }
}
