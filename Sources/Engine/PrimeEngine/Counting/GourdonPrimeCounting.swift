import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
/// Σ π(x/p) needs the primes up to x/y (``QuotientPrimeCounts``). x is a ``CountingInteger``:
/// the count is one generic code, specialized for 64-bit x and for wider x. The sums
/// are kept modulo 2⁶⁴ (or 2¹²⁸), which is exact since π(x) < 2⁶³ (or 2¹²⁷) while some terms
/// pass that range.
enum GourdonPrimeCounting {
  /// How the work is cut up; tests make the pieces small to reach every boundary.
  struct Tuning {
    var alphaY: Double?
    var alphaZ: Double?
    /// The numbers of the hard leaves' largest chunk (``HardLeafSchedule``; rounded down to
    /// its granule).
    var hardLargestChunk: UInt64?
    /// The numbers of one chunk of Σ π(x/p).
    var quotientChunkSpan: UInt64?
    /// The numbers of p that Σ π(x/p) sieves at a time (``QuotientPrimeCounts/primeSpan(x:)``
    /// when nil).
    var quotientPrimeSpan: UInt64?
    /// The numbers of one segment of the easy leaves' π table
    /// (``EasyLeaves/segmentSpan(x:)`` when nil).
    var easySegmentSpan: UInt64?
    /// The tables' widths (nil: the narrowest that hold x's bounds); tests count small x
    /// with the widths that only x past 6.4·10²² needs.
    var widths: TableWidthChoice?
    /// The bytes of memory the tables may take (``AvailableMemory/bytes`` when nil).
    var memory: UInt64?
    /// Whether fewer threads than asked run where the work is too small to share among them
    /// (``usefulThreads(_:x:)``); tests turn it off to share small counts among many.
    var limitsThreadsToTheWork = true
    /// The processors the work is split for (``PrimeCounting/availableProcessors`` when nil);
    /// tests name more to see a many-core split on any machine.
    var processors: Int?
  }

  /// The threads worth starting for π(x): those asked for, but no more than give each about
  /// 10 ms of work, as primecount gives each thread a least share of each part. A thread
  /// costs 20–50 µs to start, and every worker pages in tables of its own; 64 workers on
  /// π(10¹²) (40 ms on one thread) took twice the processor time of two. The work is
  /// estimated from a fit of one thread's time on the 2-core machines of the Performance
  /// article: 2.2 s at 2.7·10¹⁵, growing like x^0.57 from 10¹³ (below it, less); a machine
  /// twice as fast gets twice the threads it needs.
  static func usefulThreads(_ threads: Int, x: some BinaryInteger) -> Int {
    let seconds = 2.2 * pow(Double(x) / 2.7e15, 0.57)
    return max(1, min(threads, Int(min(seconds / 0.010, 1e6))))
  }

  static func primeCount<X: CountingInteger>(
    _ x: X, threads: Int, reporter: inout ProgressReporter, tuning: Tuning = Tuning()
  ) throws -> X {
    var details = PrimeCountDetails()
    return try primeCount(
      x, threads: threads, reporter: &reporter, tuning: tuning, details: &details)
  }

