import Sharing
import Testing

extension SharedReaderKey where Self == InMemoryKey<Int>.Default {
  fileprivate static var count: Self { Self[.inMemory("count"), default: 5] }
}

extension SharedReaderKey where Self == InMemoryKey<Bool>.Default {
  fileprivate static var isOn: Self { Self[.inMemory("isOn"), default: false] }
}

/// Keys with defaults, and optionals without: swift-sharing's DefaultTests.
struct DefaultTests {
  @Test func keyDefault() {
    @Shared(.count) var count
    #expect(count == 5)
    @SharedReader(.count) var reader
    $count.withLock { $0 += 1 }
    #expect(reader == 6)
  }

  @Test func overridingTheDefault() {
    @Shared(.count) var count = 10
    #expect(count == 10)
    @Shared(.count) var again
    #expect(again == 10)
  }

  @Test func theKeysDefaultIsNotEvaluatedForALiveValue() {
    @Shared(.isOn) var isOn = true
    @Shared(.isOn) var second
    #expect(isOn)
    #expect(second)
  }

  @Test func competingDefaultsFirstWins() {
    @SharedReader(.inMemory("name")) var first = "Blob"
    @SharedReader(.inMemory("name")) var second = "Blob Jr."
    #expect(first == "Blob")
    #expect(second == "Blob")
  }

  @Test func optionalsDefaultToNil() {
    @Shared(.inMemory("user")) var user: String?
    #expect(user == nil)
    $user.withLock { $0 = "Blob" }
    @SharedReader(.inMemory("user")) var reader: String?
    #expect(reader == "Blob")
  }

  @Test func theDefaultIsEvaluatedOnlyWhenNeeded() {
    var evaluations = 0
    func makeDefault() -> Int {
      evaluations += 1
      return 1
    }
    @Shared(.inMemory("lazy")) var first = makeDefault()
    @Shared(.inMemory("lazy")) var second = makeDefault()
    #expect(evaluations == 1)
    #expect(second == 1)
  }
}
