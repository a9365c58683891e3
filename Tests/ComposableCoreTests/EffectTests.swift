import ComposableCore
import Synchronization
import Testing

struct Boom: Error {}

enum ClientKey: DependencyKey {
  static let liveValue = "live"
  static let testValue = "test"
}

extension DependencyValues {
  fileprivate var greeting: String {
    get { self[ClientKey.self] }
    set { self[ClientKey.self] = newValue }
  }
}

@MainActor
struct EffectTests {
  @Test func runEffectsSendTheirResultsBack() async {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        return action == "go" ? .run { send in await send("done") } : .none
      }
    }
    await store.send("go").finish()
    #expect(store.state == ["go", "done"])
  }

  @Test func concatenatedEffectsRunOneAfterTheOther() async {
    let clock = TestClock()
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        state.append(action)
        guard action == 0 else { return .none }
        return .concatenate(
          .run { send in
            try await clock.sleep(for: .seconds(2))
            await send(1)
          },
          .send(2),
          .run { send in await send(3) })
      }
    }
    let task = store.send(0)
    await clock.advanceOnceSleeping(by: .seconds(1))
    #expect(store.state == [0], "the second waits for the first")
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state == [0, 1, 2, 3])
  }

  @Test func cancellingAConcatenationStopsIt() async {
    let clock = TestClock()
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        state.append(action)
        switch action {
        case 0:
          return .concatenate(
            .run { _ in try await clock.sleep(for: .seconds(1)) },
            .send(1)
          ).cancellable(id: "chain")
        case -1: return .cancel(id: "chain")
        default: return .none
        }
      }
    }
    let task = store.send(0)
    await clock.advanceOnceSleeping(by: .milliseconds(10))
    store.send(-1)
    await task.finish()
    #expect(store.state == [0, -1])
  }

  @Test func unhandledErrorsAreReportedAndHandledOnesAreNot() async {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        switch action {
        case "throw": return .run { _ in throw Boom() }
        case "catch":
          return .run { _ in
            throw Boom()
          } catch: { _, send in
            await send("caught")
          }
        default: return .none
        }
      }
    }
    await withKnownIssue {
      await store.send("throw").finish()
    } matching: { issue in
      issue.description.contains(#"returned from "ComposableCoreTests/EffectTests.swift:"#)
        && issue.description.contains("threw an unhandled error.\n\n    Boom()")
    }
    await store.send("catch").finish()
    #expect(store.state == ["throw", "catch", "caught"])
  }

  /// A request that fails because it was cancelled (a closed stream, an aborted download) is
  /// nobody's business.
  @Test func anErrorThrownAfterCancellationIsNotReported() async {
    let (stream, continuation) = AsyncStream<Void>.makeStream()
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { _, action in
        action == 0
          ? .run { _ in
            for await _ in stream {}
            throw Boom()
          }.cancellable(id: "request") : .cancel(id: "request")
      }
    }
    let task = store.send(0)
    store.send(1)
    continuation.finish()
    await task.finish()
  }

  @Test func effectsSeeTheDependenciesOfTheReducerThatMadeThem() async {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        @Dependency(\.greeting) var greeting
        return action == "ask" ? .run { send in await send(greeting) } : .none
      }
      .dependency(\.greeting, "overridden")
    }
    await store.send("ask").finish()
    #expect(store.state == ["ask", "overridden"])
  }

  /// Chained changes fuse into one reducer that sets them all, as in TCA; the one written
  /// closest to the reducer wins, for values and transforms alike.
  @Test func chainedDependencyChangesFuseAndTheInnermostWins() async {
    let reducer = Reduce<[String], String> { state, _ in
      @Dependency(\.greeting) var greeting
      state.append(greeting)
      return .none
    }
    let values = reducer.dependency(\.greeting, "inner").dependency(\.greeting, "outer")
    let transforms =
      reducer
      .transformDependency(\.greeting) { $0 += " inner" }
      .transformDependency(\.greeting) { $0 = "outer" }
    #expect(type(of: values) == DependencyKeyWritingReducer<Reduce<[String], String>>.self)
    #expect(type(of: transforms) == DependencyKeyWritingReducer<Reduce<[String], String>>.self)
    let store = Store(initialState: [String]()) {
      values
      transforms
    }
    store.send("go")
    #expect(store.state == ["inner", "outer inner"])
  }

  @Test func aStoreWithDependenciesRunsWithThemForItsWholeLife() async {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        @Dependency(\.greeting) var greeting
        state.append(greeting)
        return .none
      }
    } withDependencies: {
      $0.greeting = "from the store"
    }
    store.send("one")
    #expect(store.state == ["from the store"])
  }

  /// A store made where nothing is overridden skips putting its dependencies in force when
  /// they already are; inside an override around a send they are put back, for the reducer
  /// and for its effects.
  @Test func aStoreKeepsItsDependenciesInsideAnOverrideAroundASend() async {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        @Dependency(\.greeting) var greeting
        state.append("\(action): \(greeting)")
        guard !action.hasPrefix("effect") else { return .none }
        return .run { send in
          @Dependency(\.greeting) var greeting
          await send("effect saw \(greeting)")
        }
      }
    }
    await store.send("one").finish()
    await withDependencies {
      $0.greeting = "around the send"
    } operation: {
      await store.send("two").finish()
    }
    #expect(
      store.state == [
        "one: test", "effect saw test: test", "two: test", "effect saw test: test",
      ])
  }

  /// `name` names the effect's task, as TCA's `Effect.run(name:)` does.
  @Test func aRunEffectsTaskHasItsName() async {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        guard action == "start" else {
          state.append(action)
          return .none
        }
        return .merge(
          .run(name: "prime lookup") { send in await send(Task.name ?? "no name") },
          .run { send in await send(Task.name ?? "no name") })
      }
    }
    await store.send("start").finish()
    #expect(store.state.sorted() == ["no name", "prime lookup"])
  }

  @Test func debouncedEffectsRunOnlyAfterAQuietInterval() async {
    let clock = TestClock()
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        guard action.hasPrefix("typed ") else {
          state.append(action)
          return .none
        }
        let query = String(action.dropFirst(6))
        return .send("search \(query)")
          .debounce(id: "search", for: .milliseconds(300), clock: clock)
      }
    }
    let first = store.send("typed a")
    await clock.advanceOnceSleeping(by: .milliseconds(200))
    let second = store.send("typed ab")
    await clock.advanceOnceSleeping(by: .milliseconds(200))
    #expect(store.state == [], "each keystroke restarts the wait")
    await clock.advanceOnceSleeping(by: .milliseconds(100))
    await first.finish()
    await second.finish()
    #expect(store.state == ["search ab"])
  }

  /// Two stores (two windows of one app) throttle under one id apart: each lets its first
  /// action through at once.
  @Test func storesThrottleApart() async {
    let clock = TestClock()
    func window() -> Store<[Int], Int> {
      Store(initialState: [Int]()) {
        Reduce<[Int], Int> { state, action in
          guard action < 100 else {
            state.append(action - 100)
            return .none
          }
          return .send(action + 100)
            .throttle(id: "shared id", for: .seconds(1), clock: clock, latest: true)
        }
      }
    }
    let (first, second) = (window(), window())
    await first.send(1).finish()
    let task = second.send(2)
    await eventually { !second.state.isEmpty }
    #expect(first.state == [1] && second.state == [2])
    task.cancel()
  }

  /// A throttled `.run` effect's actions go through as it sends them, not when it ends.
  @Test func aThrottledRunEffectSendsBeforeItEnds() async {
    let clock = TestClock()
    let store = recordingStore {
      .run { send in
        await send(1)
        try? await clock.sleep(for: .seconds(10))
        await send(2)
      }
      .throttle(id: "run", for: .seconds(1), clock: clock, latest: true)
    }
    let task = store.send(0)
    await eventually { !store.state.isEmpty }
    #expect(store.state == [1], "the first action goes through while the effect sleeps")
    await clock.advanceOnceSleepingSurely(by: .seconds(10))
    await task.finish()
    #expect(store.state == [1, 2])
  }

  /// One effect sending several actions within an interval: the first goes through at once,
  /// the latest (or the first held) at the interval's end; none waits behind another.
  ///
  /// The operation sends on the main actor without suspending, so the four actions are sent
  /// before the clock can advance: one sent after it would open an interval the test never
  /// advances to the end of.
  @Test func aThrottledStreamSendsOneActionPerInterval() async {
    for latest in [true, false] {
      let clock = TestClock()
      let store = recordingStore {
        .run { @MainActor send in
          for number in 1...4 { send(number) }
        }
        .throttle(id: "stream", for: .seconds(1), clock: clock, latest: latest)
      }
      let task = store.send(0)
      await clock.advanceOnceSleepingSurely(by: .seconds(1))
      await task.finish()
      #expect(store.state == [1, latest ? 4 : 2], "latest: \(latest)")
    }
  }

  /// A throttle measures the interval from the instant each action was sent, however late
  /// the store gets to it: an action sent a second and a half after the first goes through at
  /// once.
  @Test func aThrottleTimesEachActionWhenItIsSent() async {
    let clock = SetClock()
    let sent = Flag()
    let store = recordingStore {
      .run { @MainActor send in
        send(1)
        clock.set(by: .milliseconds(1500))
        send(2)
        sent.isSet = true
      }
      .throttle(id: "timed", for: .seconds(1), clock: clock, latest: true)
    }
    let task = store.send(0)
    await eventually { sent.isSet }
    #expect(store.state == [1, 2], "both sent as the effect sent them, none waiting")
    clock.set(by: .seconds(10))
    await task.finish()
    #expect(store.state == [1, 2])
  }

  /// An action a cancelled throttled effect sends anyway is dropped, and the throttle does
  /// not count it as sent: the next action goes through at once, as in TCA, whose cancelled
  /// effect emits nothing.
  @Test func anActionSentAfterTheCancelLeavesTheThrottleAlone() async {
    let clock = TestClock()
    let resume = Gate()
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        switch action {
        case 0:
          return .run { @MainActor send in
            await resume.wait()
            send(1)
          }
          .throttle(id: "throttle", for: .seconds(1), clock: clock, latest: true)
        case -1:
          return .cancel(id: "throttle")
        case 2:
          return .send(102)
            .throttle(id: "throttle", for: .seconds(1), clock: clock, latest: true)
        default:
          state.append(action)
          return .none
        }
      }
    }
    let ignoring = store.send(0)
    await eventually { resume.isWaiting }
    store.send(-1)
    resume.open()
    await ignoring.finish()
    #expect(store.state.isEmpty, "the cancelled effect's action is dropped")
    let next = store.send(2)
    await eventually(for: .seconds(5)) { !store.state.isEmpty }
    #expect(store.state == [102], "the throttle sent nothing, so this goes through at once")
    await clock.advance(by: .seconds(10))
    await next.finish()
  }

  /// A throttled effect cancels the one before it under the same id, as TCA's: a long effect
  /// does not go on once the next has started.
  @Test func aThrottledEffectCancelsTheOneBeforeIt() async {
    let clock = TestClock()
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        guard action < 10 else {
          state.append(action)
          return .none
        }
        return .run { send in
          await send(10 + action)
          try? await clock.sleep(for: .seconds(5))
          await send(20 + action)
        }
        .throttle(id: "long", for: .seconds(1), clock: clock, latest: true)
      }
    }
    let first = store.send(0)
    await clock.advanceOnceSleepingSurely(by: .seconds(2))
    let second = store.send(1)
    await eventually { store.state == [10, 11] }
    await clock.advanceOnceSleepingSurely(by: .seconds(5))
    await first.finish()
    await second.finish()
    #expect(store.state == [10, 11, 21], "the first effect was cancelled before its end")
  }

  /// The action waiting for the interval's end is the newest effect's to send: cancelling the
  /// task of one it replaced loses nothing.
  @Test func theNewestThrottledEffectSendsTheWaitingAction() async {
    let clock = TestClock()
    let store = throttledTaps(clock: clock, latest: true)
    await store.send(1).finish()
    let second = store.send(2)
    await clock.advanceOnceSleepingSurely(by: .milliseconds(250))
    let third = store.send(3)
    second.cancel()
    await clock.advanceOnceSleepingSurely(by: .milliseconds(750))
    await third.finish()
    #expect(store.state == [1, 3])
  }

  /// Cancelled while an action waits for the interval's end, a throttle sends nothing, and
  /// its interval still runs from the last action it sent, as TCA's. The cancelled wait's
  /// action stays for the next effect in the same interval, as TCA's throttle keeps its value:
  /// with `latest` that effect's own action replaces it, without it the first held is sent.
  /// (An effect cancelled by the next one's start may see its cancel before or after that
  /// one's offer; either way the first action held is the same.)
  @Test(arguments: [(true, [1, 3]), (false, [1, 2])])
  func aCancelledThrottleSendsNothingAndKeepsItsInterval(latest: Bool, sent: [Int]) async {
    let clock = TestClock()
    let store = throttledTaps(clock: clock, latest: latest)
    await store.send(1).finish()
    let waiting = store.send(2)
    await clock.advanceOnceSleepingSurely(by: .milliseconds(500))
    store.send(-1)
    await waiting.finish()
    #expect(store.state == [1], "the waiting action is dropped")
    let next = store.send(3)
    await clock.advanceOnceSleepingSurely(by: .milliseconds(500))
    await next.finish()
    #expect(
      store.state == sent,
      "\(latest ? "its own action" : "the first action held"), a second after the last action sent")
  }

  @Test func throttledEffectsLetOneThroughPerInterval() async {
    for latest in [true, false] {
      let clock = TestClock()
      let store = throttledTaps(clock: clock, latest: latest)
      var tasks = [store.send(1)]
      await tasks[0].finish()
      #expect(store.state == [1], "the first goes through at once")
      // 2 first, waiting on the clock for the interval's end; then 3, whose effect cancels
      // 2's and waits in its place.
      tasks.append(store.send(2))
      for _ in 0..<10_000 {
        guard (try? await clock.checkSuspension()) != nil else { break }
      }
      tasks.append(store.send(3))
      await tasks[1].finish()
      #expect(store.state == [1], "the others wait for the end of the interval")
      await clock.advanceOnceSleepingSurely(by: .seconds(1))
      for task in tasks { await task.finish() }
      #expect(store.state == [1, latest ? 3 : 2])
    }
  }
}

