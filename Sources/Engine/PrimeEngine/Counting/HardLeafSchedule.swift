/// Cuts the hard leaves' range [1, x/z] into chunks as the threads ask for them, each sized
/// from the processor time the last chunks took, so that every chunk takes about
/// ``targetNanoseconds`` whatever the thread count, the machine or the part of the range.
///
/// The work per number falls steeply along the range: leaves crowd at its start (their
/// density goes like 1/√u) and the sieving primes thin out above it. At 2.7·10¹⁵ the first
/// sieve segments (2¹⁹ numbers) took 40–70 ms each and the last a fraction of a millisecond.
/// A fixed cut is either too coarse at the start (one thread holds a long chunk while the
/// others wait) or too fine at the end (each chunk pays its setup: a division per sieving
/// prime to find where its multiples resume, and a sieve of its first segment whole). So the
/// first chunks on more than two threads are a sixteenth of a segment (``HardLeaves`` sieves
/// a shorter segment for them), and each next one is sized by the rate (processor nanoseconds
/// per number) of the last chunk finished: in processor time rather than wall time, so that
/// a thread preempted by another (more threads than processors) does not shrink the chunks,
/// and at most twice that chunk's length, so that one cheap chunk does not make the next
/// ones long. Near the end the chunks taper: none is more than half a thread's share of
/// the numbers left, so the last ones finish together.
///
/// Chunks start one past a multiple of ``granule``. Memory: a few words. Taken under a lock
/// once per chunk (milliseconds of work): the lock is never on the path of a shorter unit.
struct HardLeafSchedule {
  /// The last u.
  let high: UInt64
  let threads: Int
  /// How long a chunk should take on one thread.
  let targetNanoseconds: UInt64
  /// The chunks' most numbers (nil: no limit but the taper); tests make it small.
  let largest: UInt64?

  /// Chunk lengths are multiples of this: 8 words of the sieve's odd numbers.
  static let granule: UInt64 = 1_024
  /// The shortest chunk but the last: on one or two threads a sieve segment, on more a
  /// sixteenth of one. A chunk shorter than a segment pays a segment's work per level (a few
  /// divisions and lookups for each of up to π(x^¼) levels) for fewer numbers: at 10¹³ on
  /// one thread chunks of 4 ms cut 70 segments in the dense part and took 3% more
  /// instructions. Where a segment took 40–70 ms (the densest, at 2.7·10¹⁵) a sixteenth took
  /// 3 ms, which sixteen threads need, and one or two do not: 70 ms is a few percent of each
  /// one's share.
  let shortest: UInt64

  private(set) var nextLow: UInt64 = 1
  private(set) var nextIndex = 0
  /// Processor nanoseconds per number: the last chunk finished's rate, or half the rate
  /// before it when that is more (a chunk of the sparse start finishing late, or a cheap
  /// one among dear ones, does not make the next chunks long at once).
  private var rate: Double?
  /// The numbers of the last chunk finished.
  private var measuredNumbers: UInt64 = 0

  /// 4 ms: the setup of a chunk (about 40 µs at 10¹⁸ where it does not follow its thread's
  /// last chunk) stays near 1%, and 64 threads still take tens of chunks each where the
  /// hard leaves take a second.
  init(
    high: UInt64, threads: Int, targetNanoseconds: UInt64 = 4_000_000, largest: UInt64? = nil
  ) {
    self.high = high
    self.threads = max(1, threads)
    self.targetNanoseconds = targetNanoseconds
    self.largest = largest.map { max(Self.granule, $0 / Self.granule * Self.granule) }
    shortest = min(
      threads <= 2 ? CountingSieve.segmentSpan : 32 * Self.granule, self.largest ?? .max)
  }

  var isFinished: Bool { nextLow > high }

  /// One chunk handed out: its index (chunks are put together in this order) and its range.
  struct Chunk: Equatable {
    var index: Int
    var low: UInt64
    var high: UInt64
    var numbers: UInt64 { high - low + 1 }
  }

  /// Takes what a finished chunk measured: its `numbers` took `nanoseconds` of a thread's
  /// processor time.
  mutating func record(numbers: UInt64, nanoseconds: UInt64) {
    guard numbers > 0 else { return }
    let measured = Double(max(1, nanoseconds)) / Double(numbers)
    rate = max(measured, (rate ?? 0) / 2)
    measuredNumbers = numbers
  }

  /// The next chunk, or nil once the range is handed out.
  mutating func next() -> Chunk? {
    guard nextLow <= high else { return nil }
    let granule = Self.granule
    let remaining = high - nextLow + 1
    // Until a chunk is measured, the shortest chunks.
    var numbers = shortest
    if let rate {
      let sized = min(Double(targetNanoseconds) / rate, 2 * Double(measuredNumbers))
      numbers = UInt64(min(Double(1 << 62), sized))
    }
    // The ramp: the leaves' density rises steeply up to about (x/z)^⅔ (a leaf's u is at least
    // both p² and x/(p·z)), faster than measurements of chunks in flight can tell: chunks
    // there are at most 1/32 of their start, a small share of the whole at any x. One
    // thread has no other to wait for.
    if threads > 1 { numbers = min(numbers, max(shortest, nextLow / 32)) }
    // The taper: at most half of one thread's share of what is left.
    numbers = min(numbers, remaining / UInt64(2 * threads))
    if let largest { numbers = min(numbers, largest) }
    numbers = max(shortest, numbers / granule * granule)
    // A chunk of a segment or more ends where a segment of the grid from 1 ends: a segment
    // cut in two pays its per-level work twice.
    let span = CountingSieve.segmentSpan
    if numbers >= span && largest == nil {
      numbers = (nextLow - 1 + numbers) / span * span - (nextLow - 1)
    }
    let low = nextLow
    let chunkHigh = numbers >= remaining ? high : low + numbers - 1
    defer {
      nextLow = chunkHigh &+ 1
      nextIndex += 1
    }
    return Chunk(index: nextIndex, low: low, high: chunkHigh)
  }
}
