import NthPrimeLookup
import PrimeDetail
import Settings

/// The prime detail as every adapter shows it, sheet or popover: a verdict, the facts
/// around the number, and a button to save or remove the favorite.
public enum PrimeDetailView {
  public struct State: Equatable, Sendable {
    /// "17 is prime", "16 is not prime".
    public var title: String
    /// "Smallest factor: 2", "Previous prime: 13", "Next prime: 19".
    public var facts: [String]
    /// Saves a prime or removes a favorite; `nil` for a number that is neither.
    public var favoriteButton: FavoriteButton?

    public init(title: String, facts: [String], favoriteButton: FavoriteButton?) {
      self.title = title
      self.facts = facts
      self.favoriteButton = favoriteButton
    }

    /// The detail of `feature`'s number; `isFavorite` says whether it is a favorite now.
    public init(
      _ feature: borrowing PrimeDetailFeature.State, isFavorite: Bool,
      grouping: DigitGrouping = .locale
    ) {
      let facts = feature.facts
      let number = feature.number
      func line(_ label: StaticString, _ n: Int) -> String {
        Formatting.text(grouping: grouping) {
          $0.write(label)
          $0.write(n)
        }
      }
      var lines: [String] = []
      if let factor = facts.smallestFactor { lines.append(line("Smallest factor: ", factor)) }
      if let previous = facts.previousPrime { lines.append(line("Previous prime: ", previous)) }
      if let next = facts.nextPrime { lines.append(line("Next prime: ", next)) }
      self.init(
        title: Formatting.text(grouping: grouping) {
          $0.write(number)
          $0.write(facts.isPrime ? " is prime" : " is not prime")
        },
        facts: lines,
        favoriteButton: isFavorite ? .remove : facts.isPrime ? .save : nil)
    }
  }

  public enum FavoriteButton: Equatable, Sendable {
    case save
    case remove

    public var title: String {
      switch self {
      case .save: "Save to favorite primes"
      case .remove: "Remove from favorite primes"
      }
    }

    /// What pressing it does.
    public var action: Action {
      switch self {
      case .save: .saveToFavoritesPressed
      case .remove: .removeFromFavoritesPressed
      }
    }
  }

  public enum Action: ListedAction, CaseIterable {
    case saveToFavoritesPressed
    case removeFromFavoritesPressed

    public var featureAction: PrimeDetailFeature.Action {
      switch self {
      case .saveToFavoritesPressed: .saveToFavorites
      case .removeFromFavoritesPressed: .removeFromFavorites
      }
    }
  }
}
