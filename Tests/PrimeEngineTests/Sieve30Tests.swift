import Testing

@testable import PrimeEngine

/// ``Sieve30`` against a sieve of the same window by the textbook method, for segments that
/// leave every sieving prime partial turns (1,000 bytes), that cross the 32 KiB chunks of the
/// small primes at odd places (10,007 and 40,000 bytes), and that take the sieving primes
/// anew for each segment (a range of few segments).
struct Sieve30Tests {
  static let smallPrimes: [Int] = {
    let isPrime = simpleSieve(upTo: 200_000)
    return isPrime.indices.filter { isPrime[$0] }
  }()

  /// The primes of [low, high] by crossing off every multiple of every prime up to √high.
  static func windowPrimes(_ low: UInt64, _ high: UInt64) -> [UInt64] {
    var isPrime = [Bool](repeating: true, count: Int(high - low) + 1)
    for p in smallPrimes.map(UInt64.init) where p * p <= high {
      var multiple = max(p * p, (low + p - 1) / p * p)
      while multiple <= high {
        isPrime[Int(multiple - low)] = false
        multiple += p
      }
    }
    return isPrime.indices.filter { isPrime[$0] }.map { low + UInt64($0) }
  }

  /// A short window high up takes its sieving primes anew: on several threads the workers
  /// take shares of them in turn, each crossing off in a copy of its own. The primes found
  /// are those Baillie–PSW finds, whatever the thread count (the thread sanitizer runs this
  /// too). Each worker sets its copy when it takes its first share: on 64 some may take none
  /// (the others took every share first), and their copies, never set (fresh pages read zero,
  /// which would clear every prime), are not read.
  @Test(arguments: [1, 2, 3, 16, 64])
  func aWindowSharedOutAmongThreadsFindsItsPrimes(threads: Int) async throws {
    // √high ≈ 1.9·10⁷: four shares of 2¹⁸ numbers or more a worker, up to 16 workers.
    let low: UInt64 = 359_999_999_000_000
    let high = low + 100_000
    let found = try await onOwnThread { () throws -> [UInt64] in
      let sieve = try Sieve30(low: low, high: high, threads: threads)
      var primes: [UInt64] = []
      while try sieve.next() { sieve.forEachPrime { primes.append($0) } }
      return primes
    }
    #expect(found == (low...high).filter { $0 % 2 == 1 && Primality.isPrime($0) })
    #expect(found.count > 2_000)
  }

  /// The shares cover the sieving primes once, in order; the first, where the small primes
  /// cross off most, is the shortest.
  @Test func sharesOfTheSievingPrimesCoverThemInOrder() {
    let bounds = Sieve30.shares(first: 103, last: 17_878_939, parts: 4, numbers: 2_190_450)
    #expect(bounds.count == 4 && bounds[0] == 103)
    #expect(zip(bounds, bounds.dropFirst()).allSatisfy { $0 < $1 })
    #expect(bounds[3] < 17_878_939)
    #expect(bounds[1] - bounds[0] < bounds[2] - bounds[1])
  }

  /// Shares of equal work hold comparable numbers of primes: a prime's division costs more
  /// than its crossings in a window of a few million numbers (the 10¹³th prime's last window
  /// had 4,339,050), so no share of eight holds less than a quarter of the mean's primes nor
  /// more than twice it. A model that weighed a crossing at two thirds of a division gave the
  /// first share the primes up to 588 (0.06× the mean's time as measured, the fifth 1.8×).
  @Test func sharesOfEqualWorkHoldComparablePrimes() {
    let last: UInt64 = 16_000_000
    let bounds = Sieve30.shares(first: 103, last: last, parts: 8, numbers: 4_339_050) + [last + 1]
    let primes = (0..<8).map {
      UInt64(PrimeTable.small[bounds[$0 + 1] - 1] - PrimeTable.small[bounds[$0] - 1])
    }
    let mean = Double(primes.reduce(0, +)) / 8
    #expect(primes.allSatisfy { Double($0) >= mean / 4 && Double($0) <= 2 * mean }, "\(primes)")
  }

  @Test func segmentsOfEverySizeFindTheWindowsPrimes() async throws {
    let wrong = try await onOwnThread { () -> [String] in
      var wrong: [String] = []
      // Sieving primes to 31,718 and to 173,205 (above 2¹⁶: taken anew for each segment
      // where the range is at most four of them), small ones and others, of every class.
      for (low, high) in [
        (UInt64(999_999_997), UInt64(1_006_000_013)), (29_994_000_011, 30_000_000_000),
      ] {
        let expected = Self.windowPrimes(low, high)
        for segmentBytes in [1_000, 10_007, 40_000, 1 << 18] {
          let sieve = try Sieve30(low: low, high: high, segmentBytes: segmentBytes)
          var primes: [UInt64] = []
          var counted = 0
          while try sieve.next() {
            sieve.forEachPrime { primes.append($0) }
            counted += sieve.count()
          }
          if primes != expected || counted != expected.count {
            wrong.append("[\(low), \(high)] in segments of \(segmentBytes) bytes")
          }
        }
      }
      return wrong
    }
    #expect(wrong == [])
  }
}
