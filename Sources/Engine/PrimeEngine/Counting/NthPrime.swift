#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The n-th prime p_n (p₁ = 2), for every n whose prime is below 2⁶⁴ (up to ``maximum``).
///
/// The answer is estimated with the inverse of Riemann's R function, π of the estimate is
/// counted exactly (``PrimeCounting``, on every thread asked for), and the short gap
/// between the two is sieved.
///
/// ```swift
/// let prime = try await NthPrime.nthPrime(1_000_000)  // 15485863
/// ```
public enum NthPrime {
  /// The largest n accepted: π(2⁶⁴), the number of primes below 2⁶⁴ (Oliveira e Silva's
  /// table of π(2^k)).
  public static let maximum = 425_656_284_035_217_743

  /// p_n. `threads` is how many threads compute (nil: one per available processor); they are
  /// threads of the engine's own, and the calling thread waits. Throws
  /// ``PrimeEngineError/noSuchPrime(_:)`` for n ≤ 0, ``PrimeEngineError/tooLarge(_:maximum:)``
  /// above ``maximum``, and `CancellationError` when the task is cancelled.
  public static func nthPrime(
    _ n: Int, threads: Int? = nil, progress: (@Sendable (Double) -> Void)? = nil
  ) throws -> UInt64 {
    var reporter = ProgressReporter(progress)
    return try nthPrime(n, threads: WorkerThreads.count(threads), reporter: &reporter)
  }

  /// p_n, and what the count of primes up to its estimate chose and where the time went
  /// (`--verbose`); the sieve from the estimate to p_n is a phase of its own.
  public static func nthPrimeWithDetails(
    _ n: Int, threads: Int? = nil, progress: (@Sendable (Double) -> Void)? = nil
  ) throws -> (prime: UInt64, details: PrimeCountDetails) {
    var reporter = ProgressReporter(progress)
    var details = PrimeCountDetails()
    details.isShown = true
    let prime = try nthPrime(
      n, threads: WorkerThreads.count(threads), reporter: &reporter, details: &details)
    return (prime, details)
  }

  /// p_n, computed on threads of the engine's own so that the cooperative pool stays free;
  /// cancelling the awaiting task stops it and frees them.
  public static func nthPrime(
    _ n: Int, threads: Int? = nil, progress: (@Sendable (Double) -> Void)? = nil
  ) async throws -> UInt64 {
    try await DedicatedThread.run { isCancelled in
      var reporter = ProgressReporter(progress, isCancelled: isCancelled)
      return try nthPrime(n, threads: WorkerThreads.count(threads), reporter: &reporter)
    }
  }

  static func nthPrime(_ n: Int, threads: Int, reporter: inout ProgressReporter) throws
    -> UInt64
  {
    var details = PrimeCountDetails()
    return try nthPrime(n, threads: threads, reporter: &reporter, details: &details)
  }

  static func nthPrime(
    _ n: Int, threads: Int, reporter: inout ProgressReporter, details: inout PrimeCountDetails
  ) throws -> UInt64 {
    let start = monotonicNanoseconds()
    let usageAtStart = details.isShown ? PrimeCountDetails.ProcessUsage.now() : nil
    defer { if let usageAtStart { details.usage = .now() - usageAtStart } }
    guard n > 0 else { throw PrimeEngineError.noSuchPrime(n) }
    guard n <= maximum else {
      throw PrimeEngineError.tooLarge(String(n), maximum: String(maximum))
    }
    details.threadsAsked = threads
    details.availableProcessors = WorkerThreads.availableProcessors
    // Small n: sieving to Rosser's bound p_n < n(ln n + ln ln n) takes microseconds, where
    // the shared table below takes 10 ms to build once.
    if n <= 10_000 {
      let bound = n < 6 ? 13 : UInt64(Double(n) * (log(Double(n)) + log(log(Double(n))))) + 1
      var seen = 0
      var answer: UInt64 = 0
      try SegmentedSieve.forEachPrime(in: 2...bound) { prime in
        seen += 1
        if seen == n { answer = prime }
      }
      details.x = UInt128(bound)
      details.threads = 1
      details.add("sieve", seconds: Double(monotonicNanoseconds() &- start) / 1e9)
      details.wallSeconds = details.totalSeconds
      return answer
    }
    // π(2²⁴) = 1,077,871: below, the small table answers without counting.
    if n <= 1_077_871, let prime = PrimeTable.small.nthPrime(n) {
      details.x = UInt128(prime)
      details.threads = 1
      details.add("sieve", seconds: Double(monotonicNanoseconds() &- start) / 1e9)
      details.wallSeconds = details.totalSeconds
      return prime
    }
    // Near 2⁶⁴ the estimate may pass the largest prime; it walks down from there.
    let largestEstimate: Double = 18_446_744_073_709_549_568  // 2⁶⁴ − 2¹¹, a Double
    let estimate = UInt64(min(inverseRiemannR(Double(n)), largestEstimate))
    let count = try GourdonPrimeCounting.primeCount(
      estimate, threads: threads, reporter: &reporter, details: &details)
    // Shared among the threads that can run at once (see `primeCount`).
    let prime = try measuredWalk(&details) { times in
      try walk(
        to: UInt64(n), from: estimate, count: count,
        threads: min(threads, WorkerThreads.availableProcessors), times: times,
        reporter: &reporter)
    }
    details.wallSeconds = Double(monotonicNanoseconds() &- start) / 1e9
    return prime
  }

