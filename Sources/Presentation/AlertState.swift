import NthPrimeLookup

/// An alert to show: a title, an optional message, and the button that dismisses it.
///
/// Adapters present it as they can (a modal alert, a dialog, a box in the terminal); the
/// feature only knows that a request came to an outcome.
public struct AlertState: Equatable, Sendable {
  public var title: String
  public var message: String?
  public var dismissTitle: String

  public init(title: String, message: String? = nil, dismissTitle: String = "OK") {
    self.title = title
    self.message = message
    self.dismissTitle = dismissTitle
  }

  /// "The 7th prime is 17", or why there is no answer.
  public init(_ outcome: NthPrimeLookup.Outcome) {
    switch outcome {
    case .answer(let n, let prime):
      self.init(title: "The \(Formatting.ordinal(n)) prime is \(Formatting.number(prime))")
    case .failure(let n, let message):
      self.init(title: "No \(Formatting.ordinal(n)) prime", message: message)
    }
  }
}
