/// π within one segment [low, high] of up to 2¹⁹ numbers: the primes from low to v, for any v
/// in the segment, in one load.
///
/// The easy special leaves look up π at random points below √x, hundreds of millions of
/// times near 10¹⁴; a table for all of them would not stay in cache (and near 2⁶⁴ would take
/// gigabytes), so they are counted one segment at a time, with π(low − 1) added when the
/// segments are put together. The table holds, for each odd number of the segment, the
/// primes from low to it in 16 bits: up to 512 KiB, in the L2 cache, and no bit counting.
final class SegmentPiTable {
  /// The numbers in a segment: even, at most 2¹⁹, so that counts fit 16 bits: the first 2¹⁹
  /// numbers hold 43,390 primes, later segments about 2¹⁹/ln(low), within a few hundred (the
  /// first 2²⁰ hold 82,025).
  let span: UInt64

  private(set) var low: UInt64 = 0
  private(set) var high: UInt64 = 0
  /// The primes in [low, high].
  private(set) var primeCount = 0
  /// At m: the primes in [low, low + 2m − 1], m from 0 to span/2.
  private let counts: UnsafeMutableBufferPointer<UInt16>

  init(span: UInt64) {
    self.span = span
    counts = .allocate(capacity: Int(span / 2) + 1)
  }

  deinit { counts.deallocate() }

  /// Sieves [low, high]; `low` is even and high − low < ``span``. Counts
  /// in the first segment are right for v ≥ 2 (they include 2).
  ///
  /// A byte of the sieve (30 numbers, 15 of them odd) gives 15 counts at once: the running
  /// count plus, from ``byteCounts``, its primes up to each odd offset, as one 16-lane store
  /// (the 16th lane is the next byte's first, which that byte's store writes again).
  func fill(low: UInt64, high: UInt64, stop: CancellationFlag) throws(CancellationError) {
    self.low = low
    self.high = high
    let counts = counts
    let sieve = try Sieve30(low: low, high: high, isCancelled: { stop.isSet })
    let last = Int(span / 2)
    // 2, 3 and 5 are not in the sieve's bytes.
    var running: UInt16 = 0
    var filled = 1
    counts[0] = 0
    func advance(to m: Int) {
      while filled < min(m, last &+ 1) {
        counts[filled] = running
        filled &+= 1
      }
    }
    if low == 0 {
      running = 1  // 2
      for prime: UInt64 in [3, 5] where prime <= high {
        advance(to: Int((prime &+ 1) &>> 1))
        running &+= 1
      }
    }
    let raw = UnsafeMutableRawPointer(counts.baseAddress!)
    let table = Self.byteCounts
    while try sieve.next() {
      // The count at m is for the odd number low + 2m − 1; byte i's odd numbers have
      // m = first + 15i + j, j = 0 … 14 (low and segmentLow are even).
      let first =
        (Int(truncatingIfNeeded: sieve.segmentLow) &- Int(truncatingIfNeeded: low)) / 2 &+ 1
      for index in 0..<sieve.byteCount {
        let byte = Int(truncatingIfNeeded: sieve.bytes[index])
        let m = first &+ 15 &* index
        let lanes = table[byte]
        if m >= filled && m &+ 16 <= counts.count {
          raw.storeBytes(
            of: SIMD16(repeating: running) &+ lanes, toByteOffset: m &* 2,
            as: SIMD16<UInt16>.self)
        } else {
          // The first byte (numbers below low, or 2, 3 and 5 before it) and the last.
          for j in 0..<15 where m &+ j >= filled && m &+ j <= last {
            counts[m &+ j] = running &+ lanes[j]
          }
        }
        filled = max(filled, min(m &+ 15, last &+ 1))
        running &+= lanes[15]
      }
    }
    advance(to: last &+ 1)
    primeCount = Int(running)
  }

  /// For each byte value of ``Sieve30``, its primes up to each odd offset 1, 3, …, 29 of its
  /// 30 numbers (lanes 0 … 14), and all of them (lane 15). 8 KiB, built at every run's first
  /// segment: as a bit count per lane (with an array of the bits per lane it took four
  /// million instructions, a fifth of π(1.2·10¹⁰)).
  private static let byteCounts: [SIMD16<UInt16>] = {
    // The wheel bits at or below each odd offset: lane j holds the residues ≤ 2j + 1.
    var masks = SIMD16<UInt16>()
    for j in 0..<16 {
      masks[j] = UInt16(Sieve30Wheel.keepUpTo[min(2 * j + 1, 29)])
    }
    return (0..<256).map { byte in
      let bits = SIMD16(repeating: UInt16(byte)) & masks
      var lanes = SIMD16<UInt16>()
      for j in 0..<16 { lanes[j] = UInt16(truncatingIfNeeded: bits[j].nonzeroBitCount) }
      return lanes
    }
  }()

  /// The primes in [low, v], for v in the segment.
  @inline(__always)
  func count(upTo v: UInt64) -> Int {
    Int(truncatingIfNeeded: counts[Int(truncatingIfNeeded: (v &- low &+ 1) &>> 1)])
  }
}
