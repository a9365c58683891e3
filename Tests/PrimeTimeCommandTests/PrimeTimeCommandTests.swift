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

  @Test func isPrimeOfAnySize() async throws {
    let mersenne127 = "170141183460469231731687303715884105727"
    let run = try await primetime(
      "is-prime", "1", "2", "561", "18446744073709551557", mersenne127, "\(mersenne127)1")
    #expect(run.status == 0)
    #expect(run.output == "not prime\nprime\nnot prime\nprime\nprime\nnot prime\n")
  }

  @Test func nextPrimeOfAnySize() async throws {
    let run = try await primetime(
      "next-prime", "0", "13", "18446744073709551557", "1000000000000000000000000000000")
    #expect(run.status == 0)
    #expect(
      run.output
        == "2\n17\n18446744073709551629\n1000000000000000000000000000057\n")
  }

  @Test func valuesFromStandardInput() async throws {
    let run = try await primetime("nth-prime", "-", input: " 1 2\n3\t4 \n")
    #expect(run.status == 0)
    #expect(run.output == "2\n3\n5\n7\n")
  }

  @Test func aBadValueStopsWithStatus2AfterTheGoodOnes() async throws {
    let run = try await primetime("nth-prime", "5", "x7", "9")
    #expect(run.status == 2)
    #expect(run.output == "11\n")
    #expect(run.errors == "primetime: 'x7' is not a non-negative whole number\n")
  }

  @Test(arguments: [
    ("0", "primetime: there is no 0th prime: primes are counted from 1\n"),
    ("-4", "primetime: there is no prime number -4\n"),
    (
      "9223372036854775808",
      "primetime: 9223372036854775808 is too large: the largest supported value is 10000000000000\n"
    ),
    (
      "10000000000001",
      "primetime: 10000000000001 is too large: the largest supported value is 10000000000000\n"
    ),
  ])
  func nthPrimeLimits(_ value: String, _ message: String) async throws {
    let run = try await primetime("nth-prime", value)
    #expect(run.status == 2)
    #expect(run.output == "")
    #expect(run.errors == message)
  }

  /// The app is a second program beside `primetime`, started in its place; without it, the
  /// prime subcommands still work and the app is a clear error.
  @Test func withoutTheAppProgramTheAppIsAClearError() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("primetime")
    try FileManager.default.copyItem(at: primetimeExecutable, to: copy)
    let run = try await runPrimetime(["script"], input: "increment\n", executable: copy)
    #expect(run.status == 2)
    #expect(run.errors.contains("cannot start \(folder.path)/primetime-app"))
    #expect(run.errors.contains("swift build -c release --product primetime-app"))
    #expect(try await runPrimetime(["nth-prime", "10"], executable: copy).output == "29\n")
  }

  @Test func piBeyond64Bits() async throws {
    let run = try await primetime("pi", "18446744073709551616")
    #expect(run.status == 2)
    #expect(
      run.errors
        == "primetime: 18446744073709551616 is too large: the largest supported value is 18446744073709551615\n"
    )
  }
}
