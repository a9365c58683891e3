import Testing

@testable import PrimeEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The count past 2⁶⁴: the same generic code as the 64-bit count, with x held in `UInt128`.
/// Counting an x above 2⁶⁴ takes minutes (`Benchmarks/check-large-pi` does, against
/// primecount and the literature); here the wide code runs on small x, where the 64-bit
/// count is the check, and its 128-bit arithmetic is checked on its own at every size.
struct WideCountingTests {
  /// The wide count of x below 10¹² is the narrow one, for every way of cutting the work,
  /// and with the tables' wider widths, which only x past 6.4·10²² needs (64-bit primes)
  /// and past z ≈ 1.5·10¹¹ (32-bit factor values).
  @Test func wideCountAgreesWithTheNarrowOne() async throws {
    var random = SplitMix64(state: 128)
    var values: [UInt64] = [(1 << 24) + 1, 300 * 300 * 300, 8_191 * 8_191 - 1, 999_999_999_989]
    for _ in 0..<4 { values.append((1 << 24) + random.next() % 60_000_000_000) }
    let cases = values
    let wrong = try await onOwnThread { () throws -> [String] in
      var wrong: [String] = []
      for x in cases {
        for tuning in PrimeCountingTests.tunings where x < 100_000_000_000 || tuning.0 == "default"
        {
          let narrow = try UInt128(PrimeCountingTests.count(x, tuning))
          for widths in TableWidthChoice.allCases {
            // The wide widths with every tuning below 10¹⁰, and with two above.
            if widths != .narrow && x > 10_000_000_000 && tuning.0 != "default"
              && !tuning.0.hasPrefix("three")
            {
              continue
            }
            var reporter = ProgressReporter(nil, isCancelled: { false })
            var wideTuning = tuning.2
            wideTuning.widths = widths
            var details = PrimeCountDetails()
            let wide = try GourdonPrimeCounting.primeCount(
              UInt128(x), threads: tuning.1, reporter: &reporter, tuning: wideTuning,
              details: &details)
            // What `--verbose` says the widths were.
            let bits = [
              TableWidthChoice.narrow: [32, 16], .widePrimes: [64, 16], .wide: [64, 32],
            ]
            if wide != narrow || [details.primeBits, details.factorValueBits] != bits[widths] {
              wrong.append("π(\(x)), \(tuning.0), \(String(describing: widths))")
            }
          }
        }
      }
      return wrong
    }
    #expect(wrong == [])
  }

