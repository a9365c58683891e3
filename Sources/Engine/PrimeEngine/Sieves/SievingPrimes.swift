/// The primes from 17 to √high that cross off multiples in a segment, each with its next odd
/// multiple.
///
/// Below 2²⁵ they are listed once (about 2 million primes at most, 24 MiB); above, they are
/// produced again for every segment by a smaller sieve, and each finds its first multiple
/// with a division.
struct SievingPrimes {
  static let storedLimit: UInt64 = 1 << 25

  private let limit: UInt64
  private var primes: [UInt32] = []
  private var nextMultiples: [UInt64] = []

  /// Listing the primes up to 2²⁵ takes tens of milliseconds: `reporter` is checked meanwhile.
  init(limit: UInt64, reporter: inout ProgressReporter) throws(CancellationError) {
    self.limit = limit
    guard limit >= 17, limit <= Self.storedLimit else { return }
    primes = try Self.primes(upTo: UInt32(limit), reporter: &reporter)
    nextMultiples = primes.map { UInt64($0) * UInt64($0) }
  }

  /// Clears the bits of odd composites in `words`, whose bit 0 is the odd number `low`.
  mutating func crossOff(
    _ words: UnsafeMutableBufferPointer<UInt64>, low: UInt64, high: UInt64,
    reporter: inout ProgressReporter
  ) throws {
    guard limit >= 17 else { return }
    if limit <= Self.storedLimit {
      // In bits, consecutive odd multiples of p are p apart.
      let lastBit = Int((high - low) / 2)
      primes.withUnsafeBufferPointer { primes in
        nextMultiples.withUnsafeMutableBufferPointer { nextMultiples in
          for index in primes.indices {
            let p = UInt64(primes[index])
            if p * p > high { break }
            var multiple = nextMultiples[index]
            if multiple < low { multiple = Self.firstOddMultiple(of: p, atLeast: low) }
            guard multiple <= high else {
              nextMultiples[index] = multiple
              continue
            }
            var bit = Int(truncatingIfNeeded: (multiple - low) / 2)
            let step = Int(p)
            while bit <= lastBit {
              words[bit &>> 6] &= ~(1 &<< UInt64(bit & 63))
              bit &+= step
            }
            nextMultiples[index] = low + 2 * UInt64(bit)
          }
        }
      }
    } else {
      let root = integerSquareRoot(high)
      var progress = ProgressReporter(nil)
      try SegmentedSieve.forEachOddSegment(in: 17...root, reporter: &progress) {
        segmentLow, primeWords, bitCount in
        try reporter.checkpoint(0)
        for index in 0..<((bitCount + 63) / 64) {
          var word = primeWords[index]
          while word != 0 {
            let position = index * 64 + word.trailingZeroBitCount
            word &= word &- 1
            guard position < bitCount else { break }
            let p = segmentLow + 2 * UInt64(position)
            Self.crossOffOnce(p, words, low: low, high: high)
          }
        }
      }
    }
  }

  private static func crossOffOnce(
    _ p: UInt64, _ words: UnsafeMutableBufferPointer<UInt64>, low: UInt64, high: UInt64
  ) {
    var multiple = firstOddMultiple(of: p, atLeast: max(low, p * p))
    while multiple <= high {
      let bit = (multiple - low) / 2
      words[Int(bit / 64)] &= ~(1 << (bit % 64))
      let (next, overflow) = multiple.addingReportingOverflow(2 * p)
      if overflow { return }
      multiple = next
    }
  }

  /// The smallest odd multiple of odd `p` that is ≥ `n`, or `UInt64.max` past 2⁶⁴.
  static func firstOddMultiple(of p: UInt64, atLeast n: UInt64) -> UInt64 {
    let quotient = n / p + (n % p == 0 ? 0 : 1)
    let odd = quotient | 1
    let (product, overflow) = odd.multipliedReportingOverflow(by: p)
    return overflow ? .max : product
  }

  /// The primes from 17 to `limit`, by a plain sieve of odd numbers.
  static func primes(
    upTo limit: UInt32, reporter: inout ProgressReporter
  ) throws(CancellationError) -> [UInt32] {
    guard limit >= 17 else { return [] }
    let count = Int(limit / 2) + 1
    var isComposite = [Bool](repeating: false, count: count)
    var primes: [UInt32] = []
    var i = 1
    while i < count {
      let p = 2 * i + 1
      if p > limit { break }
      // The small primes' crossings are the long ones.
      if i & 0xFFFF == 0 || (i < 0x4000 && !isComposite[i]) { try reporter.checkpoint(0) }
      if !isComposite[i] {
        if p >= 17 { primes.append(UInt32(p)) }
        var j = (p * p) / 2
        while j < count {
          isComposite[j] = true
          j += p
        }
      }
      i += 1
    }
    return primes
  }
}
