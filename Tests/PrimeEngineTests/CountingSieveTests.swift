import Testing

@testable import PrimeEngine

/// The counting sieve against a plain model: after each removal, counts up to many z agree
/// with the odd numbers in the segment that have no factor among the primes removed so far.
struct CountingSieveTests {
  @Test(arguments: [1, 1 + 2 * UInt64(CountingSieve.bits) * 37, 1_000_000_000_000_001])
  func countsMatchTheModelThroughRemovals(low: UInt64) {
    var sieve = CountingSieve()
    sieve.reset(low: low)
    let removed: [UInt64] = [2, 3, 5, 7, 11, 13, 17, 19, 23]
    #expect(removed.count == CountingSieve.presievedPrimes)
    var random = SplitMix64(state: low)
    let steps: [UInt64] = [29, 31, 37, 41, 43, 47, 1_009, 65_537]
    var alive = [Bool](repeating: true, count: CountingSieve.bits)
    for p in removed.dropFirst() { remove(p, from: &alive, low: low) }
    for step in steps {
      let model = runningCounts(alive)
      let zs = (0..<200).map { _ in low + random.next() % (2 * UInt64(CountingSieve.bits)) }
      let expected = zs.map { model[Int(($0 - low) / 2)] }
      sieve.startCounting()
      let inOrder = zs.indices.sorted { zs[$0] < zs[$1] }
      #expect(
        inOrder.map { sieve.count(upTo: zs[$0]) } == inOrder.map { expected[$0] },
        "before \(step)")
      // Then u whose gaps pass 0, 1, 7, 8, 9 and many blocks of 128 bits: the blocks passed
      // are added eight at a time, the rest as masked lanes.
      var bit = 0
      let gaps = [
        0, 1, 127, 128, 129, 7 * 128, 8 * 128 - 1, 8 * 128, 8 * 128 + 1, 9 * 128, 40 * 128,
      ]
      let bits = (0..<400).map { index in
        bit = min(CountingSieve.bits - 1, bit + gaps[index % gaps.count])
        return bit
      }
      sieve.startCounting()
      #expect(
        bits.map { sieve.count(upTo: low + 2 * UInt64($0)) } == bits.map { model[$0] },
        "gaps before \(step)")
      #expect(sieve.total == model.last)
      sieve.remove(
        multiplesOf: step, level: CountingSieve.presievedPrimes + steps.firstIndex(of: step)!)
      remove(step, from: &alive, low: low)
    }
  }

  /// `count(upTo:)` adds the counts of the blocks it passes in eight 16-bit lanes, each lane
  /// an eighth of the blocks: that holds while a block (128 odd numbers, those with a factor
  /// 3, 5 or 7 removed) times the blocks of a lane fits 16 bits. A larger sieve would
  /// overflow it; the whole segment counted at once must then agree with its total.
  @Test func aLaneOfBlockCountsCannotOverflow() {
    // The odd numbers prime to 105 repeat every 105 of them: every window of 128 is one of
    // these.
    let most = (0..<105).map { start in
      (start..<start + 128).filter { i in
        let n = 2 * i + 1
        return n % 3 != 0 && n % 5 != 0 && n % 7 != 0
      }.count
    }.max()!
    #expect(most == 60)
    #expect(most * ((CountingSieve.blocks + 7) / 8) <= Int(UInt16.max))
    var sieve = CountingSieve()
    for low: UInt64 in [1, 1_000_000_000_000_001] {
      sieve.reset(low: low)
      sieve.startCounting()
      let total = sieve.total
      #expect(sieve.count(upTo: low + CountingSieve.segmentSpan - 2) == total)
      #expect(total > CountingSieve.bits / 4)
    }
  }

  /// Each level keeps its prime's next multiple from one segment to the next: segments that
  /// follow one another, gaps that a large prime's next multiple lies beyond (or not), and a
  /// segment below the last, each against its own model.
  @Test func placesCarryAcrossSegments() {
    var sieve = CountingSieve()
    let span = 2 * UInt64(CountingSieve.bits)
    let start: UInt64 = 1_000_000_000_001
    let lows = [0, 1, 2, 3, 7, 8, 20, 21, 4, 5].map { start + span * UInt64($0) }
    let primes: [UInt64] = [29, 31, 1_009, 65_537, 1_000_003, 4_000_037]
    var wrong: [UInt64] = []
    for low in lows {
      sieve.reset(low: low)
      var alive = [Bool](repeating: true, count: CountingSieve.bits)
      for p in Self.presievedOddPrimes { remove(p, from: &alive, low: low) }
      for (index, p) in primes.enumerated() {
        sieve.remove(multiplesOf: p, level: CountingSieve.presievedPrimes + 1 + index)
        remove(p, from: &alive, low: low)
      }
      let model = runningCounts(alive)
      let probes =
        Array(stride(from: 0, to: CountingSieve.bits, by: 4_099)) + [CountingSieve.bits - 1]
      sieve.startCounting()
      if sieve.total != model.last
        || probes.map({ sieve.count(upTo: low + 2 * UInt64($0)) }) != probes.map({ model[$0] })
      {
        wrong.append(low)
      }
    }
    #expect(wrong == [])
  }

  /// A segment that ends inside the first word of a block, after a longer one: its total and
  /// counts are those of its own numbers, not of the bits the longer segment left in the
  /// block's other word.
  @Test(arguments: [0, 1, 63] as [Int])
  func aShortSegmentCountsOnlyItsNumbers(lastBitInWord: Int) {
    var sieve = CountingSieve()
    let low: UInt64 = 1_000_000_000_001
    sieve.reset(low: low)
    let lastBit = 128 * 37 + lastBitInWord
    sieve.reset(low: low, high: low + 2 * UInt64(lastBit))
    var alive = [Bool](repeating: true, count: lastBit + 1)
    for p in Self.presievedOddPrimes { remove(p, from: &alive, low: low) }
    let model = runningCounts(alive)
    sieve.startCounting()
    #expect(sieve.total == model.last)
    #expect(sieve.count(upTo: low + 2 * UInt64(lastBit)) == model.last)
  }

  /// The sieve takes memory as its segments need it: segments growing from a few words to the
  /// whole, then a short one again, each counted against its own model, every count of every
  /// probe (the lanes read eight block counts past the last: those must exist at every size).
  @Test func segmentsOfGrowingLengthCountTheirNumbers() {
    var sieve = CountingSieve()
    var wrong: [Int] = []
    let low: UInt64 = 2_000_000_000_001
    for lastBit in [5, 127, 128 * 8 + 5, 4_000, 70_001, CountingSieve.bits - 1, 3_000] {
      // Each segment starts where no earlier one ended: its places are found anew.
      let start = low + 4 * UInt64(CountingSieve.bits) * UInt64(lastBit % 97)
      if !sieves(&sieve, low: start, lastBit: lastBit, removing: [29, 31, 101]) {
        wrong.append(lastBit)
      }
    }
    #expect(wrong == [])
  }

  /// A prime's multiples are walked in three loops: from where the last segment left off
  /// (mid-turn) to its turn's end, by whole turns, and through a turn that passes the
  /// segment's end. Segments one after another, of lengths around those bounds and
  /// ending on a multiple (a turn's last, one inside a turn, a turn's first), each against
  /// its own model.
  @Test func everyWalkOfAPrimesMultiplesRemovesThemAll() {
    let primes: [UInt64] = [29, 31, 97, 211, 1_009, 4_099, 21_841, 65_537]
    let lengths: [Length] =
      [
        1, 40, 23 * 29, 104 * 29 + 1, 105 * 29 - 1, 105 * 29, 3 * 105 * 31 + 17, 104 * 97,
        105 * 211 + 300, 4_096, 70_001, CountingSieve.bits, 105 * 1_009 - 5, 2 * 105 * 97 + 1,
      ].map { .bits($0) } + [
        .endingOn(29, residue: 209, past: 3), .endingOn(31, residue: 107, past: 2),
        .endingOn(97, residue: 1, past: 1), .endingOn(211, residue: 209, past: 1),
        .endingOn(29, residue: 209, past: 0), .endingOn(1_009, residue: 11, past: 0),
        .endingOn(97, residue: 209, past: 4),
      ]
    var sieve = CountingSieve()
    var low: UInt64 = 3_000_000_000_001
    var wrong: [String] = []
    for length in lengths {
      let lastBit: Int
      switch length {
      case .bits(let bits): lastBit = bits - 1
      case .endingOn(let p, let residue, let turns):
        // The least m ≡ residue (mod 210) with m·p at least `turns` turns past low.
        var m = (low + 2 * 105 * p * turns) / p / 210 * 210 + residue
        while m * p < low + 2 * 105 * p * turns { m += 210 }
        lastBit = Int((m * p - low) / 2)
      }
      if !sieves(&sieve, low: low, lastBit: lastBit, removing: primes) {
        wrong.append("\(length)")
      }
      low += 2 * UInt64(lastBit + 1)
    }
    #expect(wrong == [])
  }

  private enum Length {
    /// A segment of this many bits.
    case bits(Int)
    /// A segment that ends on m·p, m ≡ `residue` (mod 210), `past` turns of p or more on.
    case endingOn(UInt64, residue: UInt64, past: UInt64)
  }

  /// Whether the segment of odd numbers from `low` to its `lastBit`, with the multiples of
  /// `primes` removed level by level (after the presieved ones), has its model's total and its
  /// model's count up to every one of its numbers.
  private func sieves(
    _ sieve: inout CountingSieve, low: UInt64, lastBit: Int, removing primes: [UInt64]
  ) -> Bool {
    sieve.reset(low: low, high: low + 2 * UInt64(lastBit))
    var alive = [Bool](repeating: true, count: lastBit + 1)
    for p in Self.presievedOddPrimes { remove(p, from: &alive, low: low) }
    for (index, p) in primes.enumerated() {
      sieve.remove(multiplesOf: p, level: CountingSieve.presievedPrimes + 1 + index)
      remove(p, from: &alive, low: low)
    }
    let model = runningCounts(alive)
    sieve.startCounting()
    return sieve.total == model.last
      && (0...lastBit).map({ sieve.count(upTo: low + 2 * UInt64($0)) }) == model
  }

  /// The odd primes whose multiples `reset` removes (2 is not in a sieve of odd numbers).
  private static let presievedOddPrimes: [UInt64] = [3, 5, 7, 11, 13, 17, 19, 23]

  /// Marks the odd multiples of odd `p` (p included) in the segment of odd numbers from `low`.
  private func remove(_ p: UInt64, from alive: inout [Bool], low: UInt64) {
    // The first odd multiple at or above low, then every 2p.
    var multiple = (low + p - 1) / p * p
    if multiple % 2 == 0 { multiple += p }
    for k in stride(from: Int((multiple - low) / 2), to: alive.count, by: Int(p)) {
      alive[k] = false
    }
  }

  /// For each odd n = low + 2k of the segment, how many odd numbers in [low, n] are alive:
  /// have no factor among the primes removed (1 counts; a removed prime itself does not).
  private func runningCounts(_ alive: [Bool]) -> [Int] {
    var running = 0
    return alive.map { isAlive in
      if isAlive { running += 1 }
      return running
    }
  }
}

