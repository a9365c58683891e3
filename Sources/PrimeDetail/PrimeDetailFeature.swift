import ComposableCore
import PrimeClients

/// Whether a number is prime, and the facts around it; saves primes to the favorites.
///
/// The facts are computed once, when the detail is shown, by whoever shows it. The count
/// and the favorites are the app's own, seen through a projection.
public struct PrimeDetailFeature: Reducer {
  public struct State: Equatable, Sendable {
    public var count: Int
    public var favoritePrimes: [Int]
    public var facts: PrimeFacts

    public init(count: Int, favoritePrimes: [Int], facts: PrimeFacts) {
      self.count = count
      self.favoritePrimes = favoritePrimes
      self.facts = facts
    }

    public var isFavorite: Bool { favoritePrimes.contains(count) }
    /// Only a prime that is not yet a favorite can be saved.
    public var canSave: Bool { facts.isPrime && !isFavorite }
  }

  public enum Action: Equatable, Sendable {
    case saveToFavorites
    case removeFromFavorites
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .saveToFavorites:
      if state.canSave { state.favoritePrimes.append(state.count) }
    case .removeFromFavorites:
      state.favoritePrimes.removeAll { $0 == state.count }
    }
    return .none
  }
}

/// What is known about one integer.
public struct PrimeFacts: Equatable, Sendable {
  public var isPrime: Bool
  /// For a composite ≥ 4, its smallest prime factor.
  public var smallestFactor: Int?
  public var previousPrime: Int?
  public var nextPrime: Int?

  public init(isPrime: Bool, smallestFactor: Int?, previousPrime: Int?, nextPrime: Int?) {
    self.isPrime = isPrime
    self.smallestFactor = smallestFactor
    self.previousPrime = previousPrime
    self.nextPrime = nextPrime
  }
}

extension PrimeFacts {
  /// The facts about `n`, from the primality client.
  public init(of n: Int, primality: PrimalityClient) {
    let isPrime = primality.isPrime(n)
    self.init(
      isPrime: isPrime,
      smallestFactor: isPrime ? nil : primality.smallestFactor(n),
      previousPrime: primality.previousPrime(n),
      nextPrime: primality.nextPrime(n))
  }
}
