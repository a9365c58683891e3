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

/// π(n) for n ≤ y: one load from an array small enough to stay in cache.
struct SmallPi {
  private let counts: [UInt32]

  init(_ primes: [UInt32], upTo y: UInt64) {
    var counts = [UInt32](repeating: 0, count: Int(y) + 1)
    var primesSoFar = 0
    for n in counts.indices {
      if primesSoFar < primes.count && primes[primesSoFar] == n { primesSoFar += 1 }
      counts[n] = UInt32(primesSoFar)
    }
    self.counts = counts
  }

  subscript(n: UInt64) -> Int {
    counts.withUnsafeBufferPointer { Int($0[Int(n)]) }
  }
}

/// The special leaves of b ≥ 6 and P₂, see ``LMOPrimeCounting``: the trivial leaves and
/// the easy leaves up to y are added at once (``leavesWithoutSieve``), the others and P₂ by
/// ``count(reporter:)``.
struct SievedLeaves {
  private let x: UInt64
  private let y: UInt64
  private let factors: SmallFactors
  /// The trivial leaves and the easy leaves with w ≤ y.
  private(set) var leavesWithoutSieve: Int64 = 0
  /// x/p_{b+1} for each b.
  private var xOverP: [UInt64]
  /// For each b, the largest m whose leaf is not yet counted; leaves are met in increasing
  /// w = x/(m·p), so m only goes down. When p² > y the m are primes, kept as an index into
  /// the primes.
  private var nextM: [UInt64]
  /// For each b, the largest leaf of b or of any larger b: the sieve can stop early.
  private var largestLeaf: [UInt64]
  /// The sieve is needed up to the last b with hard leaves, and up to √z for P₂.
  private var lastHard = CountingSieve.presievedPrimes - 1
  private let primesUpToRootZ: Int
  /// The easy leaves with w > y: for each b, the indices of their q, counted down. Their
  /// π(w) comes from the sieve once it holds only primes, where P₂ is counted.
  private var nextEasy: [Int]
  private var lastEasy: [Int]
  private var levelsWithSievedEasyLeaves: [Int] = []

  /// Adds the trivial and easy leaves; `reporter` hears the fraction of b done.
  init(
    _ x: UInt64, y: UInt64, factors: SmallFactors, smallPi: SmallPi,
    reporter: inout ProgressReporter
  ) throws {
    self.x = x
    self.y = y
    self.factors = factors
    let primes = factors.primes
    let a = primes.count
    xOverP = primes.map { x / UInt64($0) }
    nextM = [UInt64](repeating: y, count: a)
    largestLeaf = [UInt64](repeating: 0, count: a + 1)
    nextEasy = [Int](repeating: -1, count: a)
    lastEasy = [Int](repeating: 0, count: a)
    primesUpToRootZ = smallPi[integerSquareRoot(x / y)]
    let first = CountingSieve.presievedPrimes
    for b in first..<max(a, first) {
      try reporter.checkpoint(Double(b) / Double(a))
      let p = UInt64(primes[b])
      guard p * p > y else {
        lastHard = b
        continue
      }
      // m = q prime in (p, y]. q > x/p²: w < p, φ = 1 (trivial). Then, while w < p²,
      // φ = π(w) − b + 1 (easy), from the array while w ≤ y, from the sieve above. Smaller
      // q: φ from the sieve at level b (hard).
      let xp = xOverP[b]
      let trivialAbove = min(y, max(p, xp / p))
      let primesUpToTrivial = smallPi[trivialAbove]
      leavesWithoutSieve &+= Int64(a - primesUpToTrivial)
      let hardUpTo = min(trivialAbove, max(p, xp / p / p))
      let sievedEasyUpTo = max(hardUpTo, min(trivialAbove, xp / (y + 1)))
      let primesUpToHard = smallPi[hardUpTo]
      let primesUpToSievedEasy = smallPi[sievedEasyUpTo]
      leavesWithoutSieve &+= Self.easyLeaves(
        xp, b: b, indices: primesUpToSievedEasy..<primesUpToTrivial, primes: primes,
        smallPi: smallPi)
      if primesUpToSievedEasy > primesUpToHard {
        levelsWithSievedEasyLeaves.append(b)
        nextEasy[b] = primesUpToSievedEasy - 1
        lastEasy[b] = primesUpToHard
      }
      nextM[b] = UInt64(primesUpToHard - 1)  // index of the largest m with a hard leaf
      if primesUpToHard - 1 > b { lastHard = b }
    }
    for b in (first...max(lastHard, first)).reversed() where b < a {
      let p = UInt64(primes[b])
      largestLeaf[b] = max(largestLeaf[b + 1], x / (p * max(y / p + 1, p + 1)))
    }
  }

  /// Σ (π(xp/q) − b + 1) over the primes q at `indices`, all with xp/q ≤ y.
  private static func easyLeaves(
    _ xp: UInt64, b: Int, indices: Range<Int>, primes: [UInt32], smallPi: SmallPi
  ) -> Int64 {
    var sum: Int64 = 0
    primes.withUnsafeBufferPointer { primes in
      var index = indices.upperBound - 1
      // Above √xp, neighbouring q share π(xp/q) in runs, and the q fewer than the l: from
      // the largest q down, the run of l = π(xp/q) is every prime q in (xp/p_{l+1}, xp/p_l],
      // found with one division, and the next run's l is l + 1.
      let rootXp = integerSquareRoot(xp)
      let clustered = rootXp < primes[primes.count - 1] ? smallPi[rootXp] : primes.count
      let firstClustered = max(indices.lowerBound, clustered)
      if index >= firstClustered {
        var l = smallPi[divide(xp, primes[index])]
        while index >= firstClustered {
          let first =
            l < primes.count
            ? max(firstClustered, smallPi[divide(xp, primes[l])]) : firstClustered
          sum &+= Int64(index &- first &+ 1) &* Int64(l &- b &+ 1)
          index = first &- 1
          l &+= 1
        }
      }
      while index >= indices.lowerBound {
        sum &+= Int64(smallPi[divide(xp, primes[index])] - b + 1)
        index -= 1
      }
    }
    return sum
  }

