/// A key a person pressed, as the terminal reports it.
public enum Key: Hashable, Sendable, CustomStringConvertible {
  case character(Character)
  case control(Character)
  case up
  case down
  case left
  case right
  case enter
  case escape
  case tab
  case backspace
  case delete

  public var description: String {
    switch self {
    case .character(" "): "Space"
    case .character(let character): String(character)
    case .control(let character): "Ctrl-" + character.uppercased()
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    case .enter: "Enter"
    case .escape: "Esc"
    case .tab: "Tab"
    case .backspace: "Backspace"
    case .delete: "Del"
    }
  }
}

/// What keys do on a screen: the screen lists these, and a key press looks its action up
/// here, so what is shown and what works cannot drift apart.
public struct KeyBinding<Action: Sendable>: Sendable {
  public var keys: [Key]
  /// "increment", shown after the first key.
  public var label: String
  /// What the person means by it, the same in every layout: how a script names it.
  public var intent: Intent
  public var action: Action
  /// How the hint names the keys, when the first key alone would not say it ("0-9").
  public var keysTitle: String?
  /// Whether the screen lists it; not when another binding's hint names its key too ("↑↓").
  public var isListed: Bool

  public init(
    _ keys: [Key], _ label: String, _ intent: Intent, _ action: Action, keysTitle: String? = nil,
    isListed: Bool = true
  ) {
    self.keys = keys
    self.label = label
    self.intent = intent
    self.action = action
    self.keysTitle = keysTitle
    self.isListed = isListed
  }

  /// "+ increment".
  public var hint: String { "\(keysTitle ?? keys[0].description) \(label)" }
}

extension Array {
  /// The action bound to `key`, if any.
  public func action<Action>(for key: Key) -> Action? where Element == KeyBinding<Action> {
    first { $0.keys.contains(key) }?.action
  }

  /// The binding for `intent` on this screen, if it has one now.
  public func binding<Action>(for intent: Intent) -> Element?
  where Element == KeyBinding<Action> {
    first { $0.intent == intent }
  }
}

/// Something a person can mean to do, whatever the layout: the words of a script.
public enum Intent: String, CaseIterable, Sendable {
  case openCounter = "open-counter"
  case openFavorites = "open-favorites"
  case back
  case increment
  case decrement
  case isPrime = "is-prime"
  case nthPrime = "nth-prime"
  case cancel
  /// Dismisses what is presented: an alert or the prime detail.
  case dismiss
  case saveFavorite = "save-favorite"
  case removeFavorite = "remove-favorite"
  case down
  case up
  case select
  /// Asks for the n-th prime of the favorite under the cursor.
  case choose
  case delete
  case save
  case load
  case newWindow = "new-window"
  /// A window at the favorites (or the one there, brought to the front).
  case openFavoritesInNewWindow = "open-favorites-in-new-window"
  /// A window at the counter (or the one there, brought to the front).
  case openCounterInNewWindow = "open-counter-in-new-window"
  /// A window at the detail of the favorite under the cursor (or the one there).
  case openInNewWindow = "open-in-new-window"
  case closeWindow = "close-window"
  /// Opens the settings: a screen, a sheet, or their window (brought to the front).
  case openSettings = "open-settings"
  /// Moves the digit grouping to its next option.
  case digitGrouping = "digit-grouping"
  /// Moves the appearance to its next option.
  case appearance
  case fewerThreads = "fewer-threads"
  case moreThreads = "more-threads"
  case allThreads = "all-threads"
  /// Closes the settings' sheet or window.
  case closeSettings = "close-settings"
  /// Closes a document's window (asking first when it has changes).
  case closeDocument = "close-document"
  /// Don't Save: the answer that closes a document without its changes.
  case discard
  /// Starts typing the file a document is saved as (a script says `save-as FILE`).
  case saveAs = "save-as"
  /// Types a digit of a count.
  case type
  /// Sets the typed count.
  case enter
  /// Erases the last digit typed.
  case erase
}
