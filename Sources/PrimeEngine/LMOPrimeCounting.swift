import Foundation

/// π(x) by the Lagarias–Miller–Odlyzko method, in O(x^⅔) time and O(x^⅓) memory.
///
/// With y ≥ ∛x and a = π(y): π(x) = φ(x, a) + a − 1 − P₂(x, a), where φ(x, a) counts the
/// numbers ≤ x with no prime factor ≤ y, and P₂ counts those with exactly two prime factors
/// above y. A ``PrimeTable`` of π up to x/y gives P₂ by lookups. φ is expanded into ordinary leaves, μ(n)·⌊x/n⌋ for n ≤ y, and special leaves,
/// −μ(m)·φ(x/(m·p_{b+1}), b) for squarefree m ≤ y < m·p_{b+1} whose prime factors all exceed
/// p_{b+1}. Special leaves with b < 6 are read from tables modulo 2·3·5·7·11; the others
/// are counted while one segmented sieve of [1, x/y] removes p₇, p₈, … in turn, with a
/// count per block of the sieve for fast prefix sums. For p² > y the m are primes q, and
/// most leaves need no sieve (Deléglise–Rivat): q > x/p² gives z < p and φ = 1 (trivial);
/// x/p³ < q ≤ x/p² gives p ≤ z < p² and φ = π(z) − b + 1, read from the table (easy). Only
/// the hard leaves, with p below x^¼, wait for the sieve, which stops at the last such p. P₂ needs π(x/p) for the primes
/// y < p ≤ √x, which a second pass of the segmented sieve over [1, x/y] gives in order.
enum LMOPrimeCounting {
  static func primeCount(_ x: UInt64, reporter: inout ProgressReporter) throws -> UInt64 {
    // Small x: a sieve takes microseconds, where the shared table takes 10 ms to build once.
    if x <= 100_000 { return try SegmentedSieve.count(in: 0...x) }
    if x < PrimeTable.smallLimit { return PrimeTable.small.primeCount(x) }
    let root = integerSquareRoot(x)
    let cubeRoot = integerCubeRoot(x)
    let y = min(root, max(cubeRoot, UInt64(Double(cubeRoot) * alpha(x))))
    let factors = SmallFactors(upTo: Int(y))
    let a = factors.primes.count
    // π of every value up to x/y (≥ y), for the easy leaves and P₂.
    reporter.beginPhase(0...0.2)
    let table = try PrimeTable(limit: x / y, reporter: &reporter)
    reporter.beginPhase(0.2...1)
    var sum = Int64(a) - 1
    sum += ordinaryLeaves(x, factors: factors)
    sum += try specialLeaves(x, y: y, factors: factors, table: table, reporter: &reporter)
    sum -= try Int64(p2(x, y: y, a: a, root: root, table: table))
    return UInt64(sum)
  }

  /// y = α·∛x. A larger α shortens the sieve (x/y) and adds special leaves.
  static func alpha(_ x: UInt64) -> Double {
    let digits = log10(Double(x))
    return max(1, 0.002 * digits * digits * digits)
  }

  static func ordinaryLeaves(_ x: UInt64, factors: SmallFactors) -> Int64 {
    var sum: Int64 = 0
    for n in 1...factors.limit where factors.mu[n] != 0 {
      sum += Int64(factors.mu[n]) * Int64(x / UInt64(n))
    }
    return sum
  }

