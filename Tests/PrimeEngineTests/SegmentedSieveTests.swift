import Testing

@testable import PrimeEngine

struct SegmentedSieveTests {
  static let limit = 8_000_000
  static let isPrime = simpleSieve(upTo: limit)
  /// The primes up to each n.
  static let primesUpTo: [Int] = {
    var running = 0
    return isPrime.map { prime in
      if prime { running += 1 }
      return running
    }
  }()

  static func expectedPrimes(_ range: ClosedRange<Int>) -> [UInt64] {
    range.filter { Self.isPrime[$0] }.map(UInt64.init)
  }

  static func sievedPrimes(_ range: ClosedRange<UInt64>) throws -> [UInt64] {
    var primes: [UInt64] = []
    try SegmentedSieve.forEachPrime(in: range) { primes.append($0) }
    return primes
  }

  @Test func listsEveryPrimeBelowEightMillion() async throws {
    let (listsThem, counted) = try await onOwnThread {
      (
        try Self.sievedPrimes(0...UInt64(Self.limit)) == Self.expectedPrimes(0...Self.limit),
        try SegmentedSieve.count(in: 0...UInt64(Self.limit))
      )
    }
    #expect(listsThem)
    #expect(counted == UInt64(Self.expectedPrimes(0...Self.limit).count))
  }

  /// A segment holds 256 KiB of bytes for 30 numbers each (7,864,320 numbers), read in words
  /// of 240 numbers; the patterns hold the primes up to 53, the sieving primes start at 59.
  @Test func rangesAroundSegmentAndWordBoundaries() async throws {
    let mismatches = try await onOwnThread { () -> [ClosedRange<Int>] in
      var mismatches: [ClosedRange<Int>] = []
      let edges = [
        0, 1, 2, 3, 5, 7, 13, 17, 29, 30, 31, 53, 59, 60, 239, 240, 241, 3_481, 983_040,
        7_864_319, 7_864_320, 7_864_321,
      ]
      for edge in edges {
        for start in max(0, edge - 3)...(edge + 3) {
          for length in [0, 1, 2, 5, 64, 130, 1_000] {
            let range = start...(start + length)
            let sieved = try Self.sievedPrimes(UInt64(range.lowerBound)...UInt64(range.upperBound))
            if sieved != Self.expectedPrimes(range) { mismatches.append(range) }
          }
        }
      }
      return mismatches
    }
    #expect(mismatches == [])
  }

  @Test func randomRangesCountLikeTheSimpleSieve() async throws {
    let mismatches = try await onOwnThread { () -> [ClosedRange<Int>] in
      var random = SplitMix64(state: 3)
      var mismatches: [ClosedRange<Int>] = []
      for _ in 0..<50 {
        let a = Int(random.next() % UInt64(Self.limit))
        let b = min(Self.limit, a + Int(random.next() % 700_000))
        let count = try SegmentedSieve.count(in: UInt64(a)...UInt64(b))
        let expected = Self.primesUpTo[b] - (a > 0 ? Self.primesUpTo[a - 1] : 0)
        if count != UInt64(expected) { mismatches.append(a...b) }
      }
      return mismatches
    }
    #expect(mismatches == [])
  }

  @Test func rangesFarOutAgreeWithTheExactTest() async throws {
    // Near 2⁵², where the sieving primes (up to 2²⁶) are produced per segment.
    let agreements = try await onOwnThread {
      try [1 << 40, (1 << 52) - 3_000].map { (low: UInt64) in
        try Self.sievedPrimes(low...(low + 3_000))
          == (low...(low + 3_000)).filter(Primality.isPrime)
      }
    }
    #expect(agreements == [true, true])
  }
}

/// The presieve patterns against a remainder per number: every bit of segments that start
/// anywhere in the period (at its end, where a run of words wraps to its start, and at random
/// odd numbers up to 2⁶³), of one word, of a period's worth and of several.
struct PresievePatternTests {
  @Test func everyBitMatchesTheNumbersWithoutTheseFactors() {
    var random = SplitMix64(state: 31)
    let starts: [UInt64] =
      [1, 3, 2 * 15_015 - 1, 2 * 15_015 + 1, 2 * (15_015 - 64) + 1, 2 * 7_429 * 15_015 + 1]
      + (0..<12).map { _ in random.next() >> 1 | 1 }
    var wrong: [String] = []
    for firstOdd in starts {
      for count in [1, 2, 235, 1_000] {
        var first = [UInt64](repeating: 0, count: count)
        var both = [UInt64](repeating: ~0, count: count)
        first.withUnsafeMutableBufferPointer {
          PresievePattern.fill($0, firstOdd: firstOdd)
        }
        both.withUnsafeMutableBufferPointer {
          PresievePattern.fill($0, firstOdd: firstOdd)
          PresievePattern.second.intersect($0, firstOdd: firstOdd)
        }
        for bit in 0..<(64 * count) {
          let n = firstOdd &+ 2 &* UInt64(bit)
          let inFirst = [3, 5, 7, 11, 13].allSatisfy { n % $0 != 0 }
          let inBoth = inFirst && [17, 19, 23].allSatisfy { n % $0 != 0 }
          let word = bit / 64
          let mask: UInt64 = 1 << UInt64(bit % 64)
          if (first[word] & mask != 0) != inFirst || (both[word] & mask != 0) != inBoth {
            wrong.append("\(n) (segment from \(firstOdd), \(count) words)")
            break
          }
        }
      }
    }
    #expect(wrong.isEmpty)
  }
}
