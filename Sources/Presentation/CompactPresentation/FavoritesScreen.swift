import FavoritePrimes
import Foundation
import NthPrimeLookup
import Presentation
import Settings

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

    public init(_ feature: FavoritePrimesFeature.State, grouping: DigitGrouping = .locale) {
      navigationTitle = "Favorite primes"
      rows = FavoriteRows(feature.favoritePrimes, grouping: grouping)
      controls = FavoritesControls(feature, grouping: grouping)
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<FavoritesControls, Value>) -> Value {
      controls[keyPath: keyPath]
    }

    /// Whether the favorites offer `action` now: an alert offers only its dismissal.
    public func offers(_ action: Action) -> Bool {
      if controls.alert != nil { return action == .alertDismissed }
      return isEnabled(action)
    }

    /// Whether the control that sends `action` is shown and enabled, whatever is presented
    /// over it (how a face draws it): a
    /// row's actions for a favorite listed, Save and Load while the storage is free.
    public func isEnabled(_ action: Action) -> Bool {
      switch action {
      case .rowTapped(let prime): rows.primes.contains(prime)
      case .rowsSwipedToDelete(let offsets):
        rows.contains(offsets: offsets)
      case .saveTapped: controls.isSaveEnabled
      case .loadTapped: controls.isLoadEnabled
      case .cancelNthPrimeTapped: controls.nthPrimeProgress != nil
      case .alertDismissed: controls.alert != nil
      }
    }
  }

  public enum Action: ListedAction {
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

extension FavoritesScreen.Action {
  /// The action's cases, without their arguments (see ``ListedAction``).
  public enum Case: CaseIterable, Hashable, Sendable {
    case rowTapped
    case rowsSwipedToDelete
    case saveTapped
    case loadTapped
    case cancelNthPrimeTapped
    case alertDismissed
  }

  public var listedCase: Case {
    switch self {
    case .rowTapped: .rowTapped
    case .rowsSwipedToDelete: .rowsSwipedToDelete
    case .saveTapped: .saveTapped
    case .loadTapped: .loadTapped
    case .cancelNthPrimeTapped: .cancelNthPrimeTapped
    case .alertDismissed: .alertDismissed
    }
  }

  public static func actions(of listedCase: Case) -> [Self] {
    switch listedCase {
    case .rowTapped: [.rowTapped(prime: 0)]
    case .rowsSwipedToDelete: [.rowsSwipedToDelete(atOffsets: [])]
    case .saveTapped: [.saveTapped]
    case .loadTapped: [.loadTapped]
    case .cancelNthPrimeTapped: [.cancelNthPrimeTapped]
    case .alertDismissed: [.alertDismissed]
    }
  }
}