  /// The walk from the estimate to p_n as a phase of `details`: the calling thread's time
  /// (its waits for the workers apart) and each worker's, who record theirs in the
  /// `ThreadTimes` that `walk` is given.
  private static func measuredWalk<Prime>(
    _ details: inout PrimeCountDetails, _ walk: (ThreadTimes) throws -> Prime
  ) throws -> Prime {
    let times = ThreadTimes()
    let start = monotonicNanoseconds()
    let prime = try times.measure(thread: 0) { units throws in
      units = 1
      return try walk(times)
    }
    details.add(
      times.phase(
        named: "sieve from π(estimate) to p_n",
        wallSeconds: Double(monotonicNanoseconds() &- start) / 1e9))
    return prime
  }

  /// The target-th prime, from `estimate` whose π is `count` (estimate ≥ 7). A window is
  /// `windowScale` times the expected gap. The threads that share a window's sieving primes
  /// record their time in `times`.
  static func walk(
    to target: UInt64, from estimate: UInt64, count: UInt64, threads: Int = 1,
    times: ThreadTimes? = nil, reporter: inout ProgressReporter, windowScale: Double = 1.25
  ) throws -> UInt64 {
    var count = count
    // The gap holds |count − n| primes, about ln x apart: one window of a little more than
    // that is sieved, and another if it falls short.
    let missing = count < target ? target - count : count - target + 1
    let window = UInt64((Double(missing) + 16) * log(Double(estimate)) * windowScale) + 1_000
    let isCancelled = reporter.isCancelled
    // A window far shorter than √x would pay for every sieving prime up to √x (2³² near
    // 2⁶⁴) to cross off a few of its numbers: there the sieve stops at 2¹⁶ and Baillie–PSW
    // tells the primes among what is left.
    let candidates = window < integerSquareRoot(estimate) / 64
    let sievingLimit: UInt64 = candidates ? 1 << 16 : .max
    func makeSieve(_ low: UInt64, _ high: UInt64) throws -> Sieve30 {
      try Sieve30(
        low: low, high: high, sievingLimit: sievingLimit, threads: threads, times: times,
        isCancelled: isCancelled)
    }
    func primes(in sieve: Sieve30) -> UInt64 {
      guard candidates else { return UInt64(sieve.count()) }
      var primes: UInt64 = 0
      sieve.forEachPrime { if Primality.isPrime($0) { primes += 1 } }
      return primes
    }
    func forEachPrime(in sieve: Sieve30, _ body: (UInt64) -> Void) {
      sieve.forEachPrime { if !candidates || Primality.isPrime($0) { body($0) } }
    }
    if count < target {
      // Walk up from the estimate.
      var low = estimate + 1
      while true {
        let high = low > UInt64.max - window ? UInt64.max : low + window - 1
        let sieve = try makeSieve(low, high)
        while try sieve.next() {
          try reporter.checkpoint(1)
          let inSegment = primes(in: sieve)
          if count + inSegment >= target {
            var answer: UInt64 = 0
            forEachPrime(in: sieve) { prime in
              count += 1
              if count == target { answer = prime }
            }
            return answer
          }
          count += inSegment
        }
        low = high + 1
      }
    } else {
      // Walk down: p_n is the (count − n + 1)-th prime at or below the estimate.
      var needed = missing
      var high = estimate
      while true {
        let low = high > window ? high - window + 1 : 7
        var segments: [(low: UInt64, high: UInt64, primes: UInt64)] = []
        let sieve = try makeSieve(low, high)
        while try sieve.next() {
          try reporter.checkpoint(1)
          let segmentHigh = min(
            high, Sieve30.lastNumber(firstByte: sieve.segmentLow / 30, count: sieve.byteCount))
          segments.append((max(low, sieve.segmentLow), segmentHigh, primes(in: sieve)))
        }
        let total = segments.reduce(0) { $0 + $1.primes }
        if total >= needed {
          // The (total − needed + 1)-th prime from the window's start: sieve its segment again.
          var rank = total - needed + 1
          for (index, segment) in segments.enumerated() {
            if rank > segment.primes {
              rank -= segment.primes
              continue
            }
            var answer: UInt64 = 0
            func find(in sieve: Sieve30) {
              forEachPrime(in: sieve) { prime in
                guard rank > 0 else { return }
                rank -= 1
                if rank == 0 { answer = prime }
              }
            }
            // The last segment is still in the sieve (a window is mostly one segment: sieved
            // again, it cost as much as the window did); an earlier one is sieved again.
            if index == segments.count - 1 {
              find(in: sieve)
            } else {
              let again = try makeSieve(segment.low, segment.high)
              while try again.next() { find(in: again) }
            }
            return answer
          }
        }
        needed -= total
        high = low - 1
      }
    }
  }

