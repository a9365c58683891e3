import Foundation
import Synchronization
import Testing

@testable import PrimeEngine

struct PrimeCountingTests {
  @Test func everyXBelowTenMillion() async throws {
    let firstWrong = try await onOwnThread { () throws -> Int? in
      let isPrime = simpleSieve(upTo: 10_000_000)
      var count: UInt64 = 0
      for x in 0...10_000_000 {
        if isPrime[x] { count += 1 }
        if try PrimeCounting.primeCount(upTo: UInt64(x)) != count { return x }
      }
      return nil
    }
    #expect(firstWrong == nil)
  }

  /// π(10^k) from the literature (OEIS A006880); 10¹⁵ to 10¹⁹ are in
  /// `Benchmarks/check-large-pi`, minutes each.
  @Test(
    arguments: [
      (10, 4), (100, 25), (1_000, 168), (10_000, 1_229), (100_000, 9_592), (1_000_000, 78_498),
      (10_000_000, 664_579), (100_000_000, 5_761_455), (1_000_000_000, 50_847_534),
      (10_000_000_000, 455_052_511), (100_000_000_000, 4_118_054_813),
      (1_000_000_000_000, 37_607_912_018), (10_000_000_000_000, 346_065_536_839),
      (100_000_000_000_000, 3_204_941_750_802),
    ] as [(UInt64, UInt64)])
  func knownValues(_ x: UInt64, _ pi: UInt64) async throws {
    #expect(try await PrimeCounting.primeCount(upTo: x) == pi)
  }

  /// Non-round x, as primecount 8.7 answers them (on one thread up to 10¹², where a debug
  /// build takes well under a second).
  @Test func agreesWithPrimecountAtNonRoundX() async throws {
    for (x, pi) in primecountPrimeCounts {
      #expect(try await PrimeCounting.primeCount(upTo: x) == pi, "π(\(x))")
      if x < 1_000_000_000_000 {
        #expect(try await PrimeCounting.primeCount(upTo: x, threads: 1) == pi, "π(\(x)), 1")
      }
    }
  }

  /// Ways of cutting the work: the bounds y and z, threads, and chunks small enough that
  /// moderate x reach every boundary between them.
  static let tunings: [(String, Int, GourdonPrimeCounting.Tuning)] = [
    ("default", 2, .init()),
    // Chunks of three windows and five granules: each starts at another place in a window.
    (
      "one thread, y = ∛x + 1, z = y", 1,
      .init(alphaY: 1, alphaZ: 1, hardLargestChunk: 3 * CountingSieve.segmentSpan + 5 * 1_024)
    ),
    (
      "three threads, large y", 3,
      .init(alphaY: 12, alphaZ: 1.5, limitsThreadsToTheWork: false, processors: 3)
    ),
    (
      "small chunks and segments, z = 4y", 2,
      .init(
        alphaY: 3, alphaZ: 4, hardLargestChunk: 101 * 1_024, quotientChunkSpan: 5_000,
        quotientPrimeSpan: 30, easySegmentSpan: 128, limitsThreadsToTheWork: false)
    ),
    (
      "z = √x − 1", 2,
      .init(
        alphaY: 2, alphaZ: 1_000, quotientChunkSpan: 77_777, quotientPrimeSpan: 1_001,
        easySegmentSpan: 8_192, limitsThreadsToTheWork: false)
    ),
  ]

  static func count(_ x: UInt64, _ tuning: (String, Int, GourdonPrimeCounting.Tuning)) throws
    -> UInt64
  {
    var reporter = ProgressReporter(nil, isCancelled: { false })
    return try GourdonPrimeCounting.primeCount(
      x, threads: tuning.1, reporter: &reporter, tuning: tuning.2)
  }

