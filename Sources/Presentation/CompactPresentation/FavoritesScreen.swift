import FavoritePrimes
import Foundation
import NthPrimeLookup
import Presentation

/// The favorite primes on a touch screen: a list with swipe-to-delete, Save and Load in the
/// navigation bar, and what the last save or load did. Tapping a prime asks for the n-th
/// prime with n = that prime.
public enum FavoritesScreen {
  @dynamicMemberLookup
  public struct State: Equatable, Sendable {
    public var navigationTitle: String
    /// Made as they are read: a screen shows a few of a long list.
    public var rows: FavoriteRows
    public var controls: FavoritesControls

    public init(_ feature: FavoritePrimesFeature.State) {
      navigationTitle = "Favorite primes"
      rows = FavoriteRows(feature.favoritePrimes)
      controls = FavoritesControls(feature)
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<FavoritesControls, Value>) -> Value {
      controls[keyPath: keyPath]
    }
  }

  public enum Action: Equatable, Sendable {
    case rowTapped(prime: Int)
    case rowsSwipedToDelete(atOffsets: IndexSet)
    case saveTapped
    case loadTapped
    case cancelNthPrimeTapped
    case alertDismissed

    public var featureAction: FavoritePrimesFeature.Action {
      switch self {
      case .rowTapped(let prime): .favoriteSelected(prime)
      case .rowsSwipedToDelete(let offsets): .delete(atOffsets: offsets)
      case .saveTapped: .save
      case .loadTapped: .load
      case .cancelNthPrimeTapped: .lookup(.cancel)
      case .alertDismissed: .alert(.dismiss)
      }
    }
  }
}
