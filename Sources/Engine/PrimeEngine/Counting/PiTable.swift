#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// π(v) for every v up to a limit, in constant time, and the primes up to it.
///
/// A bit per odd number and the count of odd primes before each 64-bit word, side by side
/// in memory so that a lookup touches one cache line: 16 bytes per 128 numbers, 4.8 MiB at
/// 4·10⁷ (about y near 2⁶⁴), where an array of counts would take 160 MiB.
final class PiTable: @unchecked Sendable {
  let limit: UInt64
  /// The primes up to the limit, from index 1 (`primes[1]` = 2); `primes[0]` is 1.
  let primes: UnsafeMutableBufferPointer<UInt32>
  /// π(limit).
  var count: Int { primes.count - 1 }
  /// For each word: the count of odd primes before it, then the word's bits.
  private let entries: UnsafeMutableBufferPointer<UInt64>

  /// Checks `isCancelled` while it sieves: near 2⁶⁴ the table takes a fraction of a second.
  init(limit: UInt64, isCancelled: @escaping () -> Bool) throws(CancellationError) {
    self.limit = limit
    let wordCount = Int(limit / 128) + 1
    entries = .allocate(capacity: 2 * wordCount)
    entries.initialize(repeating: 0)
    var list: [UInt32] = [1]
    list.reserveCapacity(Int(Double(limit) / max(1, log(Double(limit)) - 1.1)) + 16)
    if limit >= 2 { list.append(2) }
    var reporter = ProgressReporter(nil, isCancelled: isCancelled)
    let entries = entries
    do {
      try SegmentedSieve.forEachOddSegment(in: 1...max(limit, 3), reporter: &reporter) {
        low, segment, bitCount in
        let firstWord = Int(low / 128)
        for index in 0..<((bitCount + 63) / 64) {
          var word = segment[index]
          if index == (bitCount - 1) / 64 && bitCount % 64 != 0 {
            word &= (1 << UInt64(bitCount % 64)) - 1
          }
          let position = firstWord + index
          guard position < wordCount else { break }
          entries[2 * position + 1] = word
          while word != 0 {
            let prime = low + 2 * UInt64(index * 64 + word.trailingZeroBitCount)
            word &= word &- 1
            if prime <= limit { list.append(UInt32(prime)) }
          }
        }
      }
    } catch {
      entries.deallocate()
      throw CancellationError()
    }
    // Bits past the limit were sieved but are not in the table.
    let lastBit = (max(limit, 1) - 1) / 2
    entries[2 * Int(lastBit / 64) + 1] &= lastBit % 64 == 63 ? ~0 : (1 << (lastBit % 64 + 1)) - 1
    for word in (Int(lastBit / 64) + 1)..<wordCount { entries[2 * word + 1] = 0 }
    var running: UInt64 = 0
    for word in 0..<wordCount {
      entries[2 * word] = running
      running += UInt64(entries[2 * word + 1].nonzeroBitCount)
    }
    primes = .allocate(capacity: list.count)
    _ = primes.initialize(from: list)
  }

  deinit {
    entries.deallocate()
    primes.deallocate()
  }

  /// π(v) for v ≤ limit.
  @inline(__always)
  subscript(v: UInt64) -> Int {
    if v < 3 { return v == 2 ? 1 : 0 }
    let bit = (v &- 1) &>> 1  // odd numbers 1, 3, …, v (or v − 1)
    let word = Int(truncatingIfNeeded: bit &>> 6)
    let mask: UInt64 = ~0 &>> (63 &- (bit & 63))
    return 1 &+ Int(truncatingIfNeeded: entries[2 &* word])
      &+ (entries[2 &* word &+ 1] & mask).nonzeroBitCount
  }
}
