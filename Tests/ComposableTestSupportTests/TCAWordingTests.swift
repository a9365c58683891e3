import ComposableTestSupport
import Testing

/// A counter whose `.first` sends `.second` back.
private struct Relay: Reducer {
  enum Action: Equatable {
    case first
    case second
  }

  func reduce(into count: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .first: return .send(.second)
    case .second:
      count += 1
      return .none
    }
  }
}

/// The test store's failures open with TCA's words, so that a test matching TCA's text
/// matches the kit's.
@MainActor
@Suite struct TCAWordingTests {
  @Test func aStateChangeThatDiffersFromTheExpectation() async {
    let store = TestStore(initialState: 0) { Relay() }
    await withKnownIssue {
      await store.send(.second) { $0 = 2 }
    } matching: { issue in
      issue.description.hasSuffix(
        """
        A state change does not match expectation.

            − 2
            + 1

        (Expected: −, Actual: +)
        """)
    }
  }

  @Test func aStateChangeThatWasNotExpected() async {
    let store = TestStore(initialState: 0) { Relay() }
    await withKnownIssue {
      await store.send(.second)
    } matching: { issue in
      issue.description.hasSuffix(
        """
        State was not expected to change, but a change occurred.

            − 0
            + 1

        (Expected: −, Actual: +)
        """)
    }
  }

  @Test func receivedActionsMustBeHandledBeforeSending() async {
    let store = TestStore(initialState: 0) { Relay() }
    await withKnownIssue {
      await store.send(.first)
      await store.send(.first)
    } matching: { issue in
      issue.description.contains(
        """
        Must handle 1 received action before sending an action.

        Unhandled actions: [
          [0]: .second
        ]
        """)
    }
    store.exhaustivity = .off
  }

  @Test func anActionReceivedBeforeTheExpectedOne() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Int> { _, action in
        action == 0 ? .merge(.send(1), .send(2)) : .none
      }
    }
    await store.send(0)
    await withKnownIssue {
      await store.receive(2)
    } matching: { issue in
      issue.description.contains(
        """
        Received unexpected action before this one:

            − 2
            + 1

        (Expected: −, Received: +)
        """)
    }
    store.exhaustivity = .off
  }

  @Test func aThrowingAssertion() async {
    struct Failure: Error {}
    let store = TestStore(initialState: 0) { Relay() }
    await withKnownIssue {
      await store.send(.second) { _ in throw Failure() }
    } matching: { issue in
      issue.description.contains("Threw error: Failure()")
    }
    store.exhaustivity = .off
  }

  /// `finish()`'s first lines are TCA's: the store's, and a send's task's.
  @Test func effectsThatDoNotFinish() async {
    let store = TestStore(initialState: 0) { Waiter() }
    let task = await store.send(.wait)
    let firstLine: @Sendable (Issue) -> Substring = {
      $0.description.split(separator: "\n").first ?? ""
    }
    // Each on its own: one known issue block passes when any of its issues matches.
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(20))
    } matching: { issue in
      firstLine(issue).hasSuffix(
        "Expected effects to finish, but there are still effects in-flight after 0.02 seconds.")
    }
    await withKnownIssue {
      await task.finish(timeout: .milliseconds(20))
    } matching: { issue in
      firstLine(issue).hasSuffix(
        "Expected task to finish, but it is still in-flight after 0.02 seconds.")
    }
    await task.cancel()
  }
}

/// A counter whose `.wait` starts an effect that waits until cancelled.
private struct Waiter: Reducer {
  enum Action: Equatable { case wait }

  func reduce(into count: inout Int, action: Action) -> Effect<Action> {
    .run { _ in try await Task.sleep(for: .seconds(3600)) }
  }
}
