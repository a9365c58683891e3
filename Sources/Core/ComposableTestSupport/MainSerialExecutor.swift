import Dispatch
import Synchronization

/// Runs a test store's effects one job at a time on the main queue, in the order they are
/// scheduled, between the test's own steps.
///
/// When the test yields (as `send` and `receive` do until ``isIdle``), what the effects can do
/// before their next suspension has been done: an effect started by a send is waiting on its
/// clock by the time the test advances it, and one that sent its last action has ended by the
/// time the test asserts it. Only the store's effects run here, not the rest of the process,
/// so tests running at the same time are not serialized with them.
final class MainSerialExecutor: TaskExecutor, Sendable {
  private let pending = Atomic(0)

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    pending.add(1, ordering: .relaxed)
    DispatchQueue.main.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      self.pending.subtract(1, ordering: .releasing)
    }
  }

  /// No job of an effect is waiting to run.
  var isIdle: Bool { pending.load(ordering: .acquiring) == 0 }

  static let shared = MainSerialExecutor()
}
