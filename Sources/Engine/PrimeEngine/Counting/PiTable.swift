#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// π(v) for every v up to a limit, in constant time, and the primes up to it.
///
/// A bit for each number coprime to 30 (eight in every 30, as in ``Sieve30``) and the count
/// of primes above 5 before each 64-bit word, side by side in memory so that a lookup touches
/// one cache line: 16 bytes per 240 numbers, 2.5 MiB at 4·10⁷ (about y near 2⁶⁴), where an
/// array of counts would take 160 MiB. A bit per odd number took 1.9 times that, 0.65 MiB more
/// at 10¹⁷, where the easy leaves' tables live beside it at the run's peak.
///
/// The primes take 4 bytes each, or 8 past 2³² (``TableWidths/Prime``).
final class PiTable<Widths: TableWidths>: @unchecked Sendable {
  let limit: UInt64
  /// The primes up to the limit, from index 1 (`primes[1]` = 2); `primes[0]` is 1.
  let primes: UnsafeMutableBufferPointer<Widths.Prime>
  /// π(limit).
  var count: Int { primes.count - 1 }
  /// For each word: the count of primes above 5 before it, then the word's bits.
  private let entries: UnsafeMutableBufferPointer<UInt64>
  /// For r < 240: a word's bits for the numbers from its first up to r.
  private let masks: UnsafeMutableBufferPointer<UInt64>

  /// Checks `isCancelled` while it sieves: near 2⁶⁴ the table takes a fraction of a second.
  init(limit: UInt64, isCancelled: @escaping () -> Bool) throws(CancellationError) {
    // A limit past the primes' width would stop on the first prime past it, after sieving
    // up to there: the count chooses the widths for its y (``TableWidthChoice/narrowest(y:z:)``).
    precondition(limit <= UInt64(Widths.Prime.max), "the π table's primes are too narrow")
    self.limit = limit
    var list: [Widths.Prime] = [1]
    list.reserveCapacity(Int(Double(limit) / max(1, log(Double(limit)) - 1.1)) + 16)
    if limit >= 2 { list.append(2) }
    var reporter = ProgressReporter(nil, isCancelled: isCancelled)
    do {
      try SegmentedSieve.forEachOddSegment(in: 1...max(limit, 3), reporter: &reporter) {
        low, segment, bitCount in
        for index in 0..<((bitCount + 63) / 64) {
          var word = segment[index]
          while word != 0 {
            let bit = index * 64 + word.trailingZeroBitCount
            word &= word &- 1
            let prime = low + 2 * UInt64(bit)
            if bit < bitCount && prime <= limit {
              list.append(Widths.Prime(truncatingIfNeeded: prime))
            }
          }
        }
      }
    } catch {
      throw CancellationError()
    }
    primes = .allocate(capacity: list.count)
    _ = primes.initialize(from: list)
    let wordCount = Int(limit / 240) + 1
    entries = .allocate(capacity: 2 * wordCount)
    entries.initialize(repeating: 0)
    for prime in list where prime > 5 {
      let r = Int(prime % 240)
      let bit = 8 * (r / 30) + Sieve30Wheel.residueIndex[r % 30]
      entries[2 * Int(prime / 240) + 1] |= 1 << UInt64(bit)
    }
    var running: UInt64 = 0
    for word in 0..<wordCount {
      entries[2 * word] = running
      running += UInt64(entries[2 * word + 1].nonzeroBitCount)
    }
    masks = .allocate(capacity: 240)
    for r in 0..<240 {
      let block = UInt64(8 * (r / 30))
      masks[r] = (1 << block) - 1 | UInt64(Sieve30Wheel.keepUpTo[r % 30]) << block
    }
  }

  deinit {
    entries.deallocate()
    masks.deallocate()
    primes.deallocate()
  }

  /// π(v) for v ≤ limit.
  @inline(__always)
  subscript(v: UInt64) -> Int {
    // π(0) … π(6), four bits each.
    if v < 7 { return Int(truncatingIfNeeded: (0x332_2100 as UInt64) &>> (4 &* v) & 0xF) }
    let word = v / 240
    let r = Int(truncatingIfNeeded: v &- word &* 240)
    let index = 2 &* Int(truncatingIfNeeded: word)
    return 3 &+ Int(truncatingIfNeeded: entries[index])
      &+ (entries[index &+ 1] & masks[r]).nonzeroBitCount
  }
}
