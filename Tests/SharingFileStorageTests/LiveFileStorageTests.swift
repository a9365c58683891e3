import Foundation
import Synchronization
import Testing

@testable import Sharing

/// The key over the real file system, in a temporary folder each: writes, watching, and the
/// writes counted.
final class LiveFileStorageTests {
  let folder: TemporaryFolder
  let url: URL
  let files = CountingFileSystem(LiveFileSystem())

  init() throws {
    folder = try TemporaryFolder()
    url = folder.url("value.json")
  }

  var writes: Int { files.writes.withLock { $0 } }

  func contents() throws -> Data { try Data(contentsOf: url) }

  /// Writes the file as another program would: in place, not atomically.
  func writeInPlace(_ data: Data) throws {
    let handle = try #require(FileHandle(forWritingAtPath: url.path))
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: data)
    try handle.close()
  }

  @Test func aValueRoundTripsThroughTheDisk() async throws {
    let key = key(url, files, as: [String].self)
    #expect(try key.loadNow(initial: []).get() == nil)
    try await key.saved(["a", "b"]).get()
    #expect(try contents() == json(["a", "b"]))
    #expect(try key.loadNow(initial: []).get() == ["a", "b"])
  }

  @Test func aReaderNeverSeesAPartialFile() async throws {
    let key = key(url, files, as: [Int].self)
    let small = Array(0..<10)
    let large = Array(0..<100_000)
    try await key.saved(small).get()
    let stop = Atomic(false)
    let reads = Atomic(0)
    let partial = Atomic(0)
    let reader = Thread { [url] in
      while !stop.load(ordering: .relaxed) {
        guard let data = try? Data(contentsOf: url) else { continue }
        reads.add(1, ordering: .relaxed)
        if data != json(small) && data != json(large) { partial.add(1, ordering: .relaxed) }
      }
    }
    reader.start()
    for round in 0..<20 {
      try await key.saved(round.isMultiple(of: 2) ? large : small, context: .userInitiated).get()
    }
    stop.store(true, ordering: .relaxed)
    #expect(reads.load(ordering: .relaxed) > 0)
    #expect(partial.load(ordering: .relaxed) == 0)
  }

  @Test func aBurstOfTenThousandChangesIsAtMostTwoWrites() async throws {
    // A two-second window rather than the default quarter second: on a machine saturated by
    // the rest of the suite the burst itself once outlasted the window (a third write).
    let files = CountingFileSystem(LiveFileSystem(coalescingWindow: .seconds(2)))
    let key = key(url, files, as: Int.self)
    let answered = Atomic(0)
    let failed = Atomic(0)
    for value in 1...10_000 {
      key.save(
        value, context: .didSet,
        continuation: SaveContinuation { result in
          if case .failure = result { failed.add(1, ordering: .relaxed) }
          answered.add(1, ordering: .relaxed)
        })
    }
    #expect(await eventually(timeout: .seconds(10)) { answered.load(ordering: .relaxed) == 10_000 })
    #expect(failed.load(ordering: .relaxed) == 0)
    #expect(files.writes.withLock { $0 } <= 2)
    #expect(try contents() == json(10_000))
  }

  @Test func writesNeverRunOnTheCallersThread() async throws {
    let key = key(url, files, as: Int.self)
    let onCaller = Mutex<Bool?>(nil)
    await withCheckedContinuation { continuation in
      let caller = pthread_self()
      key.save(
        1, context: .userInitiated,
        continuation: SaveContinuation { _ in
          onCaller.withLock { $0 = pthread_self() == caller }
          continuation.resume()
        })
    }
    #expect(onCaller.withLock { $0 } == false)
  }

  @Test func anotherProgramsWriteInPlaceIsSeenWithinASecond() async throws {
    let key = key(url, files, as: Int.self)
    let yields = Yields<Int>()
    let subscription = key.subscribe(context: .initialValue(0), subscriber: yields.subscriber)
    defer { subscription.cancel() }
    try await key.saved(1).get()
    try await key.saved(3, context: .userInitiated).get()
    try await Task.sleep(for: .milliseconds(300))
    #expect(yields.count == 0, "our own writes came back")

    try writeInPlace(json(2))
    #expect(await yields.wait(for: 1))
    #expect(try yields.last?.get() == 2)
  }

  @Test func anotherProgramsAtomicReplaceIsSeenWithinASecond() async throws {
    let key = key(url, files, as: Int.self)
    try await key.saved(1).get()
    let yields = Yields<Int>()
    let subscription = key.subscribe(context: .initialValue(0), subscriber: yields.subscriber)
    defer { subscription.cancel() }

    for value in [2, 3] {
      let temporary = folder.url("elsewhere.tmp")
      try json(value).write(to: temporary)
      #expect(rename(temporary.path, url.path) == 0)
      #expect(await yields.wait(for: value - 1))
      #expect(try yields.last?.get() == value)
    }
  }

  @Test func aDeletedFileGivesTheInitialValueAndARecreatedOneIsSeen() async throws {
    let key = key(url, files, as: Int.self)
    try await key.saved(1).get()
    let yields = Yields<Int>()
    let subscription = key.subscribe(context: .initialValue(0), subscriber: yields.subscriber)
    defer { subscription.cancel() }

    try FileManager.default.removeItem(at: url)
    #expect(await yields.wait(for: 1))
    #expect(try yields.last?.get() == nil)

    try json(8).write(to: url)
    #expect(await yields.wait(for: 2))
    #expect(try yields.last?.get() == 8)
  }

  @Test func twoFilesInOneFolderAreToldApart() async throws {
    let other = folder.url("other.json")
    let key = key(url, files, as: Int.self)
    let yields = Yields<Int>()
    let subscription = key.subscribe(context: .initialValue(0), subscriber: yields.subscriber)
    defer { subscription.cancel() }
    try json(5).write(to: other)
    try await Task.sleep(for: .milliseconds(300))
    #expect(yields.count == 0)
  }

  @Test func aCancelledSubscriptionHearsNothing() async throws {
    let yields = Yields<Int>()
    key(url, files, as: Int.self)
      .subscribe(context: .initialValue(0), subscriber: yields.subscriber)
      .cancel()
    try json(5).write(to: url)
    try await Task.sleep(for: .milliseconds(300))
    #expect(yields.count == 0)
  }

  @Test func aCorruptFileFailsToLoadAndIsKeptAsideBeforeAChangeReplacesIt() async throws {
    let corrupt = Data("[1, 2,".utf8)
    try corrupt.write(to: url)
    let key = key(url, files, as: [Int].self)
    // The decoder's own error, as swift-sharing's `loadError` is.
    let error = try #require(key.loadNow(initial: []).failure as? DecodingError)
    #expect(!FileStorageError.reason(of: error).isEmpty)

    #expect(await key.saved([]).failure != nil)
    #expect(try contents() == corrupt)

    try await key.saved([3]).get()
    #expect(try contents() == json([3]))
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    let copies = names.filter { $0.hasPrefix("value.json.corrupt-") }
    #expect(copies.count == 1)
    #expect(try Data(contentsOf: folder.url(copies[0])) == corrupt)
    #expect(names.filter { $0.hasSuffix(".tmp") } == [])
  }
}

