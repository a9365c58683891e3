/// π(x), the number of primes ≤ x, for every x up to 10³¹.
///
/// Gourdon's variant of the Deléglise–Rivat method (`GourdonPrimeCounting`), on every
/// processor unless told otherwise: O(x^⅔/log² x) time, O(x^⅓·log³ x) memory. Each method
/// takes a `UInt64` x, and a `UInt128` one up to ``maximum``: one generic count specialized
/// for each, so that a 64-bit x runs no 128-bit arithmetic (a `UInt128` x below 2⁶⁴ is
/// counted by the 64-bit code). The `UInt128` overloads are disfavoured, so that a literal
/// picks the 64-bit one.
///
/// ```swift
/// let count = try await PrimeCounting.primeCount(upTo: 1_000_000_000_000)  // 37607912018
/// ```
public enum PrimeCounting {
  /// The largest x counted: 10³¹, as primecount 8.7. Above,
  /// ``PrimeEngineError/tooLarge(_:maximum:)``.
  ///
  /// Every value but x and a few of its quotients stays below 2⁶⁴ up to here, and the
  /// tables widen as x needs (64-bit primes past 6.4·10²²: see the Algorithms article).
  /// What limits a machine is time and memory: π(10²⁰) takes minutes on two cores, π(10²¹)
  /// most of an hour; the tables take 1.3 GiB at 10²², 33 GiB at 10²⁵ and 14 TiB at 10³¹,
  /// and a count whose tables exceed the memory this process may use is refused before it
  /// starts (``PrimeEngineError/notEnoughMemory(needed:available:)``). The counts past 10²¹
  /// have not been run (hours to months); their wider tables are tested at small x.
  public static let maximum: UInt128 = 10_000_000_000_000_000 * 1_000_000_000_000_000

  /// The processors this process may run on: those online, its affinity mask and its
  /// cgroup's CPU quota, whichever is least. The default thread count of every count.
  public static var availableProcessors: Int { WorkerThreads.availableProcessors }

  /// π(x). `threads` is how many threads compute (nil: one per available processor, see
  /// ``availableProcessors``; a number larger than the processors runs that many); they are threads
  /// of the engine's own, and the calling thread waits. `progress` hears a fraction a few
  /// times per second at most; cancelling the task stops the count with `CancellationError`
  /// within a few milliseconds.
  public static func primeCount(
    upTo x: UInt64, threads: Int? = nil, progress: (@Sendable (Double) -> Void)? = nil
  ) throws -> UInt64 {
    var reporter = ProgressReporter(progress)
    return try GourdonPrimeCounting.primeCount(
      x, threads: WorkerThreads.count(threads), reporter: &reporter)
  }

  /// π(x), and what the computation chose and where its time went (`--verbose`).
  public static func primeCountWithDetails(
    upTo x: UInt64, threads: Int? = nil, progress: (@Sendable (Double) -> Void)? = nil
  ) throws -> (count: UInt64, details: PrimeCountDetails) {
    var reporter = ProgressReporter(progress)
    var details = PrimeCountDetails()
    details.isShown = true
    let count = try GourdonPrimeCounting.primeCount(
      x, threads: WorkerThreads.count(threads), reporter: &reporter, details: &details)
    return (count, details)
  }

  /// π(x), computed on threads of the engine's own so that the cooperative pool stays
  /// free; cancelling the awaiting task stops it and frees them.
  public static func primeCount(
    upTo x: UInt64, threads: Int? = nil, progress: (@Sendable (Double) -> Void)? = nil
  ) async throws -> UInt64 {
    try await DedicatedThread.run { isCancelled in
      var reporter = ProgressReporter(progress, isCancelled: isCancelled)
      return try GourdonPrimeCounting.primeCount(
        x, threads: WorkerThreads.count(threads), reporter: &reporter)
    }
  }

  /// π(x) for x up to ``maximum``, as the 64-bit method counts it.
  @_disfavoredOverload
  public static func primeCount(
    upTo x: UInt128, threads: Int? = nil, progress: (@Sendable (Double) -> Void)? = nil
  ) throws -> UInt128 {
    var reporter = ProgressReporter(progress)
    var details = PrimeCountDetails()
    return try wide(x, threads: WorkerThreads.count(threads), reporter: &reporter, &details)
  }

  /// π(x) for x up to ``maximum``, and what the computation chose and where its time went.
  @_disfavoredOverload
  public static func primeCountWithDetails(
    upTo x: UInt128, threads: Int? = nil, progress: (@Sendable (Double) -> Void)? = nil
  ) throws -> (count: UInt128, details: PrimeCountDetails) {
    var reporter = ProgressReporter(progress)
    var details = PrimeCountDetails()
    details.isShown = true
    let count = try wide(x, threads: WorkerThreads.count(threads), reporter: &reporter, &details)
    return (count, details)
  }

  /// π(x) for x up to ``maximum``, on threads of the engine's own.
  @_disfavoredOverload
  public static func primeCount(
    upTo x: UInt128, threads: Int? = nil, progress: (@Sendable (Double) -> Void)? = nil
  ) async throws -> UInt128 {
    try await DedicatedThread.run { isCancelled in
      var reporter = ProgressReporter(progress, isCancelled: isCancelled)
      var details = PrimeCountDetails()
      return try wide(x, threads: WorkerThreads.count(threads), reporter: &reporter, &details)
    }
  }

  /// A wide x: below 2⁶⁴ by the 64-bit count, above ``maximum`` refused.
  private static func wide(
    _ x: UInt128, threads: Int, reporter: inout ProgressReporter,
    _ details: inout PrimeCountDetails
  ) throws -> UInt128 {
    guard x <= maximum else {
      throw PrimeEngineError.tooLarge(String(x), maximum: String(maximum))
    }
    if let narrow = UInt64(exactly: x) {
      return UInt128(
        try GourdonPrimeCounting.primeCount(
          narrow, threads: threads, reporter: &reporter, details: &details))
    }
    return try GourdonPrimeCounting.primeCount(
      x, threads: threads, reporter: &reporter, details: &details)
  }
}
