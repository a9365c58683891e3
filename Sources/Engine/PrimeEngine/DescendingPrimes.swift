/// The primes of a range from the largest down, sieved a chunk at a time: P₂ needs π(x/p)
/// in increasing x/p, so p decreasing, and near 2⁶⁴ the range holds 200 million primes, too
/// many to list at once.
struct DescendingPrimes {
  private static let chunk: UInt64 = 1 << 21
  private let lowest: UInt64
  private var nextHigh: UInt64?
  /// The primes of the current chunk not yet given, largest last.
  private var chunkPrimes: [UInt64] = []

  /// The primes from `lowest` through `highest`; none when lowest > highest.
  init(from lowest: UInt64, through highest: UInt64) {
    self.lowest = lowest
    nextHigh = lowest <= highest ? highest : nil
  }

  mutating func next() throws -> UInt64? {
    while chunkPrimes.isEmpty {
      guard let high = nextHigh else { return nil }
      let low = high - lowest >= Self.chunk ? high - Self.chunk + 1 : lowest
      try SegmentedSieve.forEachPrime(in: low...high) { chunkPrimes.append($0) }
      nextHigh = low > lowest ? low - 1 : nil
    }
    return chunkPrimes.popLast()
  }
}