  /// π(4,000,000,007) on `threads` workers with the work cut for `processors`, however small
  /// each one's share, and what the count recorded. Small, so that 64 busy threads do not
  /// starve the tests running beside these.
  static func countShared(threads: Int, processors: Int) throws -> (
    pi: UInt64, details: PrimeCountDetails
  ) {
    var reporter = ProgressReporter(nil, isCancelled: { false })
    var details = PrimeCountDetails()
    var tuning = GourdonPrimeCounting.Tuning()
    tuning.limitsThreadsToTheWork = false
    tuning.processors = processors
    let pi = try GourdonPrimeCounting.primeCount(
      UInt64(4_000_000_007), threads: threads, reporter: &reporter, tuning: tuning,
      details: &details)
    return (pi, details)
  }

  /// π(4,000,000,007) as primecount 8.7 answers it.
  static let sharedCount: UInt64 = 189_961_813

  /// Whatever the thread count, from one to 64 (more than this machine's processors), every
  /// hard leaf is counted once and the count is the same: the work is shared out, not
  /// changed.
  @Test func everyThreadCountCountsEveryLeafOnce() async throws {
    let counts = try await onOwnThread { () throws -> [(threads: Int, pi: UInt64, leaves: Int)] in
      try [1, 2, 3, 5, 8, 16, 31, 64].map { threads in
        let (pi, details) = try Self.countShared(threads: threads, processors: threads)
        #expect(details.threads == threads)
        let jobs = details.phases.first { $0.name == "hard leaves" }?.jobs ?? 0
        #expect(jobs >= 1)
        return (threads, pi, details.hardLeaves)
      }
    }
    #expect(counts.allSatisfy { $0.pi == Self.sharedCount }, "\(counts)")
    #expect(Set(counts.map(\.leaves)).count == 1, "\(counts)")
  }

  /// The work is cut for the threads that can run at once: sixteen workers on two processors
  /// get the pieces two would (each piece pays a setup), on sixteen the pieces sixteen need.
  @Test func theWorkIsCutForTheProcessorsThatRunIt() async throws {
    let jobs = try await onOwnThread { () throws -> [Int] in
      try [(16, 2), (2, 2), (16, 16)].map { threads, processors in
        let (pi, details) = try Self.countShared(threads: threads, processors: processors)
        #expect(pi == Self.sharedCount)
        #expect(details.threads == threads)
        return details.phases.first { $0.name == "ordinary leaves" }?.jobs ?? 0
      }
    }
    // Sixteen strides of the ordinary leaves for each thread that can run.
    #expect(jobs == [32, 32, 256])
  }

