import Dependencies
import Foundation
import Sharing
import Testing

/// `.inMemory`: identity by key, the first default, the memory outliving its references.
struct InMemoryTests {
  @Test func sameKeySameValue() {
    @Shared(.inMemory("count")) var count = 0
    @Shared(.inMemory("count")) var sameCount = 0
    $count.withLock { $0 += 1 }
    #expect(sameCount == 1)
    @Shared(.inMemory("other")) var other = 0
    #expect(other == 0)
  }

  @Test func firstDefaultWins() {
    @Shared(.inMemory("count")) var count = 1
    @Shared(.inMemory("count")) var later = 2
    #expect(count == 1)
    #expect(later == 1)
  }

  @Test func theMemoryKeepsTheValueAfterTheLastReference() {
    do {
      @Shared(.inMemory("count")) var count = 0
      $count.withLock { $0 = 42 }
    }
    @Shared(.inMemory("count")) var count = 0
    #expect(count == 42)
  }

  /// The table of live references forgets a key when its last reference goes: a million keys
  /// made and dropped kept 146 MiB that never came back. The memory keeps each value, as it
  /// must (a later reference of the key reads it).
  @Test func keysWhoseReferencesWentLeaveNoEntry() {
    let references = PersistentReferences()
    withDependencies {
      $0.persistentReferences = references
    } operation: {
      @Shared(.inMemory("kept")) var kept = 0
      for index in 0..<5_000 {
        @Shared(.inMemory("key \(index)")) var value = 0
        $value.withLock { $0 = index }
      }
      #expect(references.count == 1)
      @Shared(.inMemory("key 4999")) var last = 0
      #expect(last == 4_999)
      #expect(references.count == 2)
      // Held all at once, then let go: the room they took is given back too.
      var held = (0..<5_000).map { Shared(wrappedValue: $0, .inMemory("held \($0)")) }
      #expect(references.capacity >= 5_000)
      held.removeAll()
      #expect(references.count == 2)
      #expect(references.capacity <= 2_048)
    }
  }

  /// Two threads each make a reference to one in-memory value, add one, and let it go, over
  /// and over: every addition counts. The memory took the value only when the last reference
  /// went, so a reference made while another thread's last one was going loaded the value
  /// before that change, and the change was lost. One thread names the key with a default
  /// (`Self[.inMemory(…), default: 0]`), the other with `= 0`: they are the same value.
  @Test func noChangeIsLostWhenReferencesComeAndGoOnTwoThreads() async {
    let references = PersistentReferences()
    let memory = InMemoryStorage()
    let finished = DispatchGroup()
    func onThread(_ body: @escaping @Sendable () -> Void) {
      finished.enter()
      Thread.detachNewThread {
        withDependencies {
          $0.persistentReferences = references
          $0.defaultInMemoryStorage = memory
        } operation: {
          body()
        }
        finished.leave()
      }
    }
    onThread {
      for _ in 0..<5_000 {
        @Shared(.inMemory("visits")) var visits = 0
        $visits.withLock { $0 += 1 }
      }
    }
    onThread {
      for _ in 0..<5_000 {
        @Shared(InMemoryKey<Int>.Default[.inMemory("visits"), default: 0]) var visits
        $visits.withLock { $0 += 1 }
      }
    }
    await withCheckedContinuation { continuation in
      finished.notify(queue: .global()) { continuation.resume() }
    }
    withDependencies {
      $0.persistentReferences = references
      $0.defaultInMemoryStorage = memory
    } operation: {
      @Shared(.inMemory("visits")) var visits = 0
      #expect(visits == 10_000)
    }
  }

  @Test func eachTestHasItsOwnMemory() {
    // Another test stored 42 under this name: not seen here.
    @Shared(.inMemory("count")) var count = 7
    #expect(count == 7)
  }

  @Test func memoriesAreSeparate() {
    @Shared(.inMemory("count")) var count = 1
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.inMemory("count")) var other = 2
      #expect(other == 2)
    }
    #expect(count == 1)
  }

  @Test func readerOfAnInMemoryValue() {
    @Shared(.inMemory("name")) var name = "Blob"
    @SharedReader(.inMemory("name")) var reader = "Other"
    $name.withLock { $0 = "Blob Jr." }
    #expect(reader == "Blob Jr.")
  }

  /// An optional value's default is a default, not a stored `nil`: a missing entry cast to an
  /// optional read as `nil` stored.
  @Test func optionalDefaults() {
    @Shared(.inMemory("token")) var token: String? = "guest"
    #expect(token == "guest")
    @Shared(.inMemory("none")) var none: Int? = nil
    #expect(none == nil)
    @SharedReader(.inMemory("nested")) var nested: Int?? = .some(nil)
    #expect(nested == .some(nil))
    $token.withLock { $0 = nil }
    @Shared(.inMemory("token")) var later: String? = "other"
    #expect(later == nil)
  }

  @Test func requireThrowsWhenNothingIsStored() async throws {
    await #expect(throws: (any Error).self) {
      _ = try await Shared<String?>(require: .inMemory("missing"))
    }
    await #expect(throws: (any Error).self) {
      _ = try await SharedReader<Int?>(require: .inMemory("missing"))
    }
    @Shared(.inMemory("stored")) var stored: Int? = 3
    let required = try await SharedReader<Int?>(require: .inMemory("stored"))
    #expect(required.wrappedValue == 3)
  }
}
