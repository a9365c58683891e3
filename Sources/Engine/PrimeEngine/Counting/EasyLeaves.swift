/// The easy special leaves of ``GourdonPrimeCounting``: those whose φ is a π.
///
/// A leaf of the b-th prime p and m is −μ(m)·φ(u, b − 1) with u = ⌊x/(p·m)⌋. When
/// p ≤ u < p², the numbers up to u with no prime factor below p are 1 and the primes from p
/// to u, so φ(u, b − 1) = π(u) − b + 2. Such leaves have m = q, a prime with
/// max(p, z/p, x/p³) < q ≤ min(y, x/p²), or (for p² < z) m = q·r, two primes with
/// p < q < r ≤ y and max(z/p, x/p³) < q·r ≤ z; every u is below √x. They are counted one
/// segment of u at a time (``SegmentPiTable``): a segment gives Σ sign·π(low − 1 … u), the
/// sum of the signs (each leaf's π(low − 1) is added when segments are put together) and
/// Σ sign·(2 − b).
struct EasyLeaves<X: CountingInteger, Widths: TableWidths> {
  let parameters: GourdonParameters<X>
  let pi: PiTable<Widths>
  /// For each b from k + 1 to the last with prime leaves, what its prime leaves' bounds are
  /// in every segment (``primeLeafBounds(_:parameters:pi:)``, as indices of primes): a
  /// segment only clips them. Worked out per segment they cost about ten divisions and a
  /// square root per b.
  /// Memory: 16 bytes per prime up to min(∛x, y), 3.1 MB near 2⁶⁴ (x/p is worked out again
  /// with the prime's reciprocal: 8 bytes more each took 0.3 MiB at 10¹⁷, at the run's peak).
  private let levels: [Level]
  /// For each prime a lookup divides by, ``reciprocal(of:)``: 8 bytes per prime up to
  /// max(∛x, √(x/p) for the smallest p with leaves of a prime q, z/p_{k+2}), about
  /// x^⅓·y^⅙, made with the easy leaves' first segment, when the factor table of the hard
  /// leaves is gone. Every prime up to y took 16 MB at 10¹⁸ (y = 3.2·10⁷), where no q or r
  /// passes 1.8·10⁷: 9 MB serve.
  private let reciprocals: [UInt64]

  private struct Level {
    /// The q of the direct range, and the r of the reflected range, as indices of primes
    /// (empty when first > last).
    var directFirst: Widths.Position
    var directLast: Widths.Position
    var reflectedFirst: Widths.Position
    var reflectedLast: Widths.Position
  }

  /// The numbers of one segment of u: 64·x^¼, even, from 2¹⁷ to 2¹⁹ (``SegmentPiTable``'s
  /// largest).
  ///
  /// Each segment pays, for each b that reaches it, a few divisions and lookups in a π table
  /// out of cache, and the levels that reach a segment grow with x: at 10¹⁷ and 10¹⁸ segments
  /// of 2¹⁹ took 11–12% less time for the easy leaves than 2¹⁷ (a table of 512 KiB, still in
  /// L2). Below, smaller ones keep the memory where it was (2¹⁹ from 10¹³ on took 0.5–0.8 MiB
  /// more, above primecount's peak at 3·10¹³).
  static func segmentSpan(x: X) -> UInt64 {
    min(1 << 19, max(1 << 17, UInt64(64 * Double(x).squareRoot().squareRoot()))) & ~1
  }

  /// Where each segment of u starts, from 0 to `sqrtX`: every segment `widest` numbers
  /// (``segmentSpan(x:)``), except below y when `threads` share them.
  ///
  /// The leaves crowd below y: at 3·10¹³ the first two segments of 152,000 numbers held 14 ms
  /// of the easy leaves' 20, the first alone 9 ms, and since the easy leaves are the last
  /// kind of job handed out, that segment ended the count alone. So below y a segment is
  /// y/(4·threads) numbers (at least 2¹², at most `widest`), and from y on each is 5/4 of the
  /// last until it is `widest`: the leaves thin out slowly past y (at 2.7·10¹⁵ a tenth as
  /// dense as at their peak), and doubling made segments of 4–8 ms there, a third of each of
  /// 64 workers' share. Not narrow everywhere: a segment pays a setup for each level that
  /// reaches it, 20–50 µs, and segments of 8,192 numbers throughout took 1.6 times the time at
  /// 3·10¹³. Starts are even, as ``SegmentPiTable`` needs.
  static func segmentStarts(sqrtX: UInt64, y: UInt64, widest: UInt64, threads: Int)
    -> [UInt64]
  {
    var span =
      threads == 1 ? widest : min(widest, max(1 << 12, y / UInt64(4 * threads))) & ~1
    var starts: [UInt64] = []
    var start: UInt64 = 0
    while start <= sqrtX {
      starts.append(start)
      start += span
      if start >= y { span = min(widest, span + span / 4) & ~1 }
    }
    return starts
  }

