import AppFeature
import Presentation
import Settings

/// The settings in a desktop window of their own: one at most, opened (or brought to the
/// front) by the menu's "Settings…" (⌘,) in any window.
///
/// A change made here is made to the app's one `@Shared(.settings)`: every window, this one
/// included, shows it after the same action.
///
/// ```swift
/// let settings = store.observe { SettingsWindow.State($0) }   // nil while closed
/// store.send(SettingsWindow.Action.settings(.appearancePicked(.dark)).featureAction)
/// ```
public enum SettingsWindow {
  public struct State: Equatable, Sendable {
    public var title: String
    public var settings: SettingsScreen.State
    /// Light, dark, or the system's: the window follows the setting it shows.
    public var appearance: Appearance

    /// `nil` while the app has no settings window open.
    public init?(_ app: borrowing AppFeature.State) {
      guard app.isSettingsWindowOpen else { return nil }
      title = "Settings"
      settings = SettingsScreen.State(app.settings)
      appearance = app.settings.settings.appearance
    }

    /// Whether the window offers `action` now: each enabled control, and closing.
    public func offers(_ action: Action) -> Bool {
      switch action {
      case .settings(let action): settings.isEnabled(action)
      case .closeClicked: true
      }
    }
  }

  public enum Action: ListedAction {
    case settings(SettingsScreen.Action)
    case closeClicked

    /// The app's action for this one.
    public var featureAction: AppFeature.Action {
      switch self {
      case .settings(let action): .settings(action.featureAction)
      case .closeClicked: .settingsWindowClosed
      }
    }

    /// The action's cases, without their arguments (see ``ListedAction``).
    public enum Case: CaseIterable, Hashable, Sendable {
      case settings
      case closeClicked
    }

    public var listedCase: Case {
      switch self {
      case .settings: .settings
      case .closeClicked: .closeClicked
      }
    }

    public static func actions(of listedCase: Case) -> [Self] {
      switch listedCase {
      case .settings: SettingsScreen.Action.everyCase.map(Self.settings)
      case .closeClicked: [.closeClicked]
      }
    }

    public var withoutArguments: Self { self }
  }
}
