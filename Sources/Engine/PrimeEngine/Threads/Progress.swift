import Dispatch

/// Reports how far a long computation has come, a few times per second at most, and stops
/// it when its task is cancelled.
///
/// Computations call ``checkpoint(_:)`` once per unit of work (a sieve segment, well under
/// 20 ms), so cancellation is noticed promptly.
struct ProgressReporter {
  private let report: ((Double) -> Void)?
  let isCancelled: () -> Bool
  /// Whether anything watches the computation: a progress handler, or a cancellation to
  /// poll (a task's, or a flag of the caller's). ``WorkerThreads`` lets the calling thread
  /// do the work of a lone worker that nothing watches.
  let isWatched: Bool
  private var lastReport: UInt64 = 0
  private var lastFraction = 0.0
  private var phase: ClosedRange<Double> = 0...1
  private static let interval: UInt64 = 250_000_000

  /// Stops with the current task's cancellation; outside a task nothing can cancel.
  init(_ report: ((Double) -> Void)?) {
    self.report = report
    isCancelled = { Task.isCancelled }
    isWatched = report != nil || withUnsafeCurrentTask { $0 != nil }
  }

  /// Stops when `isCancelled` says so.
  init(_ report: ((Double) -> Void)?, isCancelled: @escaping () -> Bool) {
    self.report = report
    self.isCancelled = isCancelled
    isWatched = true
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