  /// π(x), with what it chose and each phase's time in `details`.
  static func primeCount<X: CountingInteger>(
    _ x: X, threads: Int, reporter: inout ProgressReporter, tuning: Tuning = Tuning(),
    details: inout PrimeCountDetails
  ) throws -> X {
    let start = monotonicNanoseconds()
    let usageAtStart = details.isShown ? PrimeCountDetails.ProcessUsage.now() : nil
    details.x = UInt128(x)
    details.availableProcessors = WorkerThreads.availableProcessors
    details.threadsAsked = threads
    defer {
      details.wallSeconds = Double(monotonicNanoseconds() &- start) / 1e9
      if let usageAtStart { details.usage = .now() - usageAtStart }
    }
    // Small x: a sieve takes well under a millisecond; below 2²⁴ the shared table, once
    // built (in about 3 ms), answers in constant time.
    if x < X(PrimeTable.smallLimit) {
      details.threads = 1
      defer { details.add("sieve", seconds: Double(monotonicNanoseconds() &- start) / 1e9) }
      let x = UInt64(x)
      if x < 100_000 { return X(try SegmentedSieve.count(in: 0...x, reporter: &reporter)) }
      return X(PrimeTable.small[x])
    }
    let parameters = GourdonParameters(x: x, alphaY: tuning.alphaY, alphaZ: tuning.alphaZ)
    details.y = parameters.y
    details.z = parameters.z
    details.cubeRoot = parameters.cubeRoot
    let threads = tuning.limitsThreadsToTheWork ? usefulThreads(threads, x: x) : threads
    details.threads = threads
    let widths = tuning.widths ?? .narrowest(y: parameters.y, z: parameters.z)
    // Refused before anything is built: the tables outgrow 24 GiB from about 5·10²⁴ (and
    // take 14 TiB at 10³¹), and a count that does not fit would be stopped by the system, or
    // page for days.
    let needed = widths.tableBytes(y: parameters.y, z: parameters.z)
    let available = tuning.memory ?? AvailableMemory.bytes
    guard needed < Double(available) else {
      throw PrimeEngineError.notEnoughMemory(needed: UInt64(needed), available: available)
    }
    // One call per widths, each with its type known here, so that each count is specialized
    // for its tables' element types (not run as generic code through an existential).
    switch widths {
    case .narrow:
      return try count(
        parameters, NarrowTables.self, threads: threads, reporter: &reporter, tuning: tuning,
        details: &details)
    case .widePrimes:
      return try count(
        parameters, WidePrimes.self, threads: threads, reporter: &reporter, tuning: tuning,
        details: &details)
    case .wide:
      return try count(
        parameters, WideTables.self, threads: threads, reporter: &reporter, tuning: tuning,
        details: &details)
    }
  }

  /// π(x) with tables of the given widths.
  private static func count<X: CountingInteger, Widths: TableWidths>(
    _ parameters: GourdonParameters<X>, _: Widths.Type, threads: Int,
    reporter: inout ProgressReporter, tuning: Tuning, details: inout PrimeCountDetails
  ) throws -> X {
    details.primeBits = Widths.Prime.bitWidth
    details.factorValueBits = Widths.FactorValue.bitWidth
    let tableStart = monotonicNanoseconds()
    let pi = try PiTable<Widths>(limit: parameters.y, isCancelled: reporter.isCancelled)
    details.add("π table to y", seconds: Double(monotonicNanoseconds() &- tableStart) / 1e9)
    // Only the computation's schedule holds the factor table, so that it is freed with the
    // last hard leaf (peak memory is the largest phase's, not the sum).
    // The work is cut for the threads that can run at once: sixteen workers on two
    // processors take turns, so pieces cut for sixteen would only add their setup (16 and 64
    // workers on two processors took 10–28% more processor time than two at 2.7·10¹⁵ and
    // 10¹⁷: six times the hard-leaf segments, eight times the Σ π(x/p) chunks). The hard
    // leaves are the exception: their chunks are sized in time, for every worker to take
    // several, and cut below a segment only where a segment's setup is small beside its work
    // (cut for two, 16 workers on two processors at 3·10¹³ shared 89 chunks: the busiest had
    // three times the mean's hard leaves; cut for them, 323).
    let parallel = min(threads, tuning.processors ?? WorkerThreads.availableProcessors)
    let countsCrossings = details.countsCrossings
    let computation = GourdonComputation(
      parameters: parameters, pi: pi,
      factors: try factorTable(
        parameters, pi: pi, threads: parallel, reporter: &reporter, details: &details),
      parallel: parallel, workers: threads, tuning: tuning, countsCrossings: countsCrossings)
    try WorkerThreads.run(
      threads: threads, reporter: &reporter, progress: { computation.progress },
      { _, stop in try computation.work(stop: stop) })
    computation.addDetails(to: &details)
    return computation.result
  }
}

