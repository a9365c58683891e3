import Foundation
import IssueReporting

/// The current date, injected so that tests control time (activity feeds, backup names).
///
/// Durations and sleeps use an injected `any Clock<Duration>` instead: `ContinuousClock` live,
/// swift-clocks' `TestClock` in tests.
public struct DateClient: Sendable {
  public var now: @Sendable () -> Date

  public init(now: @escaping @Sendable () -> Date) {
    self.now = now
  }

  public static let live = DateClient { Date() }

  /// Always `date`.
  public static func constant(_ date: Date) -> DateClient {
    DateClient { date }
  }

  /// Reports an issue, and answers the reference date (2001-01-01).
  public static let unimplemented = DateClient {
    reportIssue("Unimplemented: DateClient.now was called")
    return Date(timeIntervalSinceReferenceDate: 0)
  }
}
