/// π(x), the number of primes ≤ x, for every 64-bit x.
///
/// Below 2²⁴ it is a table lookup; above, the Lagarias–Miller–Odlyzko method
/// (``LMOPrimeCounting``) takes O(x^⅔) time and O(x^⅓) memory.
///
/// ```swift
/// try await PrimeCounting.primeCount(upTo: 1_000_000_000_000)   // 37607912018
/// ```
public enum PrimeCounting {
  /// π(x). `progress` hears a fraction a few times per second at most; cancelling the task
  /// stops the count with `CancellationError` within a few milliseconds.
  public static func primeCount(
    upTo x: UInt64, progress: (@Sendable (Double) -> Void)? = nil
  ) throws -> UInt64 {
    var reporter = ProgressReporter(progress)
    return try LMOPrimeCounting.primeCount(x, reporter: &reporter)
  }

  /// π(x), computed on a thread of its own so that the cooperative pool stays free;
  /// cancelling the awaiting task stops it.
  public static func primeCount(
    upTo x: UInt64, progress: (@Sendable (Double) -> Void)? = nil
  ) async throws -> UInt64 {
    try await DedicatedThread.run { isCancelled in
      var reporter = ProgressReporter(progress, isCancelled: isCancelled)
      return try LMOPrimeCounting.primeCount(x, reporter: &reporter)
    }
  }
}
