import AppFeature
import CompactPresentation
import DesktopPresentation
import Foundation
import Presentation

/// A view action sent by a page: the touch adapter's or the desktop adapter's.
///
/// A tab's layout follows its width, so the same page sends one adapter's actions or the
/// other's; both map to the one app's actions through the adapters' own mappings, so the web
/// adds no business logic.
///
/// ```swift
/// let action = WebViewAction.touch(.counter(.incrementTapped))
/// store.send(action.featureAction(windowID: 3))
/// // .window(.element(id: 3, action: .counter(.increment)))
/// ```
public enum WebViewAction: Equatable, Sendable {
  case touch(CompactApp.Action)
  case desktop(DesktopWindow.Action)

  /// The app's action for this action in window `windowID`.
  ///
  /// ```swift
  /// store.send(action.featureAction(windowID: tab.windowID))
  /// ```
  public func featureAction(windowID: Int) -> AppFeature.Action {
    switch self {
    case .touch(let action): .window(.element(id: windowID, action: action.featureAction))
    case .desktop(let action): action.featureAction(windowID: windowID)
    }
  }
}

/// Why an action from a page was not taken.
public enum WebActionRejection: Error, Equatable, Sendable, CustomStringConvertible {
  /// No screen has an action of this name: the page did not write it.
  case unknown(String)
  /// The action exists but its argument is missing or not one a page can send.
  case badArgument(String)
  /// The screen does not offer it now: a click that crossed an update (the button was just
  /// disabled, the layout just changed, the favorite was just deleted). Not a fault.
  case unavailable(String)

  public var description: String {
    switch self {
    case .unknown(let name): "there is no action named \(name)"
    case .badArgument(let reason): reason
    case .unavailable(let name): "\(name) is not offered on this screen now"
    }
  }
}

extension WebView {
  /// Every action name a page can send, on any screen.
  public static let actionNames: Set<String> = touchNames.union(desktopNames)

  static let touchNames: Set<String> = [
    "root.counterRowTapped", "root.favoritesRowTapped", "backTapped",
    "counter.decrementTapped", "counter.incrementTapped", "counter.countFieldChanged",
    "counter.countFieldSubmitted", "counter.isPrimeTapped", "counter.nthPrimeTapped",
    "counter.cancelNthPrimeTapped", "counter.doubleTapped", "counter.primeModalDismissed",
    "counter.primePopoverDismissed", "counter.alertDismissed",
    "counter.primeDetail.saveToFavoritesPressed", "counter.primeDetail.removeFromFavoritesPressed",
    "favorites.rowTapped", "favorites.rowsSwipedToDelete", "favorites.saveTapped",
    "favorites.loadTapped", "favorites.cancelNthPrimeTapped", "favorites.alertDismissed",
  ]

  static let desktopNames: Set<String> = Set(
    [
      "counter.decrementClicked", "counter.incrementClicked", "counter.countFieldChanged",
      "counter.countFieldSubmitted", "counter.isPrimeClicked", "counter.nthPrimeClicked",
      "counter.cancelNthPrimeClicked", "counter.primePopoverDismissed",
      "counter.primeSheetDismissed", "counter.alertDismissed",
      "counter.primeDetail.saveToFavoritesPressed",
      "counter.primeDetail.removeFromFavoritesPressed", "sidebar.rowDoubleClicked",
      "sidebar.deleteClicked", "sidebar.saveClicked", "sidebar.loadClicked",
      "sidebar.cancelNthPrimeClicked", "sidebar.alertDismissed",
    ] + MenuCommand.allCases.map { "menu." + WebRenderer.name(of: $0) })