  /// The easy leaves' segments cover 0…√x once, from even starts, none wider than the widest;
  /// below y, where the leaves crowd, there are at least four for each processor (or as many
  /// as the narrowest allows), and past y they widen back. One thread keeps the widest.
  @Test(arguments: [1, 2, 16, 64])
  func easySegmentsAreNarrowWhereTheLeavesCrowd(threads: Int) {
    // (√x, y, widest) at 10¹², 3·10¹³ and 9.9·10¹⁶, and a tuning's small widest.
    let cases: [(UInt64, UInt64, UInt64)] = [
      (1_000_000, 55_000, 131_072), (5_588_798, 283_022, 151_836),
      (314_269_207, 12_000_000, 524_288), (5_588_798, 283_022, 128),
    ]
    for (sqrtX, y, widest) in cases {
      let starts = EasyLeaves<UInt64, NarrowTables>.segmentStarts(
        sqrtX: sqrtX, y: y, widest: widest, threads: threads)
      let ends = starts.dropFirst().map { $0 - 1 } + [sqrtX]
      let spans = zip(starts, ends).map { $1 - $0 + 1 }
      #expect(starts.first == 0 && starts.allSatisfy { $0 % 2 == 0 })
      #expect(zip(starts, starts.dropFirst()).allSatisfy { $0 < $1 } && starts.last! <= sqrtX)
      #expect(spans.dropLast().allSatisfy { $0 <= widest }, "\(sqrtX) \(threads)")
      let belowY = starts.filter { $0 < y }.count
      if threads == 1 {
        #expect(spans.dropLast().allSatisfy { $0 == widest })
      } else {
        let narrowest = min(widest, max(4_096, y / UInt64(4 * threads)))
        #expect(belowY >= min(4 * threads, Int(y / narrowest)), "\(sqrtX) \(threads)")
        let past = zip(starts, spans).filter { $0.0 >= y }.map(\.1).dropLast()
        #expect(zip(past, past.dropFirst()).allSatisfy { $0 <= $1 })
        // Growing by a quarter from 2¹², a segment is the widest within about 4·widest of y.
        if sqrtX - y > 5 * widest { #expect(past.last == widest, "\(sqrtX) \(threads)") }
      }
    }
  }

  /// Past the hard leaves, only as many workers as can run at once go on: Σ π(x/p) and the
  /// easy leaves are cut for them, and more would only take turns on the processors. Every
  /// job is still done (the count), by at most that many workers.
  @Test(arguments: [(16, 2), (64, 1), (5, 3)])
  func onlyTheWorkersThatCanRunTakeTheLastParts(threads: Int, processors: Int) async throws {
    let phases = try await onOwnThread { () throws -> [PrimeCountDetails.Phase] in
      let (pi, details) = try Self.countShared(threads: threads, processors: processors)
      #expect(pi == Self.sharedCount)
      return details.phases
    }
    for name in ["Σ π(x/p)", "easy leaves"] {
      let phase = try #require(phases.first { $0.name == name })
      #expect(phase.threads >= 1 && phase.threads <= processors, "\(name): \(phase.threads)")
      #expect(phase.jobs >= phase.threads)
    }
    let hard = try #require(phases.first { $0.name == "hard leaves" })
    #expect(hard.threads >= 1 && hard.threads <= threads)
  }

  /// The factor table is filled a part per thread where z is large enough to share, and its
  /// phase says so as the workers' phases do: each part a job, the threads that took one,
  /// their busy time from least to most.
  @Test func theFactorTablesPhaseCountsItsThreads() async throws {
    let phase = try await onOwnThread { () throws -> PrimeCountDetails.Phase? in
      var reporter = ProgressReporter(nil, isCancelled: { false })
      var details = PrimeCountDetails()
      var tuning = GourdonPrimeCounting.Tuning()
      tuning.limitsThreadsToTheWork = false
      tuning.processors = 3
      // z = 24y = 829,440: four parts of 2¹⁸ numbers' worth, so one for each of three threads.
      tuning.alphaZ = 24
      let pi = try GourdonPrimeCounting.primeCount(
        UInt64(1_000_000_000_000), threads: 3, reporter: &reporter, tuning: tuning,
        details: &details)
      #expect(pi == 37_607_912_018)
      #expect(details.z >> 18 >= 3)
      return details.phases.first { $0.name == "factor table to z" }
    }
    let table = try #require(phase)
    #expect(table.jobs == 3)
    #expect(table.threads >= 1 && table.threads <= 3)
    #expect(table.leastBusySeconds <= table.mostBusySeconds)
    #expect(table.mostBusySeconds <= table.busySeconds)
    #expect(table.busySeconds > 0)
  }

  /// The workers' jobs taken together are the five kinds' sums, and a worker's whole share
  /// is at least its share of any one kind: the busiest's is the computation's wall time on
  /// a processor per worker, which a projection to many processors reads.
  @Test func allJobsAreEachWorkersWholeShare() async throws {
    let details = try await onOwnThread { () throws -> PrimeCountDetails in
      var reporter = ProgressReporter(nil, isCancelled: { false })
      var details = PrimeCountDetails()
      var tuning = GourdonPrimeCounting.Tuning()
      tuning.limitsThreadsToTheWork = false
      tuning.processors = 4
      let pi = try GourdonPrimeCounting.primeCount(
        UInt64(1_000_000_000_000), threads: 4, reporter: &reporter, tuning: tuning,
        details: &details)
      #expect(pi == 37_607_912_018)
      return details
    }
    let all = try #require(details.allJobs)
    let kinds = details.phases.filter {
      ["ordinary leaves", "trivial leaves", "hard leaves", "Σ π(x/p)", "easy leaves"]
        .contains($0.name)
    }
    #expect(kinds.count == 5)
    #expect(all.jobs == kinds.reduce(0) { $0 + $1.jobs })
    let busy = kinds.reduce(0) { $0 + $1.busySeconds }
    #expect(abs(all.busySeconds - busy) < 1e-6 * max(1, busy), "\(all.busySeconds) \(busy)")
    #expect(abs(all.seconds - kinds.reduce(0) { $0 + $1.seconds }) < 1e-6)
    #expect(all.threads >= kinds.map(\.threads).max()! && all.threads <= 4)
    #expect(all.mostBusySeconds >= kinds.map(\.mostBusySeconds).max()!)
    #expect(all.mostBusySeconds >= all.busySeconds / Double(all.threads))
    #expect(all.leastBusySeconds <= all.mostBusySeconds)
    #expect(all.wallSeconds >= kinds.map(\.wallSeconds).max()!)
    #expect(!details.phases.contains { $0.name == all.name })
  }

  /// Small counts run on fewer threads than asked, large ones on all; never more than asked,
  /// never none, and more work never fewer threads.
  @Test func threadsAreLimitedToTheWork() {
    #expect(GourdonPrimeCounting.usefulThreads(64, x: 1 << 24) == 1)
    #expect(GourdonPrimeCounting.usefulThreads(64, x: 2_718_281_828_459_045) == 64)
    #expect(GourdonPrimeCounting.usefulThreads(3, x: 1_000_000_000_000_000_000) == 3)
    var previous = 1
    for digits in stride(from: 7.0, through: 19.2, by: 0.1) {
      let useful = GourdonPrimeCounting.usefulThreads(1_024, x: UInt64(pow(10, digits)))
      #expect(useful >= previous && useful <= 1_024)
      previous = useful
    }
  }

  /// Gourdon's method against the sieve from 2²⁴ (below, a table answers), with every
  /// tuning, at random x and just below and above cubes and squares (where ∛x and √x change).
  @Test func gourdonAgreesWithTheSieve() async throws {
    var random = SplitMix64(state: 11)
    var values: [UInt64] = [
      1 << 24, (1 << 24) + 1, 257 * 257 * 257 - 1, 257 * 257 * 257, 300 * 300 * 300 - 1,
      300 * 300 * 300, 331 * 331 * 331 + 1, 4_099 * 4_099 - 1, 4_099 * 4_099, 8_192 * 8_192,
      8_191 * 8_191 - 1, 20_000_000, 60_000_000, 99_999_999,
    ]
    for _ in 0..<10 { values.append((1 << 24) + random.next() % 80_000_000) }
    let sorted = values.sorted()
    let wrong = try await onOwnThread { () throws -> [String] in
      var wrong: [String] = []
      var sieved: UInt64 = 0
      var sievedUpTo: UInt64 = 0
      for x in sorted {
        sieved += try SegmentedSieve.count(in: (sievedUpTo + 1)...x)
        sievedUpTo = x
        for tuning in Self.tunings where try Self.count(x, tuning) != sieved {
          wrong.append("π(\(x)), \(tuning.0)")
        }
      }
      return wrong
    }
    #expect(wrong == [])
  }

  /// Larger x with every tuning: π(p_n) = n and π(p_n − 1) = n − 1 for the largest
  /// reference primes (up to 2.4·10¹¹), and π(10¹²).
  @Test func knownValuesWithEveryTuning() async throws {
    var cases: [(x: UInt64, pi: UInt64)] = [(1_000_000_000_000, 37_607_912_018)]
    for (n, prime) in referenceNthPrimes.suffix(5) {
      cases += [(prime, UInt64(n)), (prime - 1, UInt64(n - 1))]
    }
    let known = cases
    let wrong = try await onOwnThread { () throws -> [String] in
      var wrong: [String] = []
      for (x, pi) in known {
        for tuning in Self.tunings where try Self.count(x, tuning) != pi {
          wrong.append("π(\(x)), \(tuning.0)")
        }
      }
      return wrong
    }
    #expect(wrong == [])
  }

  /// Random x, with no table to compare with: π(x + w) − π(x) must be the primes the sieve
  /// finds in (x, x + w], for every tuning.
  @Test func differencesAgreeWithTheSieve() async throws {
    var random = SplitMix64(state: 12)
    var values: [UInt64] = [4_000 * 4_000 * 4_000 - 1, 131_071 * 131_071]
    for _ in 0..<3 { values.append(100_000_000 + random.next() % 100_000_000_000) }
    let cases = values.map { ($0, 1 + random.next() % 200_000) }
    let wrong = try await onOwnThread { () throws -> [String] in
      var wrong: [String] = []
      for (x, window) in cases {
        let sieved = try SegmentedSieve.count(in: (x + 1)...(x + window))
        for tuning in Self.tunings {
          let difference = try Self.count(x + window, tuning) - Self.count(x, tuning)
          if difference != sieved { wrong.append("π(\(x) + \(window)) − π(\(x)), \(tuning.0)") }
        }
      }
      return wrong
    }
    #expect(wrong == [])
  }

  /// Near 2⁶⁴ the ordinary leaves start from φ(x, 9) ≈ 0.17·x, and the quotients x/p pass
  /// 2⁶³: checked against 128-bit arithmetic for the leaves of the first 30 primes.
  @Test(arguments: [UInt64.max, UInt64.max - 58, 1 << 63, (1 << 63) + 123_456_789] as [UInt64])
  func leafSumsNear2To64AgreeWithWiderArithmetic(_ x: UInt64) async throws {
    let (narrow, wide) = try await onOwnThread { () throws -> (Int64, Int128) in
      let parameters = GourdonParameters(x: x, alphaY: 1, alphaZ: 1)
      let pi = try PiTable<NarrowTables>(limit: parameters.y, isCancelled: { false })
      let leaves = OrdinaryLeaves(parameters: parameters, pi: pi)
      let k = parameters.k
      var narrow = leaves.root
      var wide = Int128(PhiTable.phi(x, k))
      func extend(_ n: UInt64, from first: Int, sign: Int128) {
        var index = first
        while index <= pi.count {
          let product = n * UInt64(pi.primes[index])
          if product > parameters.z { break }
          wide += sign * Int128(PhiTable.phi(x / product, k))
          extend(product, from: index + 1, sign: -sign)
          index += 1
        }
      }
      for b in (k + 1)...(k + 30) {
        narrow &+= leaves.count(leastFactor: b)
        let p = UInt64(pi.primes[b])
        wide -= Int128(PhiTable.phi(x / p, k))
        extend(p, from: b + 1, sign: 1)
      }
      return (narrow, wide)
    }
    #expect(narrow == Int64(truncatingIfNeeded: wide))
  }

  /// Putting the hard leaves' chunks together multiplies a level's signs by the numbers left
  /// before the chunk: near 2⁶⁴ such products pass Int64's range, and the sum is kept modulo
  /// 2⁶⁴ (exact, since the final π(x) < 2⁶³).
  @Test func hardLeafTotalsWrapAround() {
    let (narrow, wide) = Self.hardLeafTotals(HardLeaves<UInt64, NarrowTables>.self)
    #expect(wide.magnitude > UInt128(Int64.max), "the sum does pass Int64's range")
    #expect(narrow == Int64(truncatingIfNeeded: wide))
  }

  /// Past 2⁶⁴ the same products are kept in full (π(x) passes 2⁶³ from about 4·10²⁰).
  @Test func hardLeafTotalsOfAWideXAreExact() {
    let (total, wide) = Self.hardLeafTotals(HardLeaves<UInt128, NarrowTables>.self)
    #expect(wide.magnitude > UInt128(Int64.max))
    #expect(total == wide)
  }

  /// Chunks of random sums, signs and numbers left, put together by `Totals` and by Int128.
  static func hardLeafTotals<X, Widths>(_: HardLeaves<X, Widths>.Type) -> (X.Sum, Int128) {
    var random = SplitMix64(state: 5)
    var totals = HardLeaves<X, Widths>.Totals()
    var wide: Int128 = 0
    var left = [Int128](repeating: 0, count: 4)
    for _ in 0..<50 {
      var chunk = HardLeaves<X, Widths>.Chunk()
      chunk.sum = X.Sum(truncatingIfNeeded: Int64(bitPattern: random.next() >> 2))
      wide += Int128(chunk.sum)
      for level in 0..<4 {
        let signs = Int64(bitPattern: random.next() >> 30) - (1 << 33)
        let numbersLeft = Int64(random.next() >> 28)
        chunk.levels.append((signs, numbersLeft))
        wide += Int128(signs) * left[level]
        left[level] += Int128(numbersLeft)
      }
      totals.add(chunk)
    }
    return (totals.sum, wide)
  }

  @Test func rootsAreExactUpToTheLargest64BitValue() {
    #expect(integerCubeRoot(.max) == 2_642_245)
    #expect(integerCubeRoot(2_642_245 * 2_642_245 * 2_642_245) == 2_642_245)
    #expect(integerCubeRoot(2_642_245 * 2_642_245 * 2_642_245 - 1) == 2_642_244)
    #expect(integerSquareRoot(.max) == 4_294_967_295)
    #expect(integerSquareRoot(4_294_967_295 * 4_294_967_295 - 1) == 4_294_967_294)
  }

  /// The leaves' division by a reciprocal is exact for every 64-bit n: at the edges (0, the
  /// multiples of d and their neighbours, 2⁶⁴ − 1), for d from 1 to 2⁶⁴ − 1 (the primes up to
  /// y take 44 bits at 10³¹), and at random.
  @Test func divisionByAReciprocalIsExact() {
    var random = SplitMix64(state: 31)
    var divisors: [UInt64] = [
      1, 2, 3, 7, 65_521, 65_537, 4_294_967_291, 4_294_967_295, 4_294_967_311,
      17_592_186_044_399, 1 << 63, .max,
    ]
    for _ in 0..<200 { divisors.append(random.next() >> (random.next() % 64) | 1) }
    var wrong: [String] = []
    for d in divisors {
      let r = reciprocal(of: d)
      var numbers: [UInt64] = [0, 1, d - 1, d, d &+ 1, .max, .max - 1, .max - d]
      let top = UInt64.max / d * d
      numbers += [top, top - 1, top &- d, top / 2 / d * d, top / 2 / d * d &- 1]
      for _ in 0..<2_000 { numbers.append(random.next() >> (random.next() % 64)) }
      for n in numbers where divide(n, d, reciprocal: r) != n / d {
        wrong.append("\(n) / \(d)")
      }
    }
    #expect(wrong == [])
  }

  @Test func progressRisesAndCancellationStops() async throws {
    let fractions = Fractions()
    let pi = try await PrimeCounting.primeCount(upTo: 300_000_000_000) { fractions.append($0) }
    #expect(pi == 11_818_439_135)
    let seen = fractions.values
    #expect(seen == seen.sorted() && seen.allSatisfy { (0...1).contains($0) })

    // Cancelled at its first progress report: mid-computation, however busy the machine.
    for x: UInt64 in [100_000_000_000_000, 10_000_000_000_000_000] {
      let reports = Fractions()
      let task = Task {
        try await PrimeCounting.primeCount(upTo: x) { reports.append($0) }
      }
      while reports.values.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
      task.cancel()
      await #expect(throws: CancellationError.self) { try await task.value }
      // Stopped mid-way, and for good: nothing reports after the cancelled call returned
      // (how many reports came before depends on how busy the machine is).
      let atReturn = reports.values
      try await Task.sleep(for: .milliseconds(300))
      #expect(reports.values == atReturn)
      #expect(atReturn.allSatisfy { $0 < 1 })
    }
  }

  /// The tables the computation starts with stop when told, at any point, and free what
  /// they had built.
  @Test(arguments: [1, 2, 3, 5, 10, 40])
  func tablesStopWhenCancelled(afterChecks checks: Int) throws {
    let seen = Lock(0)
    let isCancelled = {
      seen.withLock { count in
        count += 1
        return count > checks
      }
    }
    let pi = try PiTable<NarrowTables>(limit: 4_000_000, isCancelled: { false })
    #expect(throws: CancellationError.self) {
      _ = try FactorTable<NarrowTables>(
        limit: 8_000_000, y: 4_000_000, primes: pi.primes, isCancelled: isCancelled)
    }
    // The π table looks once a segment of its sieve (7.9 million numbers): it stops at any
    // of its looks, from the first to the last.
    let looks = Lock(0)
    _ = try PiTable<NarrowTables>(
      limit: 40_000_000,
      isCancelled: {
        looks.withLock { $0 += 1 }
        return false
      })
    let total = looks.withLock { $0 }
    #expect(total >= 6)
    let stopAt = checks % total + 1
    let piLooks = Lock(0)
    #expect(throws: CancellationError.self) {
      _ = try PiTable<NarrowTables>(
        limit: 40_000_000,
        isCancelled: {
          piLooks.withLock { count in
            count += 1
            return count >= stopAt
          }
        })
    }
  }

  /// The factor table's small primes visit millions of multiples each: cancellation is
  /// looked at every few thousand, not once per prime (near 2⁶⁴ a cancelled request went
  /// on for a quarter of a second).
  @Test(arguments: [4_000_000, 100_000] as [UInt64])
  func theFactorTableLooksAtCancellationOftenEnough(y: UInt64) throws {
    let z: UInt64 = 8_000_000
    let looks = Lock(0)
    let pi = try PiTable<NarrowTables>(limit: y, isCancelled: { false })
    _ = try FactorTable<NarrowTables>(
      limit: z, y: y, primes: pi.primes,
      isCancelled: {
        looks.withLock { $0 += 1 }
        return false
      })
    // Each prime from 11 to z/11 visits its multiples p·j ≤ z, j coprime to 210 (from 11
    // while p ≤ y, from 1 above).
    let isPrime = simpleSieve(upTo: Int(z / 11))
    let coprime = (0...Int(z / 11)).map { $0 % 2 != 0 && $0 % 3 != 0 && $0 % 5 != 0 && $0 % 7 != 0 }
    var coprimeUpTo = [0]
    for k in 1..<coprime.count { coprimeUpTo.append(coprimeUpTo[k - 1] + (coprime[k] ? 1 : 0)) }
    var work = 0
    for p in 11...Int(z / 11) where isPrime[p] {
      let largest = Int(z) / p
      let multiples =
        largest < coprimeUpTo.count
        ? coprimeUpTo[largest] : 48 * (largest / 210) + coprimeUpTo[largest % 210]
      work += 1 + multiples - (UInt64(p) > y ? 0 : 1)
    }
    let interval = FactorTable<NarrowTables>.checkInterval
    #expect(looks.withLock { $0 } >= work / interval)
    #expect(work / interval > 500, "a table with enough work to tell")
  }

  /// Cancelled at any moment, the setup included (its tables near 2⁶⁴ take a second), with
  /// one thread or several, the computation stops and frees what it built.
  @Test(arguments: [1, 3])
  func cancellationAtAnyMomentStops(threads: Int) async throws {
    for delay in [0, 1, 2, 4, 8, 16, 32] {
      let task = Task {
        try await PrimeCounting.primeCount(upTo: UInt64.max - 1_000, threads: threads)
      }
      if delay > 0 { try await Task.sleep(for: .milliseconds(delay)) }
      task.cancel()
      await #expect(throws: CancellationError.self) { try await task.value }
    }
  }
}

final class Fractions: Sendable {
  private let storage = Lock<[Double]>([])
  func append(_ value: Double) { storage.withLock { $0.append(value) } }
  var values: [Double] { storage.withLock { $0 } }
}
