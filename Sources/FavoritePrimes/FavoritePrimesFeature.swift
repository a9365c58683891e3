import ComposableCore
import Foundation
import NthPrimeLookup
import PrimeClients

/// The favorite primes: the list in the order saved, deleting, asking to save and load, and
/// the n-th prime for n = a favorite (as the original app did).
///
/// Saving and loading are the storage owner's: `save` and `load` do nothing here, and the
/// parent that owns the storage (the app, for every window at once) runs them and reports
/// through ``State/storage``. A window closed during a save therefore cannot strand it.
public struct FavoritePrimesFeature: Reducer {
  public struct State: Equatable, Sendable {
    public var favoritePrimes: [Int]
    public var storage: StorageStatus
    public var lookup: NthPrimeLookup.State

    public init(
      favoritePrimes: [Int] = [], storage: StorageStatus = .idle,
      lookup: NthPrimeLookup.State = .init()
    ) {
      self.favoritePrimes = favoritePrimes
      self.storage = storage
      self.lookup = lookup
    }
  }

  /// What the last save or load did.
  public enum StorageStatus: Equatable, Sendable {
    case idle
    case loading
    case loaded
    /// Loaded, with some entries of the file left out; says which and why.
    case partlyLoaded(String)
    case saving
    case saved
    case failed(String)

    /// A save or a load is under way: another waits.
    public var isBusy: Bool { self == .loading || self == .saving }
  }

  public enum Action: Equatable, Sendable {
    case delete(atOffsets: IndexSet)
    case favoriteSelected(Int)
    /// Asks the storage owner to save the favorites.
    case save
    /// Asks the storage owner to load the favorites.
    case load
    case lookup(NthPrimeLookup.Action)

    public static let lookupPath = CasePath(embed: Action.lookup) {
      guard case .lookup(let action) = $0 else { return nil }
      return action
    }
  }

  private let tree: Reduce<State, Action>

  public init(nthPrime: NthPrimeClient) {
    tree = Reduce(
      CombineReducers {
        Scope(state: \State.lookup, action: Action.lookupPath) {
          NthPrimeLookup(client: nthPrime)
        }
        Reduce<State, Action> { state, action in
          switch action {
          case .delete(let offsets):
            // One pass, whatever the number of rows deleted.
            state.favoritePrimes = state.favoritePrimes.enumerated()
              .filter { !offsets.contains($0.offset) }.map(\.element)
            return .none
          case .favoriteSelected(let prime):
            return .send(.lookup(.request(n: prime)))
          case .save, .load, .lookup:
            return .none
          }
        }
      })
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    tree.reduce(into: &state, action: action)
  }
}
