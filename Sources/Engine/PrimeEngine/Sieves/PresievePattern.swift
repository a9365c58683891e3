/// The odd numbers with no factor among a few small primes, as a bit pattern that repeats.
///
/// Odd n = 2k + 1 is a multiple of odd p exactly when k ≡ (p − 1)/2 (mod p), so in k the
/// pattern for 3, 5, 7, 11 and 13 repeats every 15,015 bits. Filling a segment from it
/// replaces the costliest part of sieving (these five primes cross off 61% of the odd numbers)
/// by copying; a second pattern, for 17, 19 and 23, takes another 14% off the segments of
/// ``CountingSieve``.
///
/// Memory: one period and two words more, 1.9 KB and 0.9 KB. A segment's word is read from
/// any bit, two words shifted; the period held 64 times (so that a word always starts a
/// word) took 180 KB: 44 page faults of every run.
struct PresievePattern: Sendable {
  static let primes: [UInt64] = [3, 5, 7, 11, 13]
  static let first = PresievePattern(primes: primes)
  static let second = PresievePattern(primes: [17, 19, 23])

  /// The pattern's period in bits: the product of its primes.
  private let period: Int
  /// Bit i is the pattern's bit i mod period, for i below period + 128.
  private let words: [UInt64]

  private init(primes: [UInt64]) {
    period = Int(primes.reduce(1, *))
    let bits = period + 128
    var words = [UInt64](repeating: ~0, count: (bits + 63) / 64)
    words.withUnsafeMutableBufferPointer { words in
      for p in primes.map(Int.init) {
        for k in stride(from: (p - 1) / 2, to: bits, by: p) {
          words[k / 64] &= ~(1 << UInt64(k % 64))
        }
      }
    }
    self.words = words
  }

  /// Fills `words` with the first pattern for the odd numbers from `firstOdd` on.
  static func fill(_ words: UnsafeMutableBufferPointer<UInt64>, firstOdd: UInt64) {
    first.apply(to: words, firstOdd: firstOdd) { _, pattern in pattern }
  }

  /// Removes from `words` the numbers this pattern removes, from `firstOdd` on.
  func intersect(_ words: UnsafeMutableBufferPointer<UInt64>, firstOdd: UInt64) {
    apply(to: words, firstOdd: firstOdd) { word, pattern in word & pattern }
  }

  @inline(__always)
  private func apply(
    to target: UnsafeMutableBufferPointer<UInt64>, firstOdd: UInt64,
    _ combine: (UInt64, UInt64) -> UInt64
  ) {
    words.withUnsafeBufferPointer { pattern in
      var offset = Int((firstOdd / 2) % UInt64(period))
      var index = 0
      // A run of words up to the period's end starts at one shift; the next starts again
      // from the period's first bits, at another.
      while index < target.count {
        let run = min(target.count &- index, (period &- offset &+ 63) &>> 6)
        let startWord = offset &>> 6
        let shift = UInt64(truncatingIfNeeded: offset & 63)
        for step in 0..<run {
          // The next word's bits above the shift; `<< 1` then `<< (63 − shift)` is `<< 0`
          // too when the shift is 0 (a shift by 64 would not be).
          let word = startWord &+ step
          let bits = pattern[word] &>> shift | (pattern[word &+ 1] &<< 1) &<< (63 &- shift)
          target[index &+ step] = combine(target[index &+ step], bits)
        }
        index &+= run
        offset &+= run &<< 6
        if offset >= period { offset &-= period }
      }
    }
  }
}
