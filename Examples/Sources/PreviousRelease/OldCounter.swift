import ComposableCore
import FavoritePrimes
import Presentation

// Code written against the previous release (before the core took TCA's names), unchanged:
// it must keep building, with deprecation warnings that say what to write instead, for as
// long as CHANGELOG.md says the old names stay. Do not modernize it.

public struct OldCounter: Reducer {
  public struct State: Equatable {
    public var count = 0
    public var prime: Int?
    public var isRequestInFlight = false
    public init() {}
  }

  public enum Action: Equatable {
    case increment
    case nthPrimeRequested
    case nthPrimeResponse(Int)
  }

  let nthPrime: @Sendable (Int) async -> Int

  public init(nthPrime: @escaping @Sendable (Int) async -> Int) {
    self.nthPrime = nthPrime
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .nthPrimeRequested:
      state.isRequestInFlight = true
      return .run { [count = state.count, nthPrime] send in
        await send(.nthPrimeResponse(await nthPrime(count)))
      }
    case .nthPrimeResponse(let prime):
      state.isRequestInFlight = false
      state.prime = prime
      return .none
    }
  }
}

public struct OldApp: Reducer {
  public struct State: Equatable {
    public var counter = OldCounter.State()
    public init() {}
  }

  public enum Action: Equatable {
    case counter(OldCounter.Action)

    public static let counterPath = CasePath<OldApp.Action, OldCounter.Action>(
      embed: OldApp.Action.counter,
      extract: {
        guard case .counter(let action) = $0 else { return nil }
        return action
      }
    )
  }

  let nthPrime: @Sendable (Int) async -> Int

  public init(nthPrime: @escaping @Sendable (Int) async -> Int) {
    self.nthPrime = nthPrime
  }

  public var body: some Reducer<State, Action> {
    CombineReducers {
      Scope(state: \.counter, action: Action.counterPath) { OldCounter(nthPrime: nthPrime) }
    }
  }
}

/// The previous release's names of the presentation layer.
public func oldPresentationNames(
  columns: Int, controls: CounterControls, storage: FavoritePrimesFeature.StorageStatus
) -> (device: DeviceStatus, title: String, isIdle: Bool) {
  (DeviceStatus(columns: columns), controls.isPrimeButtonTitle, storage.isIdle)
}

/// A path composed the previous release's way.
public let oldComposedPath: CasePath<OldApp.Action, OldCounter.Action> =
  CasePath<OldApp.Action, OldApp.Action>(embed: { $0 }, extract: { $0 })
  .appending(OldApp.Action.counterPath)
