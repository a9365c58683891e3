import Foundation
import Synchronization

/// Runs CPU-bound work on a thread of its own and cancels it with the awaiting task.
///
/// Swift concurrency's cooperative pool has one thread per core (two here); a computation
/// that held one for seconds would stall every other task. The work polls `isCancelled`
/// between units of work, which turns true as soon as the awaiting task is cancelled.
enum DedicatedThread {
  static func run<T: Sendable>(
    _ work: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) throws -> T
  ) async throws -> T {
    let cancelled = CancellationFlag()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
          continuation.resume(with: Result { try work { cancelled.isSet } })
        }
        thread.name = "PrimeEngine"
        thread.start()
      }
    } onCancel: {
      cancelled.set()
    }
  }
}

final class CancellationFlag: Sendable {
  private let value = Atomic(false)
  var isSet: Bool { value.load(ordering: .relaxed) }
  func set() { value.store(true, ordering: .relaxed) }
}