/// What waits for its window when the program exits is written.
struct FlushTests {
  @Test func aFlushWritesTheChangeWaitingForItsWindowAtOnce() async throws {
    let folder = try TemporaryFolder()
    let url = folder.url("value.json")
    // An hour: a suite that keeps the machine's threads busy for a minute must not end the
    // window before the test looks (it did, under load, with a minute).
    let files = LiveFileSystem(coalescingWindow: .seconds(3_600))
    let key = key(url, files, as: Int.self)
    try await key.saved(1).get()
    let answered = Atomic(false)
    key.save(
      2, context: .didSet,
      continuation: SaveContinuation { _ in answered.store(true, ordering: .relaxed) })
    try await Task.sleep(for: .milliseconds(50))
    #expect(try Data(contentsOf: url) == json(1), "the window holds the change")

    files.flush()
    #expect(try Data(contentsOf: url) == json(2))
    #expect(answered.load(ordering: .relaxed) == true)
  }
}

/// A watched folder that goes away.
struct RemovedFolderTests {
  @Test func aRemovedFolderGivesTheInitialValueAndANewWatchOfItWorks() async throws {
    let folder = try TemporaryFolder()
    let url = folder.url("inner/value.json")
    let files = LiveFileSystem()
    let first = key(url, files, as: Int.self)
    try await first.saved(1).get()
    let yields = Yields<Int>()
    let subscription = first.subscribe(context: .initialValue(0), subscriber: yields.subscriber)
    defer { subscription.cancel() }

    try FileManager.default.removeItem(atPath: folder.path + "/inner")
    #expect(await yields.wait(for: 1))
    #expect(try yields.last?.get() == nil)

    let second = key(url, files, as: Int.self)
    let laterYields = Yields<Int>()
    let later = second.subscribe(context: .initialValue(0), subscriber: laterYields.subscriber)
    defer { later.cancel() }
    try json(4).write(to: url)
    #expect(await laterYields.wait(for: 1))
    #expect(try laterYields.last?.get() == 4)
  }
}
