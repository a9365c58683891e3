import Synchronization

/// Cuts the hard leaves' range [1, x/z] into chunks as the threads ask for them, each sized
/// from the processor time the last chunks took, so that every chunk takes about
/// ``targetNanoseconds`` whatever the thread count, the machine or the part of the range.
///
/// The work per number falls steeply along the range: leaves crowd at its start (their density goes
/// like 1/√u) and the sieving primes thin out above it. At 2.7·10¹⁵ the first sieve segments (2¹⁹
/// numbers then) took 40–70 ms each and the last a fraction of a millisecond. A fixed cut is either
/// too coarse at the start (one thread holds a long chunk while the others wait) or too fine at the
/// end (each chunk pays its setup: a division per sieving prime to find where its multiples resume,
/// and a sieve of its first segment whole). So the first chunks on more than two threads are 2¹³
/// numbers, a 128th of a segment (``HardLeaves`` sieves a shorter segment for them), and each next
/// one is sized by the rate (processor nanoseconds per number) of the last chunk finished: in
/// processor time rather than wall time, so that a thread preempted by another (more threads than
/// processors) does not shrink the chunks, and at most twice that chunk's length, so that one cheap
/// chunk does not make the next ones long. The chunks taper, so that every thread takes several
/// more wherever it is and the threads finish together.
///
/// Chunks start one past a multiple of ``granule``. Memory: a few words. Taken without a
/// lock, so that no thread sleeps waiting for a chunk: what two threads may race on is only
/// the next chunk's size, and each number is handed out once whatever the race.
final class HardLeafSchedule: Sendable {
  /// The last u.
  let high: UInt64
  let threads: Int
  /// How long a chunk should take on one thread.
  let targetNanoseconds: UInt64
  /// The chunks' most numbers (nil: no limit but the taper); tests make it small.
  let largest: UInt64?
  /// What a segment costs whatever its length: for each level, the divisions that place its
  /// leaves and find its prime's next multiple (0: nothing, as tests have it).
  let segmentSetupNanoseconds: UInt64

  /// Chunk lengths are multiples of this: 8 words of the sieve's odd numbers.
  static let granule: UInt64 = 1_024
  /// Where the leaves crowd, a chunk is at most this fraction of its start (the ramp): a
  /// quarter up to sixteen threads, then 1/(threads/4). A 32nd, as it was, with the taper at
  /// an eighth of a thread's share rather than a quarter, cut π(3·10¹³) into about 250 chunks
  /// on sixteen workers, where 150 keep the busiest as near the mean and take 2–3% less
  /// processor time (Performance, "Fewer chunks"); a half let the busiest run 1.26× the
  /// mean. The ramp's chunks are handed out faster than the first dense one can be measured:
  /// at 2.7·10¹⁵ the leaves from 2²⁰ to 2²³ (a third of the hard leaves' time) went out as
  /// ten chunks of 24–43 ms, and on 64 workers, whose mean share of the whole count is 22 ms,
  /// the busiest ran 1.6 times the mean. The chunks there number about three times the
  /// divisor, so it grows with the threads that share them.
  let rampDivisor: UInt64
  /// The shortest chunk but the last: on one or two threads a sieve segment, on more 2¹³
  /// numbers. A chunk shorter than a segment pays a segment's work per level (a few
  /// divisions and lookups for each of up to π(x^¼) levels) for fewer numbers: at 10¹³ on
  /// one thread chunks of 4 ms cut 70 segments in the dense part and took 3% more
  /// instructions. Where 2¹⁹ numbers took 40–70 ms (the densest, at 2.7·10¹⁵) a 64th of
  /// them takes about 1 ms, which sixteen threads need (at 3·10¹³, 2¹⁵ numbers there took
  /// 2 ms, a third of each of sixteen workers' share), and one or two do not: a segment,
  /// twice that, is a few percent of each one's share. Only the chunks taken before any is
  /// measured are this short where a segment is cheap: the taper's least then is what
  /// amortizes a segment's setup.
  let shortest: UInt64

  /// The first number not yet handed out.
  private let nextLow = Atomic<UInt64>(1)
  /// Processor nanoseconds per number, a `Double`'s bits (0: none measured yet): the last
  /// chunk finished's rate, or half the rate before it when that is more (a chunk of the
  /// sparse start finishing late, or a cheap one among dear ones, does not make the next
  /// chunks long at once).
  private let rateBits = Atomic<UInt64>(0)
  /// The numbers of the last chunk finished.
  private let measuredNumbers = Atomic<UInt64>(0)

