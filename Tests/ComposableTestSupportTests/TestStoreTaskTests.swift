import ComposableTestSupport
import Synchronization
import Testing

/// `TestStoreTask(rawValue:timeout:)`, as TCA's tests make one from a task of their own.
@MainActor
@Suite struct TestStoreTaskFromATaskTests {
  @Test func finishWaitsForTheTask() async {
    let done = Mutex(false)
    let task = TestStoreTask(
      rawValue: Task {
        try? await Task.sleep(for: .milliseconds(50))
        done.withLock { $0 = true }
      }, timeout: 5_000_000_000)
    await task.finish()
    #expect(done.withLock { $0 })
  }

  @Test func aTaskStillRunningAfterTheTimeoutIsReported() async {
    let forever = Task<Void, Never> { try? await Task.sleep(for: .seconds(3600)) }
    let task = TestStoreTask(rawValue: forever, timeout: 20_000_000)
    await withKnownIssue {
      await task.finish()
    } matching: {
      $0.description.contains("still in-flight after")
    }
    await task.cancel()
    #expect(forever.isCancelled && task.isCancelled)
  }

  @Test func noTaskIsFinishedAtOnce() async {
    let task = TestStoreTask(rawValue: nil, timeout: 0)
    await task.finish()
    #expect(task.isCancelled)
  }

  /// TCA 1.x's current spelling, with a `Duration`.
  @Test func theTimeoutIsADuration() async {
    let forever = Task<Void, Never> { try? await Task.sleep(for: .seconds(3600)) }
    // The report names the timeout waited for (read as 20 ms, not 20 ns or 20 s); a wall-clock
    // bound would fail whenever the machine is busy.
    await withKnownIssue {
      await TestStoreTask(rawValue: forever, timeout: .milliseconds(20)).finish()
    } matching: {
      $0.description.contains("still in-flight after 0.02 seconds")
    }
    forever.cancel()
    let task = TestStoreTask(rawValue: nil, timeout: .seconds(1))
    await task.finish()
  }
}

/// Made outside the main actor, as TCA's canary tests make one.
@Test func aTestStoreTaskIsMadeAnywhere() async {
  let task = TestStoreTask(rawValue: Task {}, timeout: .seconds(1))
  await task.finish()
  let none = TestStoreTask(rawValue: nil, timeout: 1_000_000_000)
  await none.finish()
}
