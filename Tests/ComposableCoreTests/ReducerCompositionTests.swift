import ComposableCore
import ConcurrencyExtras
import IdentifiedCollections
import Testing

@MainActor
struct ReducerCompositionTests {
  @Test func combineReducersRunsInOrderAndMergesEffects() async {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append("first saw \(action)")
        return action == "go" ? .send("again") : .none
      }
      Reduce<[String], String> { state, action in
        state.append("second saw \(action) after \(state.count) entries")
        return .none
      }
    }
    store.send("go")
    #expect(
      store.state == [
        "first saw go", "second saw go after 1 entries",
        "first saw again", "second saw again after 3 entries",
      ])
  }

  @Test func optionalReducerRunsOnlyWhenIncluded() {
    for include in [true, false] {
      let store = Store(initialState: 0) {
        Reduce<Int, Void> { state, _ in
          state += 1
          return .none
        }
        if include {
          Reduce<Int, Void> { state, _ in
            state += 10
            return .none
          }
        }
      }
      store.send(())
      #expect(store.state == (include ? 11 : 1))
    }
  }

  @Test func scopeRoutesOnlyItsOwnCase() {
    let store = Store(initialState: Parent.State()) {
      Scope(state: \Parent.State.counter, action: Parent.Action.counterPath) { Counter() }
      Parent()
    }
    store.send(.counter(.increment))
    store.send(.counter(.increment))
    store.send(.detail(.increment))
    #expect(store.state.counter.count == 2)
  }

  @Test func casePathsCompose() {
    enum Outer: Equatable {
      case parent(Parent.Action)
      case other
    }
    let parentPath = CasePath<Outer, Parent.Action>(embed: Outer.parent) {
      guard case .parent(let action) = $0 else { return nil }
      return action
    }
    let path = parentPath.appending(Parent.Action.counterPath)
    #expect(path.embed(.increment) == .parent(.counter(.increment)))
    #expect(path.extract(.parent(.counter(.decrement))) == .decrement)
    #expect(path.extract(.parent(.showDetail)) == nil)
    #expect(path.extract(.other) == nil)
  }

  @Test func ifLetRunsTheChildWhilePresent() {
    let store = Store(
      initialState: Parent.State(),
      reducer: Parent().ifLet(\.detail, action: Parent.Action.detailPath) { Counter() })
    store.send(.showDetail)
    store.send(.detail(.increment))
    #expect(store.state.detail?.count == 1)
    store.send(.dismissDetail)
    #expect(store.state.detail == nil)
  }

  @Test func ifLetReportsAChildActionWhenTheChildIsGone() {
    let store = Store(
      initialState: Parent.State(),
      reducer: Parent().ifLet(\.detail, action: Parent.Action.detailPath) { Counter() })
    withKnownIssue {
      store.send(.detail(.increment))
    } matching: { issue in
      issue.description.contains("received a child action while its child state was nil")
        && issue.description.contains("increment")
    }
    #expect(store.state == Parent.State())
  }

  @Test func forEachRoutesToTheElementWithThatID() {
    let store = Store(
      initialState: Parent.State(),
      reducer: Parent().forEach(\.windows, action: Parent.windowPath) {
        Scope(state: \Parent.Window.counter, action: Parent.Window.counterPath) { Counter() }
      })
    store.send(.openWindow(1))
    store.send(.openWindow(2))
    store.send(.window(.element(id: 2, action: .increment)))
    store.send(.window(.element(id: 2, action: .increment)))
    store.send(.window(.element(id: 1, action: .decrement)))
    #expect(store.state.windows.map(\.counter.count) == [-1, 2])
  }

  @Test func forEachReportsAnActionForAMissingElement() {
    let store = Store(
      initialState: Parent.State(),
      reducer: Parent().forEach(\.windows, action: Parent.windowPath) {
        Scope(state: \Parent.Window.counter, action: Parent.Window.counterPath) { Counter() }
      })
    withKnownIssue {
      store.send(.window(.element(id: 7, action: .increment)))
    } matching: { issue in
      issue.description.contains("not in the collection") && issue.description.contains("id: 7")
    }
  }

  @Test func loggingWrapsWithoutChangingBehavior() {
    let lines = LockIsolated([String]())
    let store = Store(
      initialState: Counter.State(),
      reducer: Counter().logging { line in lines.withValue { $0.append(line) } })
    store.send(.increment)
    #expect(store.state.count == 1)
    #expect(lines.value.count == 1)
    #expect(lines.value[0].contains("action: ComposableCoreTests.Counter.Action.increment"))
    #expect(lines.value[0].contains("count: 1"))
  }

  @Test func recordingActivitySeesTheStateBeforeTheAction() {
    struct State: Equatable {
      var counter = Counter.State()
      var activity: [String] = []
    }
    let counter = Scope(state: \State.counter, action: Parent.Window.counterPath) { Counter() }
    let store = Store(
      initialState: State(),
      reducer: counter.recordingActivity(into: \.activity) { state, action in
        action == .increment ? "incremented from \(state.counter.count)" : nil
      })
    store.send(.increment)
    store.send(.decrement)
    store.send(.increment)
    #expect(store.state.activity == ["incremented from 0", "incremented from 0"])
    #expect(store.state.counter.count == 1)
  }
}

