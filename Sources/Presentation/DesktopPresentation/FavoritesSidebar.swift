import FavoritePrimes
import Foundation
import NthPrimeLookup
import Presentation

/// The favorite primes as a desktop sidebar: rows to select several of and delete, Save and
/// Load, and what the last save or load did. Double-clicking a prime asks for the n-th prime
/// with n = that prime.
///
/// The selection belongs to the window on screen, not to the app: the host keeps it and
/// passes it in, the way a list's selection binding would.
public enum FavoritesSidebar {
  @dynamicMemberLookup
  public struct State: Equatable, Sendable {
    public var title: String
    /// Made as they are read: a screen shows a few of a long list.
    public var rows: FavoriteRows
    public var isDeleteEnabled: Bool
    public var controls: FavoritesControls

    /// Where the selected rows are, for ``Action/deleteClicked(atOffsets:)``.
    public var selectedOffsets: IndexSet { rows.selectedOffsets }

    public init(_ feature: FavoritePrimesFeature.State, selection: Set<Int>) {
      title = "Favorite primes"
      rows = FavoriteRows(feature.favoritePrimes, selection: selection)
      isDeleteEnabled = !rows.selection.isEmpty
      controls = FavoritesControls(feature)
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<FavoritesControls, Value>) -> Value {
      controls[keyPath: keyPath]
    }
  }

  public enum Action: Equatable, Sendable {
    case rowDoubleClicked(prime: Int)
    case deleteClicked(atOffsets: IndexSet)
    case saveClicked
    case loadClicked
    case cancelNthPrimeClicked
    case alertDismissed

    public var featureAction: FavoritePrimesFeature.Action {
      switch self {
      case .rowDoubleClicked(let prime): .favoriteSelected(prime)
      case .deleteClicked(let offsets): .delete(atOffsets: offsets)
      case .saveClicked: .save
      case .loadClicked: .load
      case .cancelNthPrimeClicked: .lookup(.cancel)
      case .alertDismissed: .alert(.dismiss)
      }
    }
  }
}
