import CustomDump
import Foundation
import IdentifiedCollections
import Sharing
import Synchronization
import Testing

/// The value and its references: swift-sharing's SharedTests, as far as they mean something
/// on Linux.
struct SharedTests {
  @Test func copiesShareTheValue() {
    let count = Shared(value: 0)
    let copy = count
    copy.withLock { $0 += 1 }
    #expect(count.wrappedValue == 1)
    #expect(count.withLock { $0 } == 1)
  }

  @Test func propertyWrapper() {
    struct State {
      @Shared var count: Int
    }
    let state = State(count: Shared(value: 3))
    state.$count.withLock { $0 *= 2 }
    #expect(state.count == 6)
  }

  @Test func withLockReturnsAndRethrows() throws {
    struct Failure: Error {}
    let count = Shared(value: 1)
    let doubled = count.withLock { value -> Int in
      value += 1
      return value * 2
    }
    #expect(doubled == 4)
    #expect(throws: Failure.self) {
      try count.withLock { _ in throw Failure() }
    }
    #expect(count.wrappedValue == 2)
  }

  @Test func withLockIsReentrant() {
    let count = Shared(value: 1)
    count.withLock { value in
      // Reading through another copy inside the lock: a recursive lock does not deadlock.
      value += count.wrappedValue
    }
    #expect(count.wrappedValue == 2)
  }

  /// Two threads, each changing a list and reading it back inside the same `withLock`: each
  /// read sees the change in progress (its own append), none sees a half-made list, and no
  /// change is lost. `_value` is not checked for exclusivity, for this read (run under the
  /// address and thread sanitizers by `Scripts/sanitize`).
  @Test func aWithLockBodyReadsTheValueItChangesOnTwoThreads() async {
    let names = Shared(value: [String]())
    let reader = SharedReader(names)
    let results = await withTaskGroup(of: Bool.self) { group in
      for thread in 0..<2 {
        group.addTask {
          var sawItsOwnChange = true
          for round in 0..<2_000 {
            names.withLock { list in
              list.append("\(thread)-\(round)")
              let read = reader.wrappedValue
              sawItsOwnChange =
                sawItsOwnChange && read.count == list.count
                && read.last == "\(thread)-\(round)"
            }
          }
          return sawItsOwnChange
        }
      }
      return await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(results == [true, true])
    #expect(names.wrappedValue.count == 4_000)
  }

  @available(*, deprecated)
  @Test func settingTheWrappedValueForwardsToWithLock() {
    @Shared(value: 1) var count: Int
    count = 5
    #expect(count == 5)
  }

  @Test func dynamicMemberWritesThroughTheWhole() {
    struct Profile: Equatable {
      var name = "Blob"
      var stats = Stats()
      struct Stats: Equatable { var visits = 0 }
    }
    let profile = Shared(value: Profile())
    let visits = profile.stats.visits
    visits.withLock { $0 += 1 }
    #expect(profile.wrappedValue.stats.visits == 1)
    profile.withLock { $0.stats.visits = 10 }
    #expect(visits.wrappedValue == 10)
  }

  @Test func derivedValuesReadThroughEveryKindOfPath() {
    // Stored properties are read at their offset; a computed property, a subscript and a
    // path through a class go through the key path: each reads and writes the same value.
    final class Box: @unchecked Sendable { var count = 0 }
    struct Model {
      var pair = (first: 1, second: 2)
      var numbers = [10, 20, 30]
      var box = Box()
      var doubled: Int {
        get { pair.second * 2 }
        set { pair.second = newValue / 2 }
      }
    }
    let model = Shared(value: Model())
    let second = model.pair.second
    let doubled = model.doubled
    let middle = model.numbers[1]
    let boxed = model.box.count
    func values() -> [Int] {
      [second.wrappedValue, doubled.wrappedValue, middle.wrappedValue, boxed.wrappedValue]
    }
    #expect(values() == [2, 4, 20, 0])
    model.withLock {
      $0.pair.second = 5
      $0.numbers[1] = 21
      $0.box.count = 3
    }
    #expect(values() == [5, 10, 21, 3])
    doubled.withLock { $0 = 14 }
    #expect(second.wrappedValue == 7)
  }

  @Test func readOnlyKeyPathGivesAReader() {
    let numbers = Shared(value: [1, 2, 3])
    let count: SharedReader<Int> = numbers.count
    numbers.withLock { $0.append(4) }
    #expect(count.wrappedValue == 4)
    let sum = numbers.read { $0.reduce(0, +) }
    #expect(sum.wrappedValue == 10)
  }

  @Test func unwrappingAnOptional() throws {
    let name = Shared<String?>(value: "Blob")
    let unwrapped = try #require(Shared(name))
    unwrapped.withLock { $0 += " Jr." }
    #expect(name.wrappedValue == "Blob Jr.")
    name.withLock { $0 = nil }
    // Gone: the last value stays readable, and changes to it reach no one.
    #expect(unwrapped.wrappedValue == "Blob Jr.")
    unwrapped.withLock { $0 = "Blob Sr." }
    #expect(name.wrappedValue == nil)
    #expect(unwrapped.wrappedValue == "Blob Sr.")
    #expect(Shared(Shared<Int?>(value: nil)) == nil)
  }

  /// A `withLock` body may read the value it changes, before the optional goes and after
  /// (after, it trapped: the body held the last value while the read recorded it).
  @Test func anUnwrappedOptionalsWithLockReadsItself() throws {
    let name = Shared<String?>(value: "Blob")
    let unwrapped = try #require(Shared(name))
    unwrapped.withLock { $0 = unwrapped.wrappedValue + " Jr." }
    #expect(name.wrappedValue == "Blob Jr.")
    name.withLock { $0 = nil }
    unwrapped.withLock { $0 = unwrapped.wrappedValue + "!" }
    #expect(unwrapped.wrappedValue == "Blob Jr.!")
    #expect(name.wrappedValue == nil)
  }

  @Test func identifiedArrayElements() throws {
    struct Row: Identifiable, Equatable {
      let id: Int
      var title: String
    }
    let rows = Shared(
      value: IdentifiedArrayOf<Row>(uniqueElements: [
        Row(id: 1, title: "One"), Row(id: 2, title: "Two"),
      ]))
    let shared = Array(rows)
    #expect(shared.map(\.id) == [1, 2])
    // Each follows its element by id, even after the array is reordered.
    rows.withLock { $0.reverse() }
    shared[0].withLock { $0.title = "Uno" }
    #expect(rows.wrappedValue[id: 1]?.title == "Uno")
    #expect(rows.wrappedValue.map(\.title) == ["Two", "Uno"])
    let second = try #require(Shared(rows[id: 2]))
    #expect(second.wrappedValue.title == "Two")
    #expect(Shared(rows[id: 3]) == nil)
  }

  /// `Array($names)` for any identified collection: ids by a key path, and readers.
  @Test func identifiedCollectionsOfEveryKind() {
    let names = Shared(value: IdentifiedArray(uniqueElements: ["Blob", "Blob Jr."], id: \.self))
    let shared = Array(names)
    #expect(shared.map(\.wrappedValue) == ["Blob", "Blob Jr."])
    let reader = SharedReader(names)
    let readers: [SharedReader<String>] = Array(reader)
    names.withLock { $0.append("Blob Sr.") }
    #expect(readers.map(\.wrappedValue) == ["Blob", "Blob Jr."])
    #expect(Array(reader).map(\.wrappedValue) == ["Blob", "Blob Jr.", "Blob Sr."])
    #expect(ContiguousArray(names).count == 3)
  }

  @Test func equalityIsByValue() {
    let lhs = Shared(value: 1)
    let rhs = Shared(value: 1)
    #expect(lhs == rhs)
    rhs.withLock { $0 = 2 }
    #expect(lhs != rhs)
  }

  @Test func identifiableForwardsToTheValue() {
    struct Item: Identifiable { let id: String }
    #expect(Shared(value: Item(id: "a")).id == "a")
  }

  @Test func readers() {
    let count = Shared(value: 1)
    let reader = SharedReader(count)
    count.withLock { $0 = 2 }
    #expect(reader.wrappedValue == 2)
    #expect(SharedReader(value: 3).wrappedValue == 3)
    #expect(reader == SharedReader(value: 2))
  }

  @Test func dumpAndDescription() {
    struct State {
      @Shared var count: Int
    }
    let state = State(count: Shared(value: 1))
    #expect(String(customDumping: state).contains("_count: 1"))
    #expect(String(describing: state.$count) == "Shared<Int>(value: 1)")
  }

  /// A reassignment reaches every copy, as swift-sharing's box does: a child handed `$count`
  /// earlier follows it. A value derived before it keeps the reference it was made from.
  @Test func replacingTheReference() {
    struct State {
      @Shared var count: Int
    }
    let state = State(count: Shared(value: 1))
    let copy = state.$count
    let child = State(count: state.$count)
    let reader = SharedReader(state.$count)
    state.$count = Shared(value: 10)
    state.$count.withLock { $0 += 1 }
    #expect(state.count == 11)
    #expect(copy.wrappedValue == 11)
    #expect(child.count == 11)
    #expect(reader.wrappedValue == 1)
    copy.withLock { $0 += 1 }
    #expect(state.count == 12)
  }

  @Test func replacingAReaderReachesItsCopies() {
    @Shared(value: "Blob") var name
    @SharedReader(value: "") var header
    let copy = $header
    $header = SharedReader($name)
    #expect(copy.wrappedValue == "Blob")
    $name.withLock { $0 = "Blob Jr." }
    #expect(copy.wrappedValue == "Blob Jr.")
  }

  @Test func concurrentChangesAreAtomic() async {
    let count = Shared(value: 0)
    let reader = SharedReader(count)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 {
        group.addTask {
          for _ in 0..<100 {
            count.withLock { $0 += 1 }
            _ = reader.wrappedValue
          }
        }
      }
    }
    #expect(count.wrappedValue == 10_000)
  }

  /// Eight threads of their own (more than the cores, so holders are preempted and others find
  /// the lock taken and sleep), each changing one value and reading it inside its change: the
  /// value's lock lets one thread in at a time, takes its holder again, and wakes every waiter.
  /// A lost wake-up hangs the test; a lock that lets two in loses changes (and the thread
  /// sanitizer, under `Scripts/sanitize`, reports the race on the value). No time limit: under
  /// the sanitizer, beside the rest of the suite, the threads take half a minute, and the
  /// test's own task waits longer for a thread of the pool.
  @Test func changesOnMoreThreadsThanCoresAreNeverLost() async {
    let count = Shared(value: 0)
    let reader = SharedReader(count)
    let sawTheirOwnChange = await onThreadsOfTheirOwn(8) { _ in
      var sawItsOwnChange = true
      for _ in 0..<1_000 {
        count.withLock { value in
          value += 1
          sawItsOwnChange = sawItsOwnChange && reader.wrappedValue == value
        }
      }
      return sawItsOwnChange
    }
    #expect(count.wrappedValue == 8_000)
    #expect(sawTheirOwnChange == Array(repeating: true, count: 8))
  }

  /// A holder that keeps the lock a while (it sleeps in its change) while four threads queue
  /// for it: each of them sleeps until its turn, and all get one.
  @Test func threadsWaitingForALongChangeAllGetTheirTurn() async {
    let count = Shared(value: 0)
    let holding = DispatchSemaphore(value: 0)
    _ = await onThreadsOfTheirOwn(5) { thread in
      if thread == 0 {
        count.withLock { value in
          // The others start once the holder has the lock.
          for _ in 0..<4 { holding.signal() }
          Thread.sleep(forTimeInterval: 0.05)
          value += 100
        }
      } else {
        holding.wait()
        count.withLock { $0 += 1 }
      }
      return true
    }
    #expect(count.wrappedValue == 104)
  }

  /// Copies read and changed on several threads while one thread keeps reassigning them: every
  /// read is a value some reference held, every change lands in the reference of its moment,
  /// and the box never hands out a reference being replaced (run under AddressSanitizer by
  /// `Scripts/sanitize address`).
  @Test func reassignmentsWhileCopiesAreReadAndChangedOnOtherThreads() async {
    let shared = Shared(value: 0)
    // A reader keeps the reference it was made from: the first one's value, at the end.
    let first = SharedReader(shared)
    let replacements = (1...200).map { Shared(value: $0 * 10_000) }
    await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        for replacement in replacements { shared.projectedValue = replacement }
        return true
      }
      for _ in 0..<3 {
        let copy = shared
        group.addTask {
          var wellFormed = true
          for _ in 0..<2_000 {
            copy.withLock { $0 += 1 }
            // A value of one reference: a multiple of 10,000 and at most 6,000 adds.
            wellFormed = wellFormed && copy.wrappedValue % 10_000 <= 6_000
          }
          return wellFormed
        }
      }
      for await wellFormed in group { #expect(wellFormed) }
    }
    // Every change went to the reference of its moment: the adds, over all, are 6,000.
    let added =
      first.wrappedValue
      + replacements.enumerated().reduce(0) { sum, pair in
        sum + pair.element.wrappedValue - (pair.offset + 1) * 10_000
      }
    #expect(added == 6_000)
    #expect(shared.wrappedValue == replacements.last?.wrappedValue)
  }

  /// Readers of an unwrapped optional, on three threads at once while a fourth changes it,
  /// read whole values and never crash. Each read records the wrapped value as the last one
  /// (what it gives once the optional is `nil`): `SharedReader($optional)` recorded it without a
  /// lock, and readers racing on a value with storage of its own (an array of strings) crashed
  /// the process. Both ways of unwrapping are read, the reader's (of a value and of one derived
  /// from it) and the writable one's.
  @Test func readersOfAnUnwrappedOptionalOnSeveralThreads() async {
    let names = Shared<[String]?>(value: ["first name, long enough to be stored apart"])
    let readers = [
      // A value made afresh at each read: every read records a new one.
      SharedReader(names.read { $0.map { $0.map { $0 } } })!,
      SharedReader(SharedReader(names))!,
      SharedReader(Shared(names)!),
    ]
    let torn = Atomic(0)
    let (start, finished) = (DispatchSemaphore(value: 0), DispatchGroup())
    func onThread(_ body: @escaping @Sendable () -> Void) {
      finished.enter()
      Thread.detachNewThread {
        // All four start together: the readers race from their first read.
        start.wait()
        body()
        finished.leave()
      }
    }
    let readersLeft = Atomic(3)
    onThread {
      var round = 0
      while readersLeft.load(ordering: .relaxed) > 0 {
        round += 1
        names.withLock {
          $0 = round.isMultiple(of: 50) ? nil : [String(repeating: "name \(round) ", count: 4)]
        }
      }
    }
    for _ in 0..<3 {
      onThread {
        for reader in readers {
          for _ in 0..<200_000 where reader.wrappedValue.count != 1 {
            torn.add(1, ordering: .relaxed)
          }
        }
        readersLeft.subtract(1, ordering: .relaxed)
      }
    }
    for _ in 0..<4 { start.signal() }
    await withCheckedContinuation { continuation in
      finished.notify(queue: .global()) { continuation.resume() }
    }
    #expect(torn.load(ordering: .relaxed) == 0)
  }

  @Test func concurrentChangesToAPersistedValueAndItsFields() async {
    struct Pair: Equatable {
      var left = 0
      var right = 0
    }
    @Shared(.inMemory("pair")) var pair = Pair()
    let left = $pair.left
    let right = $pair.right
    let observed = $pair.publisher.values
    // Reads each change from yet another thread, until cancelled.
    let watcher = Task {
      var last = Pair()
      for await value in observed { last = value }
      return last
    }
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<20 {
        group.addTask {
          for _ in 0..<50 {
            if index.isMultiple(of: 2) {
              left.withLock { $0 += 1 }
            } else {
              right.withLock { $0 += 1 }
            }
            // The same key from another thread: the same reference.
            @Shared(.inMemory("pair")) var same = Pair()
            _ = same.left
          }
        }
      }
    }
    #expect(pair == Pair(left: 500, right: 500))
    watcher.cancel()
    _ = await watcher.value
  }

  /// A field named `values` is reached through `$state.values` (a `values` property of
  /// `Shared` itself hid it: `$readings.values` was the stream).
  @Test func aFieldNamedValuesIsReachedByDynamicMember() {
    struct Readings: Equatable {
      var values: [Int] = []
      var publisherName = "sensor"
    }
    let readings = Shared(value: Readings())
    let values: Shared<[Int]> = readings.values
    values.withLock { $0.append(7) }
    #expect(readings.wrappedValue.values == [7])
    let reader: SharedReader<[Int]> = SharedReader(readings).values
    #expect(reader.wrappedValue == [7])
  }

  @Test func valuesStreamsTheChanges() async {
    let count = Shared(value: 0)
    var iterator = count.publisher.values.makeAsyncIterator()
    #expect(await iterator.next() == 0)
    count.withLock { $0 = 1 }
    #expect(await iterator.next() == 1)
    count.withLock { $0 = 2 }
    count.withLock { $0 = 3 }
    // Faster than it is read: the latest value.
    #expect(await iterator.next() == 3)
  }
}

/// Runs `body` on `count` threads of their own, not the concurrency pool's (which has as many
/// threads as cores, so its tasks never outnumber them), and returns their results in order.
/// The caller awaits without holding a thread of the pool.
private func onThreadsOfTheirOwn<T: Sendable>(
  _ count: Int, _ body: @escaping @Sendable (Int) -> T
) async -> [T] {
  await withCheckedContinuation { continuation in
    let results = Mutex([Int: T]())
    for thread in 0..<count {
      Thread {
        let result = body(thread)
        let all = results.withLock { results -> [T]? in
          results[thread] = result
          return results.count == count ? (0..<count).map { results[$0]! } : nil
        }
        if let all { continuation.resume(returning: all) }
      }.start()
    }
  }
}
