import Testing

@testable import PrimeEngine

/// The hard leaves' chunks: every number handed out once, in order, in chunks of whole
/// granules no shorter than the shortest (but the last) and no longer than asked, sized by
/// what was measured, and tapering at the end.
struct HardLeafScheduleTests {
  /// Hands out every chunk, recording a processor time for each from `cost` (nanoseconds per
  /// number at a chunk's start) as a thread would after counting it.
  func chunks(
    _ schedule: HardLeafSchedule, cost: (UInt64) -> Double
  ) -> [HardLeafSchedule.Chunk] {
    var chunks: [HardLeafSchedule.Chunk] = []
    while let chunk = schedule.next() {
      chunks.append(chunk)
      schedule.record(
        numbers: chunk.numbers, nanoseconds: UInt64(cost(chunk.low) * Double(chunk.numbers)))
    }
    return chunks
  }

  @Test(arguments: [1, 2, 3, 16, 64])
  func everyNumberOnceInOrder(threads: Int) {
    for high: UInt64 in [1, 1_000, 32_768, 1_000_003, 821_679_105, 9_000_000_000] {
      let schedule = HardLeafSchedule(high: high, threads: threads)
      // Dense near 10⁶, thinning like 1/√u above: the shape of the leaves.
      let list = chunks(schedule) { u in 50 * (1_000_000 / Double(max(u, 1_000_000))).squareRoot()
      }
      #expect(list.first?.low == 1)
      #expect(list.last?.high == high)
      // One expectation over all pairs: thousands of them each cost the test seconds.
      let wrong = zip(list, list.dropFirst()).filter { before, after in
        after.low != before.high + 1 || before.numbers % HardLeafSchedule.granule != 0
          || before.numbers < schedule.shortest
      }
      #expect(wrong.isEmpty, "\(wrong.prefix(3))")
      #expect(schedule.next() == nil && schedule.isFinished)
    }
  }

  /// Chunks take about the target where the cost is even, whatever the thread count; the
  /// taper leaves none longer than a quarter of a thread's share of the time left, and on more
  /// than one thread the ramp none longer than a quarter of its start.
  @Test(arguments: [1, 4, 16, 64])
  func chunksAreSizedByTheirMeasuredTimeAndTaper(threads: Int) {
    let high: UInt64 = 50_000_000_000
    let schedule = HardLeafSchedule(high: high, threads: threads, targetNanoseconds: 4_000_000)
    let list = chunks(schedule) { _ in 2 }  // 2 ns a number: 2,000,000 numbers take 4 ms
    let tooLong = list.dropLast().filter { chunk in
      Double(chunk.numbers)
        > max(
          Double(schedule.shortest),
          HardLeafSchedule.taper(from: chunk.low, to: high, threads: threads))
    }
    #expect(tooLong.isEmpty, "\(tooLong.prefix(3))")
    let pastTheRamp = list.filter { chunk in
      threads > 1
        && chunk.numbers > max(schedule.shortest, chunk.low / schedule.rampDivisor)
    }
    #expect(pastTheRamp.isEmpty, "\(pastTheRamp.prefix(3))")
    // Past the ramp and before the taper: the target.
    let steady = list.filter {
      $0.low > 64_000_000
        && HardLeafSchedule.taper(from: $0.high, to: high, threads: threads) > 2_100_000
    }
    #expect(!steady.isEmpty)
    // Ending on the grid of segments from 1, it gives up less than a segment.
    let span = CountingSieve.segmentSpan
    let offTarget = steady.filter { chunk in
      chunk.numbers > 2_000_000 || chunk.numbers <= 2_000_000 - span || chunk.high % span != 0
    }
    #expect(offTarget.isEmpty, "\(offTarget.prefix(3))")
  }

  /// One cheap chunk among dear ones, or the cheap start finishing late, does not make the
  /// next chunk more than twice the one measured.
  @Test func aCheapMeasurementGrowsTheChunksAtMostTwofold() {
    let schedule = HardLeafSchedule(high: 1 << 40, threads: 8, targetNanoseconds: 4_000_000)
    var grownMore: [(UInt64, UInt64)] = []
    for _ in 0..<200 {
      guard let chunk = schedule.next() else { break }
      schedule.record(numbers: chunk.numbers, nanoseconds: 1)
      if let next = schedule.next() {
        if next.numbers > max(2 * chunk.numbers, schedule.shortest) {
          grownMore.append((chunk.numbers, next.numbers))
        }
        schedule.record(numbers: next.numbers, nanoseconds: 4_000_000)
      }
    }
    #expect(grownMore.isEmpty, "\(grownMore.prefix(3))")
  }

