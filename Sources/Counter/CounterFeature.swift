import ComposableCore
import NthPrimeLookup
import PrimeClients
import PrimeDetail

/// The counter: a count to change, a detail saying whether it is prime, and a request for
/// the n-th prime with n = the count.
///
/// The count and the favorites are the app's, seen through a projection. While this
/// counter's request is in flight its count does not change (the adapters disable its
/// buttons, as the original app did); another window's counter still can, since the request
/// and its answer name their own n. At `Int.max` and `Int.min` the count stops instead of
/// overflowing.
public struct CounterFeature: Reducer {
  public struct State: Equatable, Sendable {
    public var count: Int
    public var favoritePrimes: [Int]
    /// The facts shown by the prime detail; `nil` when the detail is not shown.
    public var primeFacts: PrimeFacts?
    public var lookup: NthPrimeLookup.State

    public init(
      count: Int = 0, favoritePrimes: [Int] = [], primeFacts: PrimeFacts? = nil,
      lookup: NthPrimeLookup.State = .init()
    ) {
      self.count = count
      self.favoritePrimes = favoritePrimes
      self.primeFacts = primeFacts
      self.lookup = lookup
    }

    public var isPrimeDetailShown: Bool { primeFacts != nil }
    public var isCountChangeEnabled: Bool { !lookup.isInFlight }
    public var canIncrement: Bool { isCountChangeEnabled && count < .max }
    public var canDecrement: Bool { isCountChangeEnabled && count > .min }

    /// The prime detail's view of the count and the favorites, while it is shown.
    public var primeDetail: PrimeDetailFeature.State? {
      get {
        primeFacts.map {
          PrimeDetailFeature.State(favoritePrimes: favoritePrimes, facts: $0)
        }
      }
      set {
        primeFacts = newValue?.facts
        if let newValue { favoritePrimes = newValue.favoritePrimes }
      }
    }
  }

  public enum Action: Equatable, Sendable {
    case increment
    case decrement
    /// The person typed a count (a terminal, a text field): it replaces the count.
    case countEntered(Int)
    case showPrimeDetail
    case primeDetailDismissed
    case requestNthPrime
    case lookup(NthPrimeLookup.Action)
    case primeDetail(PrimeDetailFeature.Action)

    public static let lookupPath = CasePath(embed: Action.lookup) {
      guard case .lookup(let action) = $0 else { return nil }
      return action
    }
    public static let primeDetailPath = CasePath(embed: Action.primeDetail) {
      guard case .primeDetail(let action) = $0 else { return nil }
      return action
    }
  }

  private let tree: Reduce<State, Action>

  public init(primality: PrimalityClient, nthPrime: NthPrimeClient) {
    tree = Reduce(
      CombineReducers {
        Scope(state: \State.lookup, action: Action.lookupPath) {
          NthPrimeLookup(client: nthPrime)
        }
        Reduce<State, Action> { state, action in
          switch action {
          case .increment:
            if state.canIncrement { state.count += 1 }
          case .decrement:
            if state.canDecrement { state.count -= 1 }
          case .countEntered(let count):
            if state.isCountChangeEnabled { state.count = count }
          case .showPrimeDetail:
            state.primeFacts = PrimeFacts(of: state.count, primality: primality)
          case .primeDetailDismissed:
            state.primeFacts = nil
          case .requestNthPrime:
            return .send(.lookup(.request(n: state.count)))
          case .lookup, .primeDetail:
            break
          }
          return .none
        }
        .ifLet(\.primeDetail, action: Action.primeDetailPath) { PrimeDetailFeature() }
      })
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    tree.reduce(into: &state, action: action)
  }
}
