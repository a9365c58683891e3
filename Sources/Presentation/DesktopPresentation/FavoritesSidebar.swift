import FavoritePrimes
import Foundation
import NthPrimeLookup
import Presentation
import Settings

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

    public init(
      _ feature: borrowing FavoritePrimesFeature.State, selection: Set<Int>,
      grouping: DigitGrouping = .locale
    ) {
      self.init(
        feature, favoritePrimes: feature.favoritePrimes, selection: selection, grouping: grouping)
    }

    /// The sidebar of `feature`, whose favorites, `favoritePrimes`, were read already.
    init(
      _ feature: borrowing FavoritePrimesFeature.State, favoritePrimes: [Int], selection: Set<Int>,
      grouping: DigitGrouping
    ) {
      title = "Favorite primes"
      rows = FavoriteRows(favoritePrimes, selection: selection, grouping: grouping)
      isDeleteEnabled = !rows.selection.isEmpty
      controls = FavoritesControls(feature, grouping: grouping)
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<FavoritesControls, Value>) -> Value {
      controls[keyPath: keyPath]
    }

    /// Whether the sidebar's control that sends `action` is shown and enabled, whatever is
    /// presented over it (how a face draws it): a row's action for a favorite listed, Delete for rows with a selection.
    public func isEnabled(_ action: Action) -> Bool {
      switch action {
      case .rowDoubleClicked(let prime): rows.primes.contains(prime)
      case .deleteClicked(let offsets):
        isDeleteEnabled && rows.contains(offsets: offsets)
      case .saveClicked: controls.isSaveEnabled
      case .loadClicked: controls.isLoadEnabled
      case .cancelNthPrimeClicked: controls.nthPrimeProgress != nil
      case .alertDismissed: controls.alert != nil
      }
    }
  }

  public enum Action: ListedAction {
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

extension FavoritesSidebar.Action {
  /// The action's cases, without their arguments (see ``ListedAction``).
  public enum Case: CaseIterable, Hashable, Sendable {
    case rowDoubleClicked
    case deleteClicked
    case saveClicked
    case loadClicked
    case cancelNthPrimeClicked
    case alertDismissed
  }

  public var listedCase: Case {
    switch self {
    case .rowDoubleClicked: .rowDoubleClicked
    case .deleteClicked: .deleteClicked
    case .saveClicked: .saveClicked
    case .loadClicked: .loadClicked
    case .cancelNthPrimeClicked: .cancelNthPrimeClicked
    case .alertDismissed: .alertDismissed
    }
  }

  public static func actions(of listedCase: Case) -> [Self] {
    switch listedCase {
    case .rowDoubleClicked: [.rowDoubleClicked(prime: 0)]
    case .deleteClicked: [.deleteClicked(atOffsets: [])]
    case .saveClicked: [.saveClicked]
    case .loadClicked: [.loadClicked]
    case .cancelNthPrimeClicked: [.cancelNthPrimeClicked]
    case .alertDismissed: [.alertDismissed]
    }
  }
}
