/// π(x) in constant time for x below 2²⁴, and p_n below it, from one sieve built on first use.
///
/// A bit per odd number and a running count per 64-bit word: 3 bytes per 16 numbers, 1.5 MiB.
struct PrimeTable: Sendable {
  static let smallLimit: UInt64 = 1 << 24
  static let small = PrimeTable(limit: smallLimit)

  let limit: UInt64
  private let words: [UInt64]
  /// The number of odd primes in the words before each word.
  private let countsBefore: [UInt32]

  private init(limit: UInt64) {
    self.limit = limit
    // Shared: built to the end whichever task asks first, cancelled or not.
    var reporter = ProgressReporter(nil, isCancelled: { false })
    let wordCount = Int(limit / 128) + 1
    var words = [UInt64](repeating: 0, count: wordCount)
    words.withUnsafeMutableBufferPointer { words in
      try! SegmentedSieve.forEachOddSegment(in: 1...max(limit, 3), reporter: &reporter) {
        low, segment, bitCount in
        let firstWord = Int(low / 128)
        for index in 0..<((bitCount + 63) / 64) where firstWord + index < words.count {
          words[firstWord + index] = segment[index]
        }
      }
    }
    // Bits past the limit in the last segment were never sieved.
    let lastBit = (max(limit, 1) - 1) / 2
    words[Int(lastBit / 64)] &= lastBit % 64 == 63 ? ~0 : (1 << (lastBit % 64 + 1)) - 1
    for index in (Int(lastBit / 64) + 1)..<wordCount { words[index] = 0 }
    var countsBefore = [UInt32](repeating: 0, count: wordCount)
    var running: UInt32 = 0
    for index in words.indices {
      countsBefore[index] = running
      running += UInt32(words[index].nonzeroBitCount)
    }
    self.words = words
    self.countsBefore = countsBefore
  }

  /// π(x) for x ≤ limit.
  func primeCount(_ x: UInt64) -> UInt64 {
    if x < 2 { return 0 }
    let bit = (x - 1) / 2  // odd numbers 1, 3, …, x (or x − 1)
    let word = Int(bit / 64)
    let mask: UInt64 = bit % 64 == 63 ? ~0 : (1 << (bit % 64 + 1)) - 1
    return 1 + UInt64(countsBefore[word]) + UInt64((words[word] & mask).nonzeroBitCount)
  }

  /// The n-th prime, when it is within the table.
  func nthPrime(_ n: Int) -> UInt64? {
    if n == 1 { return 2 }
    let oddPrimes =
      Int(countsBefore[countsBefore.count - 1]) + words[words.count - 1].nonzeroBitCount
    guard n > 1, n - 1 <= oddPrimes else { return nil }
    let oddRank = UInt32(n - 1)  // among odd primes
    // The last word whose count before is below the rank holds the prime.
    var lower = 0
    var upper = countsBefore.count - 1
    while lower < upper {
      let middle = (lower + upper + 1) / 2
      if countsBefore[middle] < oddRank { lower = middle } else { upper = middle - 1 }
    }
    var word = words[lower]
    for _ in 1..<(oddRank - countsBefore[lower]) { word &= word &- 1 }
    let bit = UInt64(lower * 64 + word.trailingZeroBitCount)
    let prime = 2 * bit + 1
    return prime <= limit ? prime : nil
  }
}
