/// π(x) and p_n answered in constant time below 2²⁴, from one sieve made on first use.
///
/// A bit per odd number and a running count per 64-bit word: 1.5 MiB. The counting
/// algorithms ask it for π of small values many times.
struct SmallPrimeTable: Sendable {
  static let limit: UInt64 = 1 << 24
  static let shared = SmallPrimeTable()

  private let words: [UInt64]
  /// The number of odd primes in the words before each word.
  private let countsBefore: [UInt32]

  private init() {
    let wordCount = Int(Self.limit / 128) + 1
    var words = [UInt64](repeating: 0, count: wordCount)
    var reporter = ProgressReporter(nil)
    try! SegmentedSieve.forEachOddSegment(in: 1...Self.limit, reporter: &reporter) {
      low, segment, bitCount in
      let firstWord = Int(low / 128)
      for index in 0..<((bitCount + 63) / 64) { words[firstWord + index] = segment[index] }
    }
    var countsBefore = [UInt32](repeating: 0, count: wordCount)
    var running: UInt32 = 0
    for index in words.indices {
      countsBefore[index] = running
      running += UInt32(words[index].nonzeroBitCount)
    }
    self.words = words
    self.countsBefore = countsBefore
  }

  /// π(x) for x < 2²⁴.
  func primeCount(_ x: UInt64) -> UInt64 {
    if x < 2 { return 0 }
    let bit = (x - 1) / 2  // odd numbers 1, 3, …, x (or x − 1)
    let word = Int(bit / 64)
    let mask: UInt64 = bit % 64 == 63 ? ~0 : (1 << (bit % 64 + 1)) - 1
    return 1 + UInt64(countsBefore[word]) + UInt64((words[word] & mask).nonzeroBitCount)
  }

  /// The n-th prime, when it is below 2²⁴ (n ≤ 1,077,871).
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
    return prime < Self.limit ? prime : nil
  }
}
