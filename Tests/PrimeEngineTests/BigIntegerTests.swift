import PrimeEngine
import Testing

struct BigIntegerTests {
  /// A NUL in a refused value is written `\u{0}`: `'1\02'` read as an octal escape.
  @Test func aRefusedValuesNulIsWrittenInFull() {
    #expect(
      PrimeEngineError.malformedNumber("1\u{0}2").description
        == #"'1\u{0}2' is not a non-negative whole number"#)
  }

  @Test(arguments: ["", "12a", "-5", " 12", "1.5", "++7", "+", "+-7", "٣", "0x10", "1e5"])
  func malformedInputIsAnError(_ text: String) {
    #expect(throws: PrimeEngineError.malformedNumber(text)) { try BigInteger(text) }
  }

  @Test func decimalRoundTrip() throws {
    let text = "123456789012345678901234567890123456789"
    #expect(try BigInteger(text).description == text)
    #expect(try BigInteger("000042").description == "42")
    // A "+" as Swift's own integer parsing takes it, at any size.
    #expect(try BigInteger("+7") == BigInteger(UInt64("+7")!))
    #expect(try BigInteger("+\(text)").description == text)
    #expect(try BigInteger("18446744073709551615").uint64 == .max)
    #expect(try BigInteger("18446744073709551616").uint64 == nil)
  }

  @Test func arithmetic() throws {
    #expect(BigInteger.power(2, 64) == (try BigInteger("18446744073709551616")))
    #expect((BigInteger.power(10, 3) + 7).description == "1007")
    #expect((BigInteger.power(10, 3) - 1).description == "999")
    #expect((BigInteger(3) - 5).description == "0")
    #expect((BigInteger(12) * BigInteger(12)).description == "144")
  }

  @Test func mersenneNumbers() {
    // 2^p − 1 is prime for p = 127, 521, 607, 1279, 3217 and composite for p = 67, 257.
    for p: UInt in [127, 521, 607, 1279, 3217] {
      #expect((BigInteger.power(2, p) - 1).isProbablePrime, "2^\(p) − 1")
    }
    for p: UInt in [67, 257] { #expect(!(BigInteger.power(2, p) - 1).isProbablePrime) }
    let semiprime = (BigInteger.power(2, 1279) - 1) * (BigInteger.power(2, 2203) - 1)
    #expect(!semiprime.isProbablePrime)
  }

  @Test func nextPrimeAgreesWithTheExactTestBelowTwoToThe64() {
    var random = SplitMix64(state: 7)
    for _ in 0..<500 {
      let n = random.next() >> 1
      #expect(BigInteger(n).nextPrime().uint64 == Primality.nextPrime(after: n))
    }
    #expect(BigInteger(.max - 58).nextPrime().description == "18446744073709551629")
  }

  /// The search that reports progress finds what GMP's finds, across window boundaries
  /// (2¹⁶⁺ᵏ − 1 and 10ⁿ starts land anywhere in a window), and its progress only grows.
  @Test func nextPrimeWithProgressAgreesWithGMP() {
    var starts = [
      BigInteger.power(2, 64), BigInteger.power(2, 64) - 1, BigInteger.power(2, 127) - 1,
      BigInteger.power(2, 521) - 1, BigInteger.power(10, 50), BigInteger.power(10, 300) + 7,
    ]
    var random = SplitMix64(state: 11)
    for _ in 0..<20 {
      starts.append(
        BigInteger(random.next()) * BigInteger(random.next()) * BigInteger(random.next()))
    }
    for start in starts {
      var reports: [Double] = []
      let found = start.nextPrime { reports.append($0) }
      #expect(found == start.nextPrime(), "after \(start)")
      #expect(reports == reports.sorted() && reports.allSatisfy { $0 > 0 && $0 < 1 })
    }
  }

  @Test func copiesShareTheValueSafely() async {
    let n = BigInteger.power(2, 521) - 1
    let results = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<8 { group.addTask { n.isProbablePrime } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results == Array(repeating: true, count: 8))
  }
}
