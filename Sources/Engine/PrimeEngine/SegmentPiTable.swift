/// π within one segment [low, high] of 2¹⁹ numbers: the primes from low to v, for any v in
/// the segment, in constant time.
///
/// The easy special leaves look up π at random points below √x; a table for all of them
/// would not stay in cache (and near 2⁶⁴ would take 400 MiB), so they are counted one
/// segment at a time, with π(low − 1) added when the segments are put together. 48 KiB: a
/// bit per odd number and a running count per 64-bit word.
final class SegmentPiTable {
  /// The numbers in a segment: a multiple of 128, at most 2¹⁹ (one sieve segment).
  let span: UInt64
  private let words: Int

  private(set) var low: UInt64 = 0
  private(set) var high: UInt64 = 0
  /// The primes in [low, high].
  private(set) var primeCount = 0
  private let bits: UnsafeMutableBufferPointer<UInt64>
  private let countsBefore: UnsafeMutableBufferPointer<UInt32>
  /// 1 in the segment that holds 2, the only even prime.
  private var two = 0

  init(span: UInt64 = 1 << 19) {
    self.span = span
    words = Int(span / 128)
    bits = .allocate(capacity: words + 1)
    countsBefore = .allocate(capacity: words + 1)
  }

  deinit {
    bits.deallocate()
    countsBefore.deallocate()
  }

  /// Sieves [low, high]; `low` is a multiple of ``span`` and high − low < ``span``. Counts
  /// from the first segment are right for v ≥ 2.
  func fill(low: UInt64, high: UInt64, stop: CancellationFlag) throws(CancellationError) {
    self.low = low
    self.high = high
    bits.initialize(repeating: 0)
    two = low == 0 && high >= 2 ? 1 : 0
    let bits = bits
    var reporter = ProgressReporter(nil, isCancelled: { stop.isSet })
    if high > low {
      do {
        try SegmentedSieve.forEachOddSegment(in: (low + 1)...high, reporter: &reporter) {
          _, words, bitCount in
          for index in 0..<((bitCount + 63) / 64) { bits[index] = words[index] }
          if bitCount % 64 != 0 { bits[(bitCount - 1) / 64] &= (1 << UInt64(bitCount % 64)) - 1 }
        }
      } catch {
        throw CancellationError()
      }
    }
    var running: UInt32 = UInt32(two)
    for index in 0...words {
      countsBefore[index] = running
      running &+= UInt32(bits[index].nonzeroBitCount)
    }
    primeCount = Int(running)
  }

  /// The primes in [low, v], for v in the segment.
  @inline(__always)
  func count(upTo v: UInt64) -> Int {
    let odd = Int(truncatingIfNeeded: (v &- low &+ 1) &>> 1)  // odd numbers in [low, v]
    let word = odd &>> 6
    let mask: UInt64 = (1 &<< UInt64(odd & 63)) &- 1
    return Int(truncatingIfNeeded: countsBefore[word]) &+ (bits[word] & mask).nonzeroBitCount
  }
}
