import Foundation

/// π(x) by the Lagarias–Miller–Odlyzko method, in O(x^⅔) time and O(x^⅓) memory.
///
/// With y ≥ ∛x and a = π(y): π(x) = φ(x, a) + a − 1 − P₂(x, a), where φ(x, a) counts the
/// numbers ≤ x with no prime factor ≤ y, and P₂ counts those with exactly two prime factors
/// above y. φ is expanded into ordinary leaves, μ(n)·⌊x/n⌋ for n ≤ y, and special leaves,
/// −μ(m)·φ(x/(m·p_{b+1}), b) for squarefree m ≤ y < m·p_{b+1} whose prime factors all exceed
/// p_{b+1}. Special leaves with b < 6 are read from tables modulo 2·3·5·7·11; the others
/// are counted while one segmented sieve of [1, x/y] removes p₇, p₈, … in turn, with a
/// count per block of the sieve for fast prefix sums. For p² > y the m are primes, and the
/// leaves with m > x/p² have φ = 1: they are counted without the sieve. P₂ needs π(x/p) for the primes
/// y < p ≤ √x, which a second pass of the segmented sieve over [1, x/y] gives in order.
enum LMOPrimeCounting {
  static func primeCount(_ x: UInt64, reporter: inout ProgressReporter) throws -> UInt64 {
    let table = SmallPrimeTable.shared
    if x < SmallPrimeTable.limit { return table.primeCount(x) }
    let root = integerSquareRoot(x)
    let cubeRoot = integerCubeRoot(x)
    let y = min(root, max(cubeRoot, UInt64(Double(cubeRoot) * alpha(x))))
    let factors = SmallFactors(upTo: Int(y))
    let a = factors.primes.count
    var sum = Int64(a) - 1
    sum += ordinaryLeaves(x, factors: factors)
    sum += try specialLeaves(x, y: y, factors: factors, reporter: &reporter)
    sum -= try Int64(p2(x, y: y, a: a, root: root, reporter: &reporter))
    return UInt64(sum)
  }

  /// y = α·∛x. A larger α shortens the sieve (x/y) and adds special leaves.
  static func alpha(_ x: UInt64) -> Double {
    let digits = log10(Double(x))
    return max(1, 0.0018 * digits * digits * digits)
  }

  static func ordinaryLeaves(_ x: UInt64, factors: SmallFactors) -> Int64 {
    var sum: Int64 = 0
    for n in 1...factors.limit where factors.mu[n] != 0 {
      sum += Int64(factors.mu[n]) * Int64(x / UInt64(n))
    }
    return sum
  }

  static func specialLeaves(
    _ x: UInt64, y: UInt64, factors: SmallFactors, reporter: inout ProgressReporter
  ) throws -> Int64 {
    let primes = factors.primes
    let a = primes.count
    let table = SmallPrimeTable.shared
    var sum: Int64 = 0
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
    for b in (6..<a).reversed() {
      let p = UInt64(primes[b])
      largestZ[b] = max(largestZ[b + 1], x / (p * max(y / p + 1, p + 1)))
      guard p * p > y else { continue }
      let trivialAbove = max(p, x / (p * p))
      let primesUpToTrivial = trivialAbove >= y ? a : Int(table.primeCount(trivialAbove))
      sum += Int64(a - primesUpToTrivial)
      nextM[b] = UInt64(primesUpToTrivial - 1)  // index of the largest m left
    }
    var low: UInt64 = 1
    // Leaves and primes handled since the last look at cancellation.
    var work = 0
    while low <= limit {
      try reporter.checkpoint(0.6 * Double(low) / Double(limit))
      let high = min(limit, low + 2 * UInt64(CountingSieve.bits) - 1)
      sieve.reset(low: low)
      for b in 6..<a {
        if largestZ[b] < low { break }
        work &+= 64
        if work & 0xFFF == 0 { try reporter.checkpoint(0.6 * Double(low) / Double(limit)) }
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
            if work & 0xFFF == 0 { try reporter.checkpoint(0.6 * Double(low) / Double(limit)) }
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
            if work & 0xFFF == 0 { try reporter.checkpoint(0.6 * Double(low) / Double(limit)) }
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

  /// P₂(x, a) = Σ_{y < p ≤ √x} (π(x/p) − π(p) + 1).
  static func p2(
    _ x: UInt64, y: UInt64, a: Int, root: UInt64, reporter: inout ProgressReporter
  ) throws -> UInt64 {
    guard root > y else { return 0 }
    var largePrimes: [UInt64] = []
    try SegmentedSieve.forEachPrime(in: (y + 1)...root) { largePrimes.append($0) }
    guard !largePrimes.isEmpty else { return 0 }
    let k = UInt64(largePrimes.count)
    // Σ (π(p) − 1) over those primes: a, a + 1, …, a + k − 1.
    var result = 0 &- (k * UInt64(a) + k * (k - 1) / 2)
    // π(x/p) for p from the largest down: x/p ascending, counted by one sieve pass.
    var index = largePrimes.count - 1
    var primesBefore: UInt64 = 1  // 2
    let limit = x / largePrimes[0]
    var progress = ProgressReporter(nil)
    try SegmentedSieve.forEachOddSegment(in: 1...limit, reporter: &progress) {
      low, words, bitCount in
      try reporter.checkpoint(0.6 + 0.4 * Double(low) / Double(limit))
      let high = low + 2 * UInt64(bitCount - 1)
      var counted = 0
      var running: UInt64 = 0
      while index >= 0 {
        let target = x / largePrimes[index]
        if target > high + 1 { break }
        // Odd primes in [low, target]; high + 1 is even.
        let lastBit = Int((min(target, high) - low) / 2)
        while counted + 64 <= lastBit + 1 {
          running += UInt64(words[counted / 64].nonzeroBitCount)
          counted += 64
        }
        let partial = lastBit + 1 - counted
        let mask: UInt64 = partial == 64 ? ~0 : (1 << UInt64(partial)) - 1
        let inWord = partial == 0 ? 0 : UInt64((words[counted / 64] & mask).nonzeroBitCount)
        result &+= primesBefore + running + inWord
        index -= 1
      }
      primesBefore += SegmentedSieve.countBits(words, upTo: bitCount)
    }
    return result
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
