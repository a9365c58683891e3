/// The primes of a short window past 2⁶⁴, where the n-th prime's last step walks: the sieve of
/// Eratosthenes over [low, low + length), one bit per odd number.
///
/// Every sieving prime p ≤ √high finds its first odd multiple in the window by one division
/// of the window's 128-bit start (two hardware divisions of 128 bits by 64), then crosses off
/// every second multiple. No prime is kept between windows: near 10²⁰ they are the 4.5·10⁸
/// primes up to 10¹⁰, taken anew from ``SegmentedSieve`` for each window, so a window is as
/// long as the gap to the estimate (ln x times the primes missing) up to ``largestLength``.
/// Past π(2⁶⁴) the estimate was 944 million above p_n: three windows, 6.5 s each on one
/// thread, 4% of the whole (the Performance article).
///
/// Memory: length/16 bytes (32 MiB at the largest).
struct WideWindowSieve {
  /// The most numbers of one window: 2²⁹, a bitmap of 32 MiB.
  static let largestLength: UInt64 = 1 << 29

  /// The first number, odd.
  let low: UInt128
  /// The numbers covered: low up to low + 2·bitCount − 2.
  let bitCount: Int
  /// Bit i stands for low + 2i, set when it is prime.
  private(set) var words: [UInt64]

  /// Sieves the odd numbers of [low, high]; high − low below ``largestLength``, low above √high
  /// (past 2³², as every window past 2⁶⁴ is). With a `sievingLimit` below √high only the
  /// primes up to it cross off (tests: a window past 2⁶⁴ would take 2·10⁸ primes).
  init(
    low: UInt128, high: UInt128, sievingLimit: UInt64? = nil, reporter: inout ProgressReporter
  ) throws {
    let first = low | 1
    self.low = first
    let bitCount = first > high ? 0 : Int((high - first) / 2) + 1
    self.bitCount = bitCount
    var words = [UInt64](repeating: .max, count: (bitCount + 63) / 64)
    if bitCount > 0 {
      let limit = min(high.squareRoot, sievingLimit ?? .max)
      let high64 = UInt64(truncatingIfNeeded: first >> 64)
      let low64 = UInt64(truncatingIfNeeded: first)
      try SegmentedSieve.forEachPrime(in: 3...max(3, limit), reporter: &reporter) { p in
        // first mod p, by long division of its two 64-bit digits.
        let remainder = p.dividingFullWidth((high64 % p, low64)).remainder
        var offset = remainder == 0 ? 0 : p - remainder
        // first is odd: an odd offset lands on an even multiple, the next one is odd.
        if offset & 1 == 1 { offset += p }
        var bit = Int(truncatingIfNeeded: offset / 2)
        let step = Int(truncatingIfNeeded: p)
        while bit < bitCount {
          words[bit >> 6] &= ~(1 &<< UInt64(bit & 63))
          bit &+= step
        }
      }
      if bitCount % 64 != 0 { words[words.count - 1] &= (1 &<< UInt64(bitCount % 64)) &- 1 }
    }
    self.words = words
  }

  /// The primes in the window.
  var count: UInt64 {
    UInt64(words.reduce(0) { $0 &+ $1.nonzeroBitCount })
  }

  /// The window's primes in increasing order.
  func forEachPrime(_ body: (UInt128) -> Void) {
    for (index, word) in words.enumerated() {
      var word = word
      while word != 0 {
        let bit = index * 64 + word.trailingZeroBitCount
        word &= word &- 1
        body(low + 2 * UInt128(bit))
      }
    }
  }

  /// The rank-th prime of the window (rank from 1 to ``count``).
  func prime(atRank rank: UInt128) -> UInt128 {
    var left = rank
    var found: UInt128 = 0
    forEachPrime { prime in
      guard left > 0 else { return }
      left -= 1
      if left == 0 { found = prime }
    }
    return found
  }
}
