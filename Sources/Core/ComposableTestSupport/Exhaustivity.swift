/// How much a ``TestStore`` makes a test assert.
///
/// ```swift
/// store.exhaustivity = .off   // assert only what the test names
/// ```
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, every received action and every effect must be asserted: the
  /// default, for testing a feature on its own.
  case on
  /// Only what the test asserts is checked: for testing how features work together, where
  /// asserting every detail of every child would repeat their own tests. With
  /// `showSkippedAssertions`, what was not asserted is listed as expected issues, which do
  /// not fail the test.
  case off(showSkippedAssertions: Bool)

  /// Only what the test asserts is checked, and nothing else is shown.
  public static let off = Self.off(showSkippedAssertions: false)
}