  /// The view action a page sent as `name` (a `data-action` this renderer writes), if this
  /// view offers it now.
  ///
  /// `prime` names the favorite of a row's action, `text` the count's field as typed (`nil`:
  /// the person stopped typing). A favorite is named by its value, not its place, so that a
  /// click that crosses another tab's deletion cannot delete the wrong one; a deletion's
  /// offsets are computed here, from the current list.
  ///
  /// ```swift
  /// switch view.action(named: "counter.incrementTapped", prime: nil, text: nil) {
  /// case .success(let action): store.send(action.featureAction(windowID: id))
  /// case .failure(.unavailable): break                 // a stale click: ignore it
  /// case .failure(let rejection): close(rejection)     // no page sends that
  /// }
  /// ```
  public func action(named name: String, prime: Int?, text: String?)
    -> Result<WebViewAction, WebActionRejection>
  {
    guard Self.actionNames.contains(name) else { return .failure(.unknown(name)) }
    if name.hasSuffix("countFieldChanged"), let text {
      guard text.count <= WebRenderer.countFieldMaximumLength,
        text.unicodeScalars.allSatisfy({ !$0.properties.generalCategory.isControlOrFormat })
      else {
        return .failure(.badArgument("the count's field must be short text without controls"))
      }
    }
    let needsPrime = [
      "favorites.rowTapped", "favorites.rowsSwipedToDelete", "sidebar.rowDoubleClicked",
    ].contains(name)
    if needsPrime && prime == nil { return .failure(.badArgument("\(name) needs a prime")) }
    let action: WebViewAction?
    switch content {
    case .touch(let state):
      action = touchAction(name, prime: prime, text: text, in: state).map(WebViewAction.touch)
    case .desktop(let state):
      action = desktopAction(name, prime: prime, text: text, in: state).map(WebViewAction.desktop)
    }
    return action.map { .success($0) } ?? .failure(.unavailable(name))
  }

  private func touchAction(
    _ name: String, prime: Int?, text: String?, in state: CompactApp.State
  ) -> CompactApp.Action? {
    switch state.destination {
    case nil:
      switch name {
      case "root.counterRowTapped": return .root(.counterRowTapped)
      case "root.favoritesRowTapped": return .root(.favoritesRowTapped)
      default: return nil
      }
    case .counter(let counter):
      if name == "backTapped" {
        return counter.alert == nil && !counter.isPrimeModalShown ? .backTapped : nil
      }
      return counterAction(name, text: text, counter.controls, style: counter.primeDetailStyle)
        .map(CompactApp.Action.counter)
    case .favorites(let favorites):
      if favorites.alert != nil {
        return name == "favorites.alertDismissed" ? .favorites(.alertDismissed) : nil
      }
      let offset = prime.flatMap { prime in favorites.rows.firstIndex { $0.prime == prime } }
      switch name {
      case "backTapped": return .backTapped
      case "favorites.rowTapped": return offset.map { _ in .favorites(.rowTapped(prime: prime!)) }
      case "favorites.rowsSwipedToDelete":
        return offset.map { .favorites(.rowsSwipedToDelete(atOffsets: [$0])) }
      case "favorites.saveTapped": return favorites.isSaveEnabled ? .favorites(.saveTapped) : nil
      case "favorites.loadTapped": return favorites.isLoadEnabled ? .favorites(.loadTapped) : nil
      case "favorites.cancelNthPrimeTapped":
        return favorites.nthPrimeProgress != nil ? .favorites(.cancelNthPrimeTapped) : nil
      default: return nil
      }
    }
  }

  /// The touch counter's actions; a shown sheet or alert takes every other action away.
  private func counterAction(
    _ name: String, text: String?, _ controls: CounterControls, style: DetailPresentationStyle
  ) -> CounterScreen.Action? {
    if controls.alert != nil {
      return name == "counter.alertDismissed" ? .alertDismissed : nil
    }
    let detail = controls.primeDetail
    if let detail {
      switch name {
      case "counter.primeDetail.saveToFavoritesPressed":
        return detail.favoriteButton == .save ? .primeDetail(.saveToFavoritesPressed) : nil
      case "counter.primeDetail.removeFromFavoritesPressed":
        return detail.favoriteButton == .remove ? .primeDetail(.removeFromFavoritesPressed) : nil
      case "counter.primeModalDismissed": return style == .sheet ? .primeModalDismissed : nil
      case "counter.primePopoverDismissed":
        return style == .popover ? .primePopoverDismissed : nil
      default:
        // A sheet is modal; a popover lets the screen under it be used.
        if style == .sheet { return nil }
      }
    }
    let isIdle = controls.isNthPrimeButtonEnabled
    switch name {
    case "counter.decrementTapped": return controls.isDecrementEnabled ? .decrementTapped : nil
    case "counter.incrementTapped": return controls.isIncrementEnabled ? .incrementTapped : nil
    case "counter.countFieldChanged": return isIdle ? .countFieldChanged(text) : nil
    case "counter.countFieldSubmitted":
      return controls.countField != nil ? .countFieldSubmitted : nil
    case "counter.isPrimeTapped": return .isPrimeTapped
    case "counter.nthPrimeTapped": return isIdle ? .nthPrimeTapped : nil
    case "counter.doubleTapped": return isIdle ? .doubleTapped : nil
    case "counter.cancelNthPrimeTapped":
      return controls.nthPrimeProgress != nil ? .cancelNthPrimeTapped : nil
    default: return nil
    }
  }