  /// Where a segment's own work is small beside its setup (sparse leaves), the taper does
  /// not cut it: every chunk past the ramp but the last is a segment or more, or ends on the
  /// grid of segments (its first, aligning). Without the setup, the taper cuts them shorter.
  @Test func aCheapSegmentIsNotCutBelowItsSetup() {
    let high: UInt64 = 100_000_000
    let span = CountingSieve.segmentSpan
    // 0.7 ns a number, and a setup such that a segment's work is two thirds of 16 setups.
    let setup = UInt64(Double(span) * 0.7 * 3 / 32)
    func shortChunks(setup: UInt64) -> [HardLeafSchedule.Chunk] {
      let schedule = HardLeafSchedule(
        high: high, threads: 16, targetNanoseconds: 4_000_000, segmentSetupNanoseconds: setup)
      return chunks(schedule) { _ in 0.7 }.dropLast().filter {
        $0.low / schedule.rampDivisor >= span && $0.numbers < span && $0.high % span != 0
      }
    }
    let cut = shortChunks(setup: setup)
    #expect(cut.isEmpty, "\(cut.prefix(3))")
    #expect(!shortChunks(setup: 0).isEmpty)
  }

  /// Threads taking chunks at once, each recording what it measured, take every number once.
  @Test(arguments: [2, 16])
  func threadsTakingChunksAtOnceTakeEachNumberOnce(threads: Int) throws {
    let high: UInt64 = 300_000_000
    let schedule = HardLeafSchedule(
      high: high, threads: threads, targetNanoseconds: 20_000, segmentSetupNanoseconds: 1_000)
    let taken = Lock<[HardLeafSchedule.Chunk]>([])
    var reporter = ProgressReporter(nil, isCancelled: { false })
    let work: @Sendable (Int, CancellationFlag) -> Void = { _, _ in
      var mine: [HardLeafSchedule.Chunk] = []
      while let chunk = schedule.next() {
        mine.append(chunk)
        schedule.record(numbers: chunk.numbers, nanoseconds: chunk.numbers / 64 + 1)
      }
      taken.withLock { $0 += mine }
    }
    try WorkerThreads.run(threads: threads, reporter: &reporter, progress: { 0 }, work)
    let list = taken.withLock { $0 }.sorted { $0.low < $1.low }
    #expect(list.count > 100)
    #expect(list.first?.low == 1 && list.last?.high == high)
    let gaps = zip(list, list.dropFirst()).filter { $1.low != $0.high + 1 }
    #expect(gaps.isEmpty, "\(gaps.prefix(3))")
  }

  @Test func theLargestChunkAskedForIsKept() {
    let schedule = HardLeafSchedule(high: 10_000_000, threads: 1, largest: 3 * 1_024 + 100)
    let list = chunks(schedule) { _ in 0.001 }
    #expect(list.dropLast().allSatisfy { $0.numbers == 3 * 1_024 })
  }

  /// Workers taking chunks side by side, each recording a chunk's time when it ends, as the
  /// count's do: the chunks ahead are handed out while those before are in flight. With the
  /// leaves' cost as measured at 2.7·10¹⁵ (per number, by the binary order of magnitude of u:
  /// steep from 2¹⁹, most at 2²⁰–2²², then thinning), the last worker ends within 1.15 times
  /// the mean: no chunk of the ramp outlasts a worker's share (on 64, ten chunks of 24–43 ms
  /// went out there, where the mean share was 14 ms).
  @Test(arguments: [4, 16, 64])
  func workersSideBySideEndTogether(threads: Int) {
    let rates: [Double] = [6.3, 68, 58, 26, 9.4, 3.75, 1.76, 1.06, 0.61, 0.51, 0.44]
    func cost(_ chunk: HardLeafSchedule.Chunk) -> Double {
      var total = 0.0
      var low = chunk.low
      while low <= chunk.high {
        let order = 63 - low.leadingZeroBitCount
        let end = min(chunk.high, (UInt64(1) << (order + 1)) - 1)
        let rate = order < 19 ? 1 : rates[min(order - 19, rates.count - 1)]
        total += rate * Double(end - low + 1)
        low = end + 1
      }
      return total
    }
    let schedule = HardLeafSchedule(
      high: 820_000_000, threads: threads, targetNanoseconds: 4_000_000,
      segmentSetupNanoseconds: 46_000)
    // Each worker's time so far and the chunk it is on; the first to end takes the next.
    var workers = [(time: Double, chunk: HardLeafSchedule.Chunk?)](
      repeating: (0, nil), count: threads)
    var ends: [Double] = []
    var largest = 0.0
    while let index = workers.indices.min(by: { workers[$0].time < workers[$1].time }) {
      if let done = workers[index].chunk {
        schedule.record(numbers: done.numbers, nanoseconds: UInt64(cost(done)))
      }
      guard let chunk = schedule.next() else {
        ends.append(workers.remove(at: index).time)
        continue
      }
      largest = max(largest, cost(chunk))
      workers[index] = (workers[index].time + cost(chunk), chunk)
    }
    let mean = ends.reduce(0, +) / Double(threads)
    #expect(ends.count == threads)
    #expect(ends.max()! <= 1.15 * mean, "largest chunk \(largest / 1e6) ms, mean \(mean / 1e6) ms")
  }
}