  init(parameters: GourdonParameters<X>, pi: PiTable<Widths>) {
    self.parameters = parameters
    self.pi = pi
    let first = parameters.k + 1
    let last = pi[min(parameters.cubeRoot, parameters.y)]
    var levels: [Level] = []
    levels.reserveCapacity(max(0, last - first + 1))
    if first <= last {
      for b in first...last {
        let bounds = Self.primeLeafBounds(b, parameters: parameters, pi: pi)
        var level = Level(directFirst: 1, directLast: 0, reflectedFirst: 1, reflectedLast: 0)
        let directUpper = min(bounds.upper, bounds.root)
        if bounds.lower < directUpper {
          level.directFirst = Widths.Position(pi[bounds.lower] + 1)
          level.directLast = Widths.Position(pi[directUpper])
        }
        if let range = bounds.reflected, range.lowerBound < range.upperBound {
          level.reflectedFirst = Widths.Position(pi[range.lowerBound] + 1)
          level.reflectedLast = Widths.Position(pi[range.upperBound])
        }
        levels.append(level)
      }
    }
    self.levels = levels
    // The largest index of a prime divided by: the levels' p, their q and r, and the r of
    // leaves q·r, below z/q with q above p_{k+1}.
    let smallestQ = parameters.k + 2 <= pi.count ? UInt64(pi.primes[parameters.k + 2]) : 1
    let largest = levels.reduce(max(last, pi[min(parameters.y, parameters.z / smallestQ)])) {
      max($0, Int($1.directLast), Int($1.reflectedLast))
    }
    reciprocals = pi.primes[...largest].map { reciprocal(of: UInt64($0)) }
  }

  struct Segment {
    /// Σ −μ(m)·(π(u) − π(low − 1) − b + 2) over the segment's leaves.
    var sum: X.Sum = 0
    /// Σ −μ(m) over the segment's leaves.
    var signs: X.Sum = 0
    /// The primes in the segment.
    var primes: X.Sum = 0
  }

  /// The leaves with u in `table`'s segment.
  func count(_ table: SegmentPiTable, stop: CancellationFlag) throws(CancellationError)
    -> Segment
  {
    let x = parameters.x
    let y = parameters.y
    let z = parameters.z
    let low = table.low
    let high = table.high
    let primes = pi.primes
    var result = Segment(primes: X.Sum(table.primeCount))
    // Leaves of p have u ≤ x/p², and u ≥ x/(p·z) or (reflected) u > √(x/p): only these p
    // can reach the segment.
    let largestP = min(parameters.cubeRoot, (x.divided(by: max(low, 1))).squareRoot)
    let smallestP = min(
      x.divided(by: z).divided(by: high + 1), x.divided(by: high + 1).divided(by: high + 1)
    ).atMost(y)
    var b = max(parameters.k + 1, pi[smallestP])
    let lastB = pi[min(largestP, y)]
    var work = 0
    // Per b, not per leaf: in the sum's full width, as a segment's terms near 10³¹ may pass
    // 2⁶³.
    var sum: X.Sum = 0
    var signs: X.Sum = 0
    while b <= lastB {
      work &+= 1
      if work & 0x3F == 0 && stop.isSet { throw CancellationError() }
      let p = UInt64(primes[b])
      let level = levels[b &- parameters.k &- 1]
      let xp =
        X.bitWidth == 64 ? X(x.quotient(p, reciprocal: reciprocals[b])) : x.divided(by: p)
      // m = q prime: Σ π(xp/q) over q in (lower, upper]; their −b + 2 is in
      // ``closedForm(_:parameters:pi:)``. Directly for q ≤ √xp, and above, where xp/q < √xp,
      // by counting the pairs (q, r) with q·r ≤ xp the other way: Σ π(xp/r) over primes r
      // in (r₁, r_max]. These r are primes of the direct range too (in this segment, the same
      // π(xp/r)): where the index ranges overlap each lookup counts twice. The segment
      // keeps the q (or r) in (xp/(high + 1), xp/low].
      // Compared only with bounds up to z (≥ y), so narrowed to it.
      let segmentAbove = (xp.divided(by: high + 1)).atMost(z)
      let segmentUpTo = (low == 0 ? xp : xp.divided(by: low)).atMost(z)
      let firstInSegment = pi[min(segmentAbove, y)] &+ 1
      let lastInSegment = pi[min(segmentUpTo, y)]
      let direct = (
        first: max(Int(level.directFirst), firstInSegment),
        last: min(Int(level.directLast), lastInSegment)
      )
      let reflected = (
        first: max(Int(level.reflectedFirst), firstInSegment),
        last: min(Int(level.reflectedLast), lastInSegment)
      )
      let both = (
        first: max(direct.first, reflected.first), last: min(direct.last, reflected.last)
      )
      if both.first > both.last {
        sum &+= lookups(table, xp, direct.first, direct.last)
        sum &+= lookups(table, xp, reflected.first, reflected.last)
        signs &+= X.Sum(max(0, direct.last &- direct.first &+ 1))
        signs &+= X.Sum(max(0, reflected.last &- reflected.first &+ 1))
      } else {
        // The union is one range: one part counted once, the overlap twice, one part once.
        let first = min(direct.first, reflected.first)
        let last = max(direct.last, reflected.last)
        sum &+= lookups(table, xp, first, both.first &- 1)
        sum &+= 2 &* lookups(table, xp, both.first, both.last)
        sum &+= lookups(table, xp, both.last &+ 1, last)
        signs &+= X.Sum(last &- first &+ 1 &+ both.last &- both.first &+ 1)
      }
      let constant = 2 &- X.Sum(b)
      // m = q·r, q < r ≤ y: q > productAbove/y. For p ≤ ∛(x/z) there is none (x/p³ ≥ z).
      if p * p < z {
        let hardUpTo = (xp.divided(by: p).divided(by: p)).atMost(z)
        let productAbove = max(z / p, hardUpTo, segmentAbove)
        let productUpTo = min(z, segmentUpTo)
        var qIndex = max(b + 1, pi[min(productAbove / y, y)] + 1)
        while productAbove < productUpTo && qIndex < primes.count {
          let q = UInt64(primes[qIndex])
          if q * q >= productUpTo { break }
          let rLower = max(q, productAbove / q)
          let rUpper = min(y, productUpTo / q)
          if rLower < rUpper {
            let first = pi[rLower] + 1
            let last = pi[rUpper]
            let count = X.Sum(last &- first &+ 1)
            if count > 0 {
              signs &-= count
              sum &-= count &* constant
              sum &-= lookups(table, xp.divided(by: q), first, last)
            }
          }
          qIndex += 1
        }
      }
      b += 1
    }
    result.sum = sum
    result.signs = signs
    return result
  }