  private func desktopAction(
    _ name: String, prime: Int?, text: String?, in state: DesktopWindow.State
  ) -> DesktopWindow.Action? {
    let counter = state.counter
    let sidebar = state.sidebar
    if counter.alert != nil {
      return name == "counter.alertDismissed" ? .counter(.alertDismissed) : nil
    }
    if sidebar.alert != nil {
      return name == "sidebar.alertDismissed" ? .sidebar(.alertDismissed) : nil
    }
    if let detail = counter.primeDetail {
      switch name {
      case "counter.primeDetail.saveToFavoritesPressed":
        return detail.favoriteButton == .save
          ? .counter(.primeDetail(.saveToFavoritesPressed)) : nil
      case "counter.primeDetail.removeFromFavoritesPressed":
        return detail.favoriteButton == .remove
          ? .counter(.primeDetail(.removeFromFavoritesPressed)) : nil
      case "counter.primePopoverDismissed":
        return counter.isPrimePopoverShown ? .counter(.primePopoverDismissed) : nil
      case "counter.primeSheetDismissed":
        return counter.isPrimeSheetShown ? .counter(.primeSheetDismissed) : nil
      default:
        if counter.isPrimeSheetShown { return nil }
      }
    }
    if name.hasPrefix("menu.") {
      // New Window opens a tab, which opens its own window: the page never sends it.
      guard
        let item = state.menu.first(where: { "menu." + WebRenderer.name(of: $0.command) == name }),
        item.isEnabled, item.command != .newWindow
      else { return nil }
      return .menu(item.command)
    }
    let isIdle = counter.isNthPrimeButtonEnabled
    switch name {
    case "counter.decrementClicked":
      return counter.isDecrementEnabled ? .counter(.decrementClicked) : nil
    case "counter.incrementClicked":
      return counter.isIncrementEnabled ? .counter(.incrementClicked) : nil
    case "counter.countFieldChanged": return isIdle ? .counter(.countFieldChanged(text)) : nil
    case "counter.countFieldSubmitted":
      return counter.countField != nil ? .counter(.countFieldSubmitted) : nil
    case "counter.isPrimeClicked": return .counter(.isPrimeClicked)
    case "counter.nthPrimeClicked": return isIdle ? .counter(.nthPrimeClicked) : nil
    case "counter.cancelNthPrimeClicked":
      return counter.nthPrimeProgress != nil ? .counter(.cancelNthPrimeClicked) : nil
    case "sidebar.rowDoubleClicked":
      guard let prime, sidebar.rows.contains(where: { $0.prime == prime }) else { return nil }
      return .sidebar(.rowDoubleClicked(prime: prime))
    case "sidebar.deleteClicked":
      return sidebar.isDeleteEnabled
        ? .sidebar(.deleteClicked(atOffsets: sidebar.selectedOffsets)) : nil
    case "sidebar.saveClicked": return sidebar.isSaveEnabled ? .sidebar(.saveClicked) : nil
    case "sidebar.loadClicked": return sidebar.isLoadEnabled ? .sidebar(.loadClicked) : nil
    case "sidebar.cancelNthPrimeClicked":
      return sidebar.nthPrimeProgress != nil ? .sidebar(.cancelNthPrimeClicked) : nil
    default: return nil
    }
  }
}

extension Unicode.GeneralCategory {
  fileprivate var isControlOrFormat: Bool {
    switch self {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned,
      .privateUse:
      true
    default: false
    }
  }
}
