import Foundation
import Testing

/// Runs the real `primetime` program, built beside this test bundle.
struct PrimeTimeCommandTests {
  struct Run {
    let status: Int32
    let output: String
    let errors: String
  }

  func primetime(_ arguments: String..., input: String? = nil) throws -> Run {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0])
      .deletingLastPathComponent().appendingPathComponent("primetime")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    let inputPipe = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = inputPipe
    try process.run()
    if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
    try inputPipe.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
      errors: String(decoding: err, as: UTF8.self))
  }

  @Test func nthPrime() throws {
    let run = try primetime("nth-prime", "1", "7", "1000000", "100000000")
    #expect(run.status == 0)
    #expect(run.output == "2\n17\n15485863\n2038074743\n")
    #expect(run.errors == "", "no progress bar when standard error is not a terminal")
  }

  @Test func pi() throws {
    let run = try primetime("pi", "0", "10", "1000000000", "123456789012")
    #expect(run.status == 0)
    #expect(run.output == "0\n4\n50847534\n5040193425\n")
  }

  @Test func isPrimeOfAnySize() throws {
    let mersenne127 = "170141183460469231731687303715884105727"
    let run = try primetime(
      "is-prime", "1", "2", "561", "18446744073709551557", mersenne127, "\(mersenne127)1")
    #expect(run.status == 0)
    #expect(run.output == "not prime\nprime\nnot prime\nprime\nprime\nnot prime\n")
  }

  @Test func nextPrimeOfAnySize() throws {
    let run = try primetime(
      "next-prime", "0", "13", "18446744073709551557", "1000000000000000000000000000000")
    #expect(run.status == 0)
    #expect(
      run.output
        == "2\n17\n18446744073709551629\n1000000000000000000000000000057\n")
  }

  @Test func valuesFromStandardInput() throws {
    let run = try primetime("nth-prime", "-", input: " 1 2\n3\t4 \n")
    #expect(run.status == 0)
    #expect(run.output == "2\n3\n5\n7\n")
  }

  @Test func aBadValueStopsWithStatus2AfterTheGoodOnes() throws {
    let run = try primetime("nth-prime", "5", "x7", "9")
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
  func nthPrimeLimits(_ value: String, _ message: String) throws {
    let run = try primetime("nth-prime", value)
    #expect(run.status == 2)
    #expect(run.output == "")
    #expect(run.errors == message)
  }

  @Test func piBeyond64Bits() throws {
    let run = try primetime("pi", "18446744073709551616")
    #expect(run.status == 2)
    #expect(
      run.errors
        == "primetime: 18446744073709551616 is too large: the largest supported value is 18446744073709551615\n"
    )
  }
}
