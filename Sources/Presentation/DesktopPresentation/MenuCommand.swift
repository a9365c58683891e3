import Presentation

/// A command of the desktop app's menu bar, with its keyboard shortcut.
public enum MenuCommand: ListedAction, CaseIterable {
  case increment
  case decrement
  case isThisPrime
  case nthPrime
  case save
  case load
  case newWindow
  /// A window at the favorites, or the one opened there already, brought to the front.
  case openFavoritesInNewWindow
  /// A window at the counter, or the one opened there already, brought to the front.
  case openCounterInNewWindow
  case closeWindow
  /// The settings' window: opened, or brought to the front.
  case settings

  /// The commands about windows, the only ones a document's window enables.
  public static let windowCommands: Set<MenuCommand> = [
    .newWindow, .openFavoritesInNewWindow, .openCounterInNewWindow, .closeWindow, .settings,
  ]

  public var title: String {
    switch self {
    case .increment: "Increment"
    case .decrement: "Decrement"
    case .isThisPrime: "Is This Prime?"
    case .nthPrime: "What Is the Nth Prime?"
    case .save: "Save Favorites"
    case .load: "Load Favorites"
    case .newWindow: "New Window"
    case .openFavoritesInNewWindow: "Open Favorites in New Window"
    case .openCounterInNewWindow: "Open Counter in New Window"
    case .closeWindow: "Close Window"
    case .settings: "Settings…"
    }
  }

  public var shortcut: KeyboardShortcut {
    switch self {
    case .increment: KeyboardShortcut("=")
    case .decrement: KeyboardShortcut("-")
    case .isThisPrime: KeyboardShortcut("p")
    case .nthPrime: KeyboardShortcut("t")
    case .save: KeyboardShortcut("s")
    case .load: KeyboardShortcut("o")
    case .newWindow: KeyboardShortcut("n")
    case .openFavoritesInNewWindow: KeyboardShortcut("F")
    case .openCounterInNewWindow: KeyboardShortcut("C")
    case .closeWindow: KeyboardShortcut("w")
    case .settings: KeyboardShortcut(",")
    }
  }
}

/// A key pressed with the command key ("⌘S"), and shift for a capital letter ("⌘⇧F"); a
/// terminal reads it as Ctrl with a letter, or the capital letter itself.
public struct KeyboardShortcut: Equatable, Sendable, CustomStringConvertible {
  public var key: Character

  public init(_ key: Character) {
    self.key = key
  }

  public var description: String { (key.isUppercase ? "⌘⇧" : "⌘") + key.uppercased() }
}

/// A menu command as the menu shows it now.
public struct MenuItem: Equatable, Sendable {
  public var command: MenuCommand
  public var title: String
  public var shortcut: KeyboardShortcut
  public var isEnabled: Bool

  public init(_ command: MenuCommand, isEnabled: Bool) {
    self.command = command
    title = command.title
    shortcut = command.shortcut
    self.isEnabled = isEnabled
  }
}
