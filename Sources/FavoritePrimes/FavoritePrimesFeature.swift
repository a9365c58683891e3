import ComposableCore
import Foundation
import NthPrimeLookup
import PrimeClients

/// The favorite primes: the list in the order saved, deleting, saving and loading, and
/// the n-th prime for n = a favorite (as the original app did).
///
/// A failed load keeps the favorites in memory; a failed save keeps them unsaved. Nothing
/// is lost either way, and the status says why.
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
    case saving
    case saved
    case failed(String)
  }

  public enum Action: Equatable, Sendable {
    case delete(atOffsets: IndexSet)
    case favoriteSelected(Int)
    case save
    case load
    /// The favorites now on disk.
    case saved([Int])
    case loaded([Int])
    case storageFailed(String)
    case lookup(NthPrimeLookup.Action)

    public static let lookupPath = CasePath(embed: Action.lookup) {
      guard case .lookup(let action) = $0 else { return nil }
      return action
    }
  }

  private let tree: Reduce<State, Action>

  public init(storage: FavoritesStorage, nthPrime: NthPrimeClient) {
    tree = Reduce(
      CombineReducers {
        Scope(state: \State.lookup, action: Action.lookupPath) {
          NthPrimeLookup(client: nthPrime)
        }
        Reduce<State, Action> { state, action in
          switch action {
          case .delete(let offsets):
            for offset in offsets.reversed() where state.favoritePrimes.indices.contains(offset) {
              state.favoritePrimes.remove(at: offset)
            }
            return .none
          case .favoriteSelected(let prime):
            return .send(.lookup(.request(n: prime)))
          case .save:
            state.storage = .saving
            return .run { [favorites = state.favoritePrimes] send in
              try await storage.save(favorites)
              await send(.saved(favorites))
            } catch: { error, send in
              await send(.storageFailed(String(describing: error)))
            }
          case .load:
            state.storage = .loading
            return .run { send in
              await send(.loaded(try await storage.load()))
            } catch: { error, send in
              await send(.storageFailed(String(describing: error)))
            }
          case .saved:
            state.storage = .saved
            return .none
          case .loaded(let favorites):
            state.storage = .loaded
            state.favoritePrimes = favorites
            return .none
          case .storageFailed(let reason):
            state.storage = .failed(reason)
            return .none
          case .lookup:
            return .none
          }
        }
      })
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    tree.reduce(into: &state, action: action)
  }
}
