import Synchronization

#if canImport(Glibc)
  import Glibc
#else
  import Dispatch
  #if canImport(Darwin)
    import Darwin
  #endif
#endif

/// A lock its holder may take again.
///
/// A shared value's lock is recursive: a `withLock` body may read, through another `Shared`,
/// the value it is changing. It is taken at every read of a shared value, and a reducer or a
/// view reads several after every action: a recursive `pthread_mutex_t` took about 80
/// instructions to lock and unlock (it checks its kind and its owner inside the call), and
/// `NSRecursiveLock` a fifth more.
///
/// A word that says whether the lock is free, held, or held with threads perhaps waiting, and a
/// semaphore the waiters sleep on (the futex mutex of Drepper's "Futexes Are Tricky", with a
/// semaphore for the futex): uncontended, a lock is a compare-and-swap and an unlock an
/// exchange. A thread that finds the lock held marks it waited for, then sleeps; an unlock
/// that finds it marked posts the semaphore once, and the woken thread tries again, marking
/// it anew. A running thread may take the lock first, as it may take a `pthread_mutex_t`: a
/// lock handed to a sleeping thread stays unused until the scheduler runs that thread, and
/// every thread that wants it meanwhile queues behind (a convoy).
///
/// Why no waiter sleeps forever: it sleeps only after marking the lock while it was held, so
/// the holder's unlock posts. A thread taking the free lock unmarked (after that post) leaves
/// a waiter unmarked, but the post woke one, which marks the lock again before it sleeps. A
/// semaphore counts its posts, so a post that comes before its waiter's wait is not lost; one
/// no thread waits for wakes a later waiter once for nothing.
///
/// The owner and the depth make it recursive. Only the holder writes them, and only the
/// holder can find its own thread there: another thread reads 0, a former holder's thread,
/// or the holder's, never its own (it cleared it before letting the lock go, and a thread
/// sees its own writes in order). So relaxed atomics are enough for both.
struct RecursiveLock: ~Copyable, @unchecked Sendable {
  /// 0: free; 1: held; 2: held, and threads may be waiting.
  private let state = Atomic<Int>(0)
  private let owner = Atomic<UInt>(0)
  private let depth = Atomic<Int>(0)
  private let waiting = Semaphore()

  @inline(__always)
  func lock() {
    let thread = SharedAccess.currentThread
    if owner.load(ordering: .relaxed) == thread {
      depth.store(depth.load(ordering: .relaxed) + 1, ordering: .relaxed)
      return
    }
    if !state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
      waitForTurn()
    }
    owner.store(thread, ordering: .relaxed)
    depth.store(1, ordering: .relaxed)
  }

  @inline(__always)
  func unlock() {
    let remaining = depth.load(ordering: .relaxed) - 1
    depth.store(remaining, ordering: .relaxed)
    guard remaining == 0 else { return }
    owner.store(0, ordering: .relaxed)
    if state.exchange(0, ordering: .releasing) == 2 { waiting.post() }
  }

  @inline(__always)
  func withLock<R>(_ body: () throws -> R) rethrows -> R {
    lock()
    defer { unlock() }
    return try body()
  }

  // Out of line: the uncontended path stays small where it is inlined.
  @inline(never)
  private func waitForTurn() {
    while state.exchange(2, ordering: .acquiring) != 0 {
      waiting.wait()
    }
  }
}

/// The semaphore the lock's waiters sleep on: the C library's where it has unnamed ones
/// (the thread sanitizer knows them), Dispatch's elsewhere.
private struct Semaphore: ~Copyable, @unchecked Sendable {
  #if canImport(Glibc)
    // Allocated once and never moved: a semaphore must stay where it was made. Used only
    // through `sem_wait` and `sem_post`, which are safe from any thread.
    private let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    init() { sem_init(semaphore, 0, 0) }

    deinit {
      sem_destroy(semaphore)
      semaphore.deallocate()
    }

    func wait() {
      // A signal may interrupt the wait: wait again. (The only other failure, a semaphore that
      // is not one, cannot happen to this one.)
      while sem_wait(semaphore) != 0 && errno == EINTR {}
    }

    func post() { sem_post(semaphore) }
  #else
    private let semaphore = DispatchSemaphore(value: 0)

    func wait() { semaphore.wait() }

    func post() { semaphore.signal() }
  #endif
}
