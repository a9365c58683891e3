import CustomDump
import Foundation

/// An alert as data: a title, a message, and buttons with the actions they send.
///
/// A feature presents one by setting it in a ``PresentationState`` and running
/// `ifLet(\.$alert, action: \.alert)`; pressing a button sends `.alert(.presented(action))`
/// (or `.alert(.dismiss)` for a button without an action) and dismisses the alert.
///
/// ```swift
/// state.alert = AlertState {
///   TextState("Delete 7?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// } message: {
///   TextState("It is removed from every window.")
/// }
/// ```
public struct AlertState<Action>: Identifiable, EphemeralState {
  public let id: UUID
  public var title: TextState
  public var message: TextState?
  public var buttons: [ButtonState<Action>]

  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.id = UUID()
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }
}

extension AlertState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension AlertState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension AlertState: Sendable where Action: Sendable {}

extension AlertState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    Mirror(
      self,
      children: [("title", title as Any), ("actions", buttons as Any)]
        + (message.map { [("message", $0 as Any)] } ?? []),
      displayStyle: .struct)
  }
}

extension ButtonState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    var children: [(String?, Any)] = []
    if let role { children.append(("role", role)) }
    if let action = action.action { children.append(("action", action)) }
    children.append(("label", label.string))
    return Mirror(self, children: children, displayStyle: .struct)
  }
}

/// A confirmation dialog as data: like an alert, and shown as a list of choices.
public struct ConfirmationDialogState<Action>: Identifiable, EphemeralState {
  /// Whether platforms show the title.
  public enum TitleVisibility: Hashable, Sendable {
    case automatic, hidden, visible
  }

  public let id: UUID
  public var titleVisibility: TitleVisibility
  public var title: TextState
  public var message: TextState?
  public var buttons: [ButtonState<Action>]

  public init(
    titleVisibility: TitleVisibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.id = UUID()
    self.titleVisibility = titleVisibility
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.titleVisibility == rhs.titleVisibility && lhs.title == rhs.title
      && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension ConfirmationDialogState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(titleVisibility)
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension ConfirmationDialogState: Sendable where Action: Sendable {}
