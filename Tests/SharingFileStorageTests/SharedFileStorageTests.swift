import Dependencies
import Foundation
import Observation
import Synchronization
import Testing

@testable import Sharing

/// `@Shared(.fileStorage(url))` as users write it: the key through the real `Shared`.
struct SharedFileStorageTests {
  struct Counter: Codable, Equatable, Sendable {
    var count = 0
  }

  /// In a test, a file storage in memory: a change is written, a second reference of the
  /// same key is the same value, and the disk is never touched.
  @Test func aSharedValueIsWrittenAndSharedByKey() throws {
    let url = URL(fileURLWithPath: "/nowhere/\(UUID().uuidString)/counter.json")
    let storage = FileStorage.inMemory
    try withDependencies {
      $0.defaultFileStorage = storage
    } operation: {
      @Shared(.fileStorage(url)) var counter = Counter()
      $counter.withLock { $0.count += 2 }
      @Shared(.fileStorage(url)) var again = Counter(count: 99)
      #expect(again.count == 2, "the first default wins; one reference per key")
      let files = try #require(storage.fileSystem as? InMemoryFileSystem)
      let written = try #require(files.files[url.path])
      #expect(try JSONDecoder().decode(Counter.self, from: written) == Counter(count: 2))
    }
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }

  /// On the disk, another program's change to the file reaches a live `@Shared` of it.
  @Test func anotherProgramsChangeReachesTheSharedValue() async throws {
    let folder = try TemporaryFolder()
    let url = folder.url("counter.json")
    try await withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(url)) var counter = Counter()
      $counter.withLock { $0.count = 1 }
      #expect(
        await eventually(timeout: .seconds(2)) { FileManager.default.fileExists(atPath: url.path) })
      let other = url.deletingLastPathComponent().appendingPathComponent("other.json")
      try JSONEncoder().encode(Counter(count: 41)).write(to: other)
      #expect(rename(other.path, url.path) == 0)
      let counterRef = $counter
      #expect(await eventually(timeout: .seconds(2)) { counterRef.wrappedValue.count == 41 })
    }
  }

  /// On the disk, a value changed, released, and made again at once, round after round, keeps
  /// every change, in the value and in the file. The new reference read the file before the
  /// released one's write reached it, and its own change then wrote over that one. Two values
  /// of two kinds, each in a file of its own: a count, and a list that grows.
  @Test func aValueMadeAgainAtOnceKeepsTheChangeMadeBeforeIt() async throws {
    let folder = try TemporaryFolder()
    let (countURL, namesURL) = (folder.url("count.json"), folder.url("names.json"))
    let storage = FileStorage(LiveFileSystem())
    for round in 1...10 {
      withDependencies {
        $0.defaultFileStorage = storage
      } operation: {
        @Shared(.fileStorage(countURL)) var counter = Counter()
        @Shared(.fileStorage(namesURL)) var names: [String] = []
        #expect(counter.count == round - 1)
        #expect(names.count == round - 1)
        $counter.withLock { $0.count += 1 }
        $names.withLock { $0.append("name \(round)") }
        #expect($counter.saveError == nil)
      }
    }
    #expect(
      await eventually(timeout: .seconds(5)) {
        let decoder = JSONDecoder()
        let count = (try? Data(contentsOf: countURL))
          .flatMap { try? decoder.decode(Counter.self, from: $0) }
        let names = (try? Data(contentsOf: namesURL))
          .flatMap { try? decoder.decode([String].self, from: $0) }
        return count == Counter(count: 10) && names?.count == 10
      })
  }
}

/// Observation of a file's shared value: another program's change to the file is a change.
struct SharedFileStorageObservationTests {
  @Test func anotherProgramsChangeCallsOnChange() async throws {
    let folder = try TemporaryFolder()
    let url = folder.url("count.json")
    try json(1).write(to: url)
    try await withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(url)) var count = 0
      #expect(count == 1)
      final class Flag: Sendable { let isSet = Atomic(false) }
      let changed = Flag()
      withObservationTracking {
        _ = count
      } onChange: {
        changed.isSet.store(true, ordering: .relaxed)
      }
      try json(2).write(to: url, options: .atomic)
      #expect(await eventually(timeout: .seconds(5)) { changed.isSet.load(ordering: .relaxed) })
      let countRef = $count
      #expect(countRef.wrappedValue == 2)
    }
  }
}
