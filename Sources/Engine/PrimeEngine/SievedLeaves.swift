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
