import Testing

@testable import PrimeEngine

struct NthPrimeTests {
  @Test func everyNUpToOneMillion() async throws {
    let (checked, firstWrong) = try await onOwnThread { () throws -> (Int, Int?) in
      let isPrime = simpleSieve(upTo: 15_485_863)
      var n = 0
      for candidate in isPrime.indices where isPrime[candidate] {
        n += 1
        if try NthPrime.nthPrime(n) != UInt64(candidate) { return (n, n) }
      }
      return (n, nil)
    }
    #expect(firstWrong == nil)
    #expect(checked == 1_000_000)
  }

  @Test func referenceValues() async throws {
    for (n, prime) in referenceNthPrimes {
      #expect(try await NthPrime.nthPrime(n) == prime, "p(\(n))")
    }
  }

  @Test(
    arguments: [
      (1, 2), (10, 29), (100, 541), (1_000, 7_919), (10_000, 104_729), (100_000, 1_299_709),
      (1_000_000, 15_485_863), (10_000_000, 179_424_673), (100_000_000, 2_038_074_743),
      (1_000_000_000, 22_801_763_489), (10_000_000_000, 252_097_800_623),
      (100_000_000_000, 2_760_727_302_517), (1_000_000_000_000, 29_996_224_275_833),
    ] as [(Int, UInt64)])
  func powersOfTen(_ n: Int, _ prime: UInt64) async throws {
    #expect(try await NthPrime.nthPrime(n) == prime)
  }

  /// From an estimate above or below, near or far (more than one window, across segments),
  /// the walk through the gap finds the prime.
  @Test(arguments: [0, 1, -1, 2, -2, 1_000, -1_000, 1 << 20, -(1 << 20), 30_000_000, -30_000_000])
  func theGapIsWalkedFromEitherSide(offset: Int) throws {
    let n: UInt64 = 10_000_000
    let prime: UInt64 = 179_424_673  // DESIGN.md's p(10⁷)
    let estimate = UInt64(Int(prime) + offset)
    var reporter = ProgressReporter(nil)
    let count = try PrimeCounting.primeCount(upTo: estimate)
    #expect(try NthPrime.walk(to: n, from: estimate, count: count, reporter: &reporter) == prime)
    // Windows much smaller than the gap: the walk takes several.
    #expect(
      try NthPrime.walk(
        to: n, from: estimate, count: count, reporter: &reporter, windowScale: 0.05) == prime)
  }

  @Test func noSuchPrime() {
    #expect(throws: PrimeEngineError.noSuchPrime(0)) { try NthPrime.nthPrime(0) as UInt64 }
    #expect(throws: PrimeEngineError.noSuchPrime(-3)) { try NthPrime.nthPrime(-3) as UInt64 }
    #expect(PrimeEngineError.noSuchPrime(0).description.contains("there is no 0th prime"))
  }

  @Test func tooLargeNamesTheMaximum() {
    let error = PrimeEngineError.tooLarge(
      String(NthPrime.maximum + 1), maximum: String(NthPrime.maximum))
    #expect(throws: error) { try NthPrime.nthPrime(NthPrime.maximum + 1) as UInt64 }
    #expect(
      error.description
        == "425656284035217744 is too large: the largest supported value is 425656284035217743")
  }
}
