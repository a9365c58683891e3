// The examples of PrimeEngine's landing page (PrimeEngine.docc/PrimeEngine.md).
import PrimeEngine
import Synchronization
import Testing

struct PrimeEngineArticleTests {
  @Test func primality() {
    #expect(Primality.isPrime(2_305_843_009_213_693_951))  // 2⁶¹ − 1
    #expect(Primality.smallestFactor(of: 4_294_967_297) == 641)  // 2³² + 1
    #expect(Primality.nextPrime(after: 18_446_744_073_709_551_557) == nil)
  }

  @Test func bigNumbers() throws {
    let mersenne = try BigInteger("170141183460469231731687303715884105727")  // 2¹²⁷ − 1
    #expect(mersenne.isProbablePrime)
    #expect(BigInteger.power(10, 20).nextPrime() == BigInteger.power(10, 20) + 39)
  }

  @Test func countingAndTheNthPrime() async throws {
    let count = try await PrimeCounting.primeCount(upTo: 1_000_000_000)  // 50847534
    let prime = try await NthPrime.nthPrime(1_000_000)  // 15485863
    #expect(count == 50_847_534)
    #expect(prime == 15_485_863)
    #expect(try SegmentedSieve.count(in: 1...1_000_000) == 78_498)
  }

  @Test func theLimits() throws {
    #expect(NthPrime.maximum == 425_656_284_035_217_743)  // π(2⁶⁴)
    #expect(throws: PrimeEngineError.noSuchPrime(0)) {
      try NthPrime.nthPrime(0)
    }
    let tooLarge = PrimeEngineError.tooLarge(
      "425656284035217744", maximum: "425656284035217743")
    #expect(throws: tooLarge) {
      try NthPrime.nthPrime(NthPrime.maximum + 1)
    }
  }

  @Test func progress() async throws {
    let fractions = Mutex<[Double]>([])
    let prime = try await NthPrime.nthPrime(1_000_000_000) { fraction in
      fractions.withLock { $0.append(fraction) }
    }
    #expect(prime == 22_801_763_489)
    let heard = fractions.withLock { $0 }
    #expect(!heard.isEmpty)
    #expect(heard == heard.sorted())
  }

  @Test func cancellation() async {
    let task = Task {
      try await NthPrime.nthPrime(1_000_000_000_000)
    }
    task.cancel()
    await #expect(throws: CancellationError.self) {
      try await task.value
    }
  }
}
