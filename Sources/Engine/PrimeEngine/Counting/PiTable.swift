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
  ///
  /// The table's bits are ``Sieve30``'s bytes read eight at a time, so the sieve writes them
  /// and the primes are read back from them: no prime is set one at a time. Built from a
  /// sieve of a bit per odd number, a prime at a time, the table to y took 16.4 ms at
  /// 9.9·10¹⁶ (y = 11.5 million), before the workers start.
  init(limit: UInt64, isCancelled: @escaping () -> Bool) throws(CancellationError) {
    // A limit past the primes' width would stop on the first prime past it, after sieving
    // up to there: the count chooses the widths for its y (``TableWidthChoice/narrowest(y:z:)``).
    precondition(limit <= UInt64(Widths.Prime.max), "the π table's primes are too narrow")
    self.limit = limit
    let wordCount = Int(limit / 240) + 1
    let sieve = try Sieve30(low: 0, high: limit, isCancelled: isCancelled)
    let table = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 2 * wordCount)
    // Segments of a multiple of 8 bytes start at a multiple of 240: a segment's word k is the
    // table's word segmentLow/240 + k, and the segments' words are all the table's (the last
    // number's byte, limit/30, is in word limit/240). The sieve clears the bits past the
    // limit and zeroes the bytes after its last, so the last word reads nothing else.
    var written = 0
    do throws(CancellationError) {
      while try sieve.next() {
        if isCancelled() { throw CancellationError() }
        assert(sieve.segmentLow == 240 * UInt64(written), "a segment starts inside a word")
        let bytes = UnsafeRawPointer(sieve.bytes.baseAddress!)
        for k in 0..<((sieve.byteCount + 7) / 8) {
          table[2 * (written + k) + 1] = bytes.loadUnaligned(
            fromByteOffset: 8 * k, as: UInt64.self)
        }
        written += (sieve.byteCount + 7) / 8
      }
    } catch {
      table.deallocate()
      throw error
    }
    precondition(written == wordCount, "the sieve did not cover the π table")
    entries = table
    var running: UInt64 = 0
    for word in 0..<wordCount {
      entries[2 * word] = running
      running += UInt64(entries[2 * word + 1].nonzeroBitCount)
    }
    let small: [UInt64] = [2, 3, 5].filter { $0 <= limit }
    primes = .allocate(capacity: 1 + small.count + Int(running))
    primes[0] = 1
    var next = 1
    for p in small {
      primes[next] = Widths.Prime(truncatingIfNeeded: p)
      next += 1
    }
    for word in 0..<wordCount {
      var bits = entries[2 * word + 1]
      while bits != 0 {
        let bit = bits.trailingZeroBitCount
        bits &= bits &- 1
        let p = 240 * UInt64(word) + 30 * UInt64(bit >> 3) + Sieve30Wheel.residue(bit & 7)
        primes[next] = Widths.Prime(truncatingIfNeeded: p)
        next += 1
      }
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
