import NthPrimeLookup
import Settings

/// A request for the n-th prime while it runs: what it is looking for and how far it got, or
/// that it waits its turn.
public struct NthPrimeProgress: Equatable, Sendable {
  /// "Finding the 7th prime", or "Waiting to find the 7th prime".
  public var title: String
  /// From 0 to 1.
  public var fraction: Double
  /// Whether it waits for the engine, busy with another request: a bar without a fraction.
  public var isWaiting: Bool

  public init(title: String, fraction: Double, isWaiting: Bool = false) {
    self.title = title
    self.fraction = fraction
    self.isWaiting = isWaiting
  }

  /// The progress of the request in flight; `nil` when none is.
  public init?(_ lookup: NthPrimeLookup.State, grouping: DigitGrouping = .locale) {
    guard let request = lookup.request else { return nil }
    let ordinal = Formatting.ordinal(request.n, grouping: grouping)
    self.init(
      title: request.isWaiting
        ? "Waiting to find the \(ordinal) prime" : "Finding the \(ordinal) prime",
      fraction: request.progress, isWaiting: request.isWaiting)
  }
}
