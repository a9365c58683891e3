import AppFeature
import CompactPresentation
import DesktopPresentation

/// What a person does in a window, in any face: a touch adapter's action or a desktop
/// adapter's.
///
/// A key, a click and a script word all become one of these at the edge, where the face
/// finds it among those its ``WindowView`` offers; the app sees only the feature action it
/// stands for.
///
/// ```swift
/// let action = WindowAction.touch(.counter(.incrementTapped))
/// store.send(action.featureAction(windowID: 3))
/// // .window(.element(id: 3, action: .counter(.increment)))
/// ```
public enum WindowAction: Hashable, Sendable {
  case touch(CompactApp.Action)
  case desktop(DesktopWindow.Action)

  /// The app's action for this action in window `windowID`.
  public func featureAction(windowID: Int) -> AppFeature.Action {
    switch self {
    case .touch(let action): .window(.element(id: windowID, action: action.featureAction))
    case .desktop(let action): action.featureAction(windowID: windowID)
    }
  }

  /// One value of every case, with empty arguments (no prime, no offsets, no text): what a
  /// face that names actions (the web's `data-action`) derives its names from.
  public static let everyCase: [WindowAction] =
    [
      .root(.counterRowTapped), .root(.favoritesRowTapped), .backTapped,
      .favorites(.rowTapped(prime: 0)), .favorites(.rowsSwipedToDelete(atOffsets: [])),
      .favorites(.saveTapped), .favorites(.loadTapped), .favorites(.cancelNthPrimeTapped),
      .favorites(.alertDismissed),
    ].map(WindowAction.touch)
    + [
      CounterScreen.Action.decrementTapped, .incrementTapped, .countFieldChanged(nil),
      .countFieldSubmitted, .isPrimeTapped, .nthPrimeTapped, .cancelNthPrimeTapped,
      .doubleTapped, .primeModalDismissed, .primePopoverDismissed, .alertDismissed,
      .primeDetail(.saveToFavoritesPressed), .primeDetail(.removeFromFavoritesPressed),
    ].map { .touch(.counter($0)) }
    + [
      CounterPane.Action.decrementClicked, .incrementClicked, .countFieldChanged(nil),
      .countFieldSubmitted, .isPrimeClicked, .nthPrimeClicked, .cancelNthPrimeClicked,
      .primePopoverDismissed, .primeSheetDismissed, .alertDismissed,
      .primeDetail(.saveToFavoritesPressed), .primeDetail(.removeFromFavoritesPressed),
    ].map { .desktop(.counter($0)) }
    + [
      FavoritesSidebar.Action.rowDoubleClicked(prime: 0), .deleteClicked(atOffsets: []),
      .saveClicked, .loadClicked, .cancelNthPrimeClicked, .alertDismissed,
    ].map { .desktop(.sidebar($0)) }
    + MenuCommand.allCases.map { .desktop(.menu($0)) }

  /// This action with its arguments emptied: the value of ``everyCase`` of the same case.
  public var withoutArguments: WindowAction {
    switch self {
    case .touch(.counter(.countFieldChanged)): .touch(.counter(.countFieldChanged(nil)))
    case .touch(.favorites(.rowTapped)): .touch(.favorites(.rowTapped(prime: 0)))
    case .touch(.favorites(.rowsSwipedToDelete)):
      .touch(.favorites(.rowsSwipedToDelete(atOffsets: [])))
    case .desktop(.counter(.countFieldChanged)): .desktop(.counter(.countFieldChanged(nil)))
    case .desktop(.sidebar(.rowDoubleClicked)): .desktop(.sidebar(.rowDoubleClicked(prime: 0)))
    case .desktop(.sidebar(.deleteClicked)): .desktop(.sidebar(.deleteClicked(atOffsets: [])))
    default: self
    }
  }
}