/// A store whose actions under 100 are taps, each sent on as itself plus 100 through a
/// throttle of a second, and which records each tap that comes through; a negative action
/// cancels the throttle.
@MainActor
private func throttledTaps(clock: TestClock<Duration>, latest: Bool) -> Store<[Int], Int> {
  Store(initialState: [Int]()) {
    Reduce<[Int], Int> { state, action in
      if action >= 100 {
        state.append(action - 100)
        return .none
      }
      if action < 0 { return .cancel(id: "throttle") }
      return .send(action + 100)
        .throttle(id: "throttle", for: .seconds(1), clock: clock, latest: latest)
    }
  }
}

/// A store that starts `effect` on the action 0 and records every other action it receives.
@MainActor
private func recordingStore(
  _ effect: @escaping @Sendable () -> Effect<Int>
) -> Store<[Int], Int> {
  Store(initialState: [Int]()) {
    Reduce<[Int], Int> { state, action in
      guard action == 0 else {
        state.append(action)
        return .none
      }
      return effect()
    }
  }
}

/// Waits, up to 300 s of real time, until `condition` holds. In the whole suite, or under a
/// sanitizer, an effect's hops to the main actor can outlast any fixed number of yields: under
/// the thread sanitizer, beside the engine's tests computing on both cooperative threads, one
/// send took longer than the 30 s this allowed first.
@MainActor
private func eventually(for limit: Duration = .seconds(300), _ condition: () -> Bool) async {
  let deadline = ContinuousClock.now.advanced(by: limit)
  while !condition(), ContinuousClock.now < deadline {
    try? await Task.sleep(for: .milliseconds(1))
  }
}

