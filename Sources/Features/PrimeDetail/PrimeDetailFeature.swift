import ComposableCore
import PrimeClients

/// Whether a number is prime, and the facts around it; asks to save primes to the favorites.
///
/// The detail names its own number: the facts are worked out once, for the number it was
/// shown for, and stay true of it whatever happens to the count meanwhile (another window may
/// change it). Saving and removing are its parent's to do (``Action/Delegate``): the favorites
/// belong to the app.
public struct PrimeDetailFeature: Reducer {
  public struct State: Equatable, Sendable, Identifiable {
    public var facts: PrimeFacts

    public init(facts: PrimeFacts) {
      self.facts = facts
    }

    /// The number the detail is about; it identifies the detail.
    public var id: Int { facts.number }
    public var number: Int { facts.number }
  }

  public enum Action: Equatable, Sendable {
    case saveToFavorites
    case removeFromFavorites
    case delegate(Delegate)

    /// What the detail asks of the feature that shows it.
    public enum Delegate: Equatable, Sendable {
      /// Add this prime to the favorites.
      case saveToFavorites(Int)
      /// Remove this number from the favorites.
      case removeFromFavorites(Int)
    }
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .saveToFavorites:
        // Only a prime can be a favorite prime.
        return state.facts.isPrime ? .send(.delegate(.saveToFavorites(state.number))) : .none
      case .removeFromFavorites:
        return .send(.delegate(.removeFromFavorites(state.number)))
      case .delegate:
        return .none
      }
    }
  }
}

extension PrimeDetailFeature.Action: CasePathable {
  public struct AllCasePaths: Sendable {
    public let delegate = AnyCasePath(PrimeDetailFeature.Action.delegate)
  }
  public static let allCasePaths = AllCasePaths()
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
