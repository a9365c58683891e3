#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one π(x) computation chose and where its time went, for `primetime pi --verbose`:
/// a user comparing runs sees which phase grows, and a change to the engine is measured
/// phase by phase.
public struct PrimeCountDetails: Sendable, Equatable {
  /// One part of the computation and the time it took.
  public struct Phase: Sendable, Equatable {
    public var name: String
    /// Seconds, summed over the threads that worked on it.
    public var seconds: Double
    /// From its first unit of work's start to its last one's end, on any thread; for a part
    /// the calling thread does alone (the tables), its seconds.
    public var wallSeconds = 0.0
    /// The processor time the threads spent on it (`CLOCK_THREAD_CPUTIME_ID`): the sum, and
    /// the least and most one thread spent (zero for a thread that took none of its units).
    /// A thread that waits in the kernel for a lock spends none; one preempted by another
    /// spends none while it waits, so busy time below ``seconds`` is time the threads were
    /// ready but not running.
    public var busySeconds = 0.0
    public var leastBusySeconds = 0.0
    public var mostBusySeconds = 0.0
    /// Seconds the threads spent waiting to be handed a unit of work of this part, or for a
    /// lock when handing in its result; in the n-th prime's last window, the calling thread's
    /// waits for the workers that share its sieving primes.
    public var waitingSeconds = 0.0
    /// The units of work handed out.
    public var jobs = 0
    /// The threads that took any of them; 0 for a part the calling thread measures as a
    /// whole (the π table, and the factor table where one part fills it). The n-th prime's
    /// last window counts the calling thread, which sieves it, and the workers that shared
    /// its sieving primes.
    public var threads = 0
  }

  /// What the whole process used while the computation ran (`getrusage`): a run with more
  /// threads than processors shows here what it wasted (system time, switches).
  public struct ProcessUsage: Sendable, Equatable {
    public var userSeconds = 0.0
    public var systemSeconds = 0.0
    /// Times a thread gave up its processor to wait (for a lock, a condition, a page).
    public var voluntaryContextSwitches = 0
    /// Times a thread was preempted.
    public var involuntaryContextSwitches = 0
    /// The process's peak resident memory so far, in KiB (not a difference: a peak).
    public var peakMemoryKiB = 0
  }

  public var x: UInt128 = 0
  /// Where φ stops sieving: ∛x·α_y.
  public var y: UInt64 = 0
  /// How far the ordinary leaves go: y·α_z.
  public var z: UInt64 = 0
  public var cubeRoot: UInt64 = 0
  /// The bits the count's tables keep per prime up to y and per factor-table value: 32 and 16
  /// for x below about 6.4·10²², then 64 and 16, then past x near 10²⁶ 64 and 32 (wider tables
  /// take more memory: see the Algorithms article).
  public var primeBits = 0
  public var factorValueBits = 0
  /// The workers that ran: those asked for, or fewer where the work is too small to share
  /// among more.
  public var threads = 0
  /// The workers asked for.
  public var threadsAsked = 0
  /// The processors this process may run on (``PrimeCounting/availableProcessors``).
  public var availableProcessors = 0
  /// What the process used from the computation's start to its end.
  public var usage = ProcessUsage()
  /// In the order they start; the tables are built before the threads start.
  public var phases: [Phase] = []
  /// The workers' jobs of every kind taken together, apart from ``phases`` (whose sums it
  /// would count twice): its least and most busy times are a worker's whole share, so the
  /// most is the computation's wall time on a machine with a processor for each worker, and
  /// its balance shows where the kinds overlap. Nil where no workers shared jobs (the small
  /// counts' sieve and table).
  public var allJobs: Phase?
  /// The seconds from start to answer.
  public var wallSeconds = 0.0
  /// The hard special leaves: their number, and the numbers the sieve's multiples of each
  /// level's prime visited (each a memory write).
  public var hardLeaves = 0
  public var sieveCrossings = 0
  /// The words whose bits the hard leaves' counts added, over all leaves.
  public var countedWords = 0

  public init() {}

  /// Whether the details are shown (`--verbose`, the `…WithDetails` functions): only then
  /// does the hard leaves' sieve count its crossings (1% of the time) and the process's usage
  /// get read (two `getrusage` calls, which sum every thread's times under a process-wide
  /// lock: a test that counted ten million small x spent more in them than in counting).
  var isShown = false
  var countsCrossings: Bool { isShown }

  public var alphaY: Double { cubeRoot == 0 ? 0 : Double(y) / Double(cubeRoot) }
  public var alphaZ: Double { y == 0 ? 0 : Double(z) / Double(y) }

  /// The time summed over every phase.
  public var totalSeconds: Double { phases.reduce(0) { $0 + $1.seconds } }

  /// Adds `seconds` of the calling thread's work alone (a table, the last sieve) to phase
  /// `name`: its wall time and busy time too.
  mutating func add(_ name: String, seconds: Double) {
    add(
      Phase(
        name: name, seconds: seconds, wallSeconds: seconds, busySeconds: seconds,
        leastBusySeconds: seconds, mostBusySeconds: seconds, waitingSeconds: 0, jobs: 1))
  }

  /// Adds `phase` to the phase of its name, or appends it.
  mutating func add(_ phase: Phase) {
    // Compared as bytes: `==` of two strings calls into the standard library's code, which a
    // count otherwise never pages in.
    guard let index = phases.firstIndex(where: { $0.name.utf8.elementsEqual(phase.name.utf8) })
    else { return phases.append(phase) }
    phases[index].seconds += phase.seconds
    phases[index].wallSeconds += phase.wallSeconds
    phases[index].busySeconds += phase.busySeconds
    phases[index].leastBusySeconds += phase.leastBusySeconds
    phases[index].mostBusySeconds += phase.mostBusySeconds
    phases[index].waitingSeconds += phase.waitingSeconds
    phases[index].jobs += phase.jobs
    phases[index].threads = max(phases[index].threads, phase.threads)
  }
}

extension PrimeCountDetails.ProcessUsage {
  /// The process's usage so far.
  public static func now() -> Self {
    var usage = rusage()
    guard getrusage(rusageSelf, &usage) == 0 else { return Self() }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return Self(
      userSeconds: seconds(usage.ru_utime), systemSeconds: seconds(usage.ru_stime),
      voluntaryContextSwitches: Int(usage.ru_nvcsw),
      involuntaryContextSwitches: Int(usage.ru_nivcsw), peakMemoryKiB: Int(usage.ru_maxrss))
  }

  /// What was used from `start` to `self`.
  static func - (end: Self, start: Self) -> Self {
    Self(
      userSeconds: end.userSeconds - start.userSeconds,
      systemSeconds: end.systemSeconds - start.systemSeconds,
      voluntaryContextSwitches: end.voluntaryContextSwitches - start.voluntaryContextSwitches,
      involuntaryContextSwitches: end.involuntaryContextSwitches
        - start.involuntaryContextSwitches, peakMemoryKiB: end.peakMemoryKiB)
  }
}

#if canImport(Glibc)
  // Glibc imports RUSAGE_SELF as an enum case where getrusage takes an Int32.
  private let rusageSelf = __rusage_who_t(RUSAGE_SELF.rawValue)
#else
  private let rusageSelf = RUSAGE_SELF
#endif

/// Nanoseconds of processor time the calling thread has used: a system call (no vDSO for
/// it), so read once per unit of work at most.
func threadProcessorNanoseconds() -> UInt64 {
  var now = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
  return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}

/// Nanoseconds of a monotonic clock, for phase timings.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}
