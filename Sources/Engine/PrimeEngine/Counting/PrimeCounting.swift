/// π(x), the number of primes ≤ x, for every 64-bit x.
///
/// Gourdon's variant of the Deléglise–Rivat method (`GourdonPrimeCounting`), on every
/// processor unless told otherwise: O(x^⅔/log² x) time, O(x^⅓·log³ x) memory.
///
/// ```swift
/// let count = try await PrimeCounting.primeCount(upTo: 1_000_000_000_000)  // 37607912018
/// ```
public enum PrimeCounting {
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
}