  /// Σ π(v/primes[i]) (from the segment's start) for i in first...last (none when
  /// last < first), in a local accumulator: at most a segment's primes (2¹⁹) a lookup, and
  /// fewer than 2⁴⁴ lookups (primes up to y) fit in 64 bits at every x.
  @inline(__always)
  private func lookups(_ table: SegmentPiTable, _ v: X, _ first: Int, _ last: Int) -> X.Sum {
    let primes = pi.primes
    return reciprocals.withUnsafeBufferPointer { reciprocals in
      var sum: Int64 = 0
      var index = first
      while index <= last {
        sum &+= Int64(
          table.count(upTo: v.quotient(UInt64(primes[index]), reciprocal: reciprocals[index])))
        index &+= 1
      }
      return X.Sum(truncatingIfNeeded: sum)
    }
  }

  /// The prime leaves of b: q in (lower, upper]; q up to `root` = ⌊√(x/p)⌋ are counted
  /// directly, and when upper > root the q above are counted through the primes r in
  /// `reflected` (r₁, r_max].
  static func primeLeafBounds(
    _ b: Int, parameters: GourdonParameters<X>, pi: PiTable<Widths>
  ) -> (lower: UInt64, upper: UInt64, root: UInt64, reflected: ClosedRange<UInt64>?) {
    let x = parameters.x
    let p = UInt64(pi.primes[b])
    let xp = x.divided(by: p)
    let upper = (xp.divided(by: p)).atMost(parameters.y)
    // Narrowed to upper: it is only used when below.
    let lower = max(p, parameters.z / p, (xp.divided(by: p).divided(by: p)).atMost(upper))
    let root = xp.squareRoot
    guard lower < upper, upper > root else { return (lower, upper, root, nil) }
    let reflectedAbove = max(lower, root)
    let rMax = xp.quotient(reflectedAbove + 1)
    let r1 = min(xp.quotient(upper), rMax)
    return (lower, upper, root, r1...rMax)
  }

  /// What the prime leaves of b add besides the π lookups of ``count(_:stop:)``: −b + 2 for
  /// each leaf, and the reflected pairs' terms: for q in (L′, upper], L′ = max(lower, √(x/p)),
  /// Σ_q π(x/(p·q)) = π(r₁)·(π(upper) − π(L′)) + Σ_{r₁<r≤r_max} (π(x/(p·r)) − π(L′)).
  static func closedForm(_ b: Int, parameters: GourdonParameters<X>, pi: PiTable<Widths>)
    -> X.Sum
  {
    let bounds = primeLeafBounds(b, parameters: parameters, pi: pi)
    guard bounds.lower < bounds.upper else { return 0 }
    var sum = X.Sum(pi[bounds.upper] &- pi[bounds.lower]) &* (2 &- X.Sum(b))
    if let reflected = bounds.reflected {
      let piAbove = X.Sum(pi[max(bounds.lower, bounds.root)])
      let piR1 = X.Sum(pi[reflected.lowerBound])
      sum &+= piR1 &* (X.Sum(pi[bounds.upper]) &- piAbove)
      sum &-= (X.Sum(pi[reflected.upperBound]) &- piR1) &* piAbove
    }
    return sum
  }
}