struct PhiTableTests {
  @Test func phiMatchesACountUpToNinePrimes() async throws {
    let primes = [2, 3, 5, 7, 11, 13, 17, 19, 23]
    var random = SplitMix64(state: 9)
    let zs =
      [0, 1, 2, 29, 30_029, 30_030, 30_031]
      + (0..<40).map { _ in
        Int(random.next() % 300_000)
      }
    let wrong = try await onOwnThread { () -> [String] in
      var wrong: [String] = []
      var hasFactor = [Bool](repeating: false, count: 300_032)
      for b in 0...9 {
        if b > 0 {
          for multiple in stride(from: primes[b - 1], to: hasFactor.count, by: primes[b - 1]) {
            hasFactor[multiple] = true
          }
        }
        // φ(k, b) for every k up to the largest z, in one pass.
        var counts = [0]
        for k in 1..<hasFactor.count { counts.append(counts[k - 1] + (hasFactor[k] ? 0 : 1)) }
        for z in zs where PhiTable.phi(UInt64(z), b) != UInt64(counts[z]) {
          wrong.append("φ(\(z), \(b))")
        }
      }
      return wrong
    }
    #expect(wrong.isEmpty)
  }

  /// φ(z, 9) is computed apart, over the divisors of 17·19·23: at any size it must keep
  /// φ(z, 9) = φ(z, 8) − φ(z/23, 8), with φ(·, 8) from the tables' recursion.
  @Test func phiOfNinePrimesKeepsTheRecursionAtEverySize() {
    var random = SplitMix64(state: 23)
    let zs: [UInt64] =
      [300_000, 1 << 32, 1 << 40, UInt64.max, UInt64.max - 30_030]
      + (0..<200).map { _ in random.next() >> (random.next() % 64) }
    let wrong = zs.filter { z in
      PhiTable.phi(z, 9) != PhiTable.phi(z, 8) - PhiTable.phi(z / 23, 8)
    }
    #expect(wrong.isEmpty)
  }
}

