import Dispatch

/// Reports how far a long computation has come, a few times per second at most, and stops
/// it when its task is cancelled.
///
/// Computations call ``checkpoint(_:)`` once per unit of work (a sieve segment, well under
/// 20 ms), so cancellation is noticed promptly.
struct ProgressReporter {
  private let report: ((Double) -> Void)?
  let isCancelled: () -> Bool
  private var lastReport: UInt64 = 0
  private var lastFraction = 0.0
  private var phase: ClosedRange<Double> = 0...1
  private static let interval: UInt64 = 250_000_000

  /// `isCancelled` defaults to the current task's cancellation.
  init(_ report: ((Double) -> Void)?, isCancelled: @escaping () -> Bool = { Task.isCancelled }) {
    self.report = report
    self.isCancelled = isCancelled
  }

  /// Maps the fractions of the next steps into `range` of the whole, for computations made
  /// of several passes.
  mutating func beginPhase(_ range: ClosedRange<Double>) {
    phase = range
  }

  /// Throws `CancellationError` once the work is cancelled; otherwise may report `fraction`
  /// of the current phase. Reports never go down.
  mutating func checkpoint(_ fraction: @autoclosure () -> Double) throws(CancellationError) {
    if isCancelled() { throw CancellationError() }
    guard let report else { return }
    let now = DispatchTime.now().uptimeNanoseconds
    guard now - lastReport >= Self.interval else { return }
    lastReport = now
    let share = min(max(fraction(), 0), 1)
    lastFraction = max(
      lastFraction, phase.lowerBound + share * (phase.upperBound - phase.lowerBound))
    report(lastFraction)
  }
}