  /// The public overloads: a wide x below 2⁶⁴ is the 64-bit count; past 10³¹ it is refused,
  /// and below, where its tables would not fit in memory.
  @Test func wideOverloads() async throws {
    let synchronous: () throws -> UInt128 = { try PrimeCounting.primeCount(upTo: 1_000_000_007) }
    #expect(try synchronous() == 50_847_535)
    #expect(try await PrimeCounting.primeCount(upTo: UInt128(10_000_000_000)) == 455_052_511)
    let (count, details) = try PrimeCounting.primeCountWithDetails(upTo: UInt128(100_000_000))
    #expect(count == 5_761_455 && details.x == 100_000_000)
    #expect(PrimeCounting.maximum == UInt128(10_000_000_000_000_000) * 1_000_000_000_000_000)
    let beyond = PrimeCounting.maximum + 1
    await #expect(
      throws: PrimeEngineError.tooLarge(String(beyond), maximum: String(PrimeCounting.maximum))
    ) { try await PrimeCounting.primeCount(upTo: beyond) }
    // 10³¹'s tables: 14 TiB.
    do {
      _ = try await PrimeCounting.primeCount(upTo: PrimeCounting.maximum)
      Issue.record("π(10³¹) was not refused")
    } catch PrimeEngineError.notEnoughMemory(let needed, let available) {
      #expect(needed > 13 << 40 && needed < 15 << 40)
      #expect(available == AvailableMemory.bytes && available < needed)
    }
  }

  /// The refusal is the tables' estimate against the memory: π(10¹²) is refused with 1% less
  /// than its estimate and answered with 1% more, and the estimate is within 5% of the three
  /// tables as they are built.
  @Test func theMemoryBoundRefusesOnlyWhatDoesNotFit() throws {
    let x: UInt128 = 1_000_000_000_000
    let parameters = GourdonParameters(x: x)
    let needed = TableWidthChoice.narrow.tableBytes(y: parameters.y, z: parameters.z)
    var tuning = GourdonPrimeCounting.Tuning()
    tuning.memory = UInt64(needed * 0.99)
    var reporter = ProgressReporter(nil, isCancelled: { false })
    #expect(
      throws: PrimeEngineError.notEnoughMemory(needed: UInt64(needed), available: tuning.memory!)
    ) {
      try GourdonPrimeCounting.primeCount(x, threads: 1, reporter: &reporter, tuning: tuning)
    }
    tuning.memory = UInt64(needed * 1.01)
    #expect(
      try GourdonPrimeCounting.primeCount(x, threads: 1, reporter: &reporter, tuning: tuning)
        == 37_607_912_018)
    // The π table, the primes and the factor table, as built.
    let pi = try PiTable<NarrowTables>(limit: parameters.y, isCancelled: { false })
    let built =
      Double(parameters.y / 240 + 1) * 16 + Double(pi.primes.count * 4)
      + Double(FactorTable<NarrowTables>.lastIndex(atMost: parameters.z) + 1) * 2
    #expect(abs(needed / built - 1) < 0.05, "\(needed) against \(built)")
    #expect(
      PrimeEngineError.notEnoughMemory(needed: 15 << 40, available: 24 << 30).description
        == "the computation needs about 15.0 TiB of memory for its tables, more than the 24.0 "
        + "GiB this process may use"
    )
  }

  /// Quotients, roots and the wide long division against `UInt128`'s own arithmetic, for x
  /// up to 10³¹ (the arithmetic's range, past the tables') and divisors of every size the
  /// count divides by.
  @Test func wideArithmeticAgreesWithUInt128() {
    var random = SplitMix64(state: 31)
    let tenToThe31 = UInt128(10_000_000_000_000_000) * 1_000_000_000_000_000
    func next128() -> UInt128 {
      let wide = UInt128(random.next()) << 64 | UInt128(random.next())
      return wide % (tenToThe31 >> (random.next() % 100))
    }
    var wrong: [String] = []
    for _ in 0..<20_000 {
      let x = next128()
      let d = max(1, random.next() >> (random.next() % 64))
      if x.divided(by: d) != x / UInt128(d) { wrong.append("\(x) / \(d)") }
      // A quotient that fits: d above x's high half.
      let fitting = max(d, UInt64(truncatingIfNeeded: x >> 64) + 1)
      if UInt128(x.quotient(fitting)) != x / UInt128(fitting) { wrong.append("\(x) ÷ \(fitting)") }
      let small = UInt32(truncatingIfNeeded: max(1, d >> 32))
      if UInt128(small) > x >> 64 {
        let q = x.quotient(UInt64(small), reciprocal: reciprocal(of: UInt64(small)))
        if UInt128(q) != x / UInt128(small) { wrong.append("\(x) ÷ \(small), reciprocal") }
      }
      let r = UInt128(x.squareRoot)
      if r * r > x || (r + 1) * (r + 1) <= x { wrong.append("√\(x)") }
      let c = UInt128(x.cubeRoot)
      if c * c * c > x || (c + 1) * (c + 1) * (c + 1) <= x { wrong.append("∛\(x)") }
    }
    #expect(wrong == [])
    #expect(tenToThe31.cubeRoot == 21_544_346_900)
  }

  /// The widths a count chooses hold its tables, from 10¹² to 10³¹ at every tenth of a
  /// digit: the primes up to y, the prime indices up to π(y) and the factor table's positions
  /// up to z, and twice the index of each prime up to √z, plus one, below the largest factor
  /// value (which marks the primes). Narrow to 6.4·10²², 64-bit primes past it, 32-bit
  /// factor values past 10²⁶.
  @Test func theChosenWidthsHoldTheTables() {
    var chosen: [TableWidthChoice] = []
    for tenth in 120...310 {
      let x = UInt128(pow(10, Double(tenth) / 10))
      let parameters = GourdonParameters(x: x)
      let (y, z) = (parameters.y, parameters.z)
      let choice = TableWidthChoice.narrowest(y: y, z: z)
      if chosen.last != choice { chosen.append(choice) }
      let (prime, value, position): (UInt64, UInt64, UInt64) =
        switch choice {
        case .narrow: (UInt64(UInt32.max), UInt64(UInt16.max), UInt64(Int32.max))
        case .widePrimes: (UInt64.max, UInt64(UInt16.max), UInt64(Int.max))
        case .wide: (UInt64.max, UInt64(UInt32.max), UInt64(Int.max))
        }
      // π(y) < 1.26·y/ln y (Rosser and Schoenfeld).
      let primesToY = UInt64(1.26 * Double(y) / log(Double(y)))
      let primesToRoot = UInt64(PrimeTable.small[integerSquareRoot(z)])
      #expect(y <= prime, "x = 10^\(Double(tenth) / 10)")
      #expect(
        primesToY < position && UInt64(FactorTable<WideTables>.lastIndex(atMost: z)) < position)
      #expect(2 * primesToRoot + 1 < value, "x = 10^\(Double(tenth) / 10)")
    }
    #expect(chosen == [.narrow, .widePrimes, .wide])
    let narrowest = GourdonParameters(x: 64 * UInt128(10_000_000_000_000) * 100_000_000)
    #expect(TableWidthChoice.narrowest(y: narrowest.y, z: narrowest.z) == .narrow)
    let past = GourdonParameters(x: 65 * UInt128(10_000_000_000_000) * 100_000_000)
    #expect(TableWidthChoice.narrowest(y: past.y, z: past.z) == .widePrimes)
    #expect(past.y > UInt64(UInt32.max))
  }

  /// Filled in parts, each part setting its own values first (as the threads fill it), the
  /// factor table is the one filled whole, for part counts up to more than its turns of 210
  /// (some parts then empty). The memory starts poisoned with a value no m can have (a least
  /// factor of 5), so that a value no part set is seen.
  @Test(arguments: [2, 3, 7, 16, 64])
  func aFactorTableFilledInPartsIsTheWholeOne(parts: Int) throws {
    let (y, z): (UInt64, UInt64) = (2_000, 10_000)
    let pi = try PiTable<NarrowTables>(limit: y, isCancelled: { false })
    let whole = try FactorTable<NarrowTables>(
      limit: z, y: y, primes: pi.primes, isCancelled: { false })
    let inParts = FactorTable<NarrowTables>(limit: z, y: y)
    inParts.values.initialize(repeating: 2 * 3 + 1)
    for part in (0..<parts).reversed() {
      try inParts.fill(part: part, of: parts, primes: pi.primes, isCancelled: { false })
    }
    let positions = FactorTable<NarrowTables>.lastIndex(atMost: z) + 1
    #expect((0..<positions).filter { inParts[$0] != whole[$0] } == [])
  }

  /// The factor table's values, 16 bits wide and 32, against each m's factorization: 0 when
  /// m has a square factor or one above y, the largest value for 1 and the primes up to y,
  /// and otherwise twice the index of its least prime factor, plus one when it has an odd
  /// number of them.
  @Test func factorTableValuesOfBothWidthsMatchTheFactorizations() throws {
    let (y, z): (UInt64, UInt64) = (2_000, 300_000)
    let narrowPi = try PiTable<NarrowTables>(limit: y, isCancelled: { false })
    let widePi = try PiTable<WideTables>(limit: y, isCancelled: { false })
    let narrow = try FactorTable<NarrowTables>(
      limit: z, y: y, primes: narrowPi.primes, isCancelled: { false })
    let wide = try FactorTable<WideTables>(
      limit: z, y: y, primes: widePi.primes, isCancelled: { false })
    let isPrime = simpleSieve(upTo: Int(integerSquareRoot(z)))
    let primes = (2..<isPrime.count).filter { isPrime[$0] }
    var wrong: [UInt64] = []
    for index in 0...FactorTable<NarrowTables>.lastIndex(atMost: z) {
      let m = FactorTable<NarrowTables>.number(at: index)
      var factors: [Int] = []
      var rest = Int(m)
      var squarefree = true
      for p in primes where p * p <= rest {
        if rest % p == 0 {
          factors.append(p)
          rest /= p
          if rest % p == 0 { squarefree = false }
          while rest % p == 0 { rest /= p }
        }
      }
      if rest > 1 { factors.append(rest) }
      let expected: UInt64? =
        if squarefree && factors.count <= 1 && factors.allSatisfy({ $0 <= y }) {
          nil  // the largest
        } else if !squarefree || factors.contains(where: { $0 > y }) {
          0
        } else {
          2 * UInt64(narrowPi[UInt64(factors[0])]) + UInt64(factors.count % 2)
        }
      let narrowValue = UInt64(narrow[index])
      let wideValue = UInt64(wide[index])
      if narrowValue != (expected ?? UInt64(UInt16.max))
        || wideValue != (expected ?? UInt64(UInt32.max))
      {
        wrong.append(m)
      }
    }
    #expect(wrong.prefix(5) == [])
  }

  /// φ(z, b) past 2⁶⁴ (by the period of the first b primes) against inclusion–exclusion,
  /// Σ μ(d)·⌊z/d⌋ over the divisors d of their product, in `UInt128`.
  @Test func phiPast2To64() {
    let primes: [UInt128] = [2, 3, 5, 7, 11, 13, 17, 19, 23]
    func inclusionExclusion(_ z: UInt128, _ b: Int) -> UInt128 {
      var sum: Int128 = 0
      for subset in 0..<(1 << b) {
        var d: UInt128 = 1
        var sign: Int128 = 1
        for index in 0..<b where subset & (1 << index) != 0 {
          d *= primes[index]
          sign = -sign
        }
        sum += sign * Int128(z / d)
      }
      return UInt128(sum)
    }
    var random = SplitMix64(state: 9)
    var wrong: [String] = []
    for _ in 0..<300 {
      let z = (UInt128(random.next() % 600_000_000_000) << 64) | UInt128(random.next())
      for b in 0...9 where PhiTable.phi(z, b) != inclusionExclusion(z, b) {
        wrong.append("φ(\(z), \(b))")
      }
    }
    #expect(wrong == [])
  }
}