/// The easy leaves' π table against a plain sieve: every odd v of each segment, for spans
/// that start on and off a multiple of 30 (a byte of the sieve gives 15 counts at once), the
/// first segment (with 2, 3 and 5) and a last one cut short.
struct SegmentPiTableTests {
  @Test(arguments: [(1 << 19, 3), (8_192, 40), (128, 300), (64, 500), (30, 200)])
  func countsMatchAPlainSieve(span: Int, segments: Int) throws {
    let limit = span * segments
    let isPrime = simpleSieve(upTo: limit)
    var primesUpTo = [Int](repeating: 0, count: limit + 1)
    for n in 1...limit { primesUpTo[n] = primesUpTo[n - 1] + (isPrime[n] ? 1 : 0) }
    let table = SegmentPiTable(span: UInt64(span))
    var wrong: [String] = []
    for segment in 0..<segments {
      let low = segment * span
      // The last segment ends early.
      let high = segment == segments - 1 ? low + span / 2 : low + span - 1
      try table.fill(low: UInt64(low), high: UInt64(high), stop: CancellationFlag())
      let before = low == 0 ? 0 : primesUpTo[low - 1]
      if table.primeCount != primesUpTo[high] - before { wrong.append("total at \(low)") }
      for v in stride(from: low | 1, through: high, by: 2) where v >= 2 {
        if table.count(upTo: UInt64(v)) != primesUpTo[v] - before { wrong.append("\(v)") }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(10))")
  }
}

/// π(v) for every v up to each limit, the primes and p_n, against a plain sieve: limits at and
/// around a word of 240 numbers and its blocks of 30, below 7 (answered apart), one of a
/// million with many words, and one past the sieve's first segment (its bytes are the
/// table's words, each segment's at its own place).
struct PiTableTests {
  @Test(
    arguments: [
      0, 1, 2, 6, 7, 29, 30, 31, 239, 240, 241, 481, 1_000_003,
      30 * UInt64(Sieve30.defaultSegmentBytes) + 493,
    ] as [UInt64])
  func everyCountAndPrimeMatchesASieve(limit: UInt64) throws {
    let pi = try PiTable<NarrowTables>(limit: limit, isCancelled: { false })
    Self.check(pi)
    // The primes in 64 bits, as past y = 2³².
    try Self.check(PiTable<WideTables>(limit: limit, isCancelled: { false }))
    // The n-th prime, by a search of the counts before each word.
    let table = try PrimeTable(limit: limit, isCancelled: { false })
    let wrong = (0...pi.count + 1).filter { n in
      let expected = n >= 1 && n <= pi.count ? UInt64(pi.primes[n]) : nil
      return table.nthPrime(n) != expected
    }
    #expect(wrong.prefix(5) == [])
  }

  /// The example of `PrimeTable`'s documentation.
  @Test func theDocumentedExampleAnswersAsItSays() throws {
    let table = try PrimeTable(limit: 1_000, isCancelled: { false })
    let count = table[100]  // 25
    let prime = table.nthPrime(25)  // 97
    #expect(count == 25)
    #expect(prime == 97)
  }

  static func check<Widths>(_ pi: PiTable<Widths>) {
    let isPrime = simpleSieve(upTo: Int(pi.limit))
    var expected: [UInt64] = [1]
    var wrong: [UInt64] = []
    for v in 0...Int(pi.limit) {
      if isPrime[v] { expected.append(UInt64(v)) }
      if pi[UInt64(v)] != expected.count - 1 { wrong.append(UInt64(v)) }
    }
    #expect(wrong.prefix(5) == [])
    #expect(pi.primes.map(UInt64.init) == expected)
    #expect(pi.count == expected.count - 1)
  }
}
