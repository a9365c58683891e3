import PrimeClients
import PrimeClientsLive
import Testing

struct PrimalityClientTests {
  let live = PrimalityClient.liveValue

  @Test func isPrime() {
    #expect((-10...30).filter(live.isPrime) == [2, 3, 5, 7, 11, 13, 17, 19, 23, 29])
    #expect(live.isPrime(Int.max) == false)
    #expect(live.isPrime(9_223_372_036_854_775_783))
  }

  @Test func neighborsAndFactors() {
    #expect(live.smallestFactor(-7) == nil)
    #expect(live.smallestFactor(1) == nil)
    #expect(live.smallestFactor(91) == 7)
    #expect(live.smallestFactor(97) == 97)
    #expect(live.smallestFactor(Int.max) == 7)
    #expect(live.previousPrime(2) == nil)
    #expect(live.previousPrime(-5) == nil)
    #expect(live.previousPrime(8) == 7)
    #expect(live.nextPrime(-5) == 2)
    #expect(live.nextPrime(7) == 11)
    #expect(live.nextPrime(9_223_372_036_854_775_783) == nil, "the largest prime below 2⁶³")
  }

  @Test func trialDivisionAnswersAsTheEngineDoes() {
    let fake = PrimalityClient.trialDivision
    for n in Array(-5...2_000) + [1_000_003, 999_999_937, 1_000_000_007 * 3] {
      #expect(fake.isPrime(n) == live.isPrime(n), "\(n)")
      #expect(fake.smallestFactor(n) == live.smallestFactor(n), "\(n)")
      #expect(fake.previousPrime(n) == live.previousPrime(n), "\(n)")
      #expect(fake.nextPrime(n) == live.nextPrime(n), "\(n)")
    }
  }

  @Test func unimplementedReportsEachEndpoint() {
    withKnownIssue {
      #expect(PrimalityClient.unimplemented.isPrime(7) == false)
      #expect(PrimalityClient.unimplemented.smallestFactor(8) == nil)
      #expect(PrimalityClient.unimplemented.previousPrime(9) == nil)
      #expect(PrimalityClient.unimplemented.nextPrime(10) == nil)
    } matching: { issue in
      [
        "isPrime was called with 7", "smallestFactor was called with 8",
        "previousPrime was called with 9", "nextPrime was called with 10",
      ]
      .contains { issue.description.contains("Unimplemented: PrimalityClient.\($0)") }
    }
  }
}
