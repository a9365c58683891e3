/// What each thread spent on one part of a computation, for ``PrimeCountDetails``: its wall
/// time, its processor time (`CLOCK_THREAD_CPUTIME_ID`) and the units of work it took.
///
/// For the parts that threads share outside ``GourdonPrimeCounting``'s own jobs (the factor
/// table, the n-th prime's last window): without it such a part could only be timed as a
/// whole, its busy time taken to be its wall time whatever the threads did. Each thread
/// records once per measured stretch, under a lock, so a part pays two clock reads and a
/// lock a thread, not a unit.
///
/// ```swift
/// let times = ThreadTimes()
/// let fill: @Sendable (Int, CancellationFlag) throws -> Void = { worker, stop in
///   try times.measure(thread: worker) { taken in
///     while case let part = next.take(), part < parts {
///       taken += 1
///       try table.fill(part: part, of: parts, primes: pi.primes, isCancelled: { stop.isSet })
///     }
///   }
/// }
/// try WorkerThreads.run(threads: parts, reporter: &reporter, progress: { 0 }, fill)
/// details.add(
///   times.phase(named: name, wallSeconds: Double(monotonicNanoseconds() &- start) / 1e9))
/// ```
final class ThreadTimes: Sendable {
  private struct Record {
    let thread: Int
    var wall: UInt64 = 0
    var busy: UInt64 = 0
    var units = 0
    /// Wall time inside ``waiting(thread:_:)``, counted apart from the work's.
    var waiting: UInt64 = 0
  }

  private let records = Lock<[Record]>([])

  /// Runs `body`, which counts the units of work it takes in `units`, and adds its wall and
  /// processor time to `thread`'s (any number that names one thread of the part). A thread
  /// that took no unit is not counted.
  func measure<Result, Failure: Error>(
    thread: Int, _ body: (_ units: inout Int) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let (wall, busy) = (monotonicNanoseconds(), threadProcessorNanoseconds())
    var units = 0
    defer {
      if units > 0 {
        add(
          Record(
            thread: thread, wall: monotonicNanoseconds() &- wall,
            busy: threadProcessorNanoseconds() &- busy, units: units))
      }
    }
    return try body(&units)
  }

  /// Runs `body`, in which `thread` waits for others (the calling thread of a part, for the
  /// workers it started): that wall time is the thread's waiting, not its work.
  func waiting<Result, Failure: Error>(
    thread: Int, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let start = monotonicNanoseconds()
    defer { add(Record(thread: thread, waiting: monotonicNanoseconds() &- start)) }
    return try body()
  }

  private func add(_ record: Record) {
    records.withLock { records in
      guard let index = records.firstIndex(where: { $0.thread == record.thread }) else {
        return records.append(record)
      }
      records[index].wall &+= record.wall
      records[index].busy &+= record.busy
      records[index].units &+= record.units
      records[index].waiting &+= record.waiting
    }
  }

  /// The part as `--verbose` shows it: the threads' summed wall time at work (their waits
  /// apart), busy time (the sum, the least and the most one thread spent), the units taken
  /// and the threads that took any; `wallSeconds` from its start to its end.
  func phase(named name: String, wallSeconds: Double) -> PrimeCountDetails.Phase {
    let records = records.withLock { $0 }.filter { $0.units > 0 }
    let busy = records.map(\.busy)
    let waiting = records.reduce(0) { $0 + $1.waiting }
    return PrimeCountDetails.Phase(
      name: name, seconds: Double(records.reduce(0) { $0 + $1.wall } &- waiting) / 1e9,
      wallSeconds: wallSeconds, busySeconds: Double(busy.reduce(0, +)) / 1e9,
      leastBusySeconds: Double(busy.min() ?? 0) / 1e9,
      mostBusySeconds: Double(busy.max() ?? 0) / 1e9, waitingSeconds: Double(waiting) / 1e9,
      jobs: records.reduce(0) { $0 + $1.units }, threads: records.count)
  }
}
