import Synchronization
import Testing

@testable import PrimeEngine

struct PrimeCountingTests {
  @Test func everyXBelowTenMillion() async throws {
    let firstWrong = try await onOwnThread { () throws -> Int? in
      let isPrime = simpleSieve(upTo: 10_000_000)
      var count: UInt64 = 0
      for x in 0...10_000_000 {
        if isPrime[x] { count += 1 }
        if try PrimeCounting.primeCount(upTo: UInt64(x)) != count { return x }
      }
      return nil
    }
    #expect(firstWrong == nil)
  }

  @Test(
    arguments: [
      (10, 4), (100, 25), (1_000, 168), (10_000, 1_229), (100_000, 9_592), (1_000_000, 78_498),
      (10_000_000, 664_579), (100_000_000, 5_761_455), (1_000_000_000, 50_847_534),
      (10_000_000_000, 455_052_511), (100_000_000_000, 4_118_054_813),
      (1_000_000_000_000, 37_607_912_018), (10_000_000_000_000, 346_065_536_839),
    ] as [(UInt64, UInt64)])
  func knownValues(_ x: UInt64, _ pi: UInt64) async throws {
    #expect(try await PrimeCounting.primeCount(upTo: x) == pi)
  }

  /// Lagarias–Miller–Odlyzko against the sieve, across the sizes where its parameters change.
  @Test func lmoAgreesWithTheSieve() async throws {
    var random = SplitMix64(state: 11)
    // Just below cubes x/y can pass y², where the sieve must still hold only primes.
    var values: [UInt64] = [
      1 << 24, (1 << 24) + 1, 257 * 257 * 257 - 1, 257 * 257 * 257, 300 * 300 * 300 - 1,
      20_000_000, 123_456_789, 512 * 512 * 512 - 1,
    ]
    for _ in 0..<12 { values.append((1 << 24) + random.next() % 400_000_000) }
    for x in values {
      let (lmo, sieve) = try await onOwnThread {
        var reporter = ProgressReporter(nil)
        return (
          try LMOPrimeCounting.primeCount(x, reporter: &reporter),
          try SegmentedSieve.count(in: 0...x)
        )
      }
      #expect(lmo == sieve, "π(\(x))")
    }
  }

  /// From 2⁶³ on, the ordinary leaves' sum starts above Int64's range (its first leaf is x
  /// itself); it is kept modulo 2⁶⁴, which is exact because π(x) < 2⁶³.
  @Test(arguments: [UInt64.max, UInt64.max - 58, 1 << 63, (1 << 63) + 123_456_789] as [UInt64])
  func leafSumsNear2To64AgreeWithWiderArithmetic(_ x: UInt64) throws {
    var reporter = ProgressReporter(nil)
    let factors = try SmallFactors(upTo: 5_000, reporter: &reporter)
    var wide: Int128 = 0
    for n in 1...factors.limit where factors.mu[n] != 0 {
      wide += Int128(factors.mu[n]) * Int128(x / UInt64(n))
    }
    #expect(
      try LMOPrimeCounting.ordinaryLeaves(x, factors: factors, reporter: &reporter)
        == Int64(truncatingIfNeeded: wide))
  }

  @Test func rootsAreExactUpToTheLargest64BitValue() {
    #expect(integerCubeRoot(.max) == 2_642_245)
    #expect(integerCubeRoot(2_642_245 * 2_642_245 * 2_642_245) == 2_642_245)
    #expect(integerCubeRoot(2_642_245 * 2_642_245 * 2_642_245 - 1) == 2_642_244)
    #expect(integerSquareRoot(.max) == 4_294_967_295)
    #expect(integerSquareRoot(4_294_967_295 * 4_294_967_295 - 1) == 4_294_967_294)
  }

  @Test func progressRisesAndCancellationStops() async throws {
    let fractions = Fractions()
    let pi = try await PrimeCounting.primeCount(upTo: 300_000_000_000) { fractions.append($0) }
    #expect(pi == 11_818_439_135)
    let seen = fractions.values
    #expect(seen == seen.sorted() && seen.allSatisfy { (0...1).contains($0) })

    // Cancelled at its first progress report: mid-computation, however busy the machine.
    for x: UInt64 in [100_000_000_000_000, 10_000_000_000_000_000] {
      let reports = Fractions()
      let task = Task {
        try await PrimeCounting.primeCount(upTo: x) { reports.append($0) }
      }
      while reports.values.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
      task.cancel()
      await #expect(throws: CancellationError.self) { try await task.value }
      #expect(reports.values.count <= 2)
    }
  }
}

final class Fractions: Sendable {
  private let storage = Mutex<[Double]>([])
  func append(_ value: Double) { storage.withLock { $0.append(value) } }
  var values: [Double] { storage.withLock { $0 } }
}
