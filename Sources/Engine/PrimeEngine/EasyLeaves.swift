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
struct EasyLeaves {
  let parameters: GourdonParameters
  let pi: PiTable

  struct Segment {
    /// Σ −μ(m)·(π(u) − π(low − 1) − b + 2) over the segment's leaves.
    var sum: Int64 = 0
    /// Σ −μ(m) over the segment's leaves.
    var signs: Int64 = 0
    /// The primes in the segment.
    var primes: Int64 = 0
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
    var result = Segment(primes: Int64(table.primeCount))
    // Leaves of p have u ≤ x/p² and u ≥ x/(p·z): only these p can reach the segment.
    let largestP = min(parameters.cubeRoot, integerSquareRoot(x / max(low, 1)))
    let smallestP = x / (z * (high + 1))
    var b = max(parameters.k + 1, pi[min(smallestP, y)])
    let lastB = pi[min(largestP, y)]
    var work = 0
    while b <= lastB {
      work &+= 1
      if work & 0x3F == 0 && stop.isSet { throw CancellationError() }
      let p = UInt64(primes[b])
      let xp = x / p
      let constant = 2 &- Int64(b)
      // m = q prime.
      let hardUpTo = xp / p / p
      let lower = max(p, z / p, hardUpTo, xp / (high + 1))
      let upper = min(y, xp / p, low == 0 ? xp : xp / low)
      if lower < upper {
        var index = pi[upper]
        let first = pi[lower] + 1
        let count = Int64(index &- first &+ 1)
        if count > 0 {
          result.signs &+= count
          result.sum &+= count &* constant
          while index >= first {
            result.sum &+= Int64(table.count(upTo: divide(xp, primes[index])))
            index &-= 1
          }
        }
      }
      // m = q·r, q < r.
      if p * p < z {
        let productAbove = max(z / p, hardUpTo, xp / (high + 1))
        let productUpTo = min(z, low == 0 ? xp : xp / low)
        var qIndex = b + 1
        while qIndex < primes.count {
          let q = UInt64(primes[qIndex])
          if q * q >= productUpTo { break }
          let rLower = max(q, productAbove / q)
          let rUpper = min(y, productUpTo / q)
          if rLower < rUpper {
            let xpq = xp / q
            var index = pi[rUpper]
            let first = pi[rLower] + 1
            let count = Int64(index &- first &+ 1)
            if count > 0 {
              result.signs &-= count
              result.sum &-= count &* constant
              while index >= first {
                result.sum &-= Int64(table.count(upTo: divide(xpq, primes[index])))
                index &-= 1
              }
            }
          }
          qIndex += 1
        }
      }
      b += 1
    }
    return result
  }
}