  /// The largest n of the `UInt128` methods: 10²⁹, as primecount 8.7 (p_n ≈ 7·10³⁰, below
  /// ``PrimeCounting/maximum``, which bounds it). Past about 10²³ on a machine of 24 GiB the
  /// count's tables are refused (``PrimeEngineError/notEnoughMemory(needed:available:)``).
  public static let wideMaximum: UInt128 = 100_000_000_000_000 * 1_000_000_000_000_000

  /// p_n for n up to ``wideMaximum``, past ``maximum`` (primes past 2⁶⁴) included; below, the
  /// 64-bit method's answer. Disfavoured, so that a literal picks the `Int` method.
  @_disfavoredOverload
  public static func nthPrime(
    _ n: UInt128, threads: Int? = nil, progress: (@Sendable (Double) -> Void)? = nil
  ) throws -> UInt128 {
    var reporter = ProgressReporter(progress)
    var details = PrimeCountDetails()
    return try wide(n, threads: WorkerThreads.count(threads), reporter: &reporter, &details)
  }

  /// p_n for n up to ``wideMaximum``, and what the count of primes up to its estimate chose.
  @_disfavoredOverload
  public static func nthPrimeWithDetails(
    _ n: UInt128, threads: Int? = nil, progress: (@Sendable (Double) -> Void)? = nil
  ) throws -> (prime: UInt128, details: PrimeCountDetails) {
    var reporter = ProgressReporter(progress)
    var details = PrimeCountDetails()
    details.isShown = true
    let prime = try wide(n, threads: WorkerThreads.count(threads), reporter: &reporter, &details)
    return (prime, details)
  }

  /// p_n for n up to ``wideMaximum``, on threads of the engine's own.
  @_disfavoredOverload
  public static func nthPrime(
    _ n: UInt128, threads: Int? = nil, progress: (@Sendable (Double) -> Void)? = nil
  ) async throws -> UInt128 {
    try await DedicatedThread.run { isCancelled in
      var reporter = ProgressReporter(progress, isCancelled: isCancelled)
      var details = PrimeCountDetails()
      return try wide(n, threads: WorkerThreads.count(threads), reporter: &reporter, &details)
    }
  }

