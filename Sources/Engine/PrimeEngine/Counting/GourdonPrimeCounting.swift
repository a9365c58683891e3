import Synchronization

/// π(x) by Gourdon's variant of the Deléglise–Rivat method, on every thread asked for:
/// O(x^⅔/log² x) time, O(x^⅓·log³ x) memory.
///
/// With ∛x < y ≤ z < √x, a = π(y) and c = π(√x):
///
///     π(x) = φ(x, a) + a − 1 − P₂,    P₂ = Σ_{y<p≤√x} π(x/p) − (c(c − 1) − a(a − 1))/2
///
/// (no number up to x has three prime factors above y). φ(x, a) is expanded by
/// φ(v, b) = φ(v, b − 1) − φ(v/p_b, b − 1) while the product n of the primes taken stays
/// ≤ z: ordinary leaves μ(n)·φ(x/n, k) (``OrdinaryLeaves``), and special leaves
/// −μ(m)·φ(x/(p_b·m), b − 1) for b > k, where m ≤ z < p_b·m and m's factors lie in
/// (p_b, y]. A special leaf's u = x/(p_b·m) is below x/z; it is
///
/// - trivial when m is a prime q and u < p_b: φ = 1, counted per b in one step;
/// - easy when p_b ≤ u < p_b²: φ = π(u) − b + 2, from a π table (``EasyLeaves``);
/// - hard when u ≥ p_b²: φ from a sieve of [1, x/z] (``HardLeaves``).
///
/// Σ π(x/p) needs the primes up to x/y (``QuotientPrimeCounts``). The sums are kept modulo
/// 2⁶⁴, which is exact since π(x) < 2⁶³ while some terms pass Int64's range near 2⁶⁴.
enum GourdonPrimeCounting {
  /// How the work is cut up; tests make the pieces small to reach every boundary.
  struct Tuning {
    var alphaY: Double?
    var alphaZ: Double?
    /// The numbers of the hard leaves' largest chunk, in sieve segments.
    var hardChunkSegments: UInt64?
    /// The numbers of one chunk of Σ π(x/p).
    var quotientChunkSpan: UInt64?
    /// The numbers of p that Σ π(x/p) sieves at a time (``QuotientPrimeCounts/primeSpan(x:)``
    /// when nil).
    var quotientPrimeSpan: UInt64?
    /// The numbers of one segment of the easy leaves' π table
    /// (``EasyLeaves/segmentSpan(x:)`` when nil).
    var easySegmentSpan: UInt64?
  }

  static func primeCount(
    _ x: UInt64, threads: Int, reporter: inout ProgressReporter, tuning: Tuning = Tuning()
  ) throws -> UInt64 {
    var details = PrimeCountDetails()
    return try primeCount(
      x, threads: threads, reporter: &reporter, tuning: tuning, details: &details)
  }

  /// π(x), with what it chose and each phase's time in `details`.
  static func primeCount(
    _ x: UInt64, threads: Int, reporter: inout ProgressReporter, tuning: Tuning = Tuning(),
    details: inout PrimeCountDetails
  ) throws -> UInt64 {
    let start = monotonicNanoseconds()
    details.x = x
    defer { details.wallSeconds = Double(monotonicNanoseconds() &- start) / 1e9 }
    // Small x: a sieve takes well under a millisecond; below 2²⁴ the shared table, once
    // built (in 10 ms), answers in constant time.
    if x < PrimeTable.smallLimit {
      details.threads = 1
      defer { details.add("sieve", seconds: Double(monotonicNanoseconds() &- start) / 1e9) }
      if x < 100_000 { return try SegmentedSieve.count(in: 0...x, reporter: &reporter) }
      return PrimeTable.small.primeCount(x)
    }
    let parameters = GourdonParameters(x: x, alphaY: tuning.alphaY, alphaZ: tuning.alphaZ)
    details.y = parameters.y
    details.z = parameters.z
    details.cubeRoot = parameters.cubeRoot
    details.threads = threads
    let isCancelled = reporter.isCancelled
    var phaseStart = monotonicNanoseconds()
    func phaseEnds(_ name: String) {
      let now = monotonicNanoseconds()
      details.add(name, seconds: Double(now &- phaseStart) / 1e9)
      phaseStart = now
    }
    let pi = try PiTable(limit: parameters.y, isCancelled: isCancelled)
    phaseEnds("π table to y")
    // Only the computation's schedule holds the factor table, so that it is freed with the
    // last hard leaf (peak memory is the largest phase's, not the sum).
    let computation = GourdonComputation(
      parameters: parameters, pi: pi,
      factors: try FactorTable(
        limit: parameters.z, y: parameters.y, primes: pi.primes, isCancelled: isCancelled),
      threads: threads, tuning: tuning, countsCrossings: details.countsCrossings)
    phaseEnds("factor table to z")
    try WorkerThreads.run(
      threads: threads, reporter: &reporter, progress: { computation.progress },
      { _, stop in try computation.work(stop: stop) })
    computation.addDetails(to: &details)
    return computation.result
  }
}

