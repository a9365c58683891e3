import ComposableTestSupport
import Foundation
import Testing

extension SharedReaderKey where Self == InMemoryKey<Int>.Default {
  static var count: Self { Self[.inMemory("count"), default: 0] }
}

/// The examples of the Sharing module's doc comments, run.
struct SharingExamples {
  @Test func sharedState() {
    struct State: Equatable {
      @Shared(.inMemory("count")) var count = 0
    }
    let state = State()
    state.$count.withLock { $0 += 1 }
    #expect(State().count == 1)
  }

  @Test func keyWithADefault() {
    @Shared(.count) var count
    #expect(count == 0)
  }

  @Test func values() async {
    let count = Shared(value: 0)
    let printed = LockIsolated<[Int]>([])
    let task = Task {
      await CountPrinter(count: count).printCounts { value in
        printed.withValue { $0.append(value) }
      }
    }
    while printed.value.isEmpty { await Task.yield() }
    count.withLock { $0 = 1 }
    while printed.value.count < 2 { await Task.yield() }
    task.cancel()
    #expect(printed.value == [0, 1])
  }
}

/// A feature's state that prints its shared count's changes.
private struct CountPrinter {
  @Shared var count: Int

  /// Prints each count `$count` takes, with `print`.
  func printCounts(print: (Int) -> Void) async {
    for await count in $count.publisher.values { print(count) }
  }
}

struct SharedCounter: Reducer {
  struct State: Equatable {
    @Shared(.inMemory("count")) var count = 0
  }

  enum Action { case incrementTapped }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.$count.withLock { $0 += 1 }
    return .none
  }
}

/// The examples of the "Sharing state" article, run.
@MainActor
struct SharingStateArticleTests {
  @Test func testing() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.incrementTapped) { $0.$count.withLock { $0 = 1 } }
  }
}

/// `FileStorageKey`'s example: a value kept as JSON in a file (here in the test's file system
/// in memory, as every test's is).
@Test func fileStorageExample() {
  struct Settings: Codable, Equatable, Sendable {
    var volume = 5
  }
  withDependencies {
    $0.defaultFileStorage = .inMemory
  } operation: {
    @Shared(.fileStorage(URL(fileURLWithPath: "/var/lib/app/settings.json")))
    var settings = Settings()
    $settings.withLock { $0.volume += 1 }
    #expect(settings == Settings(volume: 6))
  }
}

/// The "Sharing state" article's tests that make several states: each case of a
/// parameterized test its own count, under the `.dependencies` trait.
@Suite(.dependencies) struct CounterTests {
  @Test(arguments: [1, 2, 3]) func counts(_ start: Int) {
    @Shared(.inMemory("count")) var count = start
    #expect(count == start)  // not another case's
  }

  @Test func statesMadeApart() {
    @Shared(.inMemory("count")) var count = 3
    let apart = withDependencies {
      $0 = DependencyValues()
    } operation: {
      Shared(wrappedValue: 7, .inMemory("count"))
    }
    #expect(count == 3)
    #expect(apart.wrappedValue == 7)
  }
}
