import ComposableCore
import CustomDump
import Foundation
import IssueReporting

/// A store for tests that makes you assert every state change and every action effects send.
///
/// Send an action with the state you expect it to produce; receive each action an effect
/// sends, in order; end with ``finish(timeout:fileID:filePath:line:column:)``. The test fails,
/// at the line of the call, with a readable diff, when a state change is not asserted, when an
/// effect sends an action that is never received, or when effects are still running at the
/// end. Works under Swift Testing and XCTest. Use it from `@MainActor` tests.
///
/// ```swift
/// @MainActor @Test func nthPrime() async {
///   let store = TestStore(initialState: CounterState(count: 7), reducer: Counter(client: .mock))
///   await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
///   await store.receive(.nthPrimeResponse(17)) {
///     $0.isRequestInFlight = false
///     $0.alert = "The 7th prime is 17"
///   }
///   await store.finish()
/// }
/// ```
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// The state as asserted so far.
  public private(set) var state: State
  /// How long ``receive(_:timeout:assert:fileID:filePath:line:column:)`` and
  /// ``finish(timeout:fileID:filePath:line:column:)`` wait by default.
  public var timeout: Duration

  private let core: RootCore<TestReducer<State, Action>>
  private let log: TestLog<State, Action>
  private var sends: [(action: Action, location: SourceLocation, completion: Completion)] = []
  private let location: SourceLocation
  private var hasCheckedTheEnd = false

  /// A test store that runs `reducer` from `initialState`.
  public init<R: Reducer>(
    initialState: State,
    reducer: R,
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    let log = TestLog<State, Action>()
    self.log = log
    self.state = initialState
    self.timeout = timeout
    self.core = RootCore(state: initialState, reducer: TestReducer(base: Reduce(reducer), log: log))
    self.location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  // Not an isolated deinit: those run without task-local values, so a failure reported from
  // one would reach no test. A main-actor test releases its store on the main actor.
  deinit {
    // An effect that just sent its last action may still be returning on another thread,
    // which a busy machine can keep waiting for a while; a stuck effect costs 2 s here.
    for _ in 0..<2_000 where core.runningEffectCount > 0 {
      usleep(1_000)
    }
    MainActor.assumeIsolated {
      checkTheEnd(at: location)
    }
  }

  /// Sends `action` and asserts the state it produces: `updateExpected` turns the previous
  /// state into the expected one.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateExpected: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if !log.received.isEmpty {
      report(
        """
        Must handle \(log.received.count) received \
        action\(log.received.count == 1 ? "" : "s") before sending an action:

        \(describe(log.received.map(\.action)))
        """, at: location)
      state = log.received.last!.state
      log.received.removeAll()
    }
    let task = core.send(.sent(action))
    let actual = log.stateAfterSent ?? core.state
    log.stateAfterSent = nil
    expect(actual, from: updateExpected, at: location)
    let completion = Completion(task)
    sends.append((action, location, completion))
    await Task.yield()
    return TestStoreTask(task: task, completion: completion, timeout: timeout)
  }

  /// Asserts that an effect sent `expectedAction` next, and the state it produced.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateExpected: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await receive(
      matching: { $0 == expectedAction },
      describedAs: { diff(expectedAction, $0).map { "\($0)\n\n(Expected: −, Received: +)" } },
      timeout: timeout, updateExpected: updateExpected,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent an action of the case `casePath` next, and the state it
  /// produced; for actions that are not `Equatable`.
  public func receive<Value>(
    _ casePath: CasePath<Action, Value>,
    timeout: Duration? = nil,
    assert updateExpected: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      matching: { casePath.extract($0) != nil }, describedAs: { _ in nil },
      timeout: timeout, updateExpected: updateExpected,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits until every running effect has ended; fails when some are still running after
  /// `timeout`, or when received actions were not asserted.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await waitUntil(timeout: timeout ?? self.timeout) { core.runningEffectCount == 0 }
    checkTheEnd(
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private func receive(
    matching isExpected: (Action) -> Bool,
    describedAs difference: (Action) -> String?,
    timeout: Duration?,
    updateExpected: ((inout State) throws -> Void)?,
    at location: SourceLocation
  ) async {
    let timeout = timeout ?? self.timeout
    await waitUntil(timeout: timeout) { !log.received.isEmpty || core.runningEffectCount == 0 }
    guard !log.received.isEmpty else {
      report(
        core.runningEffectCount == 0
          ? "Expected to receive an action, but no effect is running to send one."
          : """
          Expected to receive an action, but received none after \(timeout). \
          \(core.runningEffectCount) effect(s) are still running: a time-based effect waits \
          for its clock to advance.
          """, at: location)
      return
    }
    let (action, stateAfter) = log.received.removeFirst()
    if !isExpected(action) {
      report(
        """
        Received an unexpected action:

        \(difference(action) ?? describe([action]))
        """, at: location)
    }
    expect(stateAfter, from: updateExpected, at: location)
  }

  private func expect(
    _ actual: State, from updateExpected: ((inout State) throws -> Void)?,
    at location: SourceLocation
  ) {
    defer { state = actual }
    var expected = state
    if let updateExpected {
      do {
        try updateExpected(&expected)
      } catch {
        report("The state assertion threw an error: \(error)", at: location)
        return
      }
      if expected == state, actual == state {
        report(
          """
          Expected the state to change, but it did not: the closure changed nothing. When no \
          change is expected, leave the closure out.
          """, at: location)
        return
      }
    }
    guard expected != actual else { return }
    report(
      """
      A state change does not match the expectation:

      \(diff(expected, actual, format: .proportional) ?? "(no visible difference)")

      (Expected: −, Actual: +)
      """, at: location)
  }

  private func checkTheEnd(at location: SourceLocation) {
    guard !hasCheckedTheEnd else { return }
    hasCheckedTheEnd = true
    if !log.received.isEmpty {
      report(
        """
        The store received \(log.received.count) action(s) that were not asserted:

        \(describe(log.received.map(\.action)))

        Assert each with `await store.receive(…)`.
        """, at: location)
    }
    guard core.runningEffectCount > 0 else { return }
    let unfinished = sends.filter { !$0.completion.isFinished }
    let message = """
      An effect is still running at the end of the test. Every effect must end before the \
      test does: cancel it with an action, make it finish (advance a test clock), or await \
      `store.finish()`.
      """
    if unfinished.isEmpty {
      report(message, at: location)
    }
    for send in unfinished {
      report("\(message)\n\nIt was started by:\n\n\(describe([send.action]))", at: send.location)
    }
  }

  private func describe(_ actions: [Action]) -> String {
    actions.map { String(customDumping: $0) }.joined(separator: "\n\n")
  }

  private func report(_ message: String, at location: SourceLocation) {
    reportIssue(
      message, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
  }
}

/// Waits, letting effects on other threads make progress, until `condition` holds or
/// `timeout` has passed.
@MainActor
private func waitUntil(timeout: Duration, _ condition: () -> Bool) async {
  let deadline = ContinuousClock.now + timeout
  while !condition(), ContinuousClock.now < deadline {
    for _ in 0..<10 { await Task.yield() }
    try? await Task.sleep(for: .microseconds(200))
  }
}

/// The effects of one ``TestStore/send(_:assert:fileID:filePath:line:column:)``.
@MainActor
public struct TestStoreTask {
  let task: StoreTask
  let completion: Completion
  let timeout: Duration

  /// Cancels the effects and waits until they have ended.
  public func cancel() async {
    task.cancel()
    await task.finish()
  }

  /// Waits until the effects have ended; fails when they are still running after `timeout`.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let timeout = timeout ?? self.timeout
    await waitUntil(timeout: timeout) { completion.isFinished }
    if !completion.isFinished {
      reportIssue(
        "Expected the effects to finish, but they are still running after \(timeout).",
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// Whether the effects were cancelled; `true` when the action started none.
  public var isCancelled: Bool { task.isCancelled }
}

/// Becomes finished when the effects of one send have all ended.
@MainActor
final class Completion {
  private(set) var isFinished: Bool

  init(_ task: StoreTask) {
    isFinished = task.startedNothing
    guard !isFinished else { return }
    Task { [weak self] in
      await task.finish()
      self?.isFinished = true
    }
  }
}