extension TestClock<Duration> {
  /// Advances once something sleeps on this clock, waiting up to 300 s of real time for it
  /// (as `eventually`): advanced before the sleep began, a sleep until the new now would wait
  /// for ever (the test clock wakes a sleep only when it is advanced to its deadline or past).
  fileprivate func advanceOnceSleepingSurely(by duration: Duration) async {
    let deadline = ContinuousClock.now.advanced(by: .seconds(300))
    while (try? await checkSuspension()) != nil, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(1))
    }
    await advance(by: duration)
  }
}

/// Something an effect on the main actor tells the test, as it happens.
@MainActor
private final class Flag {
  var isSet = false
}

/// Where an effect waits, ignoring cancellation, until the test opens it.
@MainActor
private final class Gate {
  private var waiter: CheckedContinuation<Void, Never>?
  var isWaiting: Bool { waiter != nil }

  func wait() async {
    await withCheckedContinuation { waiter = $0 }
  }

  func open() {
    waiter?.resume()
    waiter = nil
  }
}

/// A clock the test sets, at once and from any thread, where `TestClock` advances only
/// asynchronously: it can move while an effect's operation runs without suspending. A sleep
/// ends once the clock is set to its deadline or past, and only then: a test using it sets it
/// past every deadline before it ends.
private final class SetClock: Clock, Sendable {
  typealias Duration = Swift.Duration
  typealias Instant = ContinuousClock.Instant

  private struct State {
    var now = ContinuousClock.now
    var sleepers: [(deadline: Instant, wake: CheckedContinuation<Void, Never>)] = []
  }

  private let state = Mutex(State())

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .zero }

  func set(by duration: Duration) {
    let woken = state.withLock { state in
      state.now += duration
      let now = state.now
      defer { state.sleepers.removeAll { $0.deadline <= now } }
      return state.sleepers.filter { $0.deadline <= now }.map(\.wake)
    }
    for wake in woken { wake.resume() }
  }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    await withCheckedContinuation { wake in
      let isDue = state.withLock { state in
        guard deadline > state.now else { return true }
        state.sleepers.append((deadline, wake))
        return false
      }
      if isDue { wake.resume() }
    }
    try Task.checkCancellation()
  }
}
