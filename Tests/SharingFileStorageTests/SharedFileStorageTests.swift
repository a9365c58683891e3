import Dependencies
import Foundation
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
}
