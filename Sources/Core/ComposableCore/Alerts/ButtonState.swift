import Foundation

/// A button of an alert or a dialog, as data: what it says, its role, the action it sends.
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
/// ButtonState(role: .cancel) { TextState("Cancel") }   // sends nothing: it only dismisses
/// ```
public struct ButtonState<Action>: Identifiable {
  public let id: UUID
  public let action: ButtonStateAction<Action>
  public let label: TextState
  public let role: ButtonStateRole?

  public init(
    role: ButtonStateRole? = nil, action: ButtonStateAction<Action> = .send(nil),
    label: () -> TextState
  ) {
    self.id = UUID()
    self.role = role
    self.action = action
    self.label = label()
  }

  public init(role: ButtonStateRole? = nil, action: Action, label: () -> TextState) {
    self.init(role: role, action: .send(action), label: label)
  }

  /// Hands the button's action (`nil` for a button that only dismisses) to `perform`.
  public func withAction(_ perform: (Action?) -> Void) {
    perform(action.action)
  }
}

/// What a button sends when pressed.
public struct ButtonStateAction<Action> {
  /// `nil`: the button only dismisses what it is in.
  public let action: Action?

  public static func send(_ action: Action?) -> Self {
    Self(action: action)
  }
}

/// A button's role, which platforms show in their own way.
public enum ButtonStateRole: Hashable, Sendable {
  case cancel
  case destructive
}

extension ButtonState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.role == rhs.role && lhs.label == rhs.label && lhs.action == rhs.action
  }
}

extension ButtonState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(role)
    hasher.combine(label)
    hasher.combine(action)
  }
}

extension ButtonState: Sendable where Action: Sendable {}
extension ButtonStateAction: Equatable where Action: Equatable {}
extension ButtonStateAction: Hashable where Action: Hashable {}
extension ButtonStateAction: Sendable where Action: Sendable {}

/// Lists the buttons of an alert or a dialog.
@resultBuilder
public enum ButtonStateBuilder<Action> {
  public static func buildBlock(_ buttons: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    buttons.flatMap { $0 }
  }

  public static func buildExpression(_ button: ButtonState<Action>) -> [ButtonState<Action>] {
    [button]
  }

  public static func buildOptional(_ buttons: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    buttons ?? []
  }

  public static func buildEither(first buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }

  public static func buildEither(second buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }

  public static func buildArray(_ buttons: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    buttons.flatMap { $0 }
  }
}
