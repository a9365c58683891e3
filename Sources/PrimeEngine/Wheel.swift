/// The odd numbers with no factor among 3, 5, 7, 11 and 13, as a bit pattern that repeats.
///
/// Odd n = 2k + 1 is a multiple of odd p exactly when k ≡ (p − 1)/2 (mod p), so in k the
/// pattern repeats every 3·5·7·11·13 = 15,015 bits, and every 15,015 words. Filling a
/// segment from it replaces the costliest part of sieving (these five primes cross off
/// 61% of the odd numbers) by copying.
enum Wheel {
  static let primes: [UInt64] = [3, 5, 7, 11, 13]
  static let periodWords = 15_015
  static let periodBits = UInt64(periodWords * 64)

  static let pattern: [UInt64] = {
    var words = [UInt64](repeating: ~0, count: periodWords)
    for p in primes {
      var k = (p - 1) / 2
      while k < periodBits {
        words[Int(k / 64)] &= ~(1 << (k % 64))
        k += p
      }
    }
    return words
  }()

  /// Fills `words` with the pattern for the odd numbers from `firstOdd` on.
  static func fill(_ words: UnsafeMutableBufferPointer<UInt64>, firstOdd: UInt64) {
    pattern.withUnsafeBufferPointer { pattern in
      let offset = (firstOdd / 2) % periodBits
      var word = Int(offset / 64)
      let shift = offset % 64
      for index in words.indices {
        let next = word + 1 == periodWords ? 0 : word + 1
        words[index] =
          shift == 0 ? pattern[word] : (pattern[word] >> shift) | (pattern[next] << (64 - shift))
        word = next
      }
    }
  }
}
