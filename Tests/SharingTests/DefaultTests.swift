import Sharing
import Testing

extension SharedReaderKey where Self == InMemoryKey<Int>.Default {
  fileprivate static var count: Self { Self[.inMemory("count"), default: 5] }
}

extension SharedReaderKey where Self == InMemoryKey<Bool>.Default {
  fileprivate static var isOn: Self { Self[.inMemory("isOn"), default: false] }
}

extension SharedReaderKey where Self == InMemoryKey<String?>.Default {
  fileprivate static var token: Self { Self[.inMemory("token"), default: nil] }
}

// One stored value under two keys that carry different defaults.
extension SharedReaderKey where Self == InMemoryKey<Int>.Default {
  fileprivate static var tally1: Self { Self[.inMemory("tally"), default: 1] }
  fileprivate static var tally2: Self { Self[.inMemory("tally"), default: 2] }
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

  // Whichever reference comes first sets the value: its own default, or the key's.

  @Test func sharedCompetingDefaults() {
    @Shared(.isOn) var first = true
    @Shared(.isOn) var second = false
    @Shared(.isOn) var third
    #expect([first, second, third] == [true, true, true])
  }

  @Test func sharedUnspecifiedWrappedValue() {
    @Shared(.isOn) var first
    @Shared(.isOn) var second = true
    #expect([first, second] == [false, false])
  }

  @Test func sharedReaderCompetingDefaults() {
    @SharedReader(.isOn) var first = true
    @SharedReader(.isOn) var second = false
    @SharedReader(.isOn) var third
    #expect([first, second, third] == [true, true, true])
  }

  @Test func sharedReaderUnspecifiedWrappedValue() {
    @SharedReader(.isOn) var first
    @SharedReader(.isOn) var second = true
    #expect([first, second] == [false, false])
  }

  // In memory, a value outlives its references.

  @Test func assignedDefaultPersistsAfterReferenceRelease() {
    do {
      @Shared(.isOn) var isOn = true
      #expect(isOn)
    }
    @Shared(.isOn) var isOn
    #expect(isOn)
  }

  @Test func defaultPersistsAfterSetting() {
    do {
      @Shared(.isOn) var isOn = false
      $isOn.withLock { $0 = true }
    }
    @Shared(.isOn) var isOn
    #expect(isOn)
  }

  @Test func initialValue() {
    #expect(InMemoryKey<Bool>.Default.isOn.initialValue == false)
    #expect(InMemoryKey<Int>.Default.tally2.initialValue == 2)
  }

  // A writer and a reader of one value through keys with different defaults.

  @Test func writerDefaultThenReaderDefault() {
    @Shared(.tally1) var count
    @SharedReader(.tally2) var reader
    $count.withLock { $0 += 1 }
    #expect([count, reader] == [2, 2])
  }

  @Test func readerDefaultThenWriterDefault() {
    @SharedReader(.tally2) var reader
    @Shared(.tally1) var count
    $count.withLock { $0 += 1 }
    #expect([count, reader] == [3, 3])
  }

  @Test func writerThenReaderDefault() {
    @Shared(.tally1) var count = 3
    @SharedReader(.tally2) var reader
    $count.withLock { $0 += 1 }
    #expect([count, reader] == [4, 4])
  }

  @Test func readerThenWriterDefault() {
    @SharedReader(.tally2) var reader = 3
    @Shared(.tally1) var count
    $count.withLock { $0 += 1 }
    #expect([count, reader] == [4, 4])
  }

  @Test func readerDefaultThenWriter() {
    @SharedReader(.tally2) var reader
    @Shared(.tally1) var count = 3
    $count.withLock { $0 += 1 }
    #expect([count, reader] == [3, 3])
  }

  /// A key with a default whose value is optional: `@Shared(.token) var token` compiles (the
  /// optional key's overload is disfavoured) and reads the key's default.
  @Test func keyWithAnOptionalDefault() {
    @Shared(.token) var token
    #expect(token == nil)
    $token.withLock { $0 = "blob" }
    @SharedReader(.token) var reader
    #expect(reader == "blob")
  }
}
