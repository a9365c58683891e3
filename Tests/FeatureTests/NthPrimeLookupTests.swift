import ComposableTestSupport
import NthPrimeLookup
import PrimeClients
import Testing

@MainActor
struct NthPrimeLookupTests {
  func makeStore(_ state: NthPrimeLookup.State = .init()) -> TestStore<
    NthPrimeLookup.State, NthPrimeLookup.Action
  > {
    TestStore(initialState: state) {
      NthPrimeLookup()
    } withDependencies: {
      $0.nthPrime = nthPrimeFake
    }
  }

  @Test func answerWithProgress() async {
    let store = makeStore()
    await store.send(.request(n: 6)) { $0.request = .init(n: 6) }
    await store.receive(.progress(0.5)) { $0.request?.progress = 0.5 }
    await store.receive(.response(n: 6, .success(13))) { $0.request = nil }
    await store.finish()
  }

  /// Another request holds the engine: the request says it waits, until its progress comes.
  @Test func aRequestThatWaitsForTheEngineSaysSo() async {
    let store = TestStore(initialState: NthPrimeLookup.State()) {
      NthPrimeLookup()
    } withDependencies: {
      $0.nthPrime = NthPrimeClient { _ in
        AsyncThrowingStream { continuation in
          for event in [NthPrimeEvent.waiting, .progress(0), .progress(0.5), .prime(13)] {
            continuation.yield(event)
          }
          continuation.finish()
        }
      }
    }
    await store.send(.request(n: 6)) { $0.request = .init(n: 6) }
    await store.receive(.waiting) { $0.request?.isWaiting = true }
    await store.receive(.progress(0)) { $0.request?.isWaiting = false }
    await store.receive(.progress(0.5)) { $0.request?.progress = 0.5 }
    await store.receive(.response(n: 6, .success(13))) { $0.request = nil }
  }

  @Test func failureSaysWhy() async {
    let store = makeStore()
    await store.send(.request(n: 0)) { $0.request = .init(n: 0) }
    await store.receive(.progress(0.5)) { $0.request?.progress = 0.5 }
    await store.receive(.response(n: 0, .failure(.init("there is no 0th prime")))) {
      $0.request = nil
    }
  }

  @Test func aSecondRequestReplacesTheFirst() async {
    let store = makeStore()
    await store.send(.request(n: 7)) { $0.request = .init(n: 7) }
    await store.send(.request(n: 3)) { $0.request = .init(n: 3) }
    await store.receive(.progress(0.5)) { $0.request?.progress = 0.5 }
    await store.receive(.response(n: 3, .success(5))) { $0.request = nil }
    await store.finish()
  }

  @Test func cancelStopsTheRequest() async {
    let store = makeStore()
    let request = await store.send(.request(n: 7)) { $0.request = .init(n: 7) }
    await store.send(.cancel) { $0.request = nil }
    await request.finish()
    await store.finish()
  }

  @Test func aLateResponseForAnotherRequestIsIgnored() async {
    let store = makeStore(.init(request: .init(n: 4)))
    await store.send(.response(n: 9, .success(23)))
  }

  @Test func aRequestWithoutAClientIsReported() async {
    let store = TestStore(initialState: NthPrimeLookup.State()) { NthPrimeLookup() }
    await withKnownIssue {
      await store.send(.request(n: 2)) { $0.request = .init(n: 2) }
      await store.receive(\.response) { $0.request = nil }
    } matching: {
      $0.description.contains("Unimplemented: NthPrimeClient.nthPrime")
    }
  }
}
