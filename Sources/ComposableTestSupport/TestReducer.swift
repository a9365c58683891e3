import ComposableCore

/// Runs the reducer under test and records what it did, for the ``TestStore`` to assert.
struct TestReducer<State, Action>: Reducer {
  let base: Reduce<State, Action>
  let log: TestLog<State, Action>

  func reduce(into state: inout State, action: TestAction<Action>) -> Effect<TestAction<Action>> {
    let effect: Effect<Action>
    switch action {
    case .sent(let action):
      effect = base.reduce(into: &state, action: action)
      log.stateAfterSent = state
    case .received(let action):
      effect = base.reduce(into: &state, action: action)
      log.received.append((action, state))
    }
    return effect.map { TestAction.received($0) }
  }
}

enum TestAction<Action> {
  /// Sent by the test.
  case sent(Action)
  /// Sent by an effect.
  case received(Action)
}

/// What the reducer did since the test store last looked.
final class TestLog<State, Action> {
  var stateAfterSent: State?
  var received: [(action: Action, state: State)] = []
}