  /// The hard leaves and the easy leaves above y, minus P₂, from one segmented sieve of
  /// [1, x/y].
  mutating func count(reporter: inout ProgressReporter) throws -> Int64 {
    let primes = factors.primes
    let a = primes.count
    let limit = x / y
    let p2Level = primesUpToRootZ
    let lastLevel = max(lastHard + 1, p2Level)
    var sieve = CountingSieve()
    var phiBefore = [Int64](repeating: 0, count: a + 1)
    var sum: Int64 = 0
    // P₂ = Σ (π(x/p) − π(p) + 1) over the primes y < p ≤ √x, taken from the largest p down:
    // the π(x/p) here, Σ (π(p) − 1) = Σ (a + i) at the end.
    var p2Primes = DescendingPrimes(from: y + 1, through: integerSquareRoot(x))
    var p2Prime = try p2Primes.next()
    var p2Count: Int64 = 0
    var p2Before: Int64 = 0  // φ(low − 1, p2Level)
    var low: UInt64 = 1
    // Leaves and primes handled since the last look at cancellation.
    var work = 0
    while low <= limit {
      try reporter.checkpoint(Double(low) / Double(limit))
      let high = min(limit, low + 2 * UInt64(CountingSieve.bits) - 1)
      sieve.reset(low: low)
      for b in CountingSieve.presievedPrimes...lastLevel {
        if b == p2Level {
          // Only 1 and the primes above p_b are left: π(v) = φ(v, b) + b − 1.
          sieve.countEveryWord()
          let piBefore = p2Before + Int64(b) - 1
          while let p = p2Prime {
            let v = x / p
            if v > high { break }
            sum &-= piBefore &+ Int64(sieve.countByWord(upTo: v))
            p2Count += 1
            p2Prime = try p2Primes.next()
          }
          for level in levelsWithSievedEasyLeaves {
            work &+= 64 &+ max(0, nextEasy[level] &- lastEasy[level]) / 8
            if work >= 4096 {
              work = 0
              try reporter.checkpoint(Double(low) / Double(limit))
            }
            let xp = xOverP[level]
            var index = nextEasy[level]
            let last = lastEasy[level]
            let phiMinusPi = Int64(level) - 1
            primes.withUnsafeBufferPointer { primes in
              while index >= last {
                let w = divide(xp, primes[index])
                if w > high { break }
                sum &+= piBefore &+ Int64(sieve.countByWord(upTo: w)) &- phiMinusPi
                index &-= 1
              }
            }
            nextEasy[level] = index
          }
          p2Before += Int64(sieve.total)
        }
        if b == lastLevel || (b >= p2Level && largestLeaf[b] < low) { break }
        work &+= 64
        if work >= 4096 {
          work = 0
          try reporter.checkpoint(Double(low) / Double(limit))
        }
        let p = UInt64(primes[b])
        if largestLeaf[b] >= low {
          sieve.startCounting()
          if p * p > y {
            // m prime, from index nextM[b] down to the first prime above p.
            let xp = xOverP[b]
            let before = phiBefore[b]
            var index = Int(nextM[b])
            while index > b {
              let w = primes.withUnsafeBufferPointer { divide(xp, $0[index]) }
              if w > high { break }
              sum &+= before &+ Int64(sieve.count(upTo: w))
              index &-= 1
              work &+= 1
              if work >= 4096 {
                work = 0
                try reporter.checkpoint(Double(low) / Double(limit))
              }
            }
            nextM[b] = UInt64(max(index, 0))
          } else {
            let lowestM = y / p
            var m = nextM[b]
            while m > lowestM {
              // Most m have a square or a factor ≤ p: look before dividing.
              if factors.mu[Int(m)] != 0 && UInt64(factors.leastFactor[Int(m)]) > p {
                let w = x / (m * p)
                if w > high { break }
                let phi = phiBefore[b] &+ Int64(sieve.count(upTo: w))
                sum &-= Int64(factors.mu[Int(m)]) &* phi
                work &+= 1
                if work >= 4096 {
                  work = 0
                  try reporter.checkpoint(Double(low) / Double(limit))
                }
              }
              m -= 1
            }
            nextM[b] = m
          }
          phiBefore[b] += Int64(sieve.total)
        }
        if largestLeaf[b + 1] >= low {
          sieve.remove(multiplesOf: p)
        } else {
          // No count in this segment before P₂'s, and none of b in later segments.
          sieve.removeUncounted(multiplesOf: p)
        }
      }
      low = high + 1
    }
    return sum &+ p2Count &* Int64(a) &+ p2Count &* (p2Count &- 1) / 2
  }
}

/// ⌊n/d⌋, by a 32-bit division when n fits, which most processors do faster.
@inline(__always)
func divide(_ n: UInt64, _ d: UInt32) -> UInt64 {
  n < 1 << 32 ? UInt64(UInt32(truncatingIfNeeded: n) / d) : n / UInt64(d)
}

/// ⌊∛n⌋.
func integerCubeRoot(_ n: UInt64) -> UInt64 {
  func cubeExceeds(_ r: UInt64) -> Bool { r > 2_642_245 || r * r * r > n }
  var root = min(UInt64(cbrt(Double(n))), 2_642_246)
  while root > 0 && cubeExceeds(root) { root -= 1 }
  while !cubeExceeds(root + 1) { root += 1 }
  return root
}
