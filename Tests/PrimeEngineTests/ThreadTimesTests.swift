import Testing

@testable import PrimeEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A part's threads measured one by one: the threads that took units, the units, and the
/// calling thread's waits for the others kept apart from its work.
struct ThreadTimesTests {
  @Test func theThreadsThatTookUnitsAreCounted() async throws {
    let phase = try await onOwnThread { () throws -> PrimeCountDetails.Phase in
      let times = ThreadTimes()
      var reporter = ProgressReporter(nil)
      // Three workers: two take two units each and sleep 20 ms at work, one takes none.
      try WorkerThreads.run(threads: 3, reporter: &reporter, progress: { 0 }) { worker, _ in
        times.measure(thread: worker) { units in
          guard worker < 2 else { return }
          units = 2
          usleep(20_000)
        }
      }
      return times.phase(named: "part", wallSeconds: 0.5)
    }
    #expect(phase.name == "part" && phase.wallSeconds == 0.5)
    #expect(phase.threads == 2)
    #expect(phase.jobs == 4)
    #expect(phase.seconds >= 0.04)
    #expect(phase.waitingSeconds == 0)
    #expect(phase.leastBusySeconds <= phase.mostBusySeconds)
    #expect(phase.mostBusySeconds <= phase.busySeconds && phase.busySeconds > 0)
    // Asleep, a thread is not busy.
    #expect(phase.busySeconds < phase.seconds)
  }

  /// The calling thread of a part that waits for its workers: the wait is its waiting, not
  /// its work (else the part's summed seconds would count the workers' time twice).
  ///
  /// A wait of a second, against half of it for the work: beside the whole suite on two
  /// loaded processors, the few instructions around a wait of 0.1 s once measured 72 ms.
  @Test func aWaitIsKeptApartFromTheWork() {
    let times = ThreadTimes()
    times.measure(thread: 0) { units in
      units = 1
      times.waiting(thread: 0) { _ = usleep(1_000_000) }
    }
    let phase = times.phase(named: "part", wallSeconds: 1)
    #expect(phase.threads == 1 && phase.jobs == 1)
    #expect(phase.waitingSeconds >= 1)
    #expect(phase.seconds < 0.5, "the wait counted as work would make it 1 s or more")
  }
}
