import CGMP
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs CPU-bound work on a thread of its own and cancels it with the awaiting task.
///
/// Swift concurrency's cooperative pool has one thread per core (two here); a computation
/// that held one for seconds would stall every other task. The work polls `isCancelled`
/// between units of work, which turns true as soon as the awaiting task is cancelled. The
/// thread is a POSIX one: the engine does not need Foundation, and a command-line tool
/// built on it starts faster without it.
enum DedicatedThread {
  /// Runs `work` on a thread of its own; throws ``PrimeEngineError/threadUnavailable`` when
  /// the system has no thread to give (`start` is the system's, or a test's that fails).
  static func run<T: Sendable>(
    start: (@escaping @Sendable () -> Void) throws(PrimeEngineError) -> Void = start,
    _ work: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) throws -> T
  ) async throws -> T {
    let cancelled = CancellationFlag()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        do {
          try start {
            let result = Result { try work { cancelled.isSet } }
            releaseFreedMemory()
            continuation.resume(with: result)
          }
        } catch {
          continuation.resume(throwing: error)
        }
      }
    } onCancel: {
      cancelled.set()
    }
  }

  /// Gives the memory of the computation's tables back to the system. glibc keeps what a
  /// thread freed in that thread's arena, and its threshold for mapping large blocks on
  /// their own rises to the largest freed: every new thread of a long-running app (one per
  /// request, cancelled ones included) would keep another set of tables resident.
  private static func releaseFreedMemory() { primetime_release_freed_memory() }

  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  /// The stack of each thread started here: 512 KiB, not the system's 8 MiB. The engine's
  /// threads call no deeper than a few KiB (its tests pass with 64 KiB in a debug build), and
  /// glibc keeps the stacks of ended threads for new ones only up to 40 MiB: with 8 MiB
  /// each, of sixteen workers' stacks eleven were unmapped at their end, each unmapping a
  /// flush of the other processors' address caches (`perf` sampled 0.85 ms of a count of
  /// π(3·10¹³) on sixteen workers there), and a later count's threads mapped theirs afresh:
  /// ten such counts in one process took 24 ms of system time against 28. Sixty-four of
  /// these stacks fit in the cache.
  static let stackBytes = 512 << 10

  /// Starts `body` on a detached POSIX thread of its own (`WorkerThreads` starts its
  /// workers here too), or throws ``PrimeEngineError/threadUnavailable`` when the system
  /// refuses one (a process limit reached): the caller decides, the process goes on.
  static func start(_ body: @escaping @Sendable () -> Void) throws(PrimeEngineError) {
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackBytes)
    let status = pthread_create(
      &thread, &attributes,
      { context in
        Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
        return nil
      }, context)
    guard status == 0 else {
      Unmanaged<Body>.fromOpaque(context).release()
      throw .threadUnavailable
    }
    #if canImport(Glibc)
      pthread_detach(thread)
    #else
      pthread_detach(thread!)
    #endif
  }
}