extension GourdonPrimeCounting {
  /// The hard leaves' factor table, a part per thread on every thread: one thread took 11% of
  /// the whole at 2.7·10¹⁵ on 16 threads, the other fifteen waiting. Its phase in `details`
  /// has each thread's share when there are several, as the workers' phases do.
  fileprivate static func factorTable<X: CountingInteger, Widths: TableWidths>(
    _ parameters: GourdonParameters<X>, pi: PiTable<Widths>, threads: Int,
    reporter: inout ProgressReporter, details: inout PrimeCountDetails
  ) throws -> FactorTable<Widths> {
    let name = "factor table to z"
    let start = monotonicNanoseconds()
    let table = FactorTable<Widths>(limit: parameters.z, y: parameters.y)
    // A part pays a division per prime up to its end/11: parts of 2¹⁸ numbers or more.
    let parts = min(threads, Int(parameters.z >> 18) + 1)
    if parts == 1 {
      try table.fill(part: 0, of: 1, primes: pi.primes, isCancelled: reporter.isCancelled)
      details.add(name, seconds: Double(monotonicNanoseconds() &- start) / 1e9)
      return table
    }
    let next = PartCounter()
    let times = ThreadTimes()
    let fill: @Sendable (Int, CancellationFlag) throws -> Void = { worker, stop in
      try times.measure(thread: worker) { taken in
        while case let part = next.take(), part < parts {
          taken += 1
          try table.fill(part: part, of: parts, primes: pi.primes, isCancelled: { stop.isSet })
        }
      }
    }
    try WorkerThreads.run(threads: parts, reporter: &reporter, progress: { 0 }, fill)
    details.add(
      times.phase(named: name, wallSeconds: Double(monotonicNanoseconds() &- start) / 1e9))
    return table
  }
}

