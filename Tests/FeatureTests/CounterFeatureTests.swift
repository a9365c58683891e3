import ComposableTestSupport
import Counter
import NthPrimeLookup
import PrimeClients
import PrimeDetail
import Testing

@MainActor
struct CounterFeatureTests {
  func makeStore(_ state: CounterFeature.State = .init()) -> TestStore<
    CounterFeature.State, CounterFeature.Action
  > {
    TestStore(
      initialState: state,
      reducer: CounterFeature(primality: .live, nthPrime: nthPrimeFake))
  }

  @Test func incrementAndDecrement() async {
    let store = makeStore()
    await store.send(.increment) { $0.count = 1 }
    await store.send(.increment) { $0.count = 2 }
    await store.send(.decrement) { $0.count = 1 }
  }

  @Test func theCountStopsAtTheBounds() async {
    let top = makeStore(.init(count: .max))
    #expect(!top.state.canIncrement && top.state.canDecrement)
    await top.send(.increment)
    let bottom = makeStore(.init(count: .min))
    await bottom.send(.decrement)
    #expect(bottom.state.count == .min)
  }

  @Test func aTypedCountReplacesTheCount() async {
    let store = makeStore(.init(count: 7))
    await store.send(.countEntered(1_000_000_000_000)) { $0.count = 1_000_000_000_000 }
    await store.send(.countEntered(.min)) { $0.count = .min }
  }

  @Test func theCountHoldsWhileARequestIsInFlight() async {
    let store = makeStore(.init(count: 7))
    await store.send(.requestNthPrime)
    await store.receive(.lookup(.request(n: 7))) { $0.lookup.request = .init(n: 7) }
    #expect(!store.state.isCountChangeEnabled)
    await store.send(.increment)
    await store.send(.decrement)
    await store.send(.countEntered(12))
    await store.send(.lookup(.cancel)) { $0.lookup.request = nil }
    await store.send(.increment) { $0.count = 8 }
    await store.finish()
  }

  @Test func nthPrimeForTheCount() async {
    let store = makeStore(.init(count: 2))
    await store.send(.requestNthPrime)
    await store.receive(.lookup(.request(n: 2))) { $0.lookup.request = .init(n: 2) }
    await store.receive(.lookup(.progress(0.5))) { $0.lookup.request?.progress = 0.5 }
    await store.receive(.lookup(.response(n: 2, .success(3)))) {
      $0.lookup.request = nil
      $0.lookup.outcome = .answer(n: 2, prime: 3)
    }
    await store.send(.lookup(.outcomeDismissed)) { $0.lookup.outcome = nil }
  }

  @Test func primeDetailShowsTheFactsAndSavesPrimes() async {
    let store = makeStore(.init(count: 7, favoritePrimes: [3]))
    await store.send(.showPrimeDetail) {
      $0.primeFacts = PrimeFacts(
        number: 7, isPrime: true, smallestFactor: nil, previousPrime: 5, nextPrime: 11)
    }
    await store.send(.primeDetail(.saveToFavorites)) { $0.favoritePrimes = [3, 7] }
    await store.send(.primeDetail(.saveToFavorites))  // once only
    await store.send(.primeDetail(.removeFromFavorites)) { $0.favoritePrimes = [3] }
    await store.send(.primeDetailDismissed) { $0.primeFacts = nil }
  }

  @Test func aCompositeCannotBeSaved() async {
    let store = makeStore(.init(count: 91))
    await store.send(.showPrimeDetail) {
      $0.primeFacts = PrimeFacts(
        number: 91, isPrime: false, smallestFactor: 7, previousPrime: 89, nextPrime: 97)
    }
    #expect(store.state.primeDetail?.canSave == false)
    await store.send(.primeDetail(.saveToFavorites))
  }

  @Test func theDetailNamesItsOwnNumberWhenTheCountMoves() async {
    let store = makeStore(.init(count: 13))
    await store.send(.showPrimeDetail) {
      $0.primeFacts = PrimeFacts(
        number: 13, isPrime: true, smallestFactor: nil, previousPrime: 11, nextPrime: 17)
    }
    // Another window moves the shared count; this detail is still about 13.
    await store.send(.countEntered(14)) { $0.count = 14 }
    #expect(store.state.primeDetail?.number == 13)
    await store.send(.primeDetail(.saveToFavorites)) { $0.favoritePrimes = [13] }
  }

  @Test func aDetailActionAfterDismissalIsReported() async {
    let store = makeStore(.init(count: 7))
    await withKnownIssue {
      await store.send(.primeDetail(.saveToFavorites))
    } matching: { issue in
      issue.description.contains("child state was nil")
    }
  }
}
