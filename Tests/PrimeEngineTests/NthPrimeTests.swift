import Testing

@testable import PrimeEngine

struct NthPrimeTests {
  @Test func everyNUpToOneMillion() async throws {
    let (checked, firstWrong) = try await onOwnThread { () throws -> (Int, Int?) in
      let isPrime = simpleSieve(upTo: 15_485_863)
      var n = 0
      for candidate in isPrime.indices where isPrime[candidate] {
        n += 1
        if try NthPrime.nthPrime(n) != UInt64(candidate) { return (n, n) }
      }
      return (n, nil)
    }
    #expect(firstWrong == nil)
    #expect(checked == 1_000_000)
  }

  @Test func referenceValues() async throws {
    for (n, prime) in referenceNthPrimes {
      #expect(try await NthPrime.nthPrime(n) == prime, "p(\(n))")
    }
  }

  /// Non-round n, as primecount 8.7 answers them.
  @Test func agreesWithPrimecountAtNonRoundN() async throws {
    for (n, prime) in primecountNthPrimes {
      #expect(try await NthPrime.nthPrime(n) == prime, "p(\(n))")
    }
  }

  @Test(
    arguments: [
      (1, 2), (10, 29), (100, 541), (1_000, 7_919), (10_000, 104_729), (100_000, 1_299_709),
      (1_000_000, 15_485_863), (10_000_000, 179_424_673), (100_000_000, 2_038_074_743),
      (1_000_000_000, 22_801_763_489), (10_000_000_000, 252_097_800_623),
      (100_000_000_000, 2_760_727_302_517), (1_000_000_000_000, 29_996_224_275_833),
    ] as [(Int, UInt64)])
  func powersOfTen(_ n: Int, _ prime: UInt64) async throws {
    #expect(try await NthPrime.nthPrime(n) == prime)
  }

