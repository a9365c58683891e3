import Testing

@testable import PrimeEngine

/// The count past 2⁶⁴: the same generic code as the 64-bit count, with x held in `UInt128`.
/// Counting an x above 2⁶⁴ takes minutes (`Benchmarks/check-large-pi` does, against
/// primecount and the literature); here the wide code runs on small x, where the 64-bit
/// count is the check, and its 128-bit arithmetic is checked on its own at every size.
struct WideCountingTests {
  /// The wide count of x below 10¹² is the narrow one, for every way of cutting the work.
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
          var reporter = ProgressReporter(nil, isCancelled: { false })
          let wide = try GourdonPrimeCounting.primeCount(
            UInt128(x), threads: tuning.1, reporter: &reporter, tuning: tuning.2)
          if try wide != UInt128(PrimeCountingTests.count(x, tuning)) {
            wrong.append("π(\(x)), \(tuning.0)")
          }
        }
      }
      return wrong
    }
    #expect(wrong == [])
  }

  /// The public overloads: a wide x below 2⁶⁴ is the 64-bit count; past 5.5·10²² it is
  /// refused.
  @Test func wideOverloads() async throws {
    let synchronous: () throws -> UInt128 = { try PrimeCounting.primeCount(upTo: 1_000_000_007) }
    #expect(try synchronous() == 50_847_535)
    #expect(try await PrimeCounting.primeCount(upTo: UInt128(10_000_000_000)) == 455_052_511)
    let (count, details) = try PrimeCounting.primeCountWithDetails(upTo: UInt128(100_000_000))
    #expect(count == 5_761_455 && details.x == 100_000_000)
    #expect(PrimeCounting.maximum == 55 * UInt128(1_000_000_000_000) * 1_000_000_000)
    let beyond = PrimeCounting.maximum + 1
    await #expect(
      throws: PrimeEngineError.tooLarge(String(beyond), maximum: String(PrimeCounting.maximum))
    ) { try await PrimeCounting.primeCount(upTo: beyond) }
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
        let q = x.quotient(small, reciprocal: reciprocal(of: small))
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

  /// Why the count stops at ``PrimeCounting/maximum``: the tables hold the primes up to y in
  /// 32 bits (and the easy leaves their indices in 31), and y passes 2³² above it, near
  /// 6.4·10²² (α_y following primecount's choice between its half digits).
  /// Every other width holds further: the hard leaves' factor-table positions (31 bits,
  /// z < 9.4·10⁹), and the factor table's 16-bit values (π(√z) ≤ 32,766). The n-th prime's
  /// bound is below it: p_n's estimate at ``NthPrime/wideMaximum`` is counted.
  @Test func theBoundIsWhereThePrimesPass32Bits() {
    let largest = GourdonParameters(x: PrimeCounting.maximum)
    #expect(largest.y <= UInt64(UInt32.max))
    #expect(FactorTable.lastIndex(atMost: largest.z) < Int(Int32.max))
    #expect(integerSquareRoot(largest.z) < 386_051)  // p₃₂₇₆₆
    let past = GourdonParameters(x: 65 * UInt128(10_000_000_000_000) * 100_000_000)
    #expect(past.y > UInt64(UInt32.max))
    #expect(
      UInt128(NthPrime.inverseRiemannR(Double(NthPrime.wideMaximum))) < PrimeCounting.maximum)
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

  /// n past 10²¹ is refused; n up to π(2⁶⁴) is the 64-bit method's.
  @Test func wideLimits() throws {
    let beyond = NthPrime.wideMaximum + 1
    #expect(
      throws: PrimeEngineError.tooLarge(String(beyond), maximum: String(NthPrime.wideMaximum))
    ) { try NthPrime.nthPrimeWithDetails(beyond) }
    #expect(try NthPrime.nthPrimeWithDetails(UInt128(1_000_000)).prime == 15_485_863)
  }
}
