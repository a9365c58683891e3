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
  public var action: Action

  public init(_ keys: [Key], _ label: String, _ action: Action) {
    self.keys = keys
    self.label = label
    self.action = action
  }

  /// "+ increment".
  public var hint: String { "\(keys[0]) \(label)" }
}

extension Array {
  /// The action bound to `key`, if any.
  public func action<Action>(for key: Key) -> Action? where Element == KeyBinding<Action> {
    first { $0.keys.contains(key) }?.action
  }
}
