import ComposableCore

/// An alert as every adapter shows it: a title, an optional message, and the button that
/// dismisses it.
///
/// Adapters present it as they can (a modal alert, a dialog, a box in the terminal); the
/// feature's ``AlertState`` says what it holds.
public enum AlertView {
  public struct State: Equatable, Sendable {
    public var title: String
    public var message: String?
    public var dismissTitle: String

    public init(title: String, message: String? = nil, dismissTitle: String = "OK") {
      self.title = title
      self.message = message
      self.dismissTitle = dismissTitle
    }

    /// The alert's text; its cancel button (or "OK") dismisses it.
    public init<Action>(_ alert: AlertState<Action>) {
      self.init(
        title: alert.title.string, message: alert.message?.string,
        dismissTitle: (alert.buttons.first { $0.role == .cancel } ?? alert.buttons.first)?
          .label.string ?? "OK")
    }
  }
}
