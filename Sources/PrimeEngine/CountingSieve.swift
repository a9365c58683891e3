/// One segment of odd numbers, with a count per block of 1,024 of those still unsieved,
/// for the φ(z, b) counts of ``LMOPrimeCounting``.
///
/// Removing a number updates its block's count in constant time; counting up to z adds the
/// counts of the blocks before z's and the bits of at most 16 words. Queries for one b come
/// in increasing z, so the blocks are added once per b.
struct CountingSieve {
  static let words = 4096
  static let bits = words * 64
  private static let wordsPerBlock = 4

  private(set) var low: UInt64 = 1
  private(set) var total = 0
  private var sieve = [UInt64](repeating: 0, count: words)
  private var blockCounts = [Int](repeating: 0, count: words / wordsPerBlock)
  private var cursorBlock = 0
  private var countBeforeCursor = 0

  /// Starts the segment of odd numbers from odd `low`, with the multiples of 2 … 13 removed.
  mutating func reset(low: UInt64) {
    self.low = low
    sieve.withUnsafeMutableBufferPointer { Wheel.fill($0, firstOdd: low) }
    total = 0
    for block in blockCounts.indices {
      var count = 0
      for word in (block * Self.wordsPerBlock)..<((block + 1) * Self.wordsPerBlock) {
        count += sieve[word].nonzeroBitCount
      }
      blockCounts[block] = count
      total += count
    }
  }

  /// Begins a run of ``count(upTo:)`` queries in increasing order.
  mutating func startCounting() {
    cursorBlock = 0
    countBeforeCursor = 0
  }

  /// The unsieved odd numbers in [low, z]; z must not decrease between calls.
  mutating func count(upTo z: UInt64) -> Int {
    let lastBit = Int((z - low) / 2)
    let block = lastBit / (64 * Self.wordsPerBlock)
    while cursorBlock < block {
      countBeforeCursor += blockCounts[cursorBlock]
      cursorBlock += 1
    }
    let lastWord = lastBit / 64
    let mask: UInt64 = lastBit % 64 == 63 ? ~0 : (1 << UInt64(lastBit % 64 + 1)) - 1
    return sieve.withUnsafeBufferPointer { sieve in
      var count = countBeforeCursor
      for word in (block * Self.wordsPerBlock)..<lastWord { count += sieve[word].nonzeroBitCount }
      return count + (sieve[lastWord] & mask).nonzeroBitCount
    }
  }

  /// Removes the odd multiples of `p` (p itself included).
  mutating func remove(multiplesOf p: UInt64) {
    let high = low + 2 * UInt64(Self.bits) - 2
    let first = SievingPrimes.firstOddMultiple(of: p, atLeast: low)
    guard first <= high else { return }
    // Bits, not numbers: consecutive odd multiples are p bits apart.
    var bit = Int((first - low) / 2)
    let lastBit = Int((high - low) / 2)
    let step = Int(p)
    var removed = 0
    sieve.withUnsafeMutableBufferPointer { sieve in
      blockCounts.withUnsafeMutableBufferPointer { blockCounts in
        while bit <= lastBit {
          let word = bit &>> 6
          let wasSet = Int(truncatingIfNeeded: (sieve[word] &>> UInt64(bit & 63)) & 1)
          sieve[word] &= ~(1 &<< UInt64(bit & 63))
          blockCounts[bit / (64 * CountingSieve.wordsPerBlock)] &-= wasSet
          removed &+= wasSet
          bit &+= step
        }
      }
    }
    total -= removed
  }
}
