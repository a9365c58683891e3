/// The π table to y, and the primes up to y listed by index: the leaves read π(v) and p_b,
/// millions of times each.
///
/// The primes take 4 bytes each, or 8 past 2³² (``TableWidths/Prime``); they are read back
/// from the table's bits, so the table's sieve is the only one. Built from a sieve of a bit
/// per odd number, a prime at a time, both took 12 ms at 9.9·10¹⁶ (y = 11.5 million), the
/// calling thread's alone before the workers start (now 4–5 ms).
final class PiTable<Widths: TableWidths>: @unchecked Sendable {
  private let table: PrimeTable
  var limit: UInt64 { table.limit }
  /// The primes up to the limit, from index 1 (`primes[1]` = 2); `primes[0]` is 1.
  let primes: UnsafeMutableBufferPointer<Widths.Prime>
  /// π(limit).
  var count: Int { primes.count - 1 }

  /// Looks at `isCancelled` once a segment of its sieve (``PrimeTable/init(limit:isCancelled:)``).
  init(limit: UInt64, isCancelled: @escaping () -> Bool) throws(CancellationError) {
    // A limit past the primes' width would stop on the first prime past it, after sieving
    // up to there: the count chooses the widths for its y (``TableWidthChoice/narrowest(y:z:)``).
    precondition(limit <= UInt64(Widths.Prime.max), "the π table's primes are too narrow")
    table = try PrimeTable(limit: limit, isCancelled: isCancelled)
    let primes = UnsafeMutableBufferPointer<Widths.Prime>.allocate(capacity: table.count + 1)
    primes[0] = 1
    var next = 1
    table.forEachPrime { p in
      primes[next] = Widths.Prime(truncatingIfNeeded: p)
      next += 1
    }
    self.primes = primes
  }

  deinit { primes.deallocate() }

  /// π(v) for v ≤ limit.
  @inline(__always)
  subscript(v: UInt64) -> Int { table[v] }
}
