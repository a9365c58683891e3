import ComposableTestSupport
import Observation
import Synchronization
import Testing

// A user's `@Observable` model holding a `@Shared` value, as swift-sharing's docs write it: the
// model ignores the property for its own observation, and the shared value's does the work.
@Observable
final class CountModel {
  @ObservationIgnored @Shared(.inMemory("count")) var count = 0
}

final class Heard: Sendable {
  let count = Atomic(0)
}

@MainActor
struct SharedObservationTests {
  /// Another reference's change to the key reaches an observer of the model.
  @Test func aModelHearsASharedChangeMadeElsewhere() {
    let model = CountModel()
    let heard = Heard()
    withObservationTracking {
      _ = model.count
    } onChange: {
      heard.count.add(1, ordering: .relaxed)
    }
    @Shared(.inMemory("count")) var elsewhere = 0
    $elsewhere.withLock { $0 += 1 }
    #expect(heard.count.load(ordering: .relaxed) == 1)
    #expect(model.count == 1)
  }
}