/// The shared state of one computation: its tables, the jobs left, and the results.
private final class GourdonComputation: @unchecked Sendable {
  let parameters: GourdonParameters
  let pi: PiTable
  let ordinary: OrdinaryLeaves
  let quotients: QuotientPrimeCounts

  private enum Job {
    case ordinary(leastFactor: Int)
    case trivial
    case easy(EasyLeaves, segment: Int)
    case quotients(chunk: Int)
    case hard(HardLeaves, chunk: Int, low: UInt64, high: UInt64)

    /// The index of its kind in ``Self/names``.
    var kind: Int {
      switch self {
      case .ordinary: 0
      case .trivial: 1
      case .hard: 2
      case .quotients: 3
      case .easy: 4
      }
    }

    /// Each kind's phase name, in the order they run.
    static let names = [
      "ordinary leaves", "trivial leaves", "hard leaves", "Σ π(x/p)", "easy leaves",
    ]
  }

  /// Adds each phase's time, summed over the workers, and the hard leaves' counts.
  func addDetails(to details: inout PrimeCountDetails) {
    let measured = measured.withLock { $0 }
    for (kind, name) in Job.names.enumerated() {
      details.add(name, seconds: Double(measured.nanoseconds[kind]) / 1e9)
    }
    details.hardLeaves += measured.hardLeaves
    details.sieveCrossings += measured.crossings
    details.countedWords += measured.words
  }

  /// Which jobs are left, handed out under a lock.
  private struct Schedule {
    var nextOrdinary: Int
    var trivialTaken = false
    var nextEasy = 0
    var nextQuotients = 0
    var nextHardChunk = 0
    var nextHardLow: UInt64 = 1
    /// Until the last hard chunk is handed out; each hard job holds it while it runs.
    var hard: HardLeaves?
    /// Made when the first easy segment is handed out (its tables then replace the hard
    /// leaves' factor table: peak memory is the larger, not the sum), dropped with the last.
    var easy: EasyLeaves?
  }

  private let schedule: Mutex<Schedule>
  private let a: Int
  private let easySegments: Int
  private let easySpan: UInt64
  /// Where each chunk of Σ π(x/p) starts; it ends where the next starts.
  private let quotientStarts: [UInt64]
  private var quotientChunks: Int { quotientStarts.count }
  private let hardHigh: UInt64
  private let hardLargestChunk: UInt64

  private let sum = Atomic<Int64>(0)
  private let easyResults: UnsafeMutableBufferPointer<EasyLeaves.Segment>
  private let quotientResults: UnsafeMutableBufferPointer<QuotientPrimeCounts.Chunk>
  /// Hard-leaf chunks are added in order: those that finish early wait here, in a list (a
  /// few wait at a time; a dictionary's hashing paged in code a count otherwise never runs).
  private let hardResults = Mutex<
    (next: Int, waiting: [(index: Int, chunk: HardLeaves.Chunk)], totals: HardLeaves.Totals)
  >((0, [], HardLeaves.Totals()))

  /// What the workers measured: each job kind's nanoseconds, the hard leaves and the
  /// sieve's work, added up as each worker ends.
  private let measured = Mutex<(nanoseconds: [Int], hardLeaves: Int, crossings: Int, words: Int)>(
    ([Int](repeating: 0, count: 5), 0, 0, 0))

  private let countsCrossings: Bool

  /// Work done, in millionths of the whole.
  private let done = Atomic<Int>(0)
  private let weights: (ordinary: Double, easy: Double, quotients: Double, hard: Double)