/// The shared state of one computation: its tables, the work left, and the results.
///
/// The work is five kinds of job, handed out in this order (``Job/names``): a worker takes
/// the next job of the first kind that has any left, so the kinds overlap: a worker that
/// finds no hard-leaf chunk left goes on to Σ π(x/p) while others finish theirs, and only the
/// last kind's end waits on the slowest thread. Its jobs take milliseconds: the ordinary
/// leaves are dealt in strides (job j takes b = k + 1 + j, k + 1 + j + J, …: the subtrees
/// of the smallest b are the largest, so each job gets a share of them); Σ π(x/p) and the
/// easy leaves are cut in advance into pieces of a few milliseconds; the hard leaves are
/// cut as the threads ask, by ``HardLeafSchedule``. A job of the first four kinds is taken
/// with atomic operations; an easy segment under a lock, which a job of milliseconds
/// amortizes (it also hands over the tables made or dropped there). A finished hard-leaf
/// chunk is added to the others under a lock.
private final class GourdonComputation<X: CountingInteger, Widths: TableWidths>:
  @unchecked Sendable
{
  let parameters: GourdonParameters<X>
  let pi: PiTable<Widths>
  let ordinary: OrdinaryLeaves<X, Widths>
  let quotients: QuotientPrimeCounts<X>

  private enum Job {
    case ordinary(stride: Int)
    case trivial
    case hard(HardLeaves<X, Widths>, HardLeafSchedule.Chunk)
    case quotients(chunk: Int)
    case easy(EasyLeaves<X, Widths>, segment: Int)

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

    /// Each kind's phase name, in the order they are handed out.
    static var names: [String] {
      ["ordinary leaves", "trivial leaves", "hard leaves", "Σ π(x/p)", "easy leaves"]
    }
  }

  /// Adds each phase's times and the hard leaves' counts.
  func addDetails(to details: inout PrimeCountDetails) {
    let measured = measured.withLock { $0 }
    for (kind, name) in Job.names.enumerated() {
      details.add(measured.phases[kind].phase(named: name))
    }
    details.allJobs = measured.all.phase(named: "all jobs")
    details.hardLeaves += measured.hardLeaves
    details.sieveCrossings += measured.crossings
    details.countedWords += measured.words
  }

  private let a: Int
  /// The ordinary leaves' jobs, each a stride of b.
  private let ordinaryJobs: Int
  private let nextOrdinary = Atomic<Int>(0)
  private let trivialTaken = Atomic<Bool>(false)
  private let nextQuotients = Atomic<Int>(0)
  /// Where each chunk of Σ π(x/p) starts; it ends where the next starts.
  private let quotientStarts: [UInt64]
  private var quotientChunks: Int { quotientStarts.count }
  /// Where each segment of the easy leaves starts; it ends where the next starts.
  private let easyStarts: [UInt64]
  private var easySegments: Int { easyStarts.count }
  /// The widest segment's numbers, which each worker's π table holds.
  private let easySpan: UInt64

  /// The hard leaves' chunks, taken without a lock.
  private let hardSchedule: HardLeafSchedule
  /// The hard leaves until the last chunk is handed out: a worker takes them once, when it
  /// starts on them, and drops them when it finds no chunk left (the factor table is freed
  /// with the last worker's).
  private let hardLeaves: Lock<HardLeaves<X, Widths>?>
  /// The easy leaves' next segment, and their tables: made when the first segment is handed
  /// out (they then replace the hard leaves' factor table: peak memory is the larger, not
  /// the sum), dropped with the last.
  private let easy = Lock<(next: Int, leaves: EasyLeaves<X, Widths>?)>((0, nil))

  /// The ordinary and trivial leaves, added once a worker (or the trivial job) ends.
  private let sum = Lock<X.Sum>(0)
  private let easyResults: UnsafeMutableBufferPointer<EasyLeaves<X, Widths>.Segment>
  private let quotientResults: UnsafeMutableBufferPointer<QuotientPrimeCounts<X>.Chunk>
  /// Hard-leaf chunks are added in order (`next`: the low of the next to add): those that
  /// finish early wait here, in a list in no order (a few wait at a time; a dictionary's
  /// hashing paged in code a count otherwise never runs).
  private let hardResults = Lock<
    (
      next: UInt64, waiting: [(low: UInt64, high: UInt64, chunk: HardLeaves<X, Widths>.Chunk)],
      totals: HardLeaves<X, Widths>.Totals
    )
  >((1, [], HardLeaves<X, Widths>.Totals()))

  /// One kind of job as the workers measured it; see ``PrimeCountDetails/Phase``.
  private struct PhaseMeasure {
    var jobs = 0
    /// The workers that took any job of it.
    var workers = 0
    var jobNanoseconds: UInt64 = 0
    var busy: UInt64 = 0
    var leastBusy: UInt64 = .max
    var mostBusy: UInt64 = 0
    var waiting: UInt64 = 0
    var firstStart: UInt64 = .max
    var lastEnd: UInt64 = 0

    /// Adds one worker's measure of it.
    mutating func add(worker mine: PhaseMeasure) {
      jobs += mine.jobs
      workers += mine.jobs > 0 ? 1 : 0
      jobNanoseconds += mine.jobNanoseconds
      busy += mine.busy
      leastBusy = min(leastBusy, mine.busy)
      mostBusy = max(mostBusy, mine.busy)
      waiting += mine.waiting
      firstStart = min(firstStart, mine.firstStart)
      lastEnd = max(lastEnd, mine.lastEnd)
    }

    func phase(named name: String) -> PrimeCountDetails.Phase {
      PrimeCountDetails.Phase(
        name: name, seconds: Double(jobNanoseconds) / 1e9,
        wallSeconds: Double(lastEnd &- min(firstStart, lastEnd)) / 1e9,
        busySeconds: Double(busy) / 1e9,
        leastBusySeconds: Double(leastBusy == .max ? 0 : leastBusy) / 1e9,
        mostBusySeconds: Double(mostBusy) / 1e9, waitingSeconds: Double(waiting) / 1e9,
        jobs: jobs, threads: workers)
    }
  }

  /// What the workers measured, added up as each worker ends: each kind of job, and every
  /// kind together (a worker's least and most are then its whole share of the computation).
  private let measured = Lock<
    (phases: [PhaseMeasure], all: PhaseMeasure, hardLeaves: Int, crossings: Int, words: Int)
  >(([PhaseMeasure](repeating: .init(), count: 5), .init(), 0, 0, 0))

  private let countsCrossings: Bool

  /// The threads that can run at once, and the workers that went on past the hard leaves:
  /// Σ π(x/p) and the easy leaves are cut for that many, and only that many take them.
  private let parallel: Int
  private let workersPastHardLeaves = Atomic<Int>(0)

  /// Work done, in millionths of the whole.
  private let done = Atomic<Int>(0)
  private let weights: (ordinary: Double, easy: Double, quotients: Double, hard: Double)
  /// √(x/z): the hard leaves' progress goes like √u.
  private let hardScale: Double

  /// `parallel`: the threads that can run at once, which the work is cut for.
  init(
    parameters: GourdonParameters<X>, pi: PiTable<Widths>, factors: FactorTable<Widths>,
    parallel threads: Int,
    workers: Int, tuning: GourdonPrimeCounting.Tuning, countsCrossings: Bool
  ) {
    self.countsCrossings = countsCrossings
    self.parallel = threads
    self.parameters = parameters
    self.pi = pi
    ordinary = OrdinaryLeaves(parameters: parameters, pi: pi)
    quotients = QuotientPrimeCounts(
      parameters: parameters,
      primeSpan: tuning.quotientPrimeSpan ?? QuotientPrimeCounts.primeSpan(x: parameters.x))
    a = pi.count
    // Sixteen strides a thread: the largest subtree (b = k + 1) is a few percent of the
    // whole, so the strides are within a few percent of each other.
    ordinaryJobs = max(1, min(a - parameters.k, 16 * threads))
    let levels = UInt64(pi[min(parameters.quarterRoot, parameters.y)])
    hardSchedule = HardLeafSchedule(
      high: parameters.x.quotient(parameters.z + 1), threads: workers,
      // A chunk that does not follow its thread's last finds each level's next multiple
      // again: 4 ms, or 2 µs a level where there are more than 2,000 (from 10¹⁷).
      targetNanoseconds: max(4_000_000, 2_000 * levels), largest: tuning.hardLargestChunk,
      // About 50 ns a level, four divisions and a search of the wheel: chunks of 2¹⁵ numbers
      // where leaves are sparse took 23 µs for 350 levels at 3·10¹³.
      segmentSetupNanoseconds: 50 * levels)
    hardLeaves = Lock(HardLeaves(parameters: parameters, pi: pi, factors: factors))
    // At most a quarter of √x: at 10¹⁰ one segment of 2¹⁷ numbers (128 KiB of counts)
    // touched 20 pages more than four of 2¹⁵ in the same memory, and a segment's own work,
    // for each b, is small there.
    easySpan = min(
      tuning.easySegmentSpan ?? EasyLeaves<X, Widths>.segmentSpan(x: parameters.x),
      max(1 << 12, (parameters.sqrtX / 4 + 2) & ~1))
    easyStarts = EasyLeaves<X, Widths>.segmentStarts(
      sqrtX: parameters.sqrtX, y: parameters.y, widest: easySpan, threads: threads)
    easyResults = .allocate(capacity: easyStarts.count)
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
    weights = (0.02, 0.35, 0.13, 0.50)
    hardScale = Double(parameters.x.quotient(parameters.z + 1)).squareRoot()
  }

  deinit {
    easyResults.deallocate()
    quotientResults.deallocate()
  }

  var progress: Double { Double(done.load(ordering: .relaxed)) / 1_000_000 }

  private func advance(_ fraction: Double) {
    done.add(Int(fraction * 1_000_000), ordering: .relaxed)
  }

  /// The next job of kind `kind`, or nil when that kind has none left. `held`: the hard
  /// leaves, while this worker takes their chunks.
  private func take(_ kind: Int, holding held: inout HardLeaves<X, Widths>?) -> Job? {
    switch kind {
    case 0:
      let stride = nextOrdinary.add(1, ordering: .relaxed).oldValue
      return stride < ordinaryJobs ? .ordinary(stride: stride) : nil
    case 1:
      return trivialTaken.exchange(true, ordering: .relaxed) ? nil : .trivial
    case 2:
      if held == nil { held = hardLeaves.withLock { $0 } }
      guard let leaves = held, let chunk = hardSchedule.next() else {
        held = nil
        hardLeaves.withLock { $0 = nil }
        return nil
      }
      return .hard(leaves, chunk)
    case 3:
      let chunk = nextQuotients.add(1, ordering: .relaxed).oldValue
      return chunk < quotientChunks ? .quotients(chunk: chunk) : nil
    default:
      return easy.withLock { easy in
        guard easy.next < easySegments else { return nil }
        let leaves = easy.leaves ?? EasyLeaves(parameters: parameters, pi: pi)
        easy.leaves = easy.next + 1 < easySegments ? leaves : nil
        defer { easy.next += 1 }
        return .easy(leaves, segment: easy.next)
      }
    }
  }

  func work(stop: CancellationFlag) throws(CancellationError) {
    // Made at the first job that needs them: a worker that takes none pages in none of
    // their 0.5 MiB (with 64 workers on two processors, 32 MiB).
    var table: SegmentPiTable?
    var sieve: CountingSieve?
    var phases = [PhaseMeasure](repeating: .init(), count: 5)
    var hardLeaves = 0
    var ordinarySum: X.Sum = 0
    var kind = 0
    var heldLeaves: HardLeaves<X, Widths>?
    var busyMark = threadProcessorNanoseconds()
    defer {
      // Past the last kind when the work ran out; within one when a cancellation stopped it.
      if kind < phases.count { phases[kind].busy += threadProcessorNanoseconds() &- busyMark }
      sum.withLock { $0 &+= ordinarySum }
      // This worker's kinds together: its busy time is its whole share.
      var mine = PhaseMeasure()
      for phase in phases { mine.add(worker: phase) }
      measured.withLock {
        for index in phases.indices { $0.phases[index].add(worker: phases[index]) }
        $0.all.add(worker: mine)
        $0.hardLeaves += hardLeaves
        $0.crossings += sieve?.crossings ?? 0
        $0.words += sieve?.countedWords ?? 0
      }
    }
    while kind < Job.names.count {
      let asked = monotonicNanoseconds()
      guard let job = take(kind, holding: &heldLeaves) else {
        phases[kind].waiting += monotonicNanoseconds() &- asked
        let now = threadProcessorNanoseconds()
        phases[kind].busy += now &- busyMark
        busyMark = now
        kind += 1
        // Past the hard leaves (kind 3 is Σ π(x/p)), workers beyond those that can run at once
        // stop: sixteen workers taking turns on two processors, each with a sieve or π table
        // of its own, took 13% and 9% more processor time in Σ π(x/p) and the easy leaves than
        // two (the 10¹³th prime).
        if kind == 3 && workersPastHardLeaves.add(1, ordering: .relaxed).oldValue >= parallel {
          kind = Job.names.count
        }
        continue
      }
      if stop.isSet { throw CancellationError() }
      let jobStart = monotonicNanoseconds()
      phases[kind].waiting += jobStart &- asked
      phases[kind].jobs += 1
      phases[kind].firstStart = min(phases[kind].firstStart, jobStart)
      defer {
        let end = monotonicNanoseconds()
        phases[kind].jobNanoseconds += end &- jobStart
        phases[kind].lastEnd = end
      }
      switch job {
      case .ordinary(let stride):
        var b = parameters.k + 1 + stride
        while b <= a {
          ordinarySum &+= ordinary.count(leastFactor: b)
          b += ordinaryJobs
        }
        if stride == 0 { ordinarySum &+= ordinary.root }
        advance(weights.ordinary / Double(ordinaryJobs))
      case .trivial:
        let closedForm = leavesInClosedForm()
        sum.withLock { $0 &+= closedForm }
      case .easy(let easy, let segment):
        let low = easyStarts[segment]
        let high = segment + 1 < easySegments ? easyStarts[segment + 1] - 1 : parameters.sqrtX
        let segmentTable = table ?? SegmentPiTable(span: easySpan)
        table = segmentTable
        try segmentTable.fill(low: low, high: high, stop: stop)
        easyResults[segment] = try easy.count(segmentTable, stop: stop)
        advance(weights.easy / Double(easySegments))
      case .quotients(let chunk):
        let start = quotientStarts[chunk]
        let end =
          chunk + 1 < quotientChunks ? quotientStarts[chunk + 1] - 1 : quotients.range!.upperBound
        quotientResults[chunk] = try quotients.count(start...end, stop: stop)
        advance(weights.quotients / Double(quotientChunks))
      case .hard(let leaves, let range):
        let processorStart = threadProcessorNanoseconds()
        if sieve == nil {
          sieve = CountingSieve()
          sieve!.countsCrossings = countsCrossings
        }
        let chunk = try leaves.count(low: range.low, high: range.high, sieve: &sieve!, stop: stop)
        let processorTime = threadProcessorNanoseconds() &- processorStart
        hardLeaves += chunk.leaves
        let merging = monotonicNanoseconds()
        hardSchedule.record(numbers: range.numbers, nanoseconds: processorTime)
        hardResults.withLock { results in
          results.waiting.append((range.low, range.high, chunk))
          while let position = results.waiting.firstIndex(where: { $0.low == results.next }) {
            // The list has no order, so the last element fills the place of the one taken and
            // none moves. Under callgrind, whose threads take turns in long slices, hundreds
            // waited behind one worker's chunk: shifting them was 3.5% of the instructions of
            // π(3·10¹³) on 16 workers. Run natively a few wait; no difference was measured.
            results.waiting.swapAt(position, results.waiting.count - 1)
            let ready = results.waiting.removeLast()
            results.totals.add(ready.chunk)
            results.next = ready.high + 1
          }
        }
        phases[kind].waiting += monotonicNanoseconds() &- merging
        // The leaves thin out like 1/√u.
        advance(
          weights.hard * (Double(range.high).squareRoot() - Double(range.low - 1).squareRoot())
            / hardScale)
      }
    }
  }

  /// The trivial leaves (for each b, the primes q in (max(p, z/p, x/p²), y]) and the easy
  /// prime leaves' terms that need no π lookup in a segment.
  private func leavesInClosedForm() -> X.Sum {
    let x = parameters.x
    let y = parameters.y
    let z = parameters.z
    var sum: X.Sum = 0
    for b in (parameters.k + 1)...max(a, parameters.k + 1) where b <= a {
      let p = UInt64(pi.primes[b])
      let lower = max(p, z / p, x.divided(by: p).divided(by: p).atMost(y))
      if lower < y { sum &+= X.Sum(a - pi[lower]) }
      if p <= parameters.cubeRoot {
        sum &+= EasyLeaves<X, Widths>.closedForm(b, parameters: parameters, pi: pi)
      }
    }
    return sum
  }

  /// π(x), once every job is done.
  var result: X {
    let a = X.Sum(self.a)
    var total = sum.withLock { $0 }
    total &+= hardResults.withLock { $0.totals.sum }
    // Easy leaves: each segment's leaves get π(low − 1).
    var primesBefore: X.Sum = 0
    for segment in easyResults {
      total &+= segment.sum &+ segment.signs &* primesBefore
      primesBefore &+= segment.primes
    }
    let c = primesBefore  // π(√x)
    // Σ π(x/p) over y < p ≤ √x.
    var quotientSum: X.Sum = 0
    var before = c
    for chunk in quotientResults.prefix(quotientChunks) {
      quotientSum &+= chunk.sum &+ chunk.quotients &* before
      before &+= chunk.primes
    }
    // p = √x itself when x/p = √x (the chunks start above √x).
    let s = parameters.sqrtX
    if s > parameters.y && parameters.x.divided(by: s) == X(s) && Primality.isPrime(s) {
      quotientSum &+= c
    }
    total &+= a &- 1 &- quotientSum &+ (c &* (c &- 1) &- a &* (a &- 1)) / 2
    return X(truncatingIfNeeded: total)
  }
}
