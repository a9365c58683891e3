/// π within one segment [low, high] of 2¹⁷ numbers: the primes from low to v, for any v in
/// the segment, in one load.
///
/// The easy special leaves look up π at random points below √x, hundreds of millions of
/// times near 10¹⁴; a table for all of them would not stay in cache (and near 2⁶⁴ would take
/// gigabytes), so they are counted one segment at a time, with π(low − 1) added when the
/// segments are put together. The table holds, for each odd number of the segment, the
/// primes from low to it in 16 bits: 128 KiB, in the L2 cache, and no bit counting.
final class SegmentPiTable {
  /// The numbers in a segment: even, at most 2¹⁷ (so that counts fit 16 bits).
  let span: UInt64

  private(set) var low: UInt64 = 0
  private(set) var high: UInt64 = 0
  /// The primes in [low, high].
  private(set) var primeCount = 0
  /// At m: the primes in [low, low + 2m − 1], m from 0 to span/2.
  private let counts: UnsafeMutableBufferPointer<UInt16>

  init(span: UInt64 = 1 << 17) {
    self.span = span
    counts = .allocate(capacity: Int(span / 2) + 1)
  }

  deinit { counts.deallocate() }

  /// Sieves [low, high]; `low` is a multiple of ``span`` and high − low < ``span``. Counts
  /// in the first segment are right for v ≥ 2 (they include 2).
  func fill(low: UInt64, high: UInt64, stop: CancellationFlag) throws(CancellationError) {
    self.low = low
    self.high = high
    let counts = counts
    let sieve = try Sieve30(low: low, high: high, isCancelled: { stop.isSet })
    // 2, 3 and 5 are not in the sieve's bytes.
    var running: UInt16 = 0
    var filled = 1
    counts[0] = 0
    func count(_ prime: UInt64) {
      let m = Int(truncatingIfNeeded: (prime &- low &+ 1) &>> 1)
      while filled < m {
        counts[filled] = running
        filled &+= 1
      }
      running &+= 1
    }
    if low == 0 {
      running = 1  // 2
      for prime: UInt64 in [3, 5] where prime <= high { count(prime) }
    }
    while try sieve.next() { sieve.forEachPrime(count) }
    let last = Int(span / 2)
    while filled <= last {
      counts[filled] = running
      filled &+= 1
    }
    primeCount = Int(running)
  }

  /// The primes in [low, v], for v in the segment.
  @inline(__always)
  func count(upTo v: UInt64) -> Int {
    Int(truncatingIfNeeded: counts[Int(truncatingIfNeeded: (v &- low &+ 1) &>> 1)])
  }
}
