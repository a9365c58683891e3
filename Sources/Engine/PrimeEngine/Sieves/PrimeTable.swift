#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// π(v) for every v up to a limit in constant time, and the n-th prime up to it.
///
/// A bit for each number coprime to 30 (eight in every 30: ``Sieve30``'s bytes, read eight
/// at a time) and the count of primes above 5 before each 64-bit word, side by side in memory
/// so that a lookup touches one cache line: 16 bytes per 240 numbers, 2.5 MiB at 4·10⁷ (about
/// y near 2⁶⁴), where an array of counts would take 160 MiB. A bit per odd number took 1.9
/// times that (0.65 MiB more at 10¹⁷, where the easy leaves' tables live beside it at the
/// run's peak), and its sieve 2–3 times as long.
///
/// ``small`` answers every count below 2²⁴ (1.1 MiB, built on first use); a count builds the
/// table to its y (``PiTable``).
///
/// ```swift
/// let table = try PrimeTable(limit: 1_000, isCancelled: { false })
/// let count = table[100]  // 25
/// let prime = table.nthPrime(25)  // 97
/// ```
struct PrimeTable: ~Copyable, @unchecked Sendable {
  static let smallLimit: UInt64 = 1 << 24
  static let small = try! PrimeTable(limit: smallLimit, isCancelled: { false })

  let limit: UInt64
  /// π(limit).
  let count: Int
  /// For each word: the count of primes above 5 before it, then the word's bits.
  private let entries: UnsafeMutableBufferPointer<UInt64>
  /// For r < 240: a word's bits for the numbers from its first up to r.
  private let masks: UnsafeMutableBufferPointer<UInt64>
  private var wordCount: Int { entries.count / 2 }

  /// Sieves [0, limit], looking at `isCancelled` once a segment of the sieve (7.9 million
  /// numbers, a few milliseconds).
  ///
  /// Safe to share (`@unchecked Sendable`): the words are written here only, before the
  /// table is shared, and read from then on; they are freed when it ends.
  init(limit: UInt64, isCancelled: @escaping () -> Bool) throws(CancellationError) {
    self.limit = limit
    let wordCount = Int(limit / 240) + 1
    let sieve = try Sieve30(low: 0, high: limit, isCancelled: isCancelled)
    let entries = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 2 * wordCount)
    // Segments of a multiple of 8 bytes start at a multiple of 240: a segment's word k is the
    // table's word segmentLow/240 + k, and the segments' words are all the table's (the last
    // number's byte, limit/30, is in word limit/240). The sieve clears the bits past the
    // limit and keeps eight zero bytes after its last (``Sieve30/bytes``), so the last word
    // reads nothing else and stays in the sieve's memory (`PiTableTests`, limits at every
    // byte of a word and past a segment, run under the address sanitizer).
    var written = 0
    do throws(CancellationError) {
      while try sieve.next() {
        if isCancelled() { throw CancellationError() }
        assert(sieve.segmentLow == 240 * UInt64(written), "a segment starts inside a word")
        let bytes = UnsafeRawPointer(sieve.bytes.baseAddress!)
        for k in 0..<((sieve.byteCount + 7) / 8) {
          entries[2 * (written + k) + 1] = bytes.loadUnaligned(
            fromByteOffset: 8 * k, as: UInt64.self)
        }
        written += (sieve.byteCount + 7) / 8
      }
    } catch {
      entries.deallocate()
      throw error
    }
    precondition(written == wordCount, "the sieve did not cover the table")
    var running: UInt64 = 0
    for word in 0..<wordCount {
      entries[2 * word] = running
      running += UInt64(entries[2 * word + 1].nonzeroBitCount)
    }
    self.entries = entries
    count = [2, 3, 5].count { $0 <= limit } + Int(running)
    masks = .allocate(capacity: 240)
    for r in 0..<240 {
      let block = UInt64(8 * (r / 30))
      masks[r] = (1 << block) - 1 | UInt64(Sieve30Wheel.keepUpTo[r % 30]) << block
    }
  }

  deinit {
    entries.deallocate()
    masks.deallocate()
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

  /// The n-th prime, when it is within the table.
  func nthPrime(_ n: Int) -> UInt64? {
    guard n >= 1, n <= count else { return nil }
    if n <= 3 { return [2, 3, 5][n - 1] }
    // Among the primes above 5: the last word with fewer before it holds the prime.
    let rank = UInt64(n - 3)
    var lower = 0
    var upper = wordCount - 1
    while lower < upper {
      let middle = (lower + upper + 1) / 2
      if entries[2 * middle] < rank { lower = middle } else { upper = middle - 1 }
    }
    var bits = entries[2 * lower + 1]
    for _ in 1..<(rank - entries[2 * lower]) { bits &= bits &- 1 }
    return Sieve30Wheel.number(word: lower, bit: bits.trailingZeroBitCount)
  }

  /// Calls `body` with each prime up to the limit, in increasing order.
  func forEachPrime(_ body: (UInt64) -> Void) {
    for p: UInt64 in [2, 3, 5] where p <= limit { body(p) }
    for word in 0..<wordCount {
      var bits = entries[2 * word + 1]
      while bits != 0 {
        let bit = bits.trailingZeroBitCount
        bits &= bits &- 1
        body(Sieve30Wheel.number(word: word, bit: bit))
      }
    }
  }
}
