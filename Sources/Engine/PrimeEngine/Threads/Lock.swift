#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value that threads share, reached only under a POSIX mutex: `Synchronization.Mutex`'s
/// shape, on a lock the thread sanitizer sees.
///
/// The standard library's `Mutex` takes a futex through code the sanitizer does not
/// instrument, so every access it orders is reported as a race (twenty reports in one run of
/// the engine's thread tests), and a real race would hide among them. `pthread_mutex_lock` is
/// intercepted: under `swift test --sanitize=thread` an access outside the lock is a report,
/// one inside is none. Uncontended it costs what `Mutex` does (an atomic exchange each way);
/// the engine takes it once per job of milliseconds, never per leaf.
///
/// Safe to share (`@unchecked Sendable`): `value` is read and written only between
/// `pthread_mutex_lock` and `pthread_mutex_unlock` of the one mutex, which lives in memory of
/// its own (a pthread mutex must not move) from `init` to `deinit`, when no thread holds it.
final class Lock<Value>: @unchecked Sendable {
  private var value: Value
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init(_ value: Value) {
    self.value = value
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value, under the lock.
  func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
