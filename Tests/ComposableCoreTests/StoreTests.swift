import ComposableCore
import Testing

/// A counter embedded two levels down, scoped with case paths.
struct Root: Reducer {
  struct State: Equatable {
    var middle = Middle.State()
  }

  enum Action: Equatable {
    case middle(Middle.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.middle, action: \.middle) { Middle() }
  }

  struct Middle: Reducer {
    struct State: Equatable { var counter = Counter.State() }
    enum Action: Equatable { case counter(Counter.Action) }

    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: \.counter) { Counter() }
    }
  }
}

extension Root.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let middle = AnyCasePath(Root.Action.middle)
  }
  static let allCasePaths = AllCasePaths()
}

extension Root.Middle.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let counter = AnyCasePath(Root.Middle.Action.counter)
  }
  static let allCasePaths = AllCasePaths()
}

@MainActor
struct StoreTests {
  @Test func childStoresReadAndWriteThroughTheRoot() {
    let root = Store(initialState: Root.State()) { Root() }
    let middle = root.scope(state: \.middle, action: \.middle)
    let counter = middle.scope(state: \.counter, action: \.counter)
    counter.send(.increment)
    counter.send(.increment)
    #expect(root.state.middle.counter.count == 2)
    root.send(.middle(.counter(.decrement)))
    #expect(counter.state.count == 1)
    #expect(middle.state.counter.count == 1)
  }

  @Test func reentrantSendFromAnObserverIsQueuedAndReported() {
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        state.append(action)
        return .none
      }
    }
    let last = store.observe { $0.last }
    var subscription: Subscription?
    withKnownIssue {
      subscription = last.subscribe { value in
        if value == 1 { store.send(2) }
      }
      store.send(1)
    } matching: { issue in
      issue.description.contains("sent to the store while it was still handling another one")
    }
    #expect(store.state == [1, 2])
    #expect(last.value == 2, "observers hear about the queued action too")
    subscription?.cancel()
  }

  @Test func actionsEffectsSendAreQueuedQuietly() async {
    // `.send` and `run` effects both feed actions back while the store is reducing others.
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        state.append(action)
        switch action {
        case 1: return .merge(.send(2), .run { send in await send(3) })
        case 3: return .send(4)
        default: return .none
        }
      }
    }
    await store.send(1).finish()
    #expect(store.state == [1, 2, 3, 4])
  }

  @Test func releasingTheStoreCancelsItsEffectsAndFreesIt() async {
    let clock = TestClock()
    let cancelled = LockIsolated(false)
    weak var weakStore: Store<Int, Void>?
    var task: StoreTask?
    do {
      let store = Store(initialState: 0) {
        Reduce<Int, Void> { _, _ in
          .run { _ in
            do { try await clock.sleep(for: .seconds(1)) } catch { cancelled.setValue(true) }
          }
        }
      }
      weakStore = store
      task = store.send(())
    }
    #expect(weakStore == nil, "a running effect does not keep its store alive")
    await task?.finish()
    #expect(cancelled.value)
  }

  /// Releasing a store cancels its effects; one that sends anyway is dropped quietly, as in
  /// TCA: a cancelled effect's sends are nobody's concern.
  @Test func aCancelledEffectThatSendsAfterItsStoreIsReleasedIsDropped() async {
    let (stream, continuation) = AsyncStream<Void>.makeStream()
    let sent = LockIsolated(false)
    var task: StoreTask?
    do {
      let store = Store(initialState: 0) {
        Reduce<Int, Int> { state, action in
          state = action
          if action == 1 { sent.setValue(true) }
          return action == 0
            ? .run { send in
              for await _ in stream {}
              await send(1)
            } : .none
        }
      }
      task = store.send(0)
    }
    continuation.finish()
    await task?.finish()
    #expect(!sent.value)
  }

  @Test func aSendThatEscapedItsEffectIsReportedAfterTheEffectEnded() async {
    let escaped = LockIsolated<Send<Int>?>(nil)
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state = action
        return action == 0 ? .run { send in escaped.setValue(send) } : .none
      }
    }
    await store.send(0).finish()
    withKnownIssue {
      escaped.value?(5)
    } matching: { issue in
      issue.description.contains("through the \"send\" of an effect that has ended")
    }
    #expect(store.state == 0, "the action was dropped")
  }

  @Test func actionsFromCancelledEffectsAreDropped() async {
    let (stream, continuation) = AsyncStream<Void>.makeStream()
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state = action
        return action == 0
          ? .run { send in
            for await _ in stream {}
            await send(1)
          }.cancellable(id: "id") : .none
      }
    }
    let task = store.send(0)
    store.send(-1)
    task.cancel()
    continuation.finish()
    await task.finish()
    #expect(store.state == -1)
  }

  /// The task `send` returns owns the effects of the actions its effects sent, and so on.
  @Test func cancellingASendCancelsTheWholeTreeOfItsWork() async {
    let clock = TestClock()
    let started = LockIsolated(0)
    let finished = LockIsolated(0)
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state = action
        guard action < 3 else { return .none }
        return .run { send in
          started.withValue { $0 += 1 }
          await send(action + 1)
          do {
            try await clock.sleep(for: .seconds(1))
            finished.withValue { $0 += 1 }
          } catch {}
        }
      }
    }
    let task = store.send(0)
    while started.value < 3 || store.state < 3 { await Task.yield() }
    task.cancel()
    await task.finish()
    #expect(store.state == 3)
    #expect(finished.value == 0, "the grandchildren's effects were cancelled with the root")
  }

  @Test func finishingASendWaitsForTheWholeTree() async {
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        state.append(action)
        guard action < 3 else { return .none }
        return .run { send in
          try? await Task.sleep(for: .milliseconds(5))
          await send(action + 1)
        }
      }
    }
    await store.send(0).finish()
    #expect(store.state == [0, 1, 2, 3])
  }
}
