import AppFeature
import CompactPresentation
import DesktopPresentation
import Presentation

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
public enum WindowAction: ListedAction {
  case touch(CompactApp.Action)
  case desktop(DesktopWindow.Action)

  /// The app's action for this action in window `windowID`.
  public func featureAction(windowID: Int) -> AppFeature.Action {
    switch self {
    case .touch(let action): .window(.element(id: windowID, action: action.featureAction))
    case .desktop(let action): action.featureAction(windowID: windowID)
    }
  }

  /// The actions' cases: an adapter's (see ``ListedAction``).
  public enum Case: CaseIterable, Hashable, Sendable {
    case touch
    case desktop
  }

  public var listedCase: Case {
    switch self {
    case .touch: .touch
    case .desktop: .desktop
    }
  }

  /// Every action of the adapter, with empty arguments: what a face that names actions (the
  /// web's `data-action`) derives its names from.
  public static func actions(of listedCase: Case) -> [Self] {
    switch listedCase {
    case .touch: CompactApp.Action.everyCase.map(Self.touch)
    case .desktop: DesktopWindow.Action.everyCase.map(Self.desktop)
    }
  }

  /// This action with its arguments emptied: the value of ``everyCase`` of the same case.
  public var withoutArguments: Self {
    switch self {
    case .touch(let action): .touch(action.withoutArguments)
    case .desktop(let action): .desktop(action.withoutArguments)
    }
  }
}
