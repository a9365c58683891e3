import ComposableArchitecture
import Testing

@Reducer
struct Lamp {
  @CasePathable
  enum Light: Equatable {
    case on(brightness: Int)
    case off
  }
  struct State: Equatable {
    var light = Light.on(brightness: 1)
    var presses = 0
  }
  enum Action {
    case pressed
  }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.presses += 1
      return .none
    }
  }
}

/// An `XCTModify` that leaves the case unchanged is quiet in a non-exhaustive store's
/// assertion, where it says "at least this", and reported in an exhaustive one, as in TCA.
@MainActor
@Suite struct XCTModifyTests {
  @Test @available(*, deprecated) func anUnchangedModifyInANonExhaustiveStoreIsQuiet() async {
    let store = TestStore(initialState: Lamp.State()) { Lamp() }
    store.exhaustivity = .off
    await store.send(.pressed) {
      XCTModify(&$0.light, case: \.on) { $0 = 1 }
      $0.presses = 1
    }
  }

  @Test @available(*, deprecated) func anUnchangedModifyInAnExhaustiveStoreIsReported() async {
    let store = TestStore(initialState: Lamp.State()) { Lamp() }
    await withKnownIssue {
      await store.send(.pressed) {
        XCTModify(&$0.light, case: \.on) { $0 = 1 }
        $0.presses = 1
      }
    } matching: { issue in
      issue.description.contains("value to be modified but it was unchanged")
    }
  }
}
