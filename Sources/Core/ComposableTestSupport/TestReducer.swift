import ComposableCore
import Dependencies
import Foundation

/// Runs the reducer under test with the test store's dependencies, and records what it did
/// for the ``TestStore`` to assert.
struct TestReducer<State, Action>: Reducer {
  let base: Reduce<State, Action>
  let context: TestContext<State, Action>

  func reduce(into state: inout State, action: TestAction<Action>) -> Effect<TestAction<Action>> {
    let before = state
    let stackID = context.dependencies.stackElementID.peek()
    let effect = withDependencies {
      $0 = context.dependencies
    } operation: {
      base.reduce(into: &state, action: action.action)
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
    return effect.map { TestAction.received($0) }.dismissingRoot { await dismissRoot?() }
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

  init(dependencies: DependencyValues, sharedChanges: SharedChangeTracker) {
    self.dependencies = dependencies
    self.sharedChanges = sharedChanges
  }
}
