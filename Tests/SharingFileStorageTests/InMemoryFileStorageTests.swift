import Dependencies
import Foundation
import Synchronization
import Testing

@testable import Sharing

/// The key's rules, deterministic: over a file system in memory, whose writes run at once or
/// when the test says.
struct InMemoryFileStorageTests {
  let url = URL(fileURLWithPath: "/nowhere/settings.json")

  struct Settings: Codable, Equatable, Sendable {
    var name: String
    var volume: Int
  }

  @Test func aValueRoundTripsAsSortedPrettyJSON() async throws {
    let files = InMemoryFileSystem()
    let first = key(url, files, as: Settings.self)
    #expect(try first.loadNow(initial: Settings(name: "a", volume: 1)).get() == nil)

    let saved = Settings(name: "b/c", volume: 2)
    try await first.saved(saved).get()
    let text = String(decoding: try #require(files.files[url.path]), as: UTF8.self)
    #expect(text == "{\n  \"name\" : \"b/c\",\n  \"volume\" : 2\n}")

    let second = key(url, files, as: Settings.self)
    #expect(try second.loadNow(initial: Settings(name: "a", volume: 1)).get() == saved)
  }

  @Test func anEmptyFileGivesTheInitialValue() throws {
    let files = InMemoryFileSystem()
    files.set(Data(), at: url.path)
    #expect(try key(url, files, as: Int.self).loadNow(initial: 7).get() == nil)
  }

  @Test func testsUseAFreshFileSystemInMemoryAndNeverTheDisk() async throws {
    let folder = try TemporaryFolder()
    let url = folder.url("never.json")
    @Dependency(\.defaultFileStorage) var storage
    #expect(storage.fileSystem is InMemoryFileSystem)
    #expect(storage != FileStorage.inMemory)
    let key: FileStorageKey<Int> = .fileStorage(url)
    try await key.saved(3).get()
    #expect(!FileManager.default.fileExists(atPath: url.path))
    #expect(try key.loadNow(initial: 0).get() == 3)
  }

  /// What the keys of a file share goes with the last of them: files opened and let go leave
  /// no entry (each new file scanned every entry, and a dropped one kept its path).
  @Test func filesWhoseKeysWentLeaveNoEntry() {
    let folder = URL(fileURLWithPath: "/opened-and-dropped-\(UInt64.random(in: 0...UInt64.max))")
    let storage = FileStorage.inMemory
    withDependencies {
      $0.defaultFileStorage = storage
    } operation: {
      var kept: [FileStorageKey<Int>] = []
      for index in 0..<2_000 {
        let key: FileStorageKey<Int> = .fileStorage(folder.appending(path: "\(index).json"))
        if index.isMultiple(of: 1_000) { kept.append(key) }
      }
      #expect(openFileCount(in: folder) == 2)
      kept.removeAll()
      #expect(openFileCount(in: folder) == 0)
    }
  }

  @Test func keysOfTheSameFileAndStorageHaveOneIdentity() {
    let files = FileStorage.inMemory
    let one: FileStorageKey<Int> = withDependencies {
      $0.defaultFileStorage = files
    } operation: {
      .fileStorage(URL(fileURLWithPath: "/a/../b.json"))
    }
    let two: FileStorageKey<Int> = withDependencies {
      $0.defaultFileStorage = files
    } operation: {
      .fileStorage(URL(fileURLWithPath: "/b.json"))
    }
    let elsewhere: FileStorageKey<Int> = withDependencies {
      $0.defaultFileStorage = .inMemory
    } operation: {
      .fileStorage(URL(fileURLWithPath: "/b.json"))
    }
    #expect(one.id == two.id)
    #expect(one.id != elsewhere.id)
  }

  @Test func anotherProgramsChangeReachesTheSubscriberAndOurOwnWritesDoNot() async throws {
    let files = InMemoryFileSystem()
    let key = key(url, files, as: Int.self)
    let yields = Yields<Int>()
    let subscription = key.subscribe(context: .initialValue(0), subscriber: yields.subscriber)
    defer { subscription.cancel() }

    try await key.saved(1).get()
    #expect(yields.count == 0)

    files.set(json(5), at: url.path)
    #expect(try yields.last?.get() == 5)
    files.set(json(5), at: url.path)
    #expect(yields.count == 1)

    files.set(nil, at: url.path)
    #expect(yields.count == 2)
    #expect(try yields.last?.get() == nil)
  }

  /// Two keys of one file subscribed at once (a value released and made again while the old
  /// one's subscription lives) both hear another program's change, once each: they share what
  /// is known of the file, so the second found the change known and heard nothing.
  @Test func twoSubscriptionsOfOneFileBothHearAChange() throws {
    let files = InMemoryFileSystem()
    let (first, second) = (key(url, files, as: Int.self), key(url, files, as: Int.self))
    let (firstYields, secondYields) = (Yields<Int>(), Yields<Int>())
    let subscriptions = [
      first.subscribe(context: .initialValue(0), subscriber: firstYields.subscriber),
      second.subscribe(context: .initialValue(0), subscriber: secondYields.subscriber),
    ]
    defer { for subscription in subscriptions { subscription.cancel() } }

    files.set(json(5), at: url.path)
    #expect(try firstYields.last?.get() == 5)
    #expect(try secondYields.last?.get() == 5)
    #expect(firstYields.count == 1 && secondYields.count == 1)
  }

  @Test func aCancelledSubscriptionHearsNothing() {
    let files = InMemoryFileSystem()
    let yields = Yields<Int>()
    key(url, files, as: Int.self)
      .subscribe(context: .initialValue(0), subscriber: yields.subscriber)
      .cancel()
    files.set(json(5), at: url.path)
    #expect(yields.count == 0)
  }

  @Test func aCorruptFileFailsToLoadAndIsNotReplacedByTheValueThatStoodInForIt() async throws {
    let files = InMemoryFileSystem()
    let corrupt = Data("{ not json".utf8)
    files.set(corrupt, at: url.path)
    let key = key(url, files, as: [Int].self)

    // The decoder's own error, as swift-sharing's `loadError` is.
    let error = try #require(key.loadNow(initial: []).failure as? DecodingError)
    guard case .dataCorrupted = error else {
      Issue.record("expected the decoder's dataCorrupted, got \(error)")
      return
    }
    #expect(FileStorageError.reason(of: error).contains("not valid JSON"))

    // Saving the initial value, which only stands in for the file, is refused, explicit or not.
    for context in [SaveContext.didSet, .userInitiated] {
      let refusal = try #require(await key.saved([], context: context).failure)
      #expect("\(refusal)".contains("until the value is changed"))
      #expect(files.files == [url.path: corrupt])
    }

    // A change of the user's replaces it, once a copy is kept aside.
    try await key.saved([1]).get()
    #expect(files.files == [url.path: json([1]), url.path + ".corrupt-1": corrupt])
  }

  @Test func aFileFixedMeanwhileIsReplacedWithoutACopy() async throws {
    let files = InMemoryFileSystem()
    files.set(Data("oops".utf8), at: url.path)
    let key = key(url, files, as: Int.self)
    #expect(key.loadNow(initial: 0).failure != nil)
    files.set(json(4), at: url.path)
    try await key.saved(0).get()
    #expect(files.files == [url.path: json(0)])
  }

  @Test func aFileFixedToHoldNilIsReplacedWithoutARefusal() async throws {
    let files = InMemoryFileSystem()
    files.set(Data("oops".utf8), at: url.path)
    let key = key(url, files, as: Int?.self)
    #expect(key.loadNow(initial: nil).failure != nil)
    files.set(Data("null".utf8), at: url.path)
    try await key.saved(nil).get()
    #expect(files.files == [url.path: Data("null".utf8)])
  }

  @Test func aCorruptChangeFromAnotherProgramIsReportedOnceAndGuarded() async throws {
    let files = InMemoryFileSystem()
    let key = key(url, files, as: Int.self)
    let yields = Yields<Int>()
    let subscription = key.subscribe(context: .initialValue(0), subscriber: yields.subscriber)
    defer { subscription.cancel() }
    #expect(try key.loadNow(initial: 0).get() == nil)
    try await key.saved(2).get()

    files.set(Data("garbage".utf8), at: url.path)
    files.set(Data("garbage".utf8), at: url.path)
    #expect(yields.count == 1)
    #expect(yields.last?.failure is DecodingError)
    // The shared value is still 2: saving it would lose the file.
    #expect(await key.saved(2).failure != nil)
    #expect(files.files[url.path] == Data("garbage".utf8))
  }

  @Test func whileAWriteOfOursWaitsAnotherProgramsChangeDoesNotWin() async throws {
    let files = HeldFileSystem()
    let key = key(url, files, as: Int.self)
    let yields = Yields<Int>()
    let subscription = key.subscribe(context: .initialValue(0), subscriber: yields.subscriber)
    defer { subscription.cancel() }

    let answered = Yields<Int>()
    key.save(
      1, context: .didSet,
      continuation: SaveContinuation { _ in answered.values.withLock { $0.append(.success(nil)) } })
    files.base.set(json(9), at: url.path)
    #expect(yields.count == 0)
    files.run()
    #expect(try files.read(url.path) == json(1))
    #expect(yields.count == 0)
    #expect(answered.count == 1)
  }

  @Test func anotherProgramsChangeAfterOurWriteIsTakenEvenWhileTheWindowIsOpen() throws {
    let files = HeldFileSystem()
    let key = key(url, files, as: Int.self)
    let yields = Yields<Int>()
    let subscription = key.subscribe(context: .initialValue(0), subscriber: yields.subscriber)
    defer { subscription.cancel() }

    key.save(1, context: .didSet, continuation: SaveContinuation { _ in })
    #expect(files.runNext())
    #expect(files.held.withLock { $0.count } == 1, "the window is open")
    files.base.set(json(9), at: url.path)
    #expect(try yields.last?.get() == 9)
  }

  @Test func changesDuringAWriteAreGatheredIntoOneAndEverySaveIsAnswered() throws {
    let files = HeldFileSystem()
    let key = key(url, files, as: Int.self)
    let answered = Mutex(0)
    for value in 1...5 {
      key.save(
        value, context: .didSet,
        continuation: SaveContinuation { _ in answered.withLock { $0 += 1 } })
    }
    files.run()
    #expect(files.writes.withLock { $0 } == 2)
    #expect(try files.read(url.path) == json(5))
    #expect(answered.withLock { $0 } == 5)

    // The window over, the next change is written at once again.
    key.save(6, context: .didSet, continuation: SaveContinuation { _ in })
    files.run()
    #expect(files.writes.withLock { $0 } == 3)
  }

  @Test func anExplicitSaveWritesAtOnceAndAnswersTheWaitingSaves() throws {
    let files = HeldFileSystem()
    let key = key(url, files, as: Int.self)
    let answered = Mutex<[Int]>([])
    key.save(
      1, context: .didSet,
      continuation: SaveContinuation { _ in answered.withLock { $0.append(1) } })
    key.save(
      2, context: .didSet,
      continuation: SaveContinuation { _ in answered.withLock { $0.append(2) } })
    key.save(
      3, context: .userInitiated,
      continuation: SaveContinuation { _ in answered.withLock { $0.append(3) } })
    files.run()
    #expect(files.writes.withLock { $0 } == 2)
    #expect(try files.read(url.path) == json(3))
    #expect(answered.withLock { $0.sorted() } == [1, 2, 3])
  }
}
