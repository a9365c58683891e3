/// For each m ≤ z coprime to 210, what the hard special leaves need to know of it, in one
/// number of 16 bits (32 past z ≈ 1.5·10¹¹, ``TableWidths/FactorValue``): whether m can be
/// a leaf's m at all (squarefree, every prime factor ≤ y), its Möbius sign, and the index of
/// its least prime factor.
///
/// The value is 0 when m cannot be a leaf's m; its largest for a prime ≤ y (and for 1);
/// otherwise 2·π(lpf(m)) plus 1 when m has an odd number of prime factors. A leaf of the
/// b-th prime needs lpf(m) > p_b, which is then one comparison: value > 2b + 1. Only the 48
/// residues modulo 210 coprime to it are stored (the leaves' m have no factor below 11):
/// 0.46 bytes per number below z (0.91 with 32-bit values).
final class FactorTable<Widths: TableWidths>: @unchecked Sendable {
  let limit: UInt64
  /// The values, by position (``index(of:)``).
  let values: UnsafeMutableBufferPointer<Widths.FactorValue>
  /// The 48 residues modulo 210 coprime to it, by position modulo 48, as the inner loops
  /// read them.
  let residues: UnsafeMutableBufferPointer<UInt32>

  /// `primes` are the primes up to y, from index 1; the primes from y to z/11 are sieved
  /// here. `isCancelled` is checked every ``checkInterval`` multiples visited (and primes
  /// passed): the small primes visit millions each, and near 2⁶⁴ the table takes half a
  /// second, which a cancellation must not wait for.
  convenience init(
    limit z: UInt64, y: UInt64, primes: UnsafeMutableBufferPointer<Widths.Prime>,
    isCancelled: @escaping () -> Bool
  ) throws(CancellationError) {
    self.init(limit: z, y: y)
    try fill(part: 0, of: 1, primes: primes, isCancelled: isCancelled)
  }

  /// An empty table, to be filled part by part (``fill(part:of:primes:isCancelled:)``), each part
  /// on any thread.
  init(limit z: UInt64, y: UInt64) {
    limit = z
    self.y = y
    residues = .allocate(capacity: 48)
    _ = residues.initialize(from: Residues210.residues.map(UInt32.init))
    let count = Self.lastIndex(atMost: z) + 1
    // Each part sets its own values before it fills them (``fill(part:of:primes:isCancelled:)``),
    // on the thread that fills it: set here, the whole table was paged in by the calling
    // thread alone while the workers waited to start.
    values = .allocate(capacity: count)
  }

  private let y: UInt64

  /// Fills the `part`-th of `parts` ranges of [1, z] (cut at multiples of 210, so that the
  /// parts write disjoint values): the parts can be filled at once on as many threads.
  ///
  /// Each prime p ≥ 11 up to z/11 visits its multiples p·j in the part, j coprime to 210
  /// (j = 1 only when p > y, which excludes p itself); the first prime to reach m is its
  /// least factor, so each part takes the primes in increasing order. A part pays, besides
  /// its share of the multiples, one division per prime up to its end/11, to find where its
  /// multiples start: about z/200 at z = 10⁸ against 0.44·z multiples in all, so a part per
  /// thread, not more.
  ///
  /// `primes` are the primes up to y, from index 1 (``PiTable/primes``): passed to each fill,
  /// not kept, so that the table holds no pointer into memory it does not own.
  func fill(
    part: Int, of parts: Int, primes: UnsafeMutableBufferPointer<Widths.Prime>,
    isCancelled: @escaping () -> Bool
  ) throws(CancellationError) {
    let z = limit
    let y = y
    let turns = z / 210 + 1
    let firstTurn = turns * UInt64(part) / UInt64(parts)
    let endTurn = turns * UInt64(part + 1) / UInt64(parts)
    // More parts than turns leave some empty.
    guard firstTurn < endTurn else { return }
    let low = max(1, firstTurn * 210)
    let high = part == parts - 1 ? z : endTurn * 210 - 1
    let firstIndex = Self.lastIndex(atMost: low - 1) + 1
    let lastIndex = Self.lastIndex(atMost: high)
    if firstIndex <= lastIndex {
      UnsafeMutableBufferPointer(rebasing: values[firstIndex...lastIndex]).initialize(
        repeating: .max)
    }
    let values = values
    var work = 0
    func check() throws(CancellationError) {
      work &+= 1
      if work & (Self.checkInterval - 1) == 0 && isCancelled() { throw CancellationError() }
    }
    func visitMultiples(of p: UInt64, primeIndex: Int) throws(CancellationError) {
      let exceedsY = p > y
      let square = p * p
      var (j, wheel) = Residues210.coprime(atLeast: max(exceedsY ? 1 : 11, (low + p - 1) / p))
      while true {
        let (m, overflow) = p.multipliedReportingOverflow(by: j)
        if overflow || m > high { break }
        let index = Self.index(of: m)
        let value = values[index]
        if exceedsY || m % square == 0 {
          values[index] = 0
        } else if value == .max {
          values[index] = Widths.FactorValue(2 * primeIndex + 1)
        } else if value != 0 {
          values[index] = value ^ 1
        }
        j += 2 * UInt64(Residues210.halfGaps[wheel])
        wheel = wheel == 47 ? 0 : wheel + 1
        try check()
      }
    }
    let lastFactor = min(z, high) / 11
    do {
      for index in 5..<primes.count {
        let p = UInt64(primes[index])
        if p > lastFactor { break }
        try check()
        try visitMultiples(of: p, primeIndex: index)
      }
      if y + 1 <= lastFactor {
        var reporter = ProgressReporter(nil, isCancelled: isCancelled)
        try SegmentedSieve.forEachPrime(in: (y + 1)...lastFactor, reporter: &reporter) { p in
          try check()
          try visitMultiples(of: p, primeIndex: 0)
        }
      }
      // Primes in (y, z] above this part's end/11 have no multiple in it but themselves.
      let first = max(y + 1, lastFactor + 1, low)
      if first <= high {
        var reporter = ProgressReporter(nil, isCancelled: isCancelled)
        try SegmentedSieve.forEachPrime(in: first...high, reporter: &reporter) { p in
          if p > 7 { values[Self.index(of: p)] = 0 }
        }
      }
    } catch {
      throw CancellationError()
    }
  }

  /// Units of work (a multiple visited, a prime passed) between two looks at cancellation:
  /// tens of microseconds.
  static var checkInterval: Int { 1 << 12 }

  deinit {
    values.deallocate()
    residues.deallocate()
  }

  /// The position of m (coprime to 210) in the table.
  @inline(__always)
  static func index(of m: UInt64) -> Int {
    let turn = m / 210
    return Int(truncatingIfNeeded: turn) &* 48
      &+ Int(truncatingIfNeeded: Residues210.index[Int(truncatingIfNeeded: m &- turn &* 210)])
  }

  /// The position of the largest number ≤ m coprime to 210 (−1 below 1).
  @inline(__always)
  static func lastIndex(atMost m: UInt64) -> Int {
    Int(truncatingIfNeeded: m / 210) &* 48
      &+ Int(truncatingIfNeeded: Residues210.residuesUpTo[Int(truncatingIfNeeded: m % 210)]) &- 1
  }

  /// The number at a position of the table.
  @inline(__always)
  static func number(at index: Int) -> UInt64 {
    UInt64(truncatingIfNeeded: index / 48) &* 210
      &+ UInt64(Residues210.residues[index % 48])
  }

  /// The value for the number at `index`.
  @inline(__always)
  subscript(index: Int) -> Widths.FactorValue { values[index] }
}
