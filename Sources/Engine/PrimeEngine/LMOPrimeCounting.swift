#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// π(x) by the Lagarias–Miller–Odlyzko method with Deléglise and Rivat's leaf split, in
/// O(x^⅔) time and O(x^⅓) memory.
///
/// With y ≥ ∛x, z = x/y and a = π(y): π(x) = φ(x, a) + a − 1 − P₂(x, a), where φ(x, a)
/// counts the numbers ≤ x with no prime factor ≤ y, and P₂ those with exactly two prime
/// factors above y. φ is expanded into ordinary leaves, μ(n)·⌊x/n⌋ for n ≤ y, and special
/// leaves, −μ(m)·φ(x/(m·p_{b+1}), b) for squarefree m ≤ y < m·p_{b+1} whose prime factors
/// all exceed p_{b+1}. Special leaves with b < 9 take φ from ``PhiTable``. For p² > y the m
/// are primes q, and most leaves need no sieve: q > x/p² gives a leaf w = x/(p·q) below p,
/// where φ = 1 (trivial); w < p² gives φ = π(w) − b + 1 (easy), read from an array of π up
/// to y that stays in cache when w ≤ y. The other leaves (hard) are counted while one
/// segmented sieve of [1, z] removes p₁₀, p₁₁, … in turn, with a count per block of the
/// sieve for fast prefix sums. Once the primes up to √z are removed the sieve holds only
/// primes: the easy leaves above y, and P₂, which needs π(x/p) for the primes y < p ≤ √x,
/// are counted there, in the same pass and without a table of π up to z.
enum LMOPrimeCounting {
  static func primeCount(_ x: UInt64, reporter: inout ProgressReporter) throws -> UInt64 {
    // Small x: a sieve takes microseconds, where the shared table takes 10 ms to build once.
    if x <= 100_000 { return try SegmentedSieve.count(in: 0...x) }
    if x < PrimeTable.smallLimit { return PrimeTable.small.primeCount(x) }
    let root = integerSquareRoot(x)
    let cubeRoot = integerCubeRoot(x)
    // y > ∛x makes y² > x/y: the primes up to √(x/y), which the sieve removes, are all ≤ y.
    let y = min(root, max(cubeRoot + 1, UInt64(Double(cubeRoot) * alpha(x))))
    let factors = try SmallFactors(upTo: Int(y), reporter: &reporter)
    let smallPi = SmallPi(factors.primes, upTo: y)
    // The sums are kept modulo 2⁶⁴ (wrapping operators): from 2⁶³ on the ordinary leaves
    // alone pass Int64's range, while π(x) itself stays below 2⁶³.
    var sum = Int64(factors.primes.count) - 1
    sum &+= try ordinaryLeaves(x, factors: factors, reporter: &reporter)
    sum &+= try phiTableLeaves(x, y: y, factors: factors, reporter: &reporter)
    reporter.beginPhase(0...0.2)
    var sieved = try SievedLeaves(
      x, y: y, factors: factors, smallPi: smallPi, reporter: &reporter)
    sum &+= sieved.leavesWithoutSieve
    reporter.beginPhase(0.2...1)
    sum &+= try sieved.count(reporter: &reporter)
    return UInt64(bitPattern: sum)
  }

  /// y = α·∛x. A larger α shortens the sieve (x/y) and adds special leaves.
  static func alpha(_ x: UInt64) -> Double {
    let digits = log10(Double(x))
    return max(1, 0.002 * digits * digits * digits)
  }

  /// Σ μ(n)·⌊x/n⌋ for n ≤ y, modulo 2⁶⁴.
  static func ordinaryLeaves(
    _ x: UInt64, factors: SmallFactors, reporter: inout ProgressReporter
  ) throws -> Int64 {
    var sum: Int64 = 0
    for n in 1...factors.limit where factors.mu[n] != 0 {
      if n & 0xFFFF == 0 { try reporter.checkpoint(0) }
      sum &+= Int64(factors.mu[n]) &* Int64(bitPattern: x / UInt64(n))
    }
    return sum
  }

  /// The special leaves of the b the sieve starts beyond, with φ(w, b) from ``PhiTable``.
  static func phiTableLeaves(
    _ x: UInt64, y: UInt64, factors: SmallFactors, reporter: inout ProgressReporter
  ) throws -> Int64 {
    var sum: Int64 = 0
    for b in 0..<min(CountingSieve.presievedPrimes, factors.primes.count) {
      let p = UInt64(factors.primes[b])
      var m = y
      while m > y / p {
        if m & 0x3FFF == 0 { try reporter.checkpoint(0) }
        if factors.mu[Int(m)] != 0 && UInt64(factors.leastFactor[Int(m)]) > p {
          sum &-= Int64(factors.mu[Int(m)]) &* Int64(bitPattern: PhiTable.phi(x / (m * p), b))
        }
        m -= 1
      }
    }
    return sum
  }
}
