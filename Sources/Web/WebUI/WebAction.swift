import AppFeature
import CompactPresentation
import DesktopPresentation
import Foundation
import Presentation
import WindowPresentation

/// The previous release's name of ``WindowAction``, which every face shares now.
@available(*, deprecated, renamed: "WindowAction")
public typealias WebViewAction = WindowAction

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

extension WindowAction {
  /// The name a page sends for this action, its `data-action`: the names of its cases from
  /// the adapter's down, without arguments (`counter.incrementTapped`,
  /// `counter.primeDetail.saveToFavoritesPressed`, `menu.save`, `favorites.rowTapped`).
  public var webName: String { WebActionNames.names[withoutArguments]! }

  /// This action with the arguments a page sent: `text` for the count's field, `prime` for a
  /// row; a deletion's offsets are those of the list `view` shows now. A document's Save As
  /// names a document of `documents` (a name, never a path).
  func with(
    prime: Int?, text: String?, in view: WindowView, documents: DocumentFolder?
  ) -> Result<WindowAction, WebActionRejection> {
    func required(_ prime: Int?) -> Result<Int, WebActionRejection> {
      prime.map { .success($0) } ?? .failure(.badArgument("\(webName) needs a prime"))
    }
    switch self {
    case .touch(.counter(.countFieldChanged)):
      return Self.checked(text).map { .touch(.counter(.countFieldChanged($0))) }
    case .desktop(.counter(.countFieldChanged)):
      return Self.checked(text).map { .desktop(.counter(.countFieldChanged($0))) }
    case .touch(.favorites(.rowTapped)):
      return required(prime).map { .touch(.favorites(.rowTapped(prime: $0))) }
    case .touch(.favorites(.rowsSwipedToDelete)):
      return required(prime).map { prime in
        let offset = view.favoriteRows?.primes.firstIndex(of: prime)
        return .touch(.favorites(.rowsSwipedToDelete(atOffsets: offset.map { [$0] } ?? [])))
      }
    case .desktop(.sidebar(.rowDoubleClicked)):
      return required(prime).map { .desktop(.sidebar(.rowDoubleClicked(prime: $0))) }
    case .touch(.document(let action)):
      return Self.document(action, prime: prime, text: text, in: view, documents: documents)
        .map { .touch(.document($0)) }
    case .desktop(.document(let action)):
      return Self.document(action, prime: prime, text: text, in: view, documents: documents)
        .map { .desktop(.document($0)) }
    case .desktop(.sidebar(.deleteClicked)):
      let offsets = view.favoriteRows?.selectedOffsets ?? []
      return .success(.desktop(.sidebar(.deleteClicked(atOffsets: offsets))))
    default:
      return .success(self)
    }
  }

  /// A document's action with a page's arguments.
  private static func document(
    _ action: DocumentScreen.Action, prime: Int?, text: String?, in view: WindowView,
    documents: DocumentFolder?
  ) -> Result<DocumentScreen.Action, WebActionRejection> {
    switch action {
    case .primeFieldChanged:
      return checked(text).map(DocumentScreen.Action.primeFieldChanged)
    case .rowsDeleted:
      guard let prime else { return .failure(.badArgument("a row's deletion needs a prime")) }
      let offset = view.document?.rows.primes.firstIndex(of: prime)
      return .success(.rowsDeleted(atOffsets: offset.map { [$0] } ?? []))
    case .saveAsFieldChanged, .saveAsFieldSubmitted:
      // A keyboard's field of paths: a page names a document of its folder, never a path.
      return .failure(.badArgument("a page saves a document as a name (saveAsSubmitted)"))
    case .saveAsSubmitted:
      guard let text, let path = documents?.path(named: text) else {
        return .failure(
          .badArgument(
            "Save As needs a document's name: 1 to 64 letters, digits, - and _"))
      }
      return .success(.saveAsSubmitted(path: path))
    default:
      return .success(action)
    }
  }

  /// The count's field as a page typed it: short, and without controls.
  private static func checked(_ text: String?) -> Result<String?, WebActionRejection> {
    guard let text else { return .success(nil) }
    guard text.count <= WebRenderer.countFieldMaximumLength,
      text.unicodeScalars.allSatisfy({ !$0.properties.generalCategory.isControlOrFormat })
    else {
      return .failure(.badArgument("the count's field must be short text without controls"))
    }
    return .success(text)
  }
}

/// Every action's name, derived once from the actions themselves.
enum WebActionNames {
  static let names: [WindowAction: String] = Dictionary(
    uniqueKeysWithValues: WindowAction.everyCase.map { action in
      switch action {
      case .touch(let inner): (action, caseNames(inner))
      case .desktop(let inner): (action, caseNames(inner))
      }
    })

  /// The touch adapter's actions by name.
  static let touch: [String: WindowAction] = table { if case .touch = $0 { true } else { false } }
  /// The desktop adapter's actions by name.
  static let desktop: [String: WindowAction] = table {
    if case .desktop = $0 { true } else { false }
  }

  private static func table(_ isIncluded: (WindowAction) -> Bool) -> [String: WindowAction] {
    Dictionary(
      uniqueKeysWithValues: WindowAction.everyCase.filter(isIncluded).map { (names[$0]!, $0) })
  }

  /// The names of `value`'s cases from the outside in, down to the first argument that is not
  /// an enum ("counter.primeDetail.saveToFavoritesPressed"); empty when `value` is no enum.
  static func caseNames(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum else { return "" }
    guard let child = mirror.children.first, let label = child.label else {
      return String(describing: value)
    }
    let inner = caseNames(child.value)
    return inner.isEmpty ? label : label + "." + inner
  }
}

extension WebView {
  /// Every action name a page can send, on any screen.
  public static let actionNames = Set(WebActionNames.names.values)

  /// The window action a page sent as `name` (a `data-action` this renderer writes), if this
  /// view offers it now (``WindowView/offers(_:)``).
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
  public func action(
    named name: String, prime: Int?, text: String?, documents: DocumentFolder? = nil
  ) -> Result<WindowAction, WebActionRejection> {
    let (own, other) =
      switch content {
      case .touch: (WebActionNames.touch[name], WebActionNames.desktop[name])
      case .desktop, .settings: (WebActionNames.desktop[name], WebActionNames.touch[name])
      }
    guard let named = own ?? other else { return .failure(.unknown(name)) }
    return named.with(prime: prime, text: text, in: content, documents: documents).flatMap {
      action in
      // New Window opens a tab, which opens its own window (at its value): the page never
      // sends these.
      guard own != nil, content.offers(action), !Self.opensATab(action) else {
        return .failure(.unavailable(name))
      }
      return .success(action)
    }
  }
}

extension WebView {
  /// Whether `action` opens a window, which a page does by opening a tab.
  static func opensATab(_ action: WindowAction) -> Bool {
    switch action {
    case .desktop(.menu(.newWindow)), .desktop(.menu(.openFavoritesInNewWindow)),
      .desktop(.menu(.openCounterInNewWindow)), .desktop(.favoriteOpenedInNewWindow),
      .desktop(.menu(.settings)):
      true
    default: false
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
