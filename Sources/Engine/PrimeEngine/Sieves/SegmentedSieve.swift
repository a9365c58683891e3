/// The primes of any range below 2⁶⁴, by the sieve of Eratosthenes (`Sieve30`: a byte per
/// 30 numbers, 256 KiB segments), one segment at a time.
///
/// `forEachOddSegment(in:reporter:_:)` gives segments of a bit per odd number instead, the
/// layout the π tables (`PiTable`, `SegmentPiTable`) are read in.
///
/// ```swift
/// var primes: [UInt64] = []
/// try SegmentedSieve.forEachPrime(in: 100...130) { primes.append($0) }  // 101 103 107 109 113 127
/// let count = try SegmentedSieve.count(in: 1...1_000_000)  // 78498
/// ```
public enum SegmentedSieve {
  static let segmentWords = 4096
  static let segmentBits = segmentWords * 64

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

  static func countBits(_ words: UnsafeMutableBufferPointer<UInt64>, upTo bitCount: Int) -> UInt64 {
    var count = 0
    let fullWords = bitCount / 64
    for index in 0..<fullWords { count &+= words[index].nonzeroBitCount }
    if bitCount % 64 != 0 {
      count &+= (words[fullWords] & ((1 << UInt64(bitCount % 64)) - 1)).nonzeroBitCount
    }
    return UInt64(count)
  }

  /// Sieves the odd numbers of `range` segment by segment. `body` gets the odd number of
  /// bit 0, the bits (1 for a prime), and how many bits are in range.
  static func forEachOddSegment(
    in range: ClosedRange<UInt64>,
    reporter: inout ProgressReporter,
    _ body: (UInt64, UnsafeMutableBufferPointer<UInt64>, Int) throws -> Void
  ) throws {
    guard range.upperBound >= 3 else { return }
    let last = range.upperBound & 1 == 1 ? range.upperBound : range.upperBound - 1
    var low = range.lowerBound | 1
    guard low <= last else { return }
    var sievingPrimes = try SievingPrimes(limit: integerSquareRoot(last), reporter: &reporter)
    let words = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: segmentWords)
    defer { words.deallocate() }
    let start = low
    let span = Double(last - low) + 2
    while true {
      try reporter.checkpoint(Double(low - start) / span)
      let remaining = (last - low) / 2 + 1
      let bitCount = remaining >= UInt64(segmentBits) ? segmentBits : Int(remaining)
      let high = low + 2 * UInt64(bitCount - 1)
      // Only the words in range: a small range must not cost a whole segment.
      PresievePattern.fill(.init(rebasing: words[..<((bitCount + 63) / 64)]), firstOdd: low)
      try sievingPrimes.crossOff(words, low: low, high: high, reporter: &reporter)
      if low <= PresievePattern.primes.last! {
        // 1 is not prime; the pattern removed its own primes with their multiples.
        if low == 1 { words[0] &= ~1 }
        for p in PresievePattern.primes where p >= low && p <= high {
          words[0] |= 1 << ((p - low) / 2)
        }
      }
      try body(low, words, bitCount)
      guard high < last else { return }
      low = high + 2
    }
  }
}