  /// 4 ms: the setup of a chunk (about 40 µs at 10¹⁸ where it does not follow its thread's
  /// last chunk) stays near 1%, and 64 threads still take tens of chunks each where the
  /// hard leaves take a second.
  init(
    high: UInt64, threads: Int, targetNanoseconds: UInt64 = 4_000_000, largest: UInt64? = nil,
    segmentSetupNanoseconds: UInt64 = 0
  ) {
    self.high = high
    self.threads = max(1, threads)
    self.targetNanoseconds = targetNanoseconds
    self.segmentSetupNanoseconds = segmentSetupNanoseconds
    rampDivisor = max(4, UInt64(self.threads) / 4)
    self.largest = largest.map { max(Self.granule, $0 / Self.granule * Self.granule) }
    shortest = min(
      threads <= 2 ? CountingSieve.segmentSpan : 8 * Self.granule, self.largest ?? .max)
  }

  var isFinished: Bool { nextLow.load(ordering: .relaxed) > high }

  /// One chunk handed out.
  struct Chunk: Equatable {
    var low: UInt64
    var high: UInt64
    var numbers: UInt64 { high - low + 1 }
  }

  /// Takes what a finished chunk measured: its `numbers` took `nanoseconds` of a thread's
  /// processor time. Two threads recording at once may lose one's rate: the next chunks are
  /// sized by the other's.
  func record(numbers: UInt64, nanoseconds: UInt64) {
    guard numbers > 0 else { return }
    let measured = Double(max(1, nanoseconds)) / Double(numbers)
    let last = Double(bitPattern: rateBits.load(ordering: .relaxed))
    rateBits.store(max(measured, last / 2).bitPattern, ordering: .relaxed)
    measuredNumbers.store(numbers, ordering: .relaxed)
  }

  /// The next chunk, or nil once the range is handed out. Each number is handed out once:
  /// a chunk is taken by moving ``nextLow`` past it from the value it was sized at, and a
  /// thread that finds it moved sizes the next one again.
  func next() -> Chunk? {
    var low = nextLow.load(ordering: .relaxed)
    while low <= high {
      let chunkHigh = end(from: low)
      let (taken, current) = nextLow.compareExchange(
        expected: low, desired: chunkHigh &+ 1, ordering: .relaxed)
      if taken { return Chunk(low: low, high: chunkHigh) }
      low = current
    }
    return nil
  }

  /// The taper: the numbers of a chunk from `low` are at most a quarter of one thread's share
  /// of the time left, which the leaves' thinning like 1/√u puts at 2·r·√low·(√high − √low)
  /// for a rate r at low (the rate cancels out): each thread still takes several chunks, so
  /// the busiest ends within a small chunk of the mean.
  static func taper(from low: UInt64, to high: UInt64, threads: Int) -> Double {
    let root = Double(low).squareRoot()
    return root * (Double(high).squareRoot() - root) / Double(2 * threads)
  }

  /// The last number of a chunk that starts at `low`.
  private func end(from low: UInt64) -> UInt64 {
    let granule = Self.granule
    let remaining = high - low + 1
    let bits = rateBits.load(ordering: .relaxed)
    let rate = bits == 0 ? nil : Double(bitPattern: bits)
    // Until a chunk is measured, the shortest chunks.
    var numbers = shortest
    if let rate {
      let measured = measuredNumbers.load(ordering: .relaxed)
      let sized = min(Double(targetNanoseconds) / rate, 2 * Double(measured))
      numbers = UInt64(min(Double(1 << 62), sized))
    }
    // The ramp: the leaves' density rises steeply up to about (x/z)^⅔ (a leaf's u is at least
    // both p² and x/(p·z)), faster than measurements of chunks in flight can tell: chunks
    // there are at most a ``rampDivisor``th of their start. One thread has no other to wait
    // for.
    if threads > 1 { numbers = min(numbers, max(shortest, low / rampDivisor)) }
    numbers = min(
      numbers, UInt64(min(Double(remaining), Self.taper(from: low, to: high, threads: threads))))
    // A chunk shorter than a segment pays a whole segment's setup: the taper cuts none shorter
    // than makes its numbers' own work 16 times that (so where leaves are sparse, a segment
    // taking under a millisecond is not cut), nor than the ramp allows.
    let span = CountingSieve.segmentSpan
    if let rate, segmentSetupNanoseconds > 0 {
      var amortizing = min(Double(span), 16 * Double(segmentSetupNanoseconds) / rate)
      if threads > 1 { amortizing = min(amortizing, Double(low / rampDivisor)) }
      numbers = max(numbers, UInt64(amortizing))
    }
    if let largest { numbers = min(numbers, largest) }
    numbers = max(shortest, numbers / granule * granule)
    // A chunk of a segment or more ends where a segment of the grid from 1 ends: a segment
    // cut in two pays its per-level work twice.
    if numbers >= span && largest == nil {
      numbers = (low - 1 + numbers) / span * span - (low - 1)
    }
    return numbers >= remaining ? high : low + numbers - 1
  }
}
