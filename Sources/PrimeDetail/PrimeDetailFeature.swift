import ComposableCore
import PrimeClients

/// Whether a number is prime, and the facts around it; saves primes to the favorites.
///
/// The detail names its own number: the facts are computed once, for the number it was shown
/// for, and stay true of it whatever happens to the count meanwhile (another window may
/// change it). What the detail shows and what its button saves are that number's. The
/// favorites are the app's own, seen through a projection.
public struct PrimeDetailFeature: Reducer {
  public struct State: Equatable, Sendable {
    public var favoritePrimes: [Int]
    public var facts: PrimeFacts

    public init(favoritePrimes: [Int], facts: PrimeFacts) {
      self.favoritePrimes = favoritePrimes
      self.facts = facts
    }

    /// The number the detail is about.
    public var number: Int { facts.number }
    public var isFavorite: Bool { favoritePrimes.contains(number) }
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
      if state.canSave { state.favoritePrimes.append(state.number) }
    case .removeFromFavorites:
      let number = state.number
      state.favoritePrimes.removeAll { $0 == number }
    }
    return .none
  }
}

/// What is known about one integer.
public struct PrimeFacts: Equatable, Sendable {
  /// The integer the facts are about.
  public var number: Int
  public var isPrime: Bool
  /// For a composite ≥ 4, its smallest prime factor.
  public var smallestFactor: Int?
  public var previousPrime: Int?
  public var nextPrime: Int?

  public init(
    number: Int, isPrime: Bool, smallestFactor: Int?, previousPrime: Int?, nextPrime: Int?
  ) {
    self.number = number
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
      number: n, isPrime: isPrime,
      smallestFactor: isPrime ? nil : primality.smallestFactor(n),
      previousPrime: primality.previousPrime(n),
      nextPrime: primality.nextPrime(n))
  }
}
