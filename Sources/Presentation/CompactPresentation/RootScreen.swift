import AppFeature
import Presentation

/// The first screen on a touch device: a list leading to the counter and the favorites.
public enum RootScreen {
  public struct State: Equatable, Sendable {
    public var navigationTitle = "State management"
    public var rows = ["Counter demo", "Favorite primes", "Settings"]

    public init() {}
  }

  public enum Action: ListedAction, CaseIterable {
    case counterRowTapped
    case favoritesRowTapped
    case settingsRowTapped

    public var featureAction: WindowFeature.Action {
      switch self {
      case .counterRowTapped: .navigated(to: .counter)
      case .favoritesRowTapped: .navigated(to: .favorites)
      case .settingsRowTapped: .navigated(to: .settings)
      }
    }
  }
}
