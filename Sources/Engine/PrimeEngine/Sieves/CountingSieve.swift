/// One segment of odd numbers, with a count per block of 128 of those still unsieved, for
/// the φ(u, b) counts of ``HardLeaves``.
///
/// Removing a number updates its block's count in constant time; counting up to u adds the
/// counts of the blocks before u's and the bits of u's block (2 words). Queries for one b
/// come in increasing u, so the blocks are added once per b.
///
/// A count has no branch that depends on u in the common case: a loop whose length varied
/// with u (blocks passed, words of the block) was mispredicted about 1.5 times a leaf, which
/// cost more than the additions themselves.
///
/// A segment is 2²⁰ numbers: each of ``HardLeaves``' levels pays a visit to every segment,
/// and from 10¹⁸ on the visits are one for every 9–20 leaves. Against 2¹⁹ (with the levels'
/// bounds worked out once, ``HardLeaves``), π(10¹⁸)'s hard leaves took 0.84–0.95× the time
/// on one thread; 2²¹ was no faster. Memory: 64 KiB of bits and 8 KiB of counts, in L2 (less
/// while every segment has been shorter).
struct CountingSieve {
  static let words = 8192
  static let bits = words * 64
  /// The numbers a segment covers: its bits stand for the odd ones.
  static let segmentSpan = 2 * UInt64(bits)
  private static let wordsPerBlock = 2
  private static let bitsPerBlockShift = 7
  /// The blocks of 128 bits whose counts ``count(upTo:)`` adds in eight 16-bit lanes.
  static let blocks = words / wordsPerBlock

  private var low: UInt64 = 1
  /// The segment's last number, and its bit: a segment can end before its full length (a
  /// hard-leaf chunk that ends inside it), and then costs what its numbers cost.
  private var high: UInt64 = 0
  private var lastBit = bits - 1
  private var unsieved = 0
  private var countsAreStale = false
  /// The segment's words, as many as the longest segment so far has used: sixteen workers on
  /// π(3·10¹³) cut the dense start into chunks of a few KiB of the sieve's 64, and each
  /// page a worker touches is a page fault (2–3 µs on the 2-core machines of the
  /// Performance article).
  private var sieve: [UInt64] = []
  /// Eight more than the blocks of ``sieve``: ``count(upTo:)`` reads eight counts at a time.
  private var blockCounts = [UInt16](repeating: 0, count: 8)
  private var cursorBlock = 0
  /// Eight ones, then eight zeros: from 8 − n, the mask of the first n lanes. Stored here,
  /// not static: a static is reached through a once-check at every use.
  private let tailMasks = [UInt16](repeating: .max, count: 8) + [UInt16](repeating: 0, count: 8)
  private var countBeforeCursor = 0
  /// Multiples visited by ``remove(multiplesOf:)`` and words whose bits ``count(upTo:)``
  /// added, since the sieve was made: ``PrimeCountDetails`` reports them.
  private(set) var crossings = 0
  private(set) var countedWords = 0
  /// Whether ``crossings`` are counted: that costs about 30 instructions per prime and
  /// segment, 1% of the whole at 3·10¹³, so only `--verbose` pays it.
  var countsCrossings = false
  /// The bit offsets of one turn of the wheel for the current prime.
  private var turn = [Int](repeating: 0, count: Residues210.residues.count)
  /// For each level, its prime's next multiple m·p (m coprime to 210) past the last segment
  /// it crossed off, and m's wheel index; 0 until then.
  private var nextMultiples: [(UInt64, Int)] = []

  /// The unsieved odd numbers in the segment.
  var total: Int {
    assert(!countsAreStale)
    return unsieved
  }

  /// The primes whose multiples ``reset(low:)`` removes: 2 … 23, the first 9.
  static let presievedPrimes = 9

