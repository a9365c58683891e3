/// φ(z, b), the count of 1 ≤ k ≤ z with no prime factor among the first b primes, for b ≤ 9,
/// from one period of each pattern up to b = 5 (the product of those primes, at most 2,310).
enum PhiTable {
  private static let primes: [UInt64] = [2, 3, 5, 7, 11]
  private static let largerPrimes: [UInt64] = [13, 17, 19, 23]

  /// For each b: the period, φ of one period, and φ(r, b) for every r below the period.
  private static let tables: [(period: UInt64, perPeriod: UInt64, counts: [UInt16])] = {
    (0...5).map { b in
      let period = primes.prefix(b).reduce(1, *)
      var counts = [UInt16](repeating: 0, count: Int(period))
      var running: UInt16 = 0
      for r in 1..<max(period, 1) {
        if primes.prefix(b).allSatisfy({ UInt64(r) % $0 != 0 }) { running += 1 }
        counts[Int(r)] = running
      }
      let perPeriod = period == 1 ? 1 : UInt64(counts[Int(period) - 1])
      return (period, perPeriod, counts)
    }
  }()

  /// Above b = 5 by φ(z, b) = φ(z, b − 1) − φ(z/p_b, b − 1): 2^(b − 5) lookups.
  static func phi(_ z: UInt64, _ b: Int) -> UInt64 {
    if b > 5 {
      let p = largerPrimes[b - 6]
      return phi(z, b - 1) - phi(z / p, b - 1)
    }
    let table = tables[b]
    if table.period == 1 { return z }
    return (z / table.period) * table.perPeriod + UInt64(table.counts[Int(z % table.period)])
  }
}
