import NthPrimeLookup
import Settings

/// A request for the n-th prime while it runs: what it is looking for and how far it got.
public struct NthPrimeProgress: Equatable, Sendable {
  /// "Finding the 7th prime".
  public var title: String
  /// From 0 to 1.
  public var fraction: Double

  public init(title: String, fraction: Double) {
    self.title = title
    self.fraction = fraction
  }

  /// The progress of the request in flight; `nil` when none is.
  public init?(_ lookup: NthPrimeLookup.State, grouping: DigitGrouping = .locale) {
    guard let request = lookup.request else { return nil }
    self.init(
      title: "Finding the \(Formatting.ordinal(request.n, grouping: grouping)) prime",
      fraction: request.progress)
  }
}