  static func specialLeaves(
    _ x: UInt64, y: UInt64, factors: SmallFactors, table: PrimeTable,
    reporter: inout ProgressReporter
  ) throws -> Int64 {
    let primes = factors.primes
    let a = primes.count
    var sum: Int64 = 0
    // Most easy leaves have z ≤ y: π there is one load from a small array that stays in
    // cache, where the table needs a mask and a population count.
    var smallPi = [UInt32](repeating: 0, count: Int(y) + 1)
    var primesSoFar: UInt32 = 0
    for n in 0...Int(y) {
      if Int(primesSoFar) < a && primes[Int(primesSoFar)] == n { primesSoFar += 1 }
      smallPi[n] = primesSoFar
    }
    func primeCount(_ z: UInt64) -> UInt64 {
      z <= y ? UInt64(smallPi.withUnsafeBufferPointer { $0[Int(z)] }) : table.primeCount(z)
    }
    // b < 6: φ(z, b) from the tables.
    for b in 0..<min(6, a) {
      let p = UInt64(primes[b])
      var m = y
      while m > y / p {
        if factors.mu[Int(m)] != 0 && UInt64(factors.leastFactor[Int(m)]) > p {
          sum -= Int64(factors.mu[Int(m)]) * Int64(PhiTable.phi(x / (m * p), b))
        }
        m -= 1
      }
    }
    guard a > 6 else { return sum }
    // b ≥ 6: φ(z, b) from the sieve of [1, x/y], which starts as the numbers coprime to
    // 2·3·5·7·11·13 (b = 6) and loses the multiples of p_{b+1} after leaves of b are counted.
    let limit = x / y
    var sieve = CountingSieve()
    var phiBefore = [Int64](repeating: 0, count: a)
    // Each b keeps the largest m whose leaf is not yet counted; leaves are met in
    // increasing z = x/(m·p), so m only goes down. When p² > y the m are the primes in
    // (p, y], kept as an index into `primes`; those with m > x/p² have z < p, so φ = 1 and
    // they are counted at once here.
    var nextM = [UInt64](repeating: y, count: a)
    var largestZ = [UInt64](repeating: 0, count: a + 1)
    // The sieve is needed up to the last b with hard leaves (φ not read from π).
    var lastHard = 5
    for b in 6..<a {
      let p = UInt64(primes[b])
      guard p * p > y else {
        lastHard = b
        continue
      }
      // m = q prime in (p, y]. q > x/p²: z < p, φ = 1 (trivial). x/p³ < q ≤ x/p²:
      // p ≤ z < p², φ = π(z) − b + 1 (easy). q ≤ x/p³: z ≥ p², from the sieve (hard).
      let pSquared = p * p
      let trivialAbove = min(y, max(p, x / pSquared))
      let primesUpToTrivial = Int(table.primeCount(trivialAbove))
      sum += Int64(a - primesUpToTrivial)
      let hardUpTo = min(trivialAbove, max(p, x / pSquared / p))
      let primesUpToHard = Int(table.primeCount(hardUpTo))
      // Easy leaves come in runs of q with the same π(z) = l: while p_{l+1} ≤ y, the run is
      // every prime q in (x/(p·p_{l+1}), current q], counted from the table at once.
      var index = primesUpToTrivial - 1
      while index >= primesUpToHard {
        let l = Int(primeCount(x / (p * UInt64(primes[index]))))
        var first = index
        if l < a {
          let runStart = Int(primeCount(x / (p * UInt64(primes[l]))))
          first = max(primesUpToHard, runStart)
        }
        sum += Int64(index - first + 1) * (Int64(l) - Int64(b) + 1)
        index = first - 1
      }
      nextM[b] = UInt64(primesUpToHard - 1)  // index of the largest m with a hard leaf
      if primesUpToHard - 1 > b { lastHard = b }
    }
    for b in (6...max(lastHard, 6)).reversed() where b < a {
      let p = UInt64(primes[b])
      largestZ[b] = max(largestZ[b + 1], x / (p * max(y / p + 1, p + 1)))
    }
    var low: UInt64 = 1
    // Leaves and primes handled since the last look at cancellation.
    var work = 0
    while low <= limit {
      try reporter.checkpoint(Double(low) / Double(limit))
      let high = min(limit, low + 2 * UInt64(CountingSieve.bits) - 1)
      sieve.reset(low: low)
      for b in 6..<min(a, lastHard + 1) {
        if largestZ[b] < low { break }
        work &+= 64
        if work & 0xFFF == 0 { try reporter.checkpoint(Double(low) / Double(limit)) }
        let p = UInt64(primes[b])
        sieve.startCounting()
        if p * p > y {
          // m prime, from index nextM[b] down to the first prime above p.
          var index = Int(nextM[b])
          while index > b {
            let z = x / (UInt64(primes[index]) * p)
            if z > high { break }
            sum += phiBefore[b] + Int64(sieve.count(upTo: z))
            index -= 1
            work &+= 1
            if work & 0xFFF == 0 { try reporter.checkpoint(Double(low) / Double(limit)) }
          }
          nextM[b] = UInt64(max(index, 0))
        } else {
          let lowestM = y / p
          var m = nextM[b]
          while m > lowestM {
            let z = x / (m * p)
            if z > high { break }
            if factors.mu[Int(m)] != 0 && UInt64(factors.leastFactor[Int(m)]) > p {
              let phi = phiBefore[b] + Int64(sieve.count(upTo: z))
              sum -= Int64(factors.mu[Int(m)]) * phi
            }
            m -= 1
            work &+= 1
            if work & 0xFFF == 0 { try reporter.checkpoint(Double(low) / Double(limit)) }
          }
          nextM[b] = m
        }
        phiBefore[b] += Int64(sieve.total)
        sieve.remove(multiplesOf: p)
      }
      low = high + 1
    }
    return sum
  }

  /// P₂(x, a) = Σ_{y < p ≤ √x} (π(x/p) − π(p) + 1), with π(x/p) ≤ π(x/y) from the table.
  static func p2(
    _ x: UInt64, y: UInt64, a: Int, root: UInt64, table: PrimeTable
  ) throws -> UInt64 {
    guard root > y else { return 0 }
    var sum: UInt64 = 0
    var rank = UInt64(a)
    try SegmentedSieve.forEachPrime(in: (y + 1)...root) { p in
      rank += 1
      sum += table.primeCount(x / p) - rank + 1
    }
    return sum
  }
}

/// ⌊∛n⌋.
func integerCubeRoot(_ n: UInt64) -> UInt64 {
  func cubeExceeds(_ r: UInt64) -> Bool { r > 2_642_245 || r * r * r > n }
  var root = min(UInt64(cbrt(Double(n))), 2_642_246)
  while root > 0 && cubeExceeds(root) { root -= 1 }
  while !cubeExceeds(root + 1) { root += 1 }
  return root
}
