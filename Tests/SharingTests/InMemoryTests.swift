import Dependencies
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
}