/// The n-th prime's last step past 2⁶⁴: windows sieved from 128-bit starts, and the walk
/// through them. A window past 2⁶⁴ is sieved by the 2·10⁸ primes up to 2³² or more, minutes in
/// a debug build: here with the primes up to 2,000, and every survivor is checked by trial
/// division in `UInt128`. That it finds the primes is `Benchmarks/check-large-pi`'s check
/// of the n-th prime near 10²⁰ against primecount.
struct WideWalkTests {
  static let sievingLimit: UInt64 = 2_000

  /// Whether odd n has no prime factor up to ``sievingLimit``, by trial division.
  static func survives(_ n: UInt128) -> Bool {
    var d: UInt128 = 3
    while d <= UInt128(sievingLimit) {
      if n % d == 0 { return false }
      d += 2
    }
    return true
  }

  /// Every odd number of windows near 2⁶⁴, 10²⁰ and 10³⁰ is kept exactly when it has no
  /// factor up to the limit.
  @Test(arguments: [
    (UInt128(1) << 64) - 1_001, UInt128(100_000_000_000_000_000_000) - 20_000,
    UInt128(1_000_000_000_000_000) * 1_000_000_000_000_000 + 77,
  ])
  func windowsKeepTheNumbersWithoutSmallFactors(_ low: UInt128) throws {
    var reporter = ProgressReporter(nil)
    let high = low + 30_000
    let window = try WideWindowSieve(
      low: low, high: high, sievingLimit: Self.sievingLimit, reporter: &reporter)
    var sieved: [UInt128] = []
    window.forEachPrime { sieved.append($0) }
    var tested: [UInt128] = []
    var n = low | 1
    while n <= high {
      if Self.survives(n) { tested.append(n) }
      n += 2
    }
    #expect(sieved == tested)
    #expect(window.count == UInt64(tested.count))
    #expect(!tested.isEmpty)
  }

