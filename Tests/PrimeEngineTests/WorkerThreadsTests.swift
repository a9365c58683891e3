import Foundation
import Synchronization
import Testing

@testable import PrimeEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The engine asks the system for threads; a refusal (a process limit) is an error the
/// caller sees, or fewer threads, never a crash.
struct WorkerThreadsTests {
  /// A count asked for is run whatever the processors (more than them share them); none
  /// asked for is one per processor this process may use.
  @Test func threadsAskedForRunWhateverTheProcessors() {
    let processors = WorkerThreads.availableProcessors
    #expect(processors >= 1)
    #expect(WorkerThreads.count(nil) == processors)
    #expect(WorkerThreads.count(processors + 1) == processors + 1)
    #expect(WorkerThreads.count(64) == 64)
    #expect(WorkerThreads.count(1) == 1)
    #expect(WorkerThreads.count(0) == 1)
    #expect(WorkerThreads.count(-1) == 1)
  }

  /// A CPU quota limits the default as the processors online do: cgroup v2's `cpu.max` and
  /// v1's quota and period, on the process's cgroup or any parent, rounded up.
  @Test func aCPUQuotaLimitsTheProcessors() {
    #expect(AvailableProcessors.processors(cpuMax: "200000 100000\n") == 2)
    #expect(AvailableProcessors.processors(cpuMax: "150000 100000") == 2)
    #expect(AvailableProcessors.processors(cpuMax: "50000 100000") == 1)
    #expect(AvailableProcessors.processors(cpuMax: "max 100000") == nil)
    #expect(AvailableProcessors.processors(cpuMax: "-1\n 100000\n") == nil)
    #expect(AvailableProcessors.processors(cpuMax: "garbage") == nil)
    let files = [
      "/sys/fs/cgroup/app/cpu.max": "max 100000\n",
      "/sys/fs/cgroup/cpu.max": "400000 100000\n",
      "/sys/fs/cgroup/app/worker/cpu.max": "300000 100000\n",
    ]
    // The least over the cgroup and its parents.
    #expect(AvailableProcessors.quota(cgroups: "0::/app/worker\n", read: { files[$0] }) == 3)
    #expect(AvailableProcessors.quota(cgroups: "0::/app\n", read: { files[$0] }) == 4)
    #expect(AvailableProcessors.quota(cgroups: "0::/\n", read: { [:][$0] }) == nil)
    // cgroup v1: the cpu controller's quota and period, in microseconds.
    let v1 = [
      "/sys/fs/cgroup/cpu,cpuacct/job/cpu.cfs_quota_us": "250000\n",
      "/sys/fs/cgroup/cpu,cpuacct/job/cpu.cfs_period_us": "100000\n",
    ]
    let lines = "12:memory:/job\n3:cpu,cpuacct:/job\n0::/\n"
    #expect(AvailableProcessors.quota(cgroups: lines, read: { v1[$0] }) == 3)
    #expect(AvailableProcessors.quota(cgroups: "3:cpu,cpuacct:/job\n", read: { _ in "-1" }) == nil)
  }

