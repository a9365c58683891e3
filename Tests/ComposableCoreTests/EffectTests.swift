import Clocks
import ComposableCore
import ConcurrencyExtras
import Testing

/// A feature whose actions start, replace and cancel long-running effects.
struct Requests: Reducer {
  struct State: Equatable {
    var responses: [String] = []
  }

  enum Action: Equatable {
    case start(String)
    case startReplacing(String)
    case cancel
    case sendTwice
    case response(String)
    case failing
  }

  struct RequestID: Hashable {}

  let clock: TestClock<Duration>
  let cancelled: LockIsolated<[String]>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start(let name):
      return request(name).cancellable(id: RequestID())
    case .startReplacing(let name):
      return request(name).cancellable(id: RequestID(), cancelInFlight: true)
    case .cancel:
      return .cancel(id: RequestID())
    case .sendTwice:
      return .merge(.send(.response("one")), .none, .send(.response("two")))
    case .response(let text):
      state.responses.append(text)
      return .none
    case .failing:
      struct Failure: Error {}
      return .run { _ in
        throw Failure()
      } catch: { _, send in
        await send(.response("caught"))
      }
    }
  }

  private func request(_ name: String) -> Effect<Action> {
    .run { [clock, cancelled] send in
      do {
        try await clock.sleep(for: .seconds(1))
        await send(.response(name))
      } catch {
        cancelled.withValue { $0.append(name) }
      }
    }
  }
}

@MainActor
struct EffectTests {
  let clock = TestClock()
  let cancelled = LockIsolated([String]())

  func makeStore() -> Store<Requests.State, Requests.Action> {
    Store(initialState: Requests.State(), reducer: Requests(clock: clock, cancelled: cancelled))
  }

  @Test func sendEffectsRunAfterTheActionInOrder() {
    let store = makeStore()
    let task = store.send(.sendTwice)
    #expect(store.state.responses == ["one", "two"])
    #expect(task.isCancelled, "an action without async work starts no task")
  }

  @Test func runEffectsSendTheirResultBack() async {
    let store = makeStore()
    let task = store.send(.start("a"))
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state.responses == ["a"])
  }

  @Test func cancelInFlightReplacesTheRunningEffect() async {
    let store = makeStore()
    let first = store.send(.startReplacing("first"))
    let second = store.send(.startReplacing("second"))
    await first.finish()
    #expect(cancelled.value == ["first"])
    await clock.advance(by: .seconds(1))
    await second.finish()
    #expect(store.state.responses == ["second"])
  }

  @Test func withoutCancelInFlightBothRun() async {
    let store = makeStore()
    let first = store.send(.start("first"))
    let second = store.send(.start("second"))
    await clock.advance(by: .seconds(1))
    await first.finish()
    await second.finish()
    #expect(Set(store.state.responses) == ["first", "second"])
  }

  @Test func cancelByIDCancelsTheTask() async {
    let store = makeStore()
    let first = store.send(.start("first"))
    let second = store.send(.start("second"))
    store.send(.cancel)
    await first.finish()
    await second.finish()
    #expect(Set(cancelled.value) == ["first", "second"])
    #expect(store.state.responses == [])
  }

  @Test func cancellingTheStoreTaskCancelsItsEffects() async {
    let store = makeStore()
    let task = store.send(.start("a"))
    task.cancel()
    await task.finish()
    #expect(task.isCancelled)
    #expect(cancelled.value == ["a"])
  }

  @Test func errorsGoToTheHandler() async {
    let store = makeStore()
    await store.send(.failing).finish()
    #expect(store.state.responses == ["caught"])
  }

  @Test func unhandledErrorsAreReported() async {
    struct Boom: Error {}
    let store = Store(initialState: 0) {
      Reduce<Int, Void> { _, _ in .run { _ in throw Boom() } }
    }
    await withKnownIssue {
      await store.send(()).finish()
    } matching: { issue in
      issue.description.contains("An effect threw an error that nothing handled")
    }
  }

  @Test func mapTransformsEveryKindOfEffect() async {
    let effect = Effect<Int>.merge(
      .send(1),
      .run { send in await send(2) }.cancellable(id: "a"),
      .cancel(id: "b")
    )
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        return action == "start" ? effect.map { "mapped \($0)" } : .none
      }
    }
    await store.send("start").finish()
    #expect(store.state == ["start", "mapped 1", "mapped 2"])
  }
}
