import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs one computation on several POSIX threads of its own while the calling thread
/// watches over them.
///
/// The workers never run on Swift's cooperative pool, which must stay free for the app.
/// The calling thread only waits: at first every 2 ms, then less often, up to every 16 ms,
/// it asks its ``ProgressReporter`` whether the computation is cancelled (for the synchronous
/// API that is the calling task's cancellation, which only the calling thread can read) and
/// reports how far the workers have come. Each wake takes a processor from a worker when
/// every processor runs one: every 2 ms throughout, π(10²⁰) on two cores woke the calling
/// thread 315,000 times (primecount's process switched 9 times). A cancellation sets a
/// ``CancellationFlag`` that every worker polls between units of work of a few milliseconds;
/// the call returns only once every worker has stopped, so a cancelled computation leaves no
/// thread behind.
enum WorkerThreads {
  /// The processors this process may use (``AvailableProcessors``).
  static var availableProcessors: Int { AvailableProcessors.count }

  /// The thread count for a request: `requested` whatever the processors (more threads than
  /// processors share them, which a user may want to measure), or one per available
  /// processor when it is nil; at least one.
  static func count(_ requested: Int?) -> Int {
    max(1, requested ?? availableProcessors)
  }

  /// Runs `work(worker, stop)` for each worker in 0..<threads, each on a thread of its own,
  /// and returns when all have returned. `progress` is read by the calling thread at most a
  /// few times per second. Throws `CancellationError` when the reporter says the work is
  /// cancelled, or the first error a worker threw.
  ///
  /// A lone worker that nothing watches (no progress handler, and no task or flag that can
  /// cancel it: ``ProgressReporter/isWatched``) runs on the calling thread, which is then
  /// outside any task and so not one of the cooperative pool's: starting a thread of its own
  /// and waiting for it cost 0.3–0.6 ms of a 6–9 ms count (π(1.2·10¹⁰), the 1,234,567,891st
  /// prime, on one thread).
  ///
  /// The workers take their jobs from a shared schedule, so when the system refuses a thread
  /// (a process limit) those that started do the work; when it refuses the first, this throws
  /// ``PrimeEngineError/threadUnavailable``. `start` is the system's, or a test's that fails.
  static func run(
    threads: Int, reporter: inout ProgressReporter,
    progress: @escaping @Sendable () -> Double,
    start: (@escaping @Sendable () -> Void) throws(PrimeEngineError) -> Void = DedicatedThread
      .start,
    _ work: @escaping @Sendable (_ worker: Int, _ stop: CancellationFlag) throws -> Void
  ) throws {
    let stop = CancellationFlag()
    if threads == 1 && !reporter.isWatched { return try work(0, stop) }
    let finished = Finished(threads: threads)
    let firstError = Lock<(any Error)?>(nil)
    var started = 0
    for worker in 0..<threads {
      do {
        try start {
          do {
            try work(worker, stop)
          } catch {
            stop.set()
            firstError.withLock { if $0 == nil { $0 = error } }
          }
          finished.increment()
        }
        started += 1
      } catch {
        guard started > 0 else { throw error }
        // The ones that will never start count as finished.
        for _ in started..<threads { finished.increment() }
        break
      }
    }
    var cancelled = false
    // A short count ends between the first waits (the last worker wakes the wait at once); a
    // cancellation is seen within 16 ms and a unit of work.
    var milliseconds = 2
    while !finished.wait(milliseconds: milliseconds) {
      milliseconds = min(16, 2 * milliseconds)
      guard !cancelled else { continue }
      do {
        try reporter.checkpoint(progress())
      } catch {
        cancelled = true
        stop.set()
      }
    }
    if cancelled { throw CancellationError() }
    if let error = firstError.withLock({ $0 }) { throw error }
  }
}

/// How many workers have finished, with a wait that wakes as soon as the last one does.
private final class Finished: @unchecked Sendable {
  private let threads: Int
  private var count = 0
  // pthread primitives must not move: they live in memory of their own.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init(threads: Int) {
    self.threads = threads
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  func increment() {
    pthread_mutex_lock(mutex)
    count += 1
    pthread_cond_broadcast(condition)
    pthread_mutex_unlock(mutex)
  }

  /// Waits until every worker has finished or `milliseconds` have passed; true when all
  /// have finished.
  func wait(milliseconds: Int) -> Bool {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    var deadline = now
    deadline.tv_nsec += milliseconds * 1_000_000
    if deadline.tv_nsec >= 1_000_000_000 {
      deadline.tv_sec += 1
      deadline.tv_nsec -= 1_000_000_000
    }
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while count < threads {
      if pthread_cond_timedwait(condition, mutex, &deadline) != 0 { break }
    }
    return count == threads
  }
}
