import PrimeEngine
import Testing

struct PrimeEngineExamples {
  @Test func theMillionthPrime() async throws {
    let prime = try await NthPrime.nthPrime(1_000_000)  // 15485863
    #expect(prime == 15_485_863)
  }

  @Test func aSieveOverARange() throws {
    var primes: [UInt64] = []
    try SegmentedSieve.forEachPrime(in: 100...130) { primes.append($0) }  // 101 103 107 109 113 127
    let count = try SegmentedSieve.count(in: 1...1_000_000)  // 78498
    #expect(primes == [101, 103, 107, 109, 113, 127])
    #expect(count == 78_498)
  }

  @Test func primalityIsExactBelow2To64() {
    let mersenne = Primality.isPrime(2_305_843_009_213_693_951)  // true: 2⁶¹ − 1
    let pseudoprime = Primality.isPrime(3_215_031_751)  // false: a strong pseudoprime to 2, 3, 5, 7
    #expect(mersenne)
    #expect(!pseudoprime)
  }

  @Test func primesUpToATrillion() async throws {
    let count = try await PrimeCounting.primeCount(upTo: 1_000_000_000_000)  // 37607912018
    #expect(count == 37_607_912_018)
  }

  @Test func aMersennePrimeAndTheNextPrime() throws {
    let n = try BigInteger("170141183460469231731687303715884105727")  // 2¹²⁷ − 1
    let isPrime = n.isProbablePrime  // true
    let next = n.nextPrime()  // the smallest prime above n
    #expect(isPrime)
    #expect(next.isProbablePrime)
    #expect(next.description.count == n.description.count && next.description > n.description)
    #expect(!(n + 2).isProbablePrime || next == n + 2)
  }
}