  init(
    parameters: GourdonParameters, pi: PiTable, factors: FactorTable, threads: Int,
    tuning: GourdonPrimeCounting.Tuning, countsCrossings: Bool
  ) {
    self.countsCrossings = countsCrossings
    self.parameters = parameters
    self.pi = pi
    ordinary = OrdinaryLeaves(parameters: parameters, pi: pi)
    quotients = QuotientPrimeCounts(
      parameters: parameters,
      primeSpan: tuning.quotientPrimeSpan ?? QuotientPrimeCounts.primeSpan(x: parameters.x))
    a = pi.count
    schedule = Mutex(
      Schedule(
        nextOrdinary: parameters.k + 1,
        hard: HardLeaves(parameters: parameters, pi: pi, factors: factors)))
    // At most a quarter of √x: at 10¹⁰ one segment of 2¹⁷ numbers (128 KiB of counts)
    // touched 20 pages more than four of 2¹⁵ in the same memory, and a segment's own work,
    // for each b, is small there.
    easySpan = min(
      tuning.easySegmentSpan ?? EasyLeaves.segmentSpan(x: parameters.x),
      max(1 << 12, (parameters.sqrtX / 4 + 2) & ~1))
    easySegments = Int(parameters.sqrtX / easySpan) + 1
    easyResults = .allocate(capacity: easySegments)
    easyResults.initialize(repeating: .init())
    var starts: [UInt64] = []
    if let range = quotients.range {
      let length = range.upperBound - range.lowerBound + 1
      let span = tuning.quotientChunkSpan ?? max(1 << 22, length / UInt64(threads * 16) + 1)
      // A chunk lists the primes p with x/p in it, and near √x they are dense: a span s at v
      // holds the p of a range of s·x/v² numbers. Ranges of at most 2²⁴ numbers keep a
      // chunk's list to a few MiB at any x (uncapped, the first chunk's took 570 MiB at 10¹⁸).
      let x = Double(parameters.x)
      var start = range.lowerBound
      while start <= range.upperBound {
        starts.append(start)
        let v = Double(start)
        let dense = UInt64(min(Double(UInt64.max / 2), 16_777_216 * v / x * v))
        let chunkSpan = max(1, min(span, dense))
        guard range.upperBound - start >= chunkSpan else { break }
        start += chunkSpan
      }
    }
    quotientStarts = starts
    quotientResults = .allocate(capacity: max(starts.count, 1))
    quotientResults.initialize(repeating: .init())
    hardHigh = parameters.x / (parameters.z + 1)
    let segments = hardHigh / HardLeaves.segmentSpan + 1
    hardLargestChunk =
      (tuning.hardChunkSegments ?? max(1, segments / UInt64(threads * 12)))
      * HardLeaves.segmentSpan
    weights = (0.02, 0.35, 0.13, 0.50)
  }

  deinit {
    easyResults.deallocate()
    quotientResults.deallocate()
  }

  var progress: Double { Double(done.load(ordering: .relaxed)) / 1_000_000 }

  private func advance(_ fraction: Double) {
    done.add(Int(fraction * 1_000_000), ordering: .relaxed)
  }

  private func nextJob() -> Job? {
    schedule.withLock { schedule in
      if schedule.nextOrdinary <= a {
        defer { schedule.nextOrdinary += 1 }
        return .ordinary(leastFactor: schedule.nextOrdinary)
      }
      if !schedule.trivialTaken {
        schedule.trivialTaken = true
        return .trivial
      }
      if schedule.nextHardLow <= hardHigh, let hard = schedule.hard {
        let index = schedule.nextHardChunk
        // Leaves crowd at the start: the chunks grow from one segment.
        let span = min(hardLargestChunk, HardLeaves.segmentSpan << min(index / 4, 30))
        let low = schedule.nextHardLow
        let high = min(hardHigh, low + span - 1)
        schedule.nextHardChunk += 1
        schedule.nextHardLow = high + 1
        if high == hardHigh { schedule.hard = nil }
        return .hard(hard, chunk: index, low: low, high: high)
      }
      if schedule.nextQuotients < quotientChunks {
        defer { schedule.nextQuotients += 1 }
        return .quotients(chunk: schedule.nextQuotients)
      }
      if schedule.nextEasy < easySegments {
        let easy = schedule.easy ?? EasyLeaves(parameters: parameters, pi: pi)
        schedule.easy = schedule.nextEasy + 1 < easySegments ? easy : nil
        defer { schedule.nextEasy += 1 }
        return .easy(easy, segment: schedule.nextEasy)
      }
      return nil
    }
  }

