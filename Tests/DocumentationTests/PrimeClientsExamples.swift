import ComposableCore
import ComposableTestSupport
import PrimeClients
import Testing

struct PrimeCheck: Reducer {
  struct State: Equatable {
    var count = 0
    var isPrime: Bool?
  }
  enum Action: Equatable { case isPrimeTapped }

  @Dependency(\.primality) var primality

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.isPrime = primality.isPrime(state.count)
    return .none
  }
}

struct PrimeRequest: Reducer {
  struct State: Equatable {
    var count = 0
    var progress = 0.0
    var prime: UInt64?
  }
  enum Action: Equatable {
    case requestTapped
    case progress(Double)
    case response(UInt64)
  }

  @Dependency(\.nthPrime) var nthPrime

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .requestTapped:
        let count = state.count
        return .run { send in
          for try await event in nthPrime(count) {
            switch event {
            case .waiting: break  // another request holds the engine; progress follows
            case .progress(let fraction): await send(.progress(fraction))
            case .prime(let prime): await send(.response(prime))
            }
          }
        }
      case .progress(let fraction):
        state.progress = fraction
        return .none
      case .response(let prime):
        state.prime = prime
        return .none
      }
    }
  }
}

@MainActor
struct PrimeClientsExamples {
  @Test func primalityAnswersAtOnce() async {
    let store = TestStore(initialState: PrimeCheck.State(count: 91)) {
      PrimeCheck()
    } withDependencies: {
      $0.primality = .trialDivision
    }
    await store.send(.isPrimeTapped) { $0.isPrime = false }
  }

  @Test func aSaveMergesWithWhatIsStored() async throws {
    try await withDependencies {
      $0.favoritesStorage = .inMemory([2, 3])
    } operation: {
      @Dependency(\.favoritesStorage) var storage
      let loaded = try await storage.load()  // [2, 3]
      let stored = try await storage.save([2, 3, 5], loaded.primes)  // [2, 3, 5]
      #expect(loaded.primes == [2, 3])
      #expect(stored == [2, 3, 5])
    }
  }

  @Test func aRequestStreamsProgressThenThePrime() async {
    let store = TestStore(initialState: PrimeRequest.State(count: 6)) {
      PrimeRequest()
    } withDependencies: {
      $0.nthPrime = .answering(progress: [0.5]) { n in n == 6 ? 13 : 0 }
    }
    await store.send(.requestTapped)
    await store.receive(.progress(0.5)) { $0.progress = 0.5 }
    await store.receive(.response(13)) { $0.prime = 13 }
  }
}

/// `FavoritesKey`'s example, over favorites in memory that hold 7 and 11.
@Test(.dependencies { $0.favoritesStorage = .inMemory([7, 11]) })
func favoritesKeyExample() async throws {
  @Shared(.favorites) var favorites
  try await $favorites.load()  // [7, 11], stored [7, 11]
  $favorites.withLock { $0.primes.append(13) }  // unsaved
  try await $favorites.save()  // stored [7, 11, 13]
  #expect(favorites == Favorites(primes: [7, 11, 13], stored: [7, 11, 13]))
}
