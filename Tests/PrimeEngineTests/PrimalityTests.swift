import Testing

@testable import PrimeEngine

struct PrimalityTests {
  @Test func agreesWithASimpleSieveBelowTwoMillion() async throws {
    let wrong = try await onOwnThread {
      let isPrime = simpleSieve(upTo: 2_000_000)
      return (0...2_000_000).filter { Primality.isPrime(UInt64($0)) != isPrime[$0] }
    }
    #expect(wrong == [])
  }

  @Test(
    arguments: [
      561, 1105, 1729, 2465, 2821, 6601, 8911, 41041, 825_265, 321_197_185, 5_394_826_801,
      232_250_619_601, 9_746_347_772_161,
    ] as [UInt64])
  func carmichaelNumbersAreComposite(_ n: UInt64) {
    #expect(!Primality.isPrime(n))
  }

  @Test(
    arguments: [
      2047, 3277, 4033, 4681, 8321,  // strong pseudoprimes to base 2
      1_373_653, 25_326_001, 3_215_031_751, 2_152_302_898_747, 3_474_749_660_383,
      341_550_071_728_321, 3_825_123_056_546_413_051,  // to the first 2, 3, 4, 5, 6, 7, 9 primes
    ] as [UInt64])
  func strongPseudoprimesAreComposite(_ n: UInt64) {
    #expect(!Primality.isPrime(n))
  }

  @Test func strongPseudoprimesToBase2PassThatTestAlone() {
    for n: UInt64 in [2047, 3277, 4033, 4681, 8321, 3_215_031_751, 3_825_123_056_546_413_051] {
      #expect(BailliePSW.isStrongProbablePrimeBase2(Montgomery64(modulus: n)), "\(n)")
    }
  }

  /// The strong Lucas pseudoprimes below 60,000 (Selfridge's parameters): composites that
  /// pass the Lucas half, so the Lucas test is the one published.
  @Test func strongLucasPseudoprimesPassTheLucasHalfAlone() {
    let pseudoprimes: Set<UInt64> = [
      5459, 5777, 10877, 16109, 18971, 22499, 24569, 25199, 40309, 58519,
    ]
    let isPrime = simpleSieve(upTo: 60_000)
    let passing = stride(from: 3, through: 60_000, by: 2).filter {
      BailliePSW.isStrongLucasProbablePrime(Montgomery64(modulus: UInt64($0)))
    }
    #expect(
      Set(passing)
        == Set((3...60_000).filter { isPrime[$0] && $0 != 2 }).union(pseudoprimes.map(Int.init)))
    for n in pseudoprimes { #expect(!Primality.isPrime(n)) }
  }

  @Test func theLargestPrimesBelowTwoToThe64() {
    for k in stride(from: 1, through: 363, by: 2) {
      let n = UInt64.max - UInt64(k) + 1
      #expect(Primality.isPrime(n) == primesBelowTwoToThe64.contains(UInt64(k)), "2^64 - \(k)")
    }
    #expect(!Primality.isPrime(.max))
  }

  @Test func squaresAndProductsOfPrimesNearTwoToThe32() {
    let below: [UInt64] = [4_294_967_291, 4_294_967_279, 4_294_967_231]
    let above: [UInt64] = [4_294_967_311]
    for p in below + above { #expect(Primality.isPrime(p), "\(p)") }
    for p in below {
      #expect(!Primality.isPrime(p * p), "\(p)²")
      for q in below where q < p { #expect(!Primality.isPrime(p * q), "\(p)·\(q)") }
      #expect(!Primality.isPrime(p * 3))
    }
    #expect(!Primality.isPrime(65_537 * 65_537))
  }

  @Test func agreesWithGMPOnRandom64BitNumbers() async throws {
    let (disagreements, primes) = try await onOwnThread {
      var random = SplitMix64(state: 64)
      var disagreements: [UInt64] = []
      var primes = 0
      for _ in 0..<20_000 {
        let n = random.next() | 1
        let expected = BigInteger(n).isProbablePrime
        if Primality.isPrime(n) != expected { disagreements.append(n) }
        if expected { primes += 1 }
      }
      return (disagreements, primes)
    }
    #expect(disagreements == [])
    #expect(primes > 300, "the sample holds primes too")
  }

  @Test func neighborsAndFactors() {
    #expect(Primality.nextPrime(after: 0) == 2)
    #expect(Primality.nextPrime(after: 7) == 11)
    #expect(Primality.nextPrime(after: UInt64.max - 58) == nil)
    #expect(Primality.nextPrime(after: UInt64.max - 82) == UInt64.max - 58)
    #expect(Primality.previousPrime(before: 2) == nil)
    #expect(Primality.previousPrime(before: 3) == 2)
    #expect(Primality.previousPrime(before: 100) == 97)
    #expect(Primality.smallestFactor(of: 1) == nil)
    #expect(Primality.smallestFactor(of: 91) == 7)
    #expect(Primality.smallestFactor(of: 97) == 97)
    #expect(Primality.smallestFactor(of: 4_294_967_291 * 4_294_967_279) == 4_294_967_279)
    #expect(Primality.smallestFactor(of: 4_294_967_291 * 4_294_967_291) == 4_294_967_291)
    #expect(Primality.smallestFactor(of: 3_825_123_056_546_413_051) == 149_491)
    var random = SplitMix64(state: 5)
    for _ in 0..<300 {
      let n = random.next() >> UInt64(random.next() % 40)
      guard n >= 2, let factor = Primality.smallestFactor(of: n) else { continue }
      #expect(n % factor == 0 && Primality.isPrime(factor), "\(n)")
      #expect((2..<min(factor, 5_000)).allSatisfy { n % $0 != 0 }, "\(n)")
    }
  }
}
