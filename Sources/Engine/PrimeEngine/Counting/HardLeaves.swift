/// The hard special leaves of ``GourdonPrimeCounting``: −μ(m)·φ(u, b − 1) with
/// u = ⌊x/(p_b·m)⌋ ≥ p_b², where φ needs a sieve.
///
/// Every such u is below x/z. A ``CountingSieve`` goes over [1, x/z] one segment at a time:
/// it starts with the multiples of 2 … 23 removed, and at level b (b > 9) it answers the
/// leaves of p_b, then removes the multiples of p_b. φ(u, b − 1) is then the count of what
/// is left below the segment (φ(low − 1, b − 1)) plus the count in the segment up to u.
///
/// The range is cut into chunks (``HardLeafSchedule``) that threads take in any order: a chunk adds
/// up its leaves' counts from its own start (``Chunk/sum``), and for each level the sum of its
/// leaves' signs and the numbers left at that level (``Chunk/levels``). φ(low − 1, b − 1) of a
/// chunk is the sum of the numbers left at level b in the chunks before it: ``Totals`` puts the
/// chunks together in order.
///
/// m is a prime q with max(p, z/p) < q ≤ min(y, x/p³) or, when p² < z, any m ≤ z with
/// lpf(m) > p, squarefree with its factors ≤ y, m·p > z and m ≤ x/p³ (``FactorTable``).
/// Hard leaves need p⁴ < x.
struct HardLeaves<X: CountingInteger, Widths: TableWidths> {
  let parameters: GourdonParameters<X>
  let pi: PiTable<Widths>
  let factors: FactorTable<Widths>
  /// What each level's leaves need that no segment changes, from ``Chunk/firstLevel`` to the
  /// last: worked out once rather than at each of the level's segments, which paid four
  /// divisions more for it (two each for a 128-bit x). A level visits every segment up to
  /// x/p², and the visits grow faster than the leaves: about one for every 20 leaves at 10¹⁸
  /// and every 9 at 10²⁰ with segments of 2¹⁹ numbers (Σ π(√(x/low)) over the segments).
  /// Memory: 24 bytes a level (32 for a 128-bit x), π(x^¼) of them.
  private let levels: [Level]

  private struct Level {
    /// ⌊x/p⌋.
    let xp: X
    /// The least and the largest m of the level's hard leaves, before a segment narrows them:
    /// m > max(p, z/p), and m ≤ x/p³ (u ≥ p²), m ≤ z (or y where m is a prime).
    let lower: UInt64
    let upper: UInt64
  }

  init(parameters: GourdonParameters<X>, pi: PiTable<Widths>, factors: FactorTable<Widths>) {
    self.parameters = parameters
    self.pi = pi
    self.factors = factors
    let (x, y, z) = (parameters.x, parameters.y, parameters.z)
    // The leaves' batch keeps factor-table positions in ``TableWidths/Position``: 32 bits
    // pass 2³¹ where z passes 9.4·10⁹ (``TableWidthChoice/narrowest(y:z:)`` chooses wider before).
    precondition(
      FactorTable<Widths>.lastIndex(atMost: z) < Int(Widths.Position.max),
      "z is past the positions' width")
    let last = pi[min(parameters.quarterRoot, y)]
    levels = (Chunk.firstLevel..<max(Chunk.firstLevel, last + 1)).map { b in
      let p = UInt64(pi.primes[b])
      let xp = x.divided(by: p)
      // Compared only with bounds up to z (≥ y), so narrowed to it.
      let hardUpTo = xp.divided(by: p).divided(by: p).atMost(z)
      return Level(xp: xp, lower: max(z / p, p), upper: min(p * p < z ? z : y, hardUpTo))
    }
  }

  /// The m tested for a leaf at a time.
  private static var batchSize: Int { 256 }

  /// The numbers a chunk covers are a whole number of sieve segments.
  static var segmentSpan: UInt64 { CountingSieve.segmentSpan }

