/// The odd numbers with no factor among a few small primes, as a bit pattern that repeats.
///
/// Odd n = 2k + 1 is a multiple of odd p exactly when k ≡ (p − 1)/2 (mod p), so in k the
/// pattern for 3, 5, 7, 11 and 13 repeats every 15,015 bits, and every 15,015 words. Filling
/// a segment from it replaces the costliest part of sieving (these five primes cross off
/// 61% of the odd numbers) by copying; a second pattern, for 17, 19 and 23, takes another
/// 14% off the segments of ``CountingSieve``.
struct PresievePattern: Sendable {
  static let primes: [UInt64] = [3, 5, 7, 11, 13]
  static let first = PresievePattern(primes: primes)
  static let second = PresievePattern(primes: [17, 19, 23])

  /// The pattern's period, in words and in bits: the product of its primes.
  private let periodWords: Int
  private let words: [UInt64]

  private init(primes: [UInt64]) {
    periodWords = Int(primes.reduce(1, *))
    // Built at the first sieve of every run, so built up prime by prime: the pattern of the
    // primes so far is copied over the next prime's longer period and that prime's own
    // pattern (p words hold 64 periods of p bits) laid over the copy, through unsafe buffers.
    // Laying each prime over the whole period took 0.6 million instructions of every run; with
    // arrays and an index per prime, 2.3 million, more than some whole counts.
    var words = [UInt64](repeating: ~0, count: periodWords)
    words.withUnsafeMutableBufferPointer { words in
      var built = 1
      for p in primes.map(Int.init) {
        var single = [UInt64](repeating: ~0, count: p)
        for k in stride(from: (p - 1) / 2, to: p * 64, by: p) {
          single[k / 64] &= ~(1 << UInt64(k % 64))
        }
        let next = built * p
        for index in built..<next { words[index] = words[index &- built] }
        single.withUnsafeBufferPointer { single in
          var position = 0
          for index in 0..<next {
            words[index] &= single[position]
            position = position &+ 1 == p ? 0 : position &+ 1
          }
        }
        built = next
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
      let offset = Int((firstOdd / 2) % UInt64(periodWords * 64))
      var word = offset / 64
      let shift = UInt64(offset % 64)
      for index in target.indices {
        let next = word + 1 == periodWords ? 0 : word + 1
        let bits =
          shift == 0 ? pattern[word] : (pattern[word] >> shift) | (pattern[next] << (64 - shift))
        target[index] = combine(target[index], bits)
        word = next
      }
    }
  }
}