/// A child whose `.start` runs until cancelled, and records when it is.
struct Endless: Reducer {
  let cancelled: LockIsolated<[String]>
  let name: String

  func reduce(into state: inout Counter.State, action: Counter.Action) -> Effect<Counter.Action> {
    guard action == .increment else { return .none }
    return .run { [cancelled, name] _ in
      do { try await Task.sleep(for: .seconds(3_600)) } catch {
        cancelled.withValue { $0.append(name) }
      }
    }
    .cancellable(id: "request")
  }
}

@MainActor
struct ChildEffectLifetimeTests {
  @Test func dismissingAnIfLetChildCancelsItsEffects() async {
    let cancelled = LockIsolated([String]())
    let store = Store(
      initialState: Parent.State(),
      reducer: Parent().ifLet(\.detail, action: Parent.Action.detailPath) {
        Endless(cancelled: cancelled, name: "detail")
      })
    store.send(.showDetail)
    store.send(.detail(.increment))
    store.send(.dismissDetail)
    await waitUntil { !cancelled.value.isEmpty }
    #expect(cancelled.value == ["detail"])
  }

  @Test func removingAnElementCancelsItsEffectsOnly() async {
    let cancelled = LockIsolated([String]())
    let store = Store(
      initialState: Parent.State(),
      reducer: Parent().forEach(\.windows, action: Parent.windowPath) {
        Scope(state: \Parent.Window.counter, action: Parent.Window.counterPath) {
          Endless(cancelled: cancelled, name: "window")
        }
      })
    store.send(.openWindow(1))
    store.send(.openWindow(2))
    let first = store.send(.window(.element(id: 1, action: .increment)))
    store.send(.window(.element(id: 2, action: .increment)))
    store.send(.closeWindow(2))
    await waitUntil { !cancelled.value.isEmpty }
    #expect(cancelled.value == ["window"], "the same cancel id in window 1 is untouched")
    #expect(!first.isCancelled)
    store.send(.closeWindow(1))
    await waitUntil { cancelled.value.count == 2 }
    #expect(cancelled.value == ["window", "window"])
  }
}

/// Waits until `condition` holds, for 30 seconds at most (a busy pool under the thread
/// sanitizer starts effects late): a regression fails the test that
/// follows instead of hanging it.
func waitUntil(_ condition: @Sendable () -> Bool) async {
  let deadline = ContinuousClock.now + .seconds(30)
  while !condition(), ContinuousClock.now < deadline {
    try? await Task.sleep(for: .milliseconds(1))
  }
}
