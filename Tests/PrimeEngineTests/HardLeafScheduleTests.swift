import Testing

@testable import PrimeEngine

/// The hard leaves' chunks: every number handed out once, in order, in chunks of whole
/// granules no shorter than the shortest (but the last) and no longer than asked, sized by
/// what was measured, and tapering at the end.
struct HardLeafScheduleTests {
  /// Hands out every chunk, recording a processor time for each from `cost` (nanoseconds per
  /// number at a chunk's start) as a thread would after counting it.
  func chunks(
    _ schedule: inout HardLeafSchedule, cost: (UInt64) -> Double
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
      var schedule = HardLeafSchedule(high: high, threads: threads)
      // Dense near 10⁶, thinning like 1/√u above: the shape of the leaves.
      let list = chunks(&schedule) { u in 50 * (1_000_000 / Double(max(u, 1_000_000))).squareRoot()
      }
      #expect(list.first?.low == 1)
      #expect(list.last?.high == high)
      #expect(list.map(\.index) == Array(list.indices))
      // One expectation over all pairs: thousands of them each cost the test seconds.
      let wrong = zip(list, list.dropFirst()).filter { before, after in
        after.low != before.high + 1 || before.numbers % HardLeafSchedule.granule != 0
          || before.numbers < schedule.shortest
      }
      #expect(wrong.isEmpty, "\(wrong.prefix(3))")
      #expect(schedule.next() == nil && schedule.isFinished)
    }
  }

  /// Chunks take about the target where the cost is even, whatever the thread count, and
  /// the taper leaves none longer than half a thread's share of what was left.
  @Test(arguments: [1, 4, 16, 64])
  func chunksAreSizedByTheirMeasuredTimeAndTaper(threads: Int) {
    let high: UInt64 = 50_000_000_000
    var schedule = HardLeafSchedule(high: high, threads: threads, targetNanoseconds: 4_000_000)
    let list = chunks(&schedule) { _ in 2 }  // 2 ns a number: 2,000,000 numbers take 4 ms
    let tooLong = list.dropLast().filter { chunk in
      chunk.numbers > max(schedule.shortest, (high - chunk.low + 1) / UInt64(2 * threads))
    }
    #expect(tooLong.isEmpty, "\(tooLong.prefix(3))")
    // Past the first, the ramp (a 32nd of the start) and before the taper: the target.
    let steady = list.filter { $0.low > 64_000_000 && high - $0.high > 2_000_000 * 64 * 2 }
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
    var schedule = HardLeafSchedule(high: 1 << 40, threads: 8, targetNanoseconds: 4_000_000)
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

  @Test func theLargestChunkAskedForIsKept() {
    var schedule = HardLeafSchedule(high: 10_000_000, threads: 1, largest: 3 * 1_024 + 100)
    let list = chunks(&schedule) { _ in 0.001 }
    #expect(list.dropLast().allSatisfy { $0.numbers == 3 * 1_024 })
  }
}
