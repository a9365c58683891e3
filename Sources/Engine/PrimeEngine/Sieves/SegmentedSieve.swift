/// The primes of any range below 2⁶⁴, by the sieve of Eratosthenes (`Sieve30`: a byte per
/// 30 numbers, 256 KiB segments), one segment at a time.
///
/// ```swift
/// var primes: [UInt64] = []
/// try SegmentedSieve.forEachPrime(in: 100...130) { primes.append($0) }  // 101 103 107 109 113 127
/// let count = try SegmentedSieve.count(in: 1...1_000_000)  // 78498
/// ```
public enum SegmentedSieve {
  /// Calls `body` with each prime in `range`, in increasing order; stops with
  /// `CancellationError` when the task is cancelled, or with the first error `body` throws.
  public static func forEachPrime(
    in range: ClosedRange<UInt64>, _ body: (UInt64) throws -> Void
  ) throws {
    var reporter = ProgressReporter(nil)
    try forEachPrime(in: range, reporter: &reporter, body)
  }

  /// ``forEachPrime(in:_:)``, stopping when `reporter` says the work is cancelled.
  static func forEachPrime(
    in range: ClosedRange<UInt64>, reporter: inout ProgressReporter,
    _ body: (UInt64) throws -> Void
  ) throws {
    for p: UInt64 in [2, 3, 5] where range.contains(p) { try body(p) }
    let isCancelled = reporter.isCancelled
    let sieve = try Sieve30(low: range.lowerBound, high: range.upperBound, isCancelled: isCancelled)
    let span = Double(range.upperBound - range.lowerBound) + 1
    while try sieve.next() {
      try reporter.checkpoint(
        Double(max(sieve.segmentLow, range.lowerBound) - range.lowerBound) / span)
      try sieve.forEachPrime(body)
    }
  }

  /// The number of primes in `range`.
  public static func count(
    in range: ClosedRange<UInt64>, progress: ((Double) -> Void)? = nil
  ) throws(CancellationError) -> UInt64 {
    var reporter = ProgressReporter(progress)
    return try count(in: range, reporter: &reporter)
  }

  /// ``count(in:progress:)``, stopping when `reporter` says the work is cancelled.
  static func count(
    in range: ClosedRange<UInt64>, reporter: inout ProgressReporter
  ) throws(CancellationError) -> UInt64 {
    var count = UInt64([2, 3, 5].count { range.contains($0) })
    let isCancelled = reporter.isCancelled
    let sieve = try Sieve30(low: range.lowerBound, high: range.upperBound, isCancelled: isCancelled)
    let span = Double(range.upperBound - range.lowerBound) + 1
    while try sieve.next() {
      try reporter.checkpoint(
        Double(max(sieve.segmentLow, range.lowerBound) - range.lowerBound) / span)
      count &+= UInt64(sieve.count())
    }
    return count
  }
}