  /// From an estimate whose π is taken to be `count`, the walk finds the k-th survivor above
  /// it, or the k-th at or below it, across several windows when they are short.
  @Test(arguments: [1, 2, 50, 700])
  func theWalkFindsTheKthEitherWay(_ k: Int) throws {
    let estimate = UInt128(100_000_000_000_000_000_000) + 123_456_789
    let count: UInt128 = 2_000_000_000_000_000_000
    var reporter = ProgressReporter(nil)
    for scale in [0.01, 1.25] {
      let up = try NthPrime.walk(
        to: count + UInt128(k), from: estimate, count: count, reporter: &reporter,
        windowScale: scale, sievingLimit: Self.sievingLimit)
      let down = try NthPrime.walk(
        to: count - UInt128(k) + 1, from: estimate, count: count, reporter: &reporter,
        windowScale: scale, sievingLimit: Self.sievingLimit)
      var above: [UInt128] = []
      var n = (estimate + 1) | 1
      while above.count < k {
        if Self.survives(n) { above.append(n) }
        n += 2
      }
      var below: [UInt128] = []
      n = estimate | 1 > estimate ? estimate - 1 : estimate
      while below.count < k {
        if Self.survives(n) { below.append(n) }
        n -= 2
      }
      #expect(up == above.last, "scale \(scale)")
      #expect(down == below.last, "scale \(scale)")
    }
  }

  /// n past 10²⁹ is refused; n up to π(2⁶⁴) is the 64-bit method's; p_n's estimate at 10²⁹
  /// is within the count's bound.
  @Test func wideLimits() throws {
    let beyond = NthPrime.wideMaximum + 1
    #expect(
      throws: PrimeEngineError.tooLarge(String(beyond), maximum: String(NthPrime.wideMaximum))
    ) { try NthPrime.nthPrimeWithDetails(beyond) }
    #expect(try NthPrime.nthPrimeWithDetails(UInt128(1_000_000)).prime == 15_485_863)
    // The count's bound holds the largest n's estimate, which is counted.
    #expect(NthPrime.wideMaximum == UInt128(100_000_000_000_000) * 1_000_000_000_000_000)
    #expect(
      UInt128(NthPrime.inverseRiemannR(Double(NthPrime.wideMaximum))) < PrimeCounting.maximum)
  }
}