  /// From an estimate above or below, near or far (more than one window, across segments),
  /// the walk through the gap finds the prime.
  @Test(arguments: [0, 1, -1, 2, -2, 1_000, -1_000, 1 << 20, -(1 << 20), 30_000_000, -30_000_000])
  func theGapIsWalkedFromEitherSide(offset: Int) throws {
    let n: UInt64 = 10_000_000
    let prime: UInt64 = 179_424_673  // DESIGN.md's p(10⁷)
    let estimate = UInt64(Int(prime) + offset)
    var reporter = ProgressReporter(nil)
    let count = try PrimeCounting.primeCount(upTo: estimate)
    #expect(try NthPrime.walk(to: n, from: estimate, count: count, reporter: &reporter) == prime)
    // Windows much smaller than the gap: the walk takes several.
    #expect(
      try NthPrime.walk(
        to: n, from: estimate, count: count, reporter: &reporter, windowScale: 0.05) == prime)
  }

  /// A window whose sieving primes are shared out is measured thread by thread: each worker
  /// that took a share is one of the phase's threads, with its busy time, and the shares are
  /// its units (the 10¹⁰th prime's window: primes to √p_n ≈ 502,000, two shares).
  @Test func theLastWindowsWorkersAreMeasuredOneByOne() async throws {
    let n: UInt64 = 10_000_000_000
    let prime: UInt64 = 252_097_800_623  // as in powersOfTen
    let estimate = prime - 100_000
    let (found, phase) = try await onOwnThread { () throws -> (UInt64, PrimeCountDetails.Phase) in
      var reporter = ProgressReporter(nil)
      let count = try PrimeCounting.primeCount(upTo: estimate)
      let times = ThreadTimes()
      let found = try NthPrime.walk(
        to: n, from: estimate, count: count, threads: 2, times: times, reporter: &reporter)
      return (found, times.phase(named: "window", wallSeconds: 0))
    }
    #expect(found == prime)
    #expect(phase.jobs == 2)
    #expect(phase.threads >= 1 && phase.threads <= 2)
    #expect(phase.busySeconds > 0)
    #expect(phase.leastBusySeconds <= phase.mostBusySeconds)
    #expect(phase.mostBusySeconds <= phase.busySeconds)
  }

  /// `--verbose` of a small n or x, answered by a sieve or the small table without the
  /// threads, still says what was counted up to, how many threads were asked for and the
  /// processors there are (they read 0 before, for every such n).
  @Test(arguments: [1, 10, 1_000, 10_000, 100_000, 1_000_000])
  func aSmallAnswersDetailsSayWhatWasCounted(n: Int) throws {
    let (prime, details) = try NthPrime.nthPrimeWithDetails(n, threads: 3)
    #expect(details.x >= UInt128(prime))
    #expect(details.threads == 1 && details.threadsAsked == 3)
    #expect(details.availableProcessors == WorkerThreads.availableProcessors)
    let (_, counted) = try PrimeCounting.primeCountWithDetails(upTo: UInt64(prime), threads: 3)
    #expect(counted.x == UInt128(prime))
    #expect(counted.threads == 1 && counted.threadsAsked == 3)
    #expect(counted.availableProcessors == WorkerThreads.availableProcessors)
  }

  /// `--verbose`'s phase of the last window counts the threads that worked on it (the
  /// calling thread at least, where it was measured as a whole), each with its busy time.
  @Test func theLastWindowsPhaseCountsItsThreads() async throws {
    let details = try await onOwnThread {
      try NthPrime.nthPrimeWithDetails(10_000_000_000, threads: 2).details
    }
    let phase = try #require(details.phases.first { $0.name == "sieve from π(estimate) to p_n" })
    #expect(phase.threads >= 1 && phase.threads <= 3)
    #expect(phase.jobs >= phase.threads)
    #expect(phase.leastBusySeconds <= phase.mostBusySeconds)
    #expect(phase.mostBusySeconds <= phase.busySeconds)
  }

  /// The last bytes of a sieve below 2⁶⁴ stand for numbers past it: the walk to the largest
  /// n (whose window ends at 2⁶⁴ − 1) counts them without overflowing. The primes near the
  /// top are found here by Baillie–PSW, not by a sieve.
  @Test func theWalkReachesTheTopOfTheRange() async throws {
    let top = UInt64.max
    let span: UInt64 = 3_000
    let primesAbove = { @Sendable (v: UInt64) in
      UInt64((v...top).dropFirst().filter(Primality.isPrime).count)
    }
    let largest = try #require(Primality.previousPrime(before: top))
    let results = try await onOwnThread { () throws -> [UInt64] in
      var reporter = ProgressReporter(nil)
      // Up from an estimate below the last prime (one window, and several), down from the top.
      let estimate = top - span
      let count = UInt64(NthPrime.maximum) - primesAbove(estimate)
      return [
        try NthPrime.walk(
          to: UInt64(NthPrime.maximum), from: estimate, count: count, reporter: &reporter),
        try NthPrime.walk(
          to: UInt64(NthPrime.maximum) - 1, from: estimate, count: count, reporter: &reporter,
          windowScale: 0.02),
        try NthPrime.walk(
          to: UInt64(NthPrime.maximum) - 2, from: top, count: UInt64(NthPrime.maximum),
          reporter: &reporter),
      ]
    }
    let second = try #require(Primality.previousPrime(before: largest))
    let third = try #require(Primality.previousPrime(before: second))
    #expect(results == [largest, second, third])
  }

  /// Both ways of crossing off (kept sieving primes, and primes taken anew per segment) reach
  /// the last byte below 2⁶⁴, which stands for numbers past 2⁶⁴ − 1.
  @Test(arguments: [1 << 16, 1 << 20] as [UInt64])
  func theSieveReachesTheTopOfTheRange(sievingLimit: UInt64) throws {
    let low = UInt64.max - 2_000
    let sieve = try Sieve30(low: low, high: .max, sievingLimit: sievingLimit)
    var left: [UInt64] = []
    var counted = 0
    while try sieve.next() {
      counted += sieve.count()
      sieve.forEachPrime { left.append($0) }
    }
    #expect(counted == left.count)
    #expect(left.filter(Primality.isPrime) == (low...UInt64.max).filter(Primality.isPrime))
  }

  @Test func noSuchPrime() {
    #expect(throws: PrimeEngineError.noSuchPrime(0)) { try NthPrime.nthPrime(0) as UInt64 }
    #expect(throws: PrimeEngineError.noSuchPrime(-3)) { try NthPrime.nthPrime(-3) as UInt64 }
    #expect(PrimeEngineError.noSuchPrime(0).description.contains("there is no 0th prime"))
  }

  @Test func tooLargeNamesTheMaximum() {
    let error = PrimeEngineError.tooLarge(
      String(NthPrime.maximum + 1), maximum: String(NthPrime.maximum))
    #expect(throws: error) { try NthPrime.nthPrime(NthPrime.maximum + 1) as UInt64 }
    #expect(
      error.description
        == "425656284035217744 is too large: the largest supported value is 425656284035217743")
  }
}