  struct Chunk {
    /// The first level of ``levels``.
    static var firstLevel: Int { CountingSieve.presievedPrimes + 1 }
    /// Σ −μ(m)·(φ(u, b − 1) − φ(low − 1, b − 1)) over the chunk's leaves.
    var sum: X.Sum = 0
    /// For each level b from ``firstLevel``: Σ −μ(m) over its leaves, and the numbers left
    /// in the chunk before p_b is removed.
    var levels: [(signs: Int64, left: Int64)] = []
    /// The leaves counted, for ``PrimeCountDetails``.
    var leaves = 0
  }

  /// The last level with hard leaves at or above `low`.
  func lastLevel(from low: UInt64) -> Int {
    let x = parameters.x
    // p⁴ < x, and u ≤ x/p² since m > p.
    let largestP = min(parameters.quarterRoot, x.divided(by: max(low, 1)).squareRoot)
    return pi[min(largestP, parameters.y)]
  }

  /// The leaves with u in [low, high], low odd: sieve segments of ``segmentSpan`` numbers
  /// from low, the last one ending at high (a chunk can be shorter than one segment:
  /// ``HardLeafSchedule`` cuts the dense start finer, and a short segment costs what its
  /// numbers cost).
  func count(
    low chunkLow: UInt64, high chunkHigh: UInt64, sieve: inout CountingSieve,
    stop: CancellationFlag
  ) throws(CancellationError) -> Chunk {
    let z = parameters.z
    let primes = pi.primes
    let first = Chunk.firstLevel
    var chunk = Chunk()
    let chunkLastLevel = lastLevel(from: chunkLow)
    guard chunkLastLevel >= first else { return chunk }
    chunk.levels = Array(repeating: (0, 0), count: chunkLastLevel - first + 1)
    var low = chunkLow
    var work = 0
    let batch = UnsafeMutableBufferPointer<Widths.Position>.allocate(capacity: Self.batchSize)
    let quotients = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: Self.batchSize)
    defer {
      batch.deallocate()
      quotients.deallocate()
    }
    let values = factors.values
    let residues = factors.residues
    while low <= chunkHigh {
      if stop.isSet { throw CancellationError() }
      let high = min(chunkHigh, low + Self.segmentSpan - 1)
      let last = lastLevel(from: low)
      if last < first { break }
      sieve.reset(low: low, high: high)
      // A leaf's u is at least p², so the levels whose p² passes high have no leaves here, and
      // past the last level with p² ≤ high the sieve holds only 1 and primes (a composite up
      // to high has a factor up to √high): what each later level finds left is a count of the
      // primes from its own, not a sieving. In the dense start, where chunks are short, that is
      // most levels (a chunk of 2¹³ numbers at 3·10¹³ sieves 24 of 350).
      let sieved = min(last, pi[min(integerSquareRoot(high), parameters.y)])
      for b in first..<max(first, sieved + 1) {
        let p = UInt64(primes[b])
        let level = levels[b &- first]
        let xp = level.xp
        var signs: Int64 = 0
        var sum: Int64 = 0
        sieve.startCounting()
        let lower = max(level.lower, xp.divided(by: high + 1).atMost(z))
        let upper = min(level.upper, xp.divided(by: low).atMost(z))
        if lower < upper {
          if p * p < z {
            // m from the largest down: u increases, as the sieve's counts need. Most m fail
            // the test (a square, a factor ≤ p or above y): they are filtered without a
            // branch into a batch, then the batch's leaves are counted.
            let encodedPrime = Widths.FactorValue(truncatingIfNeeded: 2 * b + 1)
            let firstIndex = FactorTable<Widths>.lastIndex(atMost: lower) + 1
            var index = FactorTable<Widths>.lastIndex(atMost: upper)
            while index >= firstIndex {
              let batchEnd = max(firstIndex, index &- (Self.batchSize &- 1))
              var found = 0
              while index >= batchEnd {
                batch[found] = Widths.Position(truncatingIfNeeded: index)
                found &+= values[index] > encodedPrime ? 1 : 0
                index &-= 1
              }
              work &+= found &+ 16
              chunk.leaves &+= found
              // The divisions first, then the counts: a division does not wait for the
              // count before it, so the processor overlaps them.
              for leaf in 0..<found {
                let position = Int(truncatingIfNeeded: batch[leaf])
                let m =
                  UInt64(truncatingIfNeeded: position / 48) &* 210
                  &+ UInt64(truncatingIfNeeded: residues[position % 48])
                quotients[leaf] =
                  X.bitWidth == 64
                  ? divide(UInt64(truncatingIfNeeded: xp), UInt32(truncatingIfNeeded: m))
                  : xp.quotient(m)
              }
              for leaf in 0..<found {
                let count = Int64(sieve.count(upTo: quotients[leaf]))
                // An odd value: μ(m) = −1, and the leaf is +φ.
                let position = Int(truncatingIfNeeded: batch[leaf])
                let sign = 2 &* Int64(values[position] & 1) &- 1
                sum &+= sign &* count
                signs &+= sign
              }
            }
          } else {
            var index = pi[upper]
            let firstIndex = pi[lower] + 1
            if index >= firstIndex {
              signs &+= Int64(index - firstIndex + 1)
              work &+= index - firstIndex + 1
              chunk.leaves &+= index - firstIndex + 1
            }
            // As above, the divisions of a batch first, then its counts.
            while index >= firstIndex {
              let batchEnd = max(firstIndex, index &- (Self.batchSize &- 1))
              var found = 0
              while index >= batchEnd {
                quotients[found] =
                  X.bitWidth == 64
                  ? divide(
                    UInt64(truncatingIfNeeded: xp), UInt32(truncatingIfNeeded: primes[index]))
                  : xp.quotient(UInt64(primes[index]))
                found &+= 1
                index &-= 1
              }
              for leaf in 0..<found { sum &+= Int64(sieve.count(upTo: quotients[leaf])) }
            }
          }
        }
        // The counts start at this segment: the chunk's earlier segments come first.
        chunk.sum &+=
          X.Sum(truncatingIfNeeded: sum)
          &+ X.Sum(truncatingIfNeeded: signs)
          &* X.Sum(truncatingIfNeeded: chunk.levels[b - first].left)
        chunk.levels[b - first].signs &+= signs
        chunk.levels[b - first].left &+= Int64(sieve.total)
        if b < last { sieve.remove(multiplesOf: p, level: b) }
        work &+= 64
        if work >= 8192 {
          work = 0
          if stop.isSet { throw CancellationError() }
        }
      }
      if sieved < last {
        addLeft(
          levels: max(first, sieved + 1)...last, low: low, high: high, sieve: &sieve,
          to: &chunk)
      }
      low = high + 1
    }
    return chunk
  }

  /// Adds to the chunk what each of `levels`, none of which has a leaf in the segment from
  /// `low` to `high`, finds left there before its prime is removed: 1 and the primes from its
  /// own on, since the sieve holds only 1 and primes (the primes below p_b are removed at
  /// their own levels).
  ///
  /// Not inlined: inlined, the loop of the leaves around it compiled differently and the hard
  /// leaves took 0.3% more instructions on two threads (callgrind, π(2·10¹⁴)).
  @inline(never)
  private func addLeft(
    levels: ClosedRange<Int>, low: UInt64, high: UInt64, sieve: inout CountingSieve,
    to chunk: inout Chunk
  ) {
    sieve.startCounting()
    let total = Int64(sieve.total)
    let one: Int64 = low == 1 ? 1 : 0
    for b in levels {
      let below = UInt64(pi.primes[b]) - 1
      chunk.levels[b - Chunk.firstLevel].left &+=
        below < low ? total : total - Int64(sieve.count(upTo: min(below, high))) + one
    }
  }

  /// Puts the chunks together in order: φ(low − 1, b − 1) for the next chunk, and the sum.
  struct Totals {
    private var left: [Int64] = []
    private(set) var sum: X.Sum = 0

    mutating func add(_ chunk: Chunk) {
      sum &+= chunk.sum
      if left.count < chunk.levels.count {
        left += Array(repeating: 0, count: chunk.levels.count - left.count)
      }
      for (level, counts) in chunk.levels.enumerated() {
        sum &+= X.Sum(truncatingIfNeeded: counts.signs) &* X.Sum(truncatingIfNeeded: left[level])
        left[level] &+= counts.left
      }
    }
  }
}