  /// A wide n: up to ``maximum`` by the 64-bit method; past it, π of the estimate counted
  /// past 2⁶⁴ and the gap walked by ``WideWindowSieve``.
  private static func wide(
    _ n: UInt128, threads: Int, reporter: inout ProgressReporter,
    _ details: inout PrimeCountDetails
  ) throws -> UInt128 {
    guard n <= wideMaximum else {
      throw PrimeEngineError.tooLarge(String(n), maximum: String(wideMaximum))
    }
    if n <= UInt128(maximum) {
      return UInt128(try nthPrime(Int(n), threads: threads, reporter: &reporter, details: &details))
    }
    let start = monotonicNanoseconds()
    let usageAtStart = details.isShown ? PrimeCountDetails.ProcessUsage.now() : nil
    defer { if let usageAtStart { details.usage = .now() - usageAtStart } }
    let estimate = UInt128(inverseRiemannR(Double(n)))
    let count = try GourdonPrimeCounting.primeCount(
      estimate, threads: threads, reporter: &reporter, details: &details)
    let prime = try measuredWalk(&details) { _ in
      try walk(to: n, from: estimate, count: count, reporter: &reporter)
    }
    details.wallSeconds = Double(monotonicNanoseconds() &- start) / 1e9
    return prime
  }

  /// The target-th prime past 2⁶⁴, from `estimate` whose π is `count`: windows of about the
  /// gap's length (ln x times the primes missing, and a quarter more), upwards or downwards.
  /// `sievingLimit` is ``WideWindowSieve``'s, for tests.
  static func walk(
    to target: UInt128, from estimate: UInt128, count: UInt128,
    reporter: inout ProgressReporter, windowScale: Double = 1.25, sievingLimit: UInt64? = nil
  ) throws -> UInt128 {
    let missing = count < target ? target - count : count - target + 1
    let length = min(
      WideWindowSieve.largestLength,
      UInt64((Double(missing) + 16) * log(Double(estimate)) * windowScale) + 1_000)
    if count < target {
      // Up: the (target − count)-th prime above the estimate.
      var needed = target - count
      var low = estimate + 1
      while true {
        try reporter.checkpoint(1)
        let window = try WideWindowSieve(
          low: low, high: low + UInt128(length) - 1, sievingLimit: sievingLimit,
          reporter: &reporter)
        let primes = UInt128(window.count)
        if primes >= needed { return window.prime(atRank: needed) }
        needed -= primes
        low += UInt128(length)
      }
    } else {
      // Down: p_n is the (count − n + 1)-th prime at or below the estimate.
      var needed = missing
      var high = estimate
      while true {
        try reporter.checkpoint(1)
        let low = high - UInt128(length) + 1
        let window = try WideWindowSieve(
          low: low, high: high, sievingLimit: sievingLimit, reporter: &reporter)
        let primes = UInt128(window.count)
        if primes >= needed { return window.prime(atRank: primes - needed + 1) }
        needed -= primes
        high = low - 1
      }
    }
  }

  /// x with R(x) = n, by Newton's method (R′(x) ≈ 1/ln x).
  static func inverseRiemannR(_ n: Double) -> Double {
    var x = n * log(n) + n * log(log(n))
    for _ in 0..<50 {
      let step = (riemannR(x) - n) * log(x)
      x -= step
      if abs(step) < 0.5 { break }
    }
    return x
  }

  /// R(x) = Σ μ(k)/k · li(x^(1/k)).
  static func riemannR(_ x: Double) -> Double {
    let mobius: [Double] = [
      0, 1, -1, -1, 0, -1, 1, -1, 0, 0, 1, -1, 0, -1, 1, 1, 0, -1, 0, -1, 0,
      1, 1, -1, 0, 0, 1, 0, 0, -1, -1, -1, 0, 1, 1, 1, 0, -1, 1, 1, 0, -1,
    ]
    var sum = 0.0
    for k in 1..<mobius.count where mobius[k] != 0 {
      let root = pow(x, 1 / Double(k))
      if root < 2 { break }
      sum += mobius[k] / Double(k) * logarithmicIntegral(root)
    }
    return sum
  }

  /// li(x), by Ramanujan's series.
  static func logarithmicIntegral(_ x: Double) -> Double {
    let eulerGamma = 0.577_215_664_901_532_9
    let lnX = log(x)
    var sum = 0.0
    var inner = 0.0
    var factor = 1.0  // (ln x)^k / (k! · 2^(k−1))
    for k in 1...200 {
      factor *= lnX / Double(k)
      if k > 1 { factor /= 2 }
      if (k - 1) % 2 == 0 { inner += 1 / Double(2 * ((k - 1) / 2) + 1) }
      let term = (k % 2 == 1 ? 1.0 : -1.0) * factor * inner
      sum += term
      if abs(term) < 1e-12 * abs(sum) { break }
    }
    return eulerGamma + log(lnX) + sqrt(x) * sum
  }
}
