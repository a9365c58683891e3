import ComposableCore
import ComposableTestSupport
import Counter
import FavoritePrimes
import Presentation
import PreviousRelease
import Testing

// The previous release's test shape (README of that release), unchanged: it must still pass.
@MainActor
struct OldCounterTests {
  @Test func nthPrime() async {
    let store = TestStore(
      initialState: OldApp.State(), reducer: OldApp(nthPrime: { _ in 13 }), timeout: .seconds(2))
    await store.send(.counter(.nthPrimeRequested)) { $0.counter.isRequestInFlight = true }
    await store.receive(
      OldApp.Action.counterPath.appending(
        CasePath(embed: OldCounter.Action.nthPrimeResponse) {
          guard case .nthPrimeResponse(let prime) = $0 else { return nil }
          return prime
        })
    ) {
      $0.counter.isRequestInFlight = false
      $0.counter.prime = 13
    }
    await store.finish()
  }

  @Test func oldNamesMeanWhatTheyMeant() {
    let controls = CounterControls(CounterFeature.State(), favoritePrimes: [])
    let names = oldPresentationNames(columns: 100, controls: controls, storage: .saving)
    #expect(names.device == .regular)
    #expect(names.title == controls.primeDetailButtonTitle)
    #expect(names.isIdle == false)
    #expect(oldComposedPath.extract(from: .counter(.increment)) == .increment)
    #expect(oldComposedPath.embed(.increment) == .counter(.increment))
  }
}