  /// Starts the segment of odd numbers from odd `low` to `high` (at most ``bits`` of them;
  /// nil: that many), with the multiples of 2 … 23 removed.
  mutating func reset(low: UInt64, high: UInt64? = nil) {
    // A segment that starts before the last one ended would find places past its multiples
    // (from the last segment's end on, it finds them by division: a gap is no harm).
    if low <= self.high { nextMultiples.removeAll(keepingCapacity: true) }
    self.low = low
    lastBit = min(Self.bits - 1, Int(((high ?? .max) - low) / 2))
    self.high = low + 2 * UInt64(lastBit)
    // Whole blocks: ``refreshCounts()`` counts every word of the last one.
    let words = (lastBit >> Self.bitsPerBlockShift + 1) * Self.wordsPerBlock
    if sieve.count < words {
      // Reserved whole at the first growth, so that growing never copies: malloc hands out
      // pages that fault only when written (doubling copied and faulted twice the words).
      if sieve.isEmpty {
        sieve.reserveCapacity(Self.words)
        blockCounts.reserveCapacity(Self.blocks + 8)
      }
      sieve.append(contentsOf: repeatElement(0, count: words - sieve.count))
      blockCounts.append(
        contentsOf: repeatElement(0, count: words / Self.wordsPerBlock + 8 - blockCounts.count))
    }
    sieve.withUnsafeMutableBufferPointer {
      let used = UnsafeMutableBufferPointer(rebasing: $0[..<words])
      PresievePattern.fill(used, firstOdd: low)
      PresievePattern.second.intersect(used, firstOdd: low)
      // Past the last number, to the end of its block: none left, so that counts and totals
      // stop there (the block's other word, as an earlier and longer segment left it, was
      // added to the block's count and the segment's total).
      let lastWord = lastBit >> 6
      used[lastWord] &= ~0 &>> UInt64(63 - lastBit & 63)
      for word in (lastWord + 1)..<words { used[word] = 0 }
    }
    countsAreStale = true
    refreshCounts()
  }

  /// Counts every block afresh.
  private mutating func refreshCounts() {
    guard countsAreStale else { return }
    countsAreStale = false
    var total = 0
    let blocks = lastBit >> Self.bitsPerBlockShift + 1
    sieve.withUnsafeBufferPointer { sieve in
      blockCounts.withUnsafeMutableBufferPointer { blockCounts in
        for block in 0..<blocks {
          var count = 0
          for word in (block &* Self.wordsPerBlock)..<((block &+ 1) &* Self.wordsPerBlock) {
            count &+= sieve[word].nonzeroBitCount
          }
          blockCounts[block] = UInt16(truncatingIfNeeded: count)
          total &+= count
        }
      }
    }
    unsieved = total
  }

  /// Begins a run of ``count(upTo:)`` queries in increasing order.
  mutating func startCounting() {
    assert(!countsAreStale)
    cursorBlock = 0
    countBeforeCursor = 0
  }