  #if os(Linux)
    /// The engine's threads have its small stack, not the system's 8 MiB: glibc keeps up to
    /// 40 MiB of ended threads' stacks for new threads, and unmaps the rest. The mapping
    /// that holds a thread's local variable is its stack (the guard page is one of its own).
    @Test func threadsHaveTheEnginesStack() async throws {
      let bytes = try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<UInt, any Error>) in
        do {
          try DedicatedThread.start {
            var local = 0
            let address = withUnsafeMutablePointer(to: &local) { UInt(bitPattern: $0) }
            // Read while the thread runs (its stack is reused once it ends), to the end: a
            // file of /proc has no size, and a read of one page missed the stacks' lines under
            // the thread sanitizer, whose mappings come first.
            let file = FileHandle(forReadingAtPath: "/proc/self/maps")
            let maps = String(decoding: file?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
            let stack = maps.split(separator: "\n").lazy.compactMap { line -> UInt? in
              let bounds = line.prefix { $0 != " " }.split(separator: "-")
              guard bounds.count == 2, let low = UInt(bounds[0], radix: 16),
                let high = UInt(bounds[1], radix: 16), low <= address, address < high
              else { return nil }
              return high - low
            }.first
            continuation.resume(returning: stack ?? 0)
          }
        } catch {
          continuation.resume(throwing: error)
        }
      }
      #expect(bytes == UInt(DedicatedThread.stackBytes))
      #expect(64 * DedicatedThread.stackBytes <= 40 << 20)
    }
  #endif

  /// The workers share one schedule, so those the system did start do all of it.
  @Test(arguments: [1, 2, 3])
  func refusedThreadsLeaveTheWorkToTheOthers(granted: Int) throws {
    let jobs = 500
    let next = Lock(0)
    let done = Lock<[Int]>([])
    let starts = Lock(0)
    func start(_ body: @escaping @Sendable () -> Void) throws(PrimeEngineError) {
      let allowed = starts.withLock { count in
        count += 1
        return count <= granted
      }
      guard allowed else { throw .threadUnavailable }
      try DedicatedThread.start(body)
    }
    var reporter = ProgressReporter(nil)
    let work: @Sendable (Int, CancellationFlag) throws -> Void = { _, _ in
      while true {
        let job = next.withLock { job in
          defer { job += 1 }
          return job
        }
        guard job < jobs else { return }
        done.withLock { $0.append(job) }
      }
    }
    try WorkerThreads.run(threads: 4, reporter: &reporter, progress: { 0 }, start: start, work)
    #expect(done.withLock { $0.sorted() } == Array(0..<jobs))
    #expect(starts.withLock { $0 } == granted + 1, "no start asked for after the first refusal")
  }

  /// A lone worker that nothing watches runs on the calling thread; one that a progress
  /// handler or a task's cancellation watches gets a thread of its own, so that the calling
  /// thread can report and poll.
  @Test func aLoneWorkerThatNothingWatchesRunsOnTheCallingThread() async throws {
    @Sendable func run(progress: (@Sendable (Double) -> Void)?) throws -> (Int, Bool) {
      let starts = Lock(0)
      func start(_ body: @escaping @Sendable () -> Void) throws(PrimeEngineError) {
        starts.withLock { $0 += 1 }
        try DedicatedThread.start(body)
      }
      let caller = pthread_self()
      let onCaller = Lock(false)
      var reporter = ProgressReporter(progress)
      let work: @Sendable (Int, CancellationFlag) -> Void = { _, _ in
        onCaller.withLock { $0 = pthread_equal(pthread_self(), caller) != 0 }
      }
      try WorkerThreads.run(threads: 1, reporter: &reporter, progress: { 0 }, start: start, work)
      return (starts.withLock { $0 }, onCaller.withLock { $0 })
    }
    // On a thread of the engine's own: no task.
    let unwatched = try await DedicatedThread.run { _ in try run(progress: nil) }
    #expect(unwatched == (0, true))
    let reported = try await DedicatedThread.run { _ in try run(progress: { _ in }) }
    #expect(reported == (1, false))
    // In this test's task, which could be cancelled.
    let inTask = try run(progress: nil)
    #expect(inTask == (1, false))
  }

  @Test func noThreadAtAllIsAnError() async throws {
    @Sendable func refuse(_: @escaping @Sendable () -> Void) throws(PrimeEngineError) {
      throw .threadUnavailable
    }
    var reporter = ProgressReporter(nil)
    #expect(throws: PrimeEngineError.threadUnavailable) {
      try WorkerThreads.run(
        threads: 2, reporter: &reporter, progress: { 0 }, start: refuse,
        { _, _ in Issue.record("no work without a thread") })
    }
    await #expect(throws: PrimeEngineError.threadUnavailable) {
      try await DedicatedThread.run(start: refuse) { _ in 1 }
    }
    #expect(PrimeEngineError.threadUnavailable.description.contains("would not start a thread"))
  }
}
