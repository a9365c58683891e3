import ComposableCore
import Dependencies
import Foundation
import Synchronization

/// Runs the reducer under test with the test store's dependencies, and records what it did
/// for the ``TestStore`` to assert.
struct TestReducer<State, Action>: Reducer {
  let base: Reduce<State, Action>
  let context: TestContext<State, Action>

  func reduce(into state: inout State, action: TestAction<Action>) -> Effect<TestAction<Action>> {
    let before = state
    let stackID = context.dependencies.stackElementID.peek()
    // The root can be dismissed (the test store's `isDismissed`), so it is presented, as TCA's
    // test store has it.
    let effect = withDependencies {
      $0 = context.dependencies
    } operation: {
      PresentedReduce.run { base.reduce(into: &state, action: action.action) }
    }
    // Shared values are references: what the action left them at is kept apart.
    let shared = context.sharedChanges.liveValues()
    switch action {
    case .sent:
      context.lastSent = ReceivedAction(
        action: action.action, before: before, after: state, stackID: stackID, shared: shared)
    case .received(let received):
      context.received.append(
        ReceivedAction(
          action: received, before: before, after: state, stackID: stackID, shared: shared))
    }
    let dismissRoot = context.dismissRoot
    // The send whose effects this action is one of: an effect's actions come back to the store
    // from inside it. A received action of a send the test stopped waiting for
    // (`skipInFlightEffects`) starts effects the test must still wait for, as in TCA.
    let send = TestSend.current
    let late = context.lateEffects
    let isLate = send.map { late.isSkipped($0) && action.isReceived } ?? false
    let description = isLate ? String(customDumping: action.action) : ""
    return effect.map { TestAction.received($0) }
      .dismissingRoot { await dismissRoot?() }
      .wrappingRuns { operation, sendAction in
        let run = isLate ? late.started(description) : nil
        defer { run.map(late.ended) }
        await TestSend.$current.withValue(send) { await operation(sendAction) }
      }
  }
}

/// The send of the test whose effects run here: a task-local, set around each of their runs.
enum TestSend {
  @TaskLocal static var current: Int?
}

/// The effects started by actions received from a send the test stopped waiting for: the
/// test waits for them at `finish()` and fails when they outlive it, as for any other.
final class LateEffects: Sendable {
  private struct State {
    var skippedSends: Set<Int> = []
    var running: [Int: String] = [:]
    var reported: Set<Int> = []
    var nextRun = 0
  }
  private let state = Mutex(State())

  func skip(_ send: Int) { state.withLock { _ = $0.skippedSends.insert(send) } }

  func isSkipped(_ send: Int) -> Bool { state.withLock { $0.skippedSends.contains(send) } }

  /// A run started; `description` is its action's.
  func started(_ description: String) -> Int {
    state.withLock { state in
      defer { state.nextRun += 1 }
      state.running[state.nextRun] = description
      return state.nextRun
    }
  }

  func ended(_ run: Int) { _ = state.withLock { $0.running.removeValue(forKey: run) } }

  var isRunning: Bool { state.withLock { !$0.running.isEmpty } }

  /// The actions of the runs still going that no check reported, marked reported.
  func unreported() -> [String] {
    state.withLock { state in
      let new = state.running.filter { !state.reported.contains($0.key) }
      state.reported.formUnion(new.keys)
      return new.sorted { $0.key < $1.key }.map(\.value)
    }
  }
}

enum TestAction<Action> {
  /// Sent by the test.
  case sent(Action)
  /// Sent by an effect.
  case received(Action)

  var action: Action {
    switch self {
    case .sent(let action), .received(let action): action
    }
  }

  var isReceived: Bool {
    if case .received = self { true } else { false }
  }
}

extension TestAction: Sendable where Action: Sendable {}

/// An action, with the state before and after it, and the id the next stack element pushed
/// by it got: what an assertion's closure starts from.
struct ReceivedAction<State, Action> {
  var action: Action
  var before: State
  var after: State
  var stackID: StackElementID
  /// The values of the shared values changed so far, as the action left them.
  var shared: [ObjectIdentifier: (value: Any, version: Int)] = [:]
  /// Whether a check of the end (`finish()`) reported it unasserted: the store's release
  /// reports only what came after.
  var wasReported = false
}

/// What the test store and its reducer share.
final class TestContext<State, Action> {
  var dependencies: DependencyValues
  /// Records the changes the feature makes to shared values (installed in `dependencies`).
  let sharedChanges: SharedChangeTracker
  var lastSent: ReceivedAction<State, Action>?
  /// Locked: a store released off the main actor reads it at its end while an effect may still
  /// be sending on the main actor.
  var received: [ReceivedAction<State, Action>] {
    _read {
      receivedLock.lock()
      defer { receivedLock.unlock() }
      yield _received
    }
    _modify {
      receivedLock.lock()
      defer { receivedLock.unlock() }
      yield &_received
    }
  }
  private var _received: [ReceivedAction<State, Action>] = []
  private let receivedLock = NSLock()
  /// What `dismiss()` does where no feature is presented.
  var dismissRoot: (@Sendable () async -> Void)?
  /// The effects of actions received from sends the test stopped waiting for.
  let lateEffects = LateEffects()

  init(dependencies: DependencyValues, sharedChanges: SharedChangeTracker) {
    self.dependencies = dependencies
    self.sharedChanges = sharedChanges
  }
}
