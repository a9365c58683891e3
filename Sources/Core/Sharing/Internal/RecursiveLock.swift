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
/// A counter of the threads that hold or want the lock, and a semaphore the others sleep on
/// (a "benaphore"): uncontended, a lock and an unlock are an atomic add and an atomic
/// subtract. The first thread to raise the count from 0 holds the lock; each other one raised
/// it too and waits on the semaphore, posted once by each unlock that finds others counted,
/// so one waiter wakes per unlock and none spins. A semaphore counts its posts: a post that
/// comes before its waiter's wait is not lost.
///
/// The owner and the depth make it recursive. Only the holder writes them, and only the
/// holder can find its own thread there: another thread reads 0, a former holder's thread,
/// or the holder's, never its own (it cleared it before letting the lock go, and a thread
/// sees its own writes in order). So relaxed atomics are enough for both.
struct RecursiveLock: ~Copyable, @unchecked Sendable {
  private let contenders = Atomic<Int>(0)
  private let owner = Atomic<UInt>(0)
  private let depth = Atomic<Int>(0)
  private let waiting = Semaphore()

  @inline(__always)
  func lock() {
    let thread = UInt(bitPattern: Int(bitPattern: pthread_self()))
    if owner.load(ordering: .relaxed) == thread {
      depth.store(depth.load(ordering: .relaxed) + 1, ordering: .relaxed)
      return
    }
    if contenders.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue > 0 {
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
    if contenders.wrappingSubtract(1, ordering: .acquiringAndReleasing).oldValue > 1 {
      waiting.post()
    }
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
    waiting.wait()
    // The holder's writes reach this thread through the semaphore, which orders memory as a
    // lock does; the fence says so to the compiler as well.
    atomicMemoryFence(ordering: .acquiring)
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
      // A signal may interrupt the wait (EINTR): wait again.
      while sem_wait(semaphore) != 0 {}
    }

    func post() { sem_post(semaphore) }
  #else
    private let semaphore = DispatchSemaphore(value: 0)

    func wait() { semaphore.wait() }

    func post() { semaphore.signal() }
  #endif
}