  /// The unsieved odd numbers in [low, z]; z must not decrease between calls, and its bit
  /// must be in the segment (low ≤ z ≤ high + 1).
  ///
  /// The blocks passed since the last call are added eight at a time, the last (up to
  /// eight) as masked lanes; every word of z's block is counted, those past z masked off.
  /// Inlined into the leaves' loop: as a call it reloads the sieve's fields from memory at
  /// every leaf.
  ///
  /// The reads stay inside the counts (eight past the last block) and the words only for a z
  /// in the segment; ``HardLeaves`` asks for a leaf's u, which its level's bounds on m keep
  /// in the segment, and for the count below a prime of the segment. Debug builds (the tests,
  /// and the address sanitizer's run of them) check it. The subtraction wraps rather than
  /// traps: with the trap, π(10¹⁶) on one thread took 1.6% more instructions (callgrind,
  /// 32.60 against 32.09 G; 0.35% with the 16-bit lanes that were there before).
  @inline(__always)
  mutating func count(upTo z: UInt64) -> Int {
    assert(low <= z && (z - low) / 2 <= UInt64(self.lastBit), "z is outside the segment")
    let lastBit = Int((z &- low) / 2)
    let block = lastBit &>> Self.bitsPerBlockShift
    var passed = block &- cursorBlock
    var cursor = cursorBlock
    countBeforeCursor &+= blockCounts.withUnsafeBufferPointer { blockCounts in
      let raw = UnsafeRawPointer(blockCounts.baseAddress!)
      // Eight 16-bit counts a load, added as four 32-bit lanes of two counts each: a count's
      // half adds at most 1/8 of the blocks, and a block holds at most 60 numbers prime to
      // 105 (`aLaneOfBlockCountsCannotOverflow`), so a half stays under 2¹⁶ (512 blocks) and
      // never carries into the other. The halves are added once at the end: summed as 16-bit
      // lanes, the compiler widened each to 64 bits (14 instructions from the tail's mask to
      // the count, against 10).
      var lanes = SIMD4<UInt32>()
      // Passing more than eight blocks is rare where the leaves are dense, so this loop is
      // well predicted.
      while passed > 8 {
        lanes &+= raw.loadUnaligned(fromByteOffset: cursor &* 2, as: SIMD4<UInt32>.self)
        cursor &+= 8
        passed &-= 8
      }
      let tail = raw.loadUnaligned(fromByteOffset: cursor &* 2, as: SIMD4<UInt32>.self)
      let keep = tailMasks.withUnsafeBytes {
        $0.loadUnaligned(fromByteOffset: (8 &- passed) &* 2, as: SIMD4<UInt32>.self)
      }
      lanes &+= tail & keep
      return Int(truncatingIfNeeded: ((lanes & 0xFFFF) &+ (lanes &>> 16)).wrappedSum())
    }
    cursorBlock = block
    let inBlock = lastBit &>> 6 & (Self.wordsPerBlock &- 1)
    let mask: UInt64 = ~0 &>> UInt64(63 &- lastBit & 63)
    countedWords &+= inBlock &+ 1
    return sieve.withUnsafeBufferPointer { sieve in
      let first = block &* Self.wordsPerBlock
      var count = countBeforeCursor
      for word in 0..<Self.wordsPerBlock {
        // All ones for a word before z's, z's mask for z's word, none after.
        let before = UInt64(bitPattern: Int64((word &- inBlock) &>> 63))
        let isLast = word == inBlock ? mask : 0
        count &+= (sieve[first &+ word] & (before | isLast)).nonzeroBitCount
      }
      return count
    }
  }

  private static let allButFirst = ~UInt64(1)

  /// Removes the odd multiples of `p` (p itself included), keeping the counts; p > 23 is
  /// the prime of `level`.
  ///
  /// Where its multiples stop in one segment they go on in the next, and each level keeps
  /// that place: a segment that follows the last one (or comes later, after a gap the
  /// multiple lies beyond) starts from it instead of finding p's first multiple by a
  /// division and a search of the wheel, for each level of each segment.
  mutating func remove(multiplesOf p: UInt64, level: Int) {
    if level >= nextMultiples.count {
      // Levels come in increasing order, so this grows the list one place at a time: from a
      // repeated element, not a new array each time (callgrind, sixteen workers at 3·10¹³:
      // 4.3 M instructions for 4,893 arrays made and freed, 0.4% of the whole; now 0.45 M).
      nextMultiples.append(
        contentsOf: repeatElement((0, 0), count: level + 1 - nextMultiples.count))
    }
    var (next, wheel) = nextMultiples[level]
    if next < low { (next, wheel) = Self.firstMultiple(of: p, atLeast: low) }
    var removed = 0
    if next <= high {
      var bit = Int(truncatingIfNeeded: (next - low) / 2)
      sieve.withUnsafeMutableBufferPointer { sieve in
        blockCounts.withUnsafeMutableBufferPointer { blockCounts in
          Self.forEachMultiple(of: p, from: &bit, through: lastBit, wheel: &wheel, turn: &turn) {
            bit in
            let word = bit &>> 6
            let shift = UInt64(truncatingIfNeeded: bit) & 63
            let old = sieve[word]
            let wasSet = (old &>> shift) & 1
            // ~(1 << shift) as a rotation of ~1: two instructions instead of four.
            sieve[word] = old & (Self.allButFirst &<< shift | Self.allButFirst &>> (64 &- shift))
            blockCounts[bit &>> Self.bitsPerBlockShift] &-= UInt16(truncatingIfNeeded: wasSet)
            removed &+= Int(truncatingIfNeeded: wasSet)
          }
        }
      }
      next = low + 2 * UInt64(bit)
    }
    nextMultiples[level] = (next, wheel)
    unsieved -= removed
    guard countsCrossings else { return }
    // The m coprime to 210 with m·p in the segment, counted once per prime rather than in
    // the crossing loop.
    let first = max(1, (low + p - 1) / p)
    let last = high / p
    if last >= first {
      crossings &+= Residues210.coprimeCount(upTo: last) - Residues210.coprimeCount(upTo: first - 1)
    }
  }

