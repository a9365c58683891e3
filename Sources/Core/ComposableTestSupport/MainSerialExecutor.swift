import Dispatch

/// Runs a test store's effects one job at a time on the main queue, in the order they are
/// scheduled, between the test's own steps.
///
/// When the test yields (as `receive` does), what the effects can do before their next
/// suspension has been done: an effect that sent its last action has ended by the time the
/// test asserts it. Only the store's effects run here, not the rest of the process, so tests
/// running at the same time are not serialized with them.
final class MainSerialExecutor: TaskExecutor, @unchecked Sendable {
  // Stateless: every job goes to the main queue.
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    DispatchQueue.main.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }

  static let shared = MainSerialExecutor()
}
