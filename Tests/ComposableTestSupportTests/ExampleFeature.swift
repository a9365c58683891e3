import ComposableCore

/// A small feature for end-to-end tests: a counter with a ticking timer and an n-th prime
/// request through an injected client.
struct Ticker: Reducer {
  struct State: Equatable {
    var count = 0
    var isTimerOn = false
    var isRequestInFlight = false
    var answer: String?
  }

  enum Action: Equatable {
    case increment
    case timerToggled
    case tick
    case nthPrimeRequested
    case nthPrimeResponse(Int)
    case nthPrimeCancelled
  }

  enum CancelID { case timer, request }

  let clock: any Clock<Duration>
  let nthPrime: @Sendable (Int) async throws -> Int

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment, .tick:
      state.count += 1
      return .none
    case .timerToggled:
      state.isTimerOn.toggle()
      guard state.isTimerOn else { return .cancel(id: CancelID.timer) }
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .nthPrimeRequested:
      state.isRequestInFlight = true
      return .run { [n = state.count, nthPrime] send in
        await send(.nthPrimeResponse(try await nthPrime(n)))
      }
      .cancellable(id: CancelID.request, cancelInFlight: true)
    case .nthPrimeResponse(let prime):
      state.isRequestInFlight = false
      state.answer = "The prime number \(state.count) is \(prime)"
      return .none
    case .nthPrimeCancelled:
      state.isRequestInFlight = false
      return .cancel(id: CancelID.request)
    }
  }
}

let firstPrimes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