  /// The least multiple m·p ≥ `low` with m coprime to 210, and m's wheel index.
  ///
  /// One division for m and one (by a constant) for its residue: every level pays this where a
  /// chunk does not follow its thread's last one (thousands of levels a chunk at 10¹⁸). With
  /// m's residue looked up rather than searched for, this took 0.28% of the samples of
  /// π(3·10¹³) on sixteen workers against 0.38% (`perf`, 40 runs each).
  private static func firstMultiple(of p: UInt64, atLeast low: UInt64) -> (UInt64, Int) {
    let (m, index) = Residues210.coprime(atLeast: max(1, (low + p - 1) / p))
    return (m * p, index)
  }

  /// Calls `body` with the bit of each multiple m·p in the segment with m coprime to 210,
  /// from `bit` (m's wheel index `wheel`): the others were removed with 2, 3, 5 or 7, so 48
  /// in 105 odd multiples are visited. Leaves `bit` and `wheel` at the first past the end.
  ///
  /// Each multiple is found at its offset from the first of its turn of the wheel (m ≡ 1
  /// mod 210 to m + 208). Before the segment's first whole turn and after its last, the offset
  /// is a product: stepping there by the gaps instead (a gap looked up and multiplied, and the
  /// wheel wrapped, at each multiple) took twice the instructions of a multiple in a whole
  /// turn, and where sixteen workers cut π(3·10¹³) into segments of 2¹⁷–2¹⁹ numbers most of a
  /// level's multiples in a segment lie outside its whole turns. Whole turns read their 48
  /// offsets from a table, made only where the segment holds one: made at every call, the
  /// table cost more than it saved, and products in whole turns too took π(2.7·10¹⁵) 1.5%
  /// longer on one thread.
  @inline(__always)
  private static func forEachMultiple(
    of p: UInt64, from start: inout Int, through lastBit: Int, wheel: inout Int,
    turn: inout [Int], _ body: (Int) -> Void
  ) {
    // Bits, not numbers: m·p and (m + 2k)·p are k·p bits apart.
    let step = Int(p)
    let lastOffset = 104 &* step
    Residues210.halfOffsets.withUnsafeBufferPointer { halfOffsets in
      var first = start &- halfOffsets[wheel] &* step
      var index = wheel
      if first &+ lastOffset <= lastBit {
        // The rest of this turn.
        while index < halfOffsets.count {
          body(first &+ halfOffsets[index] &* step)
          index &+= 1
        }
        first &+= 105 &* step
        index = 0
        if first &+ lastOffset <= lastBit {
          turn.withUnsafeMutableBufferPointer { turn in
            for index in turn.indices { turn[index] = halfOffsets[index] &* step }
            // Four multiples at a time (48 = 12·4): a quarter of the loop's own instructions.
            while first &+ lastOffset <= lastBit {
              var index = 0
              while index < turn.count {
                body(first &+ turn[index])
                body(first &+ turn[index &+ 1])
                body(first &+ turn[index &+ 2])
                body(first &+ turn[index &+ 3])
                index &+= 4
              }
              first &+= 105 &* step
            }
          }
        }
      }
      // A turn whose last multiple is past the segment: both ways here, first + lastOffset
      // passes lastBit, so the loop stops at an index below 48 (the buffer's reads are checked
      // in debug builds, and the tests walk segments ending on a turn's last multiple).
      while first &+ halfOffsets[index] &* step <= lastBit {
        body(first &+ halfOffsets[index] &* step)
        index &+= 1
      }
      start = first &+ halfOffsets[index] &* step
      wheel = index
    }
  }
}
