/// φ(z, b), the count of 1 ≤ k ≤ z with no prime factor among the first b primes, for b ≤ 9,
/// from one period of each pattern up to b = 6 (the product of those primes, at most 30,030).
///
/// Memory: a UInt16 count per residue of each period, 65 KB in all, made on first use.
enum PhiTable {
  private static let primes: [UInt64] = [2, 3, 5, 7, 11, 13]
  private static let largerPrimes: [UInt64] = [17, 19, 23]

  /// For each b: the period, φ of one period, and φ(r, b) for every r below the period.
  /// Built at every run's first φ, in place (a 1 for each r, a 0 stepped onto the multiples of
  /// the first b primes, then the running sum; a separate array of marks took 33 KB more,
  /// touched at every run), through unsafe buffers (with arrays, 0.9 million
  /// instructions of every run). A bit per residue and a count per word would take 8 KB, but
  /// a bit count more per lookup: 1.5 times the ordinary leaves' φ instructions.
  private static let tables: [(period: UInt64, perPeriod: UInt64, counts: [UInt16])] = {
    (0...6).map { b in
      let period = Int(primes.prefix(b).reduce(1, *))
      var counts = [UInt16](repeating: 1, count: period)
      counts.withUnsafeMutableBufferPointer { counts in
        for p in primes.prefix(b).map(Int.init) {
          for multiple in stride(from: 0, to: period, by: p) { counts[multiple] = 0 }
        }
        counts[0] = 0
        var running: UInt16 = 0
        for r in 0..<period {
          running &+= counts[r]
          counts[r] = running
        }
      }
      let perPeriod = period == 1 ? 1 : UInt64(counts[period - 1])
      return (UInt64(period), perPeriod, counts)
    }
  }()

  /// The table for b = 6, and φ of its period, 1·2·4·6·10·12.
  private static let period6: UInt64 = 30_030
  private static let perPeriod6: UInt64 = 5_760

  /// φ(z, b) for a z of any width: past 2⁶⁴, by the period of the first b primes' pattern,
  /// φ(z, b) = ⌊z/P⌋·φ(P, b) + φ(z mod P, b) with P = p₁·…·p_b.
  @inline(__always)
  static func phi<X: CountingInteger>(_ z: X, _ b: Int) -> X {
    if X.bitWidth == 64 || z <= X(UInt64.max) {
      return X(phi(UInt64(truncatingIfNeeded: z), b))
    }
    let period = (primes + largerPrimes).prefix(b).reduce(1, *)
    let perPeriod = (primes + largerPrimes).prefix(b).reduce(1) { $0 * ($1 - 1) }
    let (periods, rest) = z.quotientAndRemainder(dividingBy: X(period))
    return periods * X(perPeriod) + X(phi(UInt64(rest), b))
  }

  /// Above b = 6 by φ(z, b) = φ(z, b − 1) − φ(z/p_b, b − 1): 2^(b − 6) lookups.
  static func phi(_ z: UInt64, _ b: Int) -> UInt64 {
    if b == 9 { return phi9(z) }
    if b > 6 {
      let p = largerPrimes[b - 7]
      return phi(z, b - 1) - phi(z / p, b - 1)
    }
    let table = tables[b]
    if table.period == 1 { return z }
    return (z / table.period) * table.perPeriod + UInt64(table.counts[Int(z % table.period)])
  }

  /// φ(z, 9), the ordinary leaves' φ, hundreds of thousands of times: the recursion written
  /// out over the divisors of 17·19·23, so that every division is by a constant (a
  /// multiplication) and ⌊⌊z/17⌋/19⌋ = ⌊z/323⌋ needs one.
  private static func phi9(_ z: UInt64) -> UInt64 {
    tables[6].counts.withUnsafeBufferPointer { counts in
      func phi6(_ w: UInt64) -> UInt64 {
        (w / period6) &* perPeriod6 &+ UInt64(counts[Int(truncatingIfNeeded: w % period6)])
      }
      let positive = phi6(z) &+ phi6(z / 323) &+ phi6(z / 391) &+ phi6(z / 437)
      return positive &- phi6(z / 17) &- phi6(z / 19) &- phi6(z / 23) &- phi6(z / 7_429)
    }
  }
}
