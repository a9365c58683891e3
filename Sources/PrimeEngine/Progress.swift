import Dispatch

/// Reports how far a long computation has come, a few times per second at most, and stops
/// it when its task is cancelled.
///
/// Computations call ``checkpoint(_:)`` once per unit of work (a sieve segment, well under
/// 20 ms), so cancellation is noticed promptly.
struct ProgressReporter {
  private let report: ((Double) -> Void)?
  private let isCancelled: () -> Bool
  private var lastReport: UInt64 = 0
  private static let interval: UInt64 = 250_000_000

  /// `isCancelled` defaults to the current task's cancellation.
  init(_ report: ((Double) -> Void)?, isCancelled: @escaping () -> Bool = { Task.isCancelled }) {
    self.report = report
    self.isCancelled = isCancelled
  }

  /// Throws `CancellationError` once the work is cancelled.
  mutating func checkpoint(_ fraction: @autoclosure () -> Double) throws(CancellationError) {
    if isCancelled() { throw CancellationError() }
    guard let report else { return }
    let now = DispatchTime.now().uptimeNanoseconds
    guard now - lastReport >= Self.interval else { return }
    lastReport = now
    report(min(max(fraction(), 0), 1))
  }
}