  func work(stop: CancellationFlag) throws(CancellationError) {
    let table = SegmentPiTable(span: easySpan)
    var sieve = CountingSieve()
    sieve.countsCrossings = countsCrossings
    var nanoseconds = [Int](repeating: 0, count: 5)
    var hardLeaves = 0
    defer {
      measured.withLock {
        for kind in nanoseconds.indices { $0.nanoseconds[kind] += nanoseconds[kind] }
        $0.hardLeaves += hardLeaves
        $0.crossings += sieve.crossings
        $0.words += sieve.countedWords
      }
    }
    while let job = nextJob() {
      if stop.isSet { throw CancellationError() }
      let jobStart = monotonicNanoseconds()
      defer { nanoseconds[job.kind] += Int(monotonicNanoseconds() &- jobStart) }
      switch job {
      case .ordinary(let b):
        sum.wrappingAdd(ordinary.count(leastFactor: b), ordering: .relaxed)
        if b == parameters.k + 1 { sum.wrappingAdd(ordinary.root, ordering: .relaxed) }
        advance(weights.ordinary / Double(max(1, a - parameters.k)))
      case .trivial:
        sum.wrappingAdd(leavesInClosedForm(), ordering: .relaxed)
      case .easy(let easy, let segment):
        let low = UInt64(segment) * easySpan
        let high = min(parameters.sqrtX, low + easySpan - 1)
        try table.fill(low: low, high: high, stop: stop)
        easyResults[segment] = try easy.count(table, stop: stop)
        advance(weights.easy / Double(easySegments))
      case .quotients(let chunk):
        let start = quotientStarts[chunk]
        let end =
          chunk + 1 < quotientChunks ? quotientStarts[chunk + 1] - 1 : quotients.range!.upperBound
        quotientResults[chunk] = try quotients.count(start...end, stop: stop)
        advance(weights.quotients / Double(quotientChunks))
      case .hard(let hard, let index, let low, let high):
        let chunk = try hard.count(low: low, high: high, sieve: &sieve, stop: stop)
        hardLeaves += chunk.leaves
        hardResults.withLock { results in
          results.waiting.append((index, chunk))
          while let position = results.waiting.firstIndex(where: { $0.index == results.next }) {
            results.totals.add(results.waiting.remove(at: position).chunk)
            results.next += 1
          }
        }
        // The leaves thin out like 1/√u.
        let scale = Double(hardHigh).squareRoot()
        advance(weights.hard * (Double(high).squareRoot() - Double(low - 1).squareRoot()) / scale)
      }
    }
  }

  /// The trivial leaves (for each b, the primes q in (max(p, z/p, x/p²), y]) and the easy
  /// prime leaves' terms that need no π lookup in a segment.
  private func leavesInClosedForm() -> Int64 {
    let x = parameters.x
    let y = parameters.y
    let z = parameters.z
    var sum: Int64 = 0
    for b in (parameters.k + 1)...max(a, parameters.k + 1) where b <= a {
      let p = UInt64(pi.primes[b])
      let lower = max(p, z / p, x / p / p)
      if lower < y { sum &+= Int64(a - pi[lower]) }
      if p <= parameters.cubeRoot {
        sum &+= EasyLeaves.closedForm(b, parameters: parameters, pi: pi)
      }
    }
    return sum
  }

  /// π(x), once every job is done.
  var result: UInt64 {
    let a = Int64(self.a)
    var total = sum.load(ordering: .relaxed)
    total &+= hardResults.withLock { $0.totals.sum }
    // Easy leaves: each segment's leaves get π(low − 1).
    var primesBefore: Int64 = 0
    for segment in easyResults {
      total &+= segment.sum &+ segment.signs &* primesBefore
      primesBefore &+= segment.primes
    }
    let c = primesBefore  // π(√x)
    // Σ π(x/p) over y < p ≤ √x.
    var quotientSum: Int64 = 0
    var before = c
    for chunk in quotientResults.prefix(quotientChunks) {
      quotientSum &+= chunk.sum &+ chunk.quotients &* before
      before &+= chunk.primes
    }
    // p = √x itself when x/p = √x (the chunks start above √x).
    let s = parameters.sqrtX
    if s > parameters.y && parameters.x / s == s && Primality.isPrime(s) { quotientSum &+= c }
    total &+= a &- 1 &- quotientSum &+ (c &* (c &- 1) &- a &* (a &- 1)) / 2
    return UInt64(bitPattern: total)
  }
}
