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
    public var rows: [Row]
    public var controls: FavoritesControls

    public init(_ feature: FavoritePrimesFeature.State) {
      navigationTitle = "Favorite primes"
      rows = feature.favoritePrimes.map { Row(prime: $0, title: Formatting.number($0)) }
      controls = FavoritesControls(feature)
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<FavoritesControls, Value>) -> Value {
      controls[keyPath: keyPath]
    }
  }

  public struct Row: Equatable, Sendable {
    public var prime: Int
    public var title: String

    public init(prime: Int, title: String) {
      self.prime = prime
      self.title = title
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
