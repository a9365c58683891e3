import ComposableCore
import ComposableTestSupport
import Testing

/// A parent and two children (rows: each one a level of its own) that use the same
/// cancellation id for their timers.
///
/// As in TCA, ids are looked up per level: children embedded with `Scope` share their
/// parent's level; children run with `ifLet`, `forEach` or a presentation have their own.
struct Family: Reducer {
  struct State: Equatable {
    var parentTicks = 0
    var rows: IdentifiedArrayOf<Ticker.State> = [Ticker.State(id: 1), Ticker.State(id: 2)]
  }

  enum Action: Equatable {
    case startParent
    case parentTick
    case cancelTimers
    case rows(IdentifiedActionOf<Ticker>)
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startParent:
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.parentTick)
          }
        }
        .cancellable(id: Ticker.CancelID.timer)
      case .parentTick:
        state.parentTicks += 1
        return .none
      case .cancelTimers:
        return .cancel(id: Ticker.CancelID.timer)
      case .rows:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) { Ticker() }
  }
}

extension Family.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let rows = AnyCasePath(Family.Action.rows)
  }
  static let allCasePaths = AllCasePaths()
}

@MainActor
struct CancellationTests {
  let clock = TestClock()

  func makeStore() -> TestStore<Family.State, Family.Action> {
    TestStore(initialState: Family.State()) {
      Family()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func aChildCancelsNeitherItsParentNorItsSibling() async {
    let store = makeStore()
    await store.send(.startParent)
    await store.send(.rows(.element(id: 1, action: .start)))
    await store.send(.rows(.element(id: 2, action: .start)))
    await store.send(.rows(.element(id: 1, action: .stop)))
    await clock.advance(by: .seconds(1))
    await store.receive(.parentTick) { $0.parentTicks = 1 }
    await store.receive(.rows(.element(id: 2, action: .tick))) { $0.rows[id: 2]?.ticks = 1 }
    await store.send(.cancelTimers)
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func aParentsCancelReachesItsChildren() async {
    let store = makeStore()
    await store.send(.rows(.element(id: 1, action: .start)))
    await store.send(.rows(.element(id: 2, action: .start)))
    await store.send(.cancelTimers)
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func cancelInFlightReplacesTheRunningEffect() async {
    let store = makeStore()
    await store.send(.rows(.element(id: 1, action: .start)))
    await clock.advance(by: .milliseconds(500))
    await store.send(.rows(.element(id: 1, action: .start)))
    await clock.advance(by: .milliseconds(500))
    await clock.advance(by: .milliseconds(500))
    await store.receive(.rows(.element(id: 1, action: .tick))) { $0.rows[id: 1]?.ticks = 1 }
    await store.send(.rows(.element(id: 1, action: .stop)))
    await store.finish()
  }

  /// `Effect.none` made cancellable stays `.none`, in-flight cancelling or not, as TCA's: it
  /// starts nothing, so it replaces nothing. (`.cancel(id:)` is what cancels.)
  @Test func noEffectCancelsNothingInFlight() async {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { [clock] state, action in
        state.append(action)
        switch action {
        case "start":
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send("fired")
          }
          .cancellable(id: "timer")
        case "nothing":
          return Effect<String>.none.cancellable(id: "timer", cancelInFlight: true)
        default:
          return .none
        }
      }
    }
    let task = store.send("start")
    store.send("nothing")
    await clock.advanceOnceSleeping(by: .seconds(1))
    await task.finish()
    #expect(store.state == ["start", "nothing", "fired"])
  }

  @Test func anEffectCancelsOthersByIdFromInside() async {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        switch action {
        case "start":
          return .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send("fired")
          }
          .cancellable(id: "timer")
        case "cancel":
          return .run { _ in Task.cancel(id: "timer") }
        default:
          return .none
        }
      }
    }
    let timer = store.send("start")
    await store.send("cancel").finish()
    await clock.advance(by: .seconds(2))
    await timer.finish()
    #expect(store.state == ["start", "cancel"])
  }

  /// As in TCA, `Task.cancel(id:)` is synchronous: an effect that cancels itself by its id is
  /// cancelled when the call returns, before it sends anything more.
  @Test func anEffectCancelledByIdFromInsideIsCancelledAtOnce() async {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        guard action == "start" else { return .none }
        return .run { send in
          Task.cancel(id: "self")
          await send(Task.isCancelled ? "cancelled" : "still running")
        } catch: { _, _ in
        }
        .cancellable(id: "self")
      }
    }
    await store.send("start").finish()
    #expect(store.state == ["start"])
  }

  @Test func partOfAnEffectCanBeCancelledById() async {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        switch action {
        case "search":
          return .run { [clock] send in
            do {
              try await withTaskCancellation(id: "search") {
                try await clock.sleep(for: .seconds(1))
              }
              await send("results")
            } catch {
              await send("search cancelled")
            }
          }
        case "cancel":
          return .cancel(id: "search")
        default:
          return .none
        }
      }
    }
    let search = store.send("search")
    await clock.advanceOnceSleeping(by: .zero)
    store.send("cancel")
    await search.finish()
    #expect(store.state == ["search", "cancel", "search cancelled"])
  }
}
