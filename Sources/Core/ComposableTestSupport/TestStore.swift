import ComposableCore
import ConcurrencyExtras
import CustomDump
import Dependencies
import Foundation
import IssueReporting
import Synchronization

/// A store for tests: send actions, assert the state they produce, receive the actions
/// effects send back.
///
/// Exhaustive by default (``exhaustivity``): the test fails, at the line of the call and with
/// a diff, when a state change is not asserted, when an effect sends an action that is never
/// received, or when effects are still running at the end. Dependencies the feature uses
/// must be given (``dependencies``): in tests their values are unimplemented and report
/// issues. Works under Swift Testing and XCTest, in `@MainActor` tests and in plain `async`
/// ones (`await` its initializer there): released off the main actor, it checks the end of the
/// test where it is released.
///
/// ```swift
/// @MainActor @Test func nthPrime() async {
///   let store = TestStore(initialState: CounterFeature.State(count: 7)) {
///     CounterFeature()
///   } withDependencies: {
///     $0.nthPrime = .answering { _ in 17 }
///   }
///   await store.send(.requestNthPrime) { $0.lookup.request = NthPrimeLookup.Request(n: 7) }
///   await store.receive(.lookup(.response(n: 7, .success(17)))) {
///     $0.lookup.request = nil
///     $0.destination = .alert(.nthPrime(n: 7, result: .success(17)))
///   }
///   await store.finish()
/// }
/// ```
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// How much the test must assert; `.on` by default.
  public var exhaustivity: Exhaustivity = .on

  /// Runs `operation` with `exhaustivity`, then puts back the store's own.
  ///
  /// For a stretch of a test that asserts less, as TCA code writes it:
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.requestNthPrime)
  ///   await store.receive(.lookup(.response(n: 7, .success(17))))
  /// }
  /// ```
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity, operation: () async throws -> R
  ) async rethrows -> R {
    let before = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = before }
    return try await operation()
  }

  /// Runs `operation` with `exhaustivity`, then puts back the store's own.
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity, operation: () throws -> R
  ) rethrows -> R {
    let before = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = before }
    return try operation()
  }
  /// How long
  /// ``receive(_:timeout:assert:fileID:filePath:line:column:)-(Action,_,_,_,_,_,_)`` and
  /// ``finish(timeout:fileID:filePath:line:column:)`` wait by default.
  public var timeout: Duration

  /// The dependencies the feature runs with; change them between actions to change what the
  /// next effects see.
  public var dependencies: DependencyValues {
    get { context.dependencies }
    set { context.dependencies = newValue }
  }

  /// Runs the store's effects one job at a time on the main queue, in the order they are
  /// scheduled: what an effect can do before its next suspension has happened by the time the
  /// test's next step runs, so tests need no waiting for effects that are ready. On by
  /// default.
  ///
  /// Under Swift Testing, whose tests run in parallel, it serializes this store's effects
  /// only, not every task of the process: tests running at the same time are unaffected.
  /// Under XCTest, whose tests run one at a time, it also serializes the rest of the process
  /// while the store lives, as TCA's does (swift-concurrency-extras'
  /// `uncheckedUseMainSerialExecutor`): the test's own task then runs between the effects'
  /// jobs, so a clock advanced past several sleeps of one effect sees each of them. When the
  /// last such store goes, the process's setting is put back as it was before the first.
  /// Turn it off to run effects on the global executor, as a live store does.
  public var useMainSerialExecutor: Bool {
    get { core.effectExecutor != nil }
    set {
      core.effectExecutor = newValue ? MainSerialExecutor.shared : nil
      if !newValue {
        ProcessSerialExecutor.release(ObjectIdentifier(self))
      } else if case .xcTest = IssueReporting.TestContext.current {
        ProcessSerialExecutor.hold(ObjectIdentifier(self))
      }
    }
  }

  /// The state as far as the test has followed it: after the last action sent, received or
  /// skipped. Inside an assertion's closure, the state before that action.
  ///
  /// Effects may have sent actions the test has not received yet; their changes show here
  /// once it receives (or skips) them, as they would in the test's reading order.
  public private(set) var state: State

  private let core: RootCore<TestReducer<State, Action>>
  private let context: TestContext<State, Action>
  /// The actions sent and their effects; `wasReported`: a check of the end (`finish()`)
  /// reported the effect still running, and the store's release does not again.
  private var sends:
    [(action: Action, location: SourceLocation, task: StoreTask, wasReported: Bool, id: Int)] =
      []
  /// How many sends `skipInFlightEffects` took out of `sends`: ids go on after them.
  private var skippedSends = 0
  /// The tasks of the sends `skipInFlightEffects` let go: no longer waited for at the end, but
  /// still able to send what a later `receive` waits for.
  private var skippedTasks: [StoreTask] = []
  private let location: SourceLocation

  /// Whether the feature dismissed itself: it called `dismiss()` where nothing presents it.
  ///
  /// A feature presented in the app dismisses itself through `@Dependency(\.dismiss)`; tested
  /// alone, that dismisses the test store, and a test asserts it as TCA's SyncUps tests do:
  ///
  /// ```swift
  /// await store.send(.deleteConfirmed)
  /// #expect(store.isDismissed)
  /// ```
  public private(set) var isDismissed = false

  /// A test store that runs the reducer from `initialState`, with the dependencies
  /// `prepareDependencies` sets.
  ///
  /// The state's type comes from the reducer, so `.init()` is enough:
  ///
  /// ```swift
  /// let store = TestStore(initialState: .init()) { NthPrimeCounter() }
  /// ```
  public init<R: Reducer>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<R.State, R.Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    // Set inside `withDependencies`, so that reading a dependency to change one of its
    // fields (`$0.client.fetch = …`) is not taken for a use of its missing test value.
    // The store reports unasserted shared changes itself, with the state's diff.
    let sharedChanges = SharedChangeTracker(reportUnassertedChanges: false)
    let (initialState, reducer, dependencies) = withDependencies {
      // The test's own ids go on, as in TCA: a stack made before the store (a deep link)
      // keeps its elements when the store pushes, where a generator from 0 again gave a push
      // the id of one of them, and replaced it.
      sharedChanges.track(&$0)
      prepareDependencies(&$0)
    } operation: {
      (initialState(), reducer(), DependencyValues._current)
    }
    let context = TestContext<State, Action>(
      dependencies: dependencies, sharedChanges: sharedChanges)
    self.context = context
    self.timeout = .seconds(1)
    self.state = initialState
    self.core = RootCore(
      state: initialState, reducer: TestReducer(base: Reduce(reducer), context: context))
    self.location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.useMainSerialExecutor = true
    #if !_runtime(_ObjC)
      // From the next test on, an `XCTExpectFailure` for the rest of a test is checked at its
      // end (XCTest on Linux tells its observers when a test starts).
      if case .xcTest = IssueReporting.TestContext.current {
        ExpectedFailures.shared.observeTests()
      }
    #endif
    // `dismiss()` called where no feature presents another dismisses the store itself: its
    // effects are cancelled, and sending to it fails.
    context.dismissRoot = { [weak self] in
      await MainActor.run {
        guard let self else { return }
        self.isDismissed = true
        self.core.cancelAllEffects()
      }
    }
  }

  /// A test store that runs `reducer` from `initialState`.
  public convenience init<R: Reducer<State, Action>>(
    initialState: State,
    reducer: R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      initialState: initialState, reducer: { reducer }, withDependencies: prepareDependencies,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The previous release's initializer, which took the receive timeout.
  @available(
    *, deprecated,
    message: "Use 'init(initialState:reducer:)' and set 'timeout' on the store"
  )
  public convenience init<R: Reducer<State, Action>>(
    initialState: State,
    reducer: R,
    timeout: Duration,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      initialState: initialState, reducer: { reducer }, fileID: fileID, filePath: filePath,
      line: line, column: column)
    self.timeout = timeout
  }

  // Not an isolated deinit: those run later, without task-local values, so an issue reported
  // from one would reach no test. The end is checked where the store is released, main actor
  // or not (a plain `async` test releases it on the global executor): nothing else holds the
  // store then, and what effects still running may change (`received`, the tasks' state) is
  // read under locks. Nothing here waits: an effect still running is reported at once
  // (`finish()` waits for them).
  deinit {
    withoutIsolationCheck { checkTheEnd(at: location) }
    ProcessSerialExecutor.release(ObjectIdentifier(self))
  }

  // MARK: Sending

  /// Sends `action` and asserts the state it produces: `updateStateToExpectedResult` turns the
  /// state before the action into the state expected after it.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard !isDismissed else {
      report(
        """
        Can't send action to dismissed test store.

        The feature called `dismiss()` where nothing presents it, which dismisses the store.
        """, at: location)
      return TestStoreTask(task: .none, timeout: timeout)
    }
    if !context.received.isEmpty {
      if exhaustivity == .on {
        // They stay: the test may still receive them, and fail only here.
        report(
          """
          Must handle \(plural(context.received.count, "received action")) before sending an \
          action.

          Unhandled actions: \(String(customDumping: context.received.map(\.action)))
          """, at: location)
      } else {
        skipped(
          "\(plural(context.received.count, "received action")) were not asserted:\n\n"
            + describe(context.received.map(\.action)), at: location)
        state = context.received.last!.after
        context.sharedChanges.advance(to: context.received.last!.shared)
        context.received.removeAll()
      }
    }
    let stackID = dependencies.stackElementID.peek()
    let sendID = sends.count + skippedSends
    let task = TestSend.$current.withValue(sendID) { core.send(.sent(action)) }
    let sent =
      context.lastSent
      ?? ReceivedAction(
        action: action, before: core.state, after: core.state, stackID: stackID,
        shared: context.sharedChanges.liveValues())
    context.lastSent = nil
    expectState(
      from: sent.before, to: sent.after, stackID: sent.stackID, shared: sent.shared,
      updateStateToExpectedResult, at: location)
    sends.append((action, location, task, false, sendID))
    await settle()
    return TestStoreTask(task: task, timeout: timeout)
  }

  /// Sends the case at `casePath` with `value`: `store.send(\.binding.typedCount, "42")`.
  @discardableResult
  public func send<Value>(
    _ casePath: KeyPath<Action.AllCasePaths, AnyCasePath<Action, Value>>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask where Action: CasePathable {
    await send(
      Action.allCasePaths[keyPath: casePath].embed(value), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sends the case at `casePath`, which has no payload: `store.send(\.dismissTapped)`.
  @discardableResult
  public func send(
    _ casePath: KeyPath<Action.AllCasePaths, AnyCasePath<Action, Void>>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask where Action: CasePathable {
    await send(
      casePath, (), assert: updateStateToExpectedResult, fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  // MARK: Receiving

  /// Asserts that an effect sent `expectedAction` (next, when exhaustive), and the state it
  /// produced.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await receive(
      matching: { $0 == expectedAction }, expected: describe([expectedAction]),
      difference: { received in
        diff(expectedAction, received, format: .proportional)
          .map { "\(indented($0, by: 4))\n\n(Expected: −, Received: +)" }
      },
      expectedAction: describe([expectedAction]),
      timeout: timeout, updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent an action of the case at `casePath`, and the state it
  /// produced: `await store.receive(\.nthPrimeResponse)`.
  public func receive<Value>(
    _ casePath: KeyPath<Action.AllCasePaths, AnyCasePath<Action, Value>>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: CasePathable {
    let path = Action.allCasePaths[keyPath: casePath]
    let name = caseName(from: Action.self, to: Value.self) ?? "that carries \(Value.self)"
    await receive(
      matching: { path.extract(from: $0) != nil }, expected: "an action matching case path",
      detail: "The case: \(name)", difference: { _ in nil }, timeout: timeout,
      updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent an action of the case `casePath`, and the state it produced:
  /// `await store.receive(AnyCasePath(Feature.Action.response))`.
  public func receive<Value>(
    _ casePath: AnyCasePath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      matching: { casePath.extract(from: $0) != nil }, expected: "an action matching case path",
      detail: "The case: "
        + (caseName(from: Action.self, to: Value.self) ?? "that carries \(Value.self)"),
      difference: { _ in nil }, timeout: timeout, updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent the case at `casePath` with `value`, and the state it
  /// produced: `await store.receive(\.response, 17)`.
  public func receive<Value: Equatable>(
    _ casePath: KeyPath<Action.AllCasePaths, AnyCasePath<Action, Value>>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: CasePathable {
    let path = Action.allCasePaths[keyPath: casePath]
    let expected =
      caseName(
        from: Action.self, to: Value.self,
        payload: String(customDumping: value).split(separator: "\n")
          .map { $0.trimmingPrefix(while: \.isWhitespace) }.joined())
      ?? String(customDumping: path.embed(value))
    await receive(
      matching: { path.extract(from: $0) == value },
      expected: expected,
      difference: { received in
        // The whole action, as TCA diffs it, when the case is the expected one.
        guard path.extract(from: received) != nil else { return nil }
        return diff(path.embed(value), received, format: .proportional)
          .map { "\(indented($0, by: 2))\n\n(Expected: −, Actual: +)\n\nExpected \(expected)." }
      },
      timeout: timeout, updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent an action for which `isMatching` holds, and the state it
  /// produced.
  public func receive(
    _ isMatching: (Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      matching: isMatching, expected: "an action matching the predicate",
      difference: { _ in nil }, timeout: timeout, updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private func receive(
    matching isExpected: (Action) -> Bool,
    expected: String,
    detail: String? = nil,
    difference: (Action) -> String?,
    expectedAction: String? = nil,
    timeout: Duration?,
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
    at location: SourceLocation
  ) async {
    let timeout = timeout ?? self.timeout
    let isExhaustive = exhaustivity == .on
    var canStillReceive: Bool { isRunning || skippedTasks.contains { $0.isInFlight } }
    await waitUntil(timeout: timeout) {
      isExhaustive
        ? !context.received.isEmpty || !canStillReceive
        : context.received.contains { isExpected($0.action) } || !canStillReceive
    }
    let index = isExhaustive ? 0 : context.received.firstIndex { isExpected($0.action) }
    guard let index, context.received.indices.contains(index) else {
      if canStillReceive {
        report(
          """
          Expected to receive \(expected), but received \
          \(context.received.isEmpty ? "none" : "no matching action") after \(timeout).

          Effects are still running: a time-based effect waits for its clock to advance, a \
          slow one for a longer `timeout`.
          """, at: location)
      } else if let expectedAction {
        report(
          """
          Expected to receive the following action, but didn't:

          \(indented(expectedAction, by: 2))
          """, at: location)
      } else {
        report(
          "Expected to receive \(expected), but didn't get one."
            + (detail.map { "\n\n\($0)" } ?? ""), at: location)
      }
      return
    }
    if index > 0 {
      skipped(
        "\(plural(index, "received action")) were skipped:\n\n"
          + describe(context.received[..<index].map(\.action)), at: location)
      state = context.received[index - 1].after
      context.sharedChanges.advance(to: context.received[index - 1].shared)
      context.received.removeFirst(index)
    }
    let received = context.received.removeFirst()
    guard isExpected(received.action) else {
      let later = context.received.contains { isExpected($0.action) }
      report(
        """
        Received unexpected action\(later ? " before this one" : ""):

        \(difference(received.action) ?? """
          \(indented(describe([received.action]), by: 2))

          Expected \(expected).
          """)
        """, at: location)
      return
    }
    expectState(
      from: received.before, to: received.after, stackID: received.stackID,
      shared: received.shared, updateStateToExpectedResult, at: location)
    // The effect that sent it may have steps left (returning, sleeping again): let it take
    // them.
    await settle()
  }

  // MARK: Asserting the state, skipping, finishing

  /// Asserts the store's state now: `updateStateToExpectedResult` sets what is expected.
  public func assert(
    _ updateStateToExpectedResult: (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let sharedChanges = context.sharedChanges
    // Shared values are asserted against their live values: changes effects made since.
    defer { sharedChanges.advance(to: nil) }
    var expected = state
    var threw: (any Error)?
    let difference = sharedChanges.assert(actuals: nil) { () -> String? in
      do {
        try TestStoreAssertion.$isExhaustive.withValue(exhaustivity == .on) {
          try updateStateToExpectedResult(&expected)
        }
      } catch {
        threw = error
        return nil
      }
      guard expected != state else { return nil }
      return diff(expected, state, format: .proportional) ?? "(no visible difference)"
    }
    if let threw {
      report("Threw error: \(threw)", at: location)
      return
    }
    guard let difference else { return }
    report(
      """
      A state change does not match expectation.

      \(indented(difference, by: 4))

      (Expected: −, Actual: +)
      """, at: location)
  }

  /// Drops the actions effects sent that the test has not received; with `strict`, fails
  /// when there were none.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await settle()
    guard !context.received.isEmpty else {
      if strict { report("There were no received actions to skip.", at: location) }
      return
    }
    skipped(
      "\(plural(context.received.count, "received action")) were skipped:\n\n"
        + describe(context.received.map(\.action)), at: location)
    state = context.received.last!.after
    context.sharedChanges.advance(to: context.received.last!.shared)
    context.received.removeAll()
  }

  /// Stops waiting for the effects still running: they go on, and the actions they send are
  /// still received, but the test no longer fails because they outlive it. With `strict`,
  /// fails when there were none.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await settle()
    let running = sends.filter { $0.task.isInFlight }
    guard !running.isEmpty else {
      if strict { report("There were no in-flight effects to skip.", at: location) }
      return
    }
    skipped(
      "The effects of \(plural(running.count, "action")) were not waited for:\n\n"
        + describe(running.map(\.action)), at: location)
    skippedTasks += running.map(\.task)
    // An action their effects send later may start effects of its own: those are waited for.
    for send in running { context.lateEffects.skip(send.id) }
    skippedSends += sends.count
    sends.removeAll()
  }

  /// Waits until every effect has ended; fails when some still run after `timeout`, and, when
  /// exhaustive, when received actions were not asserted.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let timeout = timeout ?? self.timeout
    await waitUntil(timeout: timeout) { !isRunning }
    if isRunning {
      let message = """
        Expected effects to finish, but there are still effects in-flight after \(timeout).

        The effects of these actions are still running:

        \((sends.filter { $0.task.isInFlight }.map { String(customDumping: $0.action) }
          + context.lateEffects.unreported()).joined(separator: "\n\n"))

        Cancel them with an action, make them finish (advance a test clock), or give \
        `finish(timeout:)` longer.
        """
      // As TCA: a non-exhaustive store lets effects outlive the test, and says so only when
      // asked to show what it skips.
      if exhaustivity == .on {
        report(message, at: location)
      } else {
        skipped(message, at: location)
      }
      for index in sends.indices where sends[index].task.isInFlight {
        sends[index].wasReported = true
      }
      return
    }
    checkTheEnd(at: location, includingShared: false)
  }

  private var isRunning: Bool {
    sends.contains { $0.task.isInFlight } || context.lateEffects.isRunning
  }

  /// Lets the effects run until none has a job waiting, so that what they can do before
  /// waiting on something (a clock, a response) is done before the test's next step.
  private func settle() async {
    guard useMainSerialExecutor else {
      await Task.megaYield()
      return
    }
    // An effect's hop to the main actor (to send) leaves nothing queued here for a moment:
    // idle three yields in a row means idle.
    var idleYields = 0
    for _ in 0..<10_000 where idleYields < 3 {
      await Task.yield()
      idleYields = MainSerialExecutor.shared.isIdle ? idleYields + 1 : 0
    }
  }

  /// `finish()` leaves the shared changes of long-living effects for a `store.assert` that
  /// follows it; the end of the store's life checks them. Each check reports what no check
  /// before it did: what comes after a `finish()` (an effect sent then, an action received
  /// then) is reported when the store goes, as TCA's release checks everything.
  private func checkTheEnd(at location: SourceLocation, includingShared: Bool = true) {
    if includingShared { checkSharedChanges(at: location) }
    // Loops, no closures: from a `deinit` off the main actor, a closure formed here would
    // check that it runs on the main actor, and trap.
    var received: [Action] = []
    for index in context.received.indices where !context.received[index].wasReported {
      received.append(context.received[index].action)
      context.received[index].wasReported = true
    }
    var running: [(action: String, location: SourceLocation)] = []
    for index in sends.indices where sends[index].task.isInFlight && !sends[index].wasReported {
      running.append((String(customDumping: sends[index].action), sends[index].location))
      sends[index].wasReported = true
    }
    for late in context.lateEffects.unreported() { running.append((late, location)) }
    Self.reportTheEnd(
      received: received, running: running, exhaustivity: exhaustivity, at: location)
  }

  nonisolated private static func reportTheEnd(
    received: [Action], running: [(action: String, location: SourceLocation)],
    exhaustivity: Exhaustivity, at location: SourceLocation
  ) {
    if !received.isEmpty {
      let message = """
        The store received \(plural(received.count, "unexpected action")).

          Unhandled actions:
        \(indented(describe(received), by: 4))

        Assert each with `await store.receive(…)`, skip them with \
        `await store.skipReceivedActions()`, or make the store non-exhaustive.
        """
      if exhaustivity == .on {
        location.reportFailure(message)
      } else {
        skipped(message, at: location, exhaustivity: exhaustivity)
      }
    }
    guard !running.isEmpty else { return }
    let message = """
      An effect returned for this action is still running. It must complete before the end of \
      the test.

      Cancel it with an action, make it finish (advance a test clock), or await \
      `store.finish()`.
      """
    guard exhaustivity == .on else {
      skipped(message, at: location, exhaustivity: exhaustivity)
      return
    }
    for send in running {
      send.location.reportFailure("\(message)\n\nIt was started by:\n\n\(send.action)")
    }
  }

  // MARK: State assertions

  /// Asserts the change from `before` to `actual` as `updateStateToExpectedResult` describes
  /// it: exhaustively the whole change, otherwise only the fields it sets.
  ///
  /// Shared values are asserted as the action left them (`shared`), against what the test
  /// knew of them before: their changes are asserted on the step that made them.
  private func expectState(
    from before: State, to actual: State, stackID: StackElementID,
    shared: [ObjectIdentifier: (value: Any, version: Int)],
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
    at location: SourceLocation
  ) {
    // Inside the closure, `state` is the state before the action; after, the state after it.
    state = before
    defer { state = actual }
    let sharedChanges = context.sharedChanges
    let actualShared = shared.mapValues(\.value)
    // A `withLock` that left its value as it was is a change for the closure to describe, as
    // TCA has it: a reset of a count already at 0 (`$0.$count.withLock { $0 = 0 }`).
    let wroteShared = sharedChanges.hasChanges(comparedWith: shared)
    // Non-exhaustive: the shared changes are taken as they are, and only what the closure
    // sets is checked.
    if exhaustivity != .on { sharedChanges.advance(to: shared) }
    defer { sharedChanges.advance(to: shared) }
    // The closure runs with the store's dependencies, and pushes onto stacks with the ids
    // the action's own pushes got.
    func apply(to state: inout State) throws {
      try withDependencies {
        $0 = dependencies
        $0.stackElementID = StackElementIDGenerator(startingAt: stackID)
      } operation: {
        try TestStoreAssertion.$isExhaustive.withValue(exhaustivity == .on) {
          try updateStateToExpectedResult?(&state)
        }
      }
    }
    var expected = exhaustivity == .on ? before : actual
    var threw: (any Error)?
    let (changed, difference) = sharedChanges.assert(actuals: actualShared) {
      () -> (Bool, String?) in
      let changed = actual != before
      do {
        try apply(to: &expected)
      } catch {
        threw = error
        return (changed, nil)
      }
      if exhaustivity != .on, case .off(showSkippedAssertions: true) = exhaustivity {
        var fromBefore = before
        try? apply(to: &fromBefore)
        if let difference = diff(fromBefore, actual, format: .proportional), fromBefore != actual {
          skipped(
            """
            A state change does not match expectation.

            \(indented(difference, by: 4))

            (Expected: −, Actual: +)
            """,
            at: location)
        }
      }
      guard expected != actual else { return (changed, nil) }
      return (changed, diff(expected, actual, format: .proportional) ?? "(no visible difference)")
    }
    if let threw {
      report("Threw error: \(threw)", at: location)
      return
    }
    guard let difference else {
      if exhaustivity == .on, updateStateToExpectedResult != nil, !changed, !wroteShared {
        report(
          """
          Expected state to change, but no change occurred.

          The assertion's closure describes a change, and the action made none. When no change \
          is expected, leave the closure out.
          """, at: location)
      }
      return
    }
    let headline =
      updateStateToExpectedResult == nil
      ? "State was not expected to change, but a change occurred"
      : "A state change does not match expectation"
    report(
      """
      \(headline).

      \(indented(difference, by: 4))

      (Expected: −, Actual: +)
      """, at: location)
  }

  /// Reports the shared changes no step asserted: those effects made after the last one.
  private func checkSharedChanges(at location: SourceLocation) {
    let sharedChanges = context.sharedChanges
    guard sharedChanges.hasChanges else { return }
    defer { sharedChanges.advance(to: nil) }
    guard exhaustivity == .on else { return }
    // As TCA: the state compared with itself, its shared values' snapshots with their live
    // values. A change that left a value as it was, or of a value the state does not hold,
    // shows no difference and fails nothing.
    guard
      let difference = sharedChanges.assert(
        actuals: nil,
        {
          diff(state, state, format: .proportional)
        }
      )
      .map({ "\($0)\n\n(Expected: −, Actual: +)" })
    else { return }
    report(
      """
      Test store finished before asserting against changes to shared state:

      \(difference)

      Invoke "TestStore.assert" at the end of this test to assert against changes to shared \
      state.
      """, at: location)
  }

  // MARK: Reporting

  private func describe(_ actions: some Sequence<Action>) -> String {
    Self.describe(actions)
  }

  nonisolated private static func describe(_ actions: some Sequence<Action>) -> String {
    actions.map { String(customDumping: $0) }.joined(separator: "\n\n")
  }

  private func report(_ message: String, at location: SourceLocation) {
    location.reportFailure(message)
  }

  /// What a non-exhaustive test did not assert: shown as an expected issue when asked for.
  private func skipped(_ message: String, at location: SourceLocation) {
    Self.skipped(message, at: location, exhaustivity: exhaustivity)
  }

  nonisolated private static func skipped(
    _ message: String, at location: SourceLocation, exhaustivity: Exhaustivity
  ) {
    guard case .off(showSkippedAssertions: true) = exhaustivity else { return }
    let text = "Skipped assertions.\n\n\(message)"
    #if !canImport(Darwin)
      // XCTest on Linux cannot expect an issue (it fails the test with "Expecting failures is
      // unavailable"): there the note is printed, as a runtime warning would be.
      if IssueReporting.TestContext.current == .xcTest {
        print("\(location.fileID):\(location.line): \(text)")
        return
      }
    #endif
    // An expected issue, as TCA's: Swift Testing shows it as a known issue, which fails nothing.
    withExpectedIssue(
      fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column
    ) {
      location.report(text)
    }
  }
}

/// Runs main-actor code on this thread without asserting that it is the main actor's: for the
/// store's `deinit` only, whose reads are safe from any thread (see there).
private func withoutIsolationCheck(_ body: @MainActor () -> Void) {
  withoutActuallyEscaping(body) { body in
    unsafeBitCast(body, to: (() -> Void).self)()
  }
}

private func plural(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}

/// Waits, letting effects on other threads make progress, until `condition` holds or
/// `timeout` has passed.
@MainActor
func waitUntil(timeout: Duration, _ condition: () -> Bool) async {
  let deadline = ContinuousClock.now + timeout
  while !condition(), ContinuousClock.now < deadline {
    // Yields let the effects on the main serial executor run; the sleep, those elsewhere.
    for _ in 0..<10 { await Task.yield() }
    if condition() { return }
    try? await Task.sleep(for: .microseconds(200))
  }
}

/// A test store of `R`'s state and actions: `let store: TestStoreOf<Counter>`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable

/// The effects of one
/// ``TestStore/send(_:assert:fileID:filePath:line:column:)-(Action,_,_,_,_,_)``.
@MainActor
public struct TestStoreTask {
  let task: StoreTask
  let timeout: Duration

  nonisolated init(task: StoreTask, timeout: Duration) {
    self.task = task
    self.timeout = timeout
  }

  /// A test store's task made from a task of your own, as TCA's `TestStoreTask(rawValue:
  /// timeout:)`: `finish()` waits for it, at most `timeout`, and `cancel()` cancels it.
  ///
  /// It can be made anywhere, as TCA's: waiting for it is what needs the main actor.
  ///
  /// ```swift
  /// let task = TestStoreTask(rawValue: nil, timeout: .seconds(1))
  /// await task.finish()
  /// ```
  nonisolated public init(rawValue: Task<Void, Never>?, timeout: Duration) {
    self.init(task: StoreTask(rawValue: rawValue), timeout: timeout)
  }

  /// A test store's task made from a task of your own, with its timeout in nanoseconds, as
  /// TCA's releases before `Duration` wrote it.
  nonisolated public init(rawValue: Task<Void, Never>?, timeout: UInt64) {
    self.init(rawValue: rawValue, timeout: .nanoseconds(Int64(clamping: timeout)))
  }

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
    if let raw = task.madeFromTask {
      guard await !Self.ends(raw, within: timeout) else { return }
      SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column).reportFailure(
        "Expected task to finish, but it is still in-flight after \(timeout).")
      return
    }
    await waitUntil(timeout: timeout) { !task.isInFlight }
    if task.isInFlight {
      SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column).reportFailure(
        "Expected task to finish, but it is still in-flight after \(timeout).")
    }
  }

  /// Whether the effects were cancelled; `true` when the action started none.
  public var isCancelled: Bool { task.isCancelled }

  /// Whether `task` ends within `timeout` (a watcher notes its end: awaiting its value
  /// directly could not be given up).
  private static func ends(_ task: Task<Void, Never>, within timeout: Duration) async -> Bool {
    let ended = Mutex(false)
    Task {
      await task.value
      ended.withLock { $0 = true }
    }
    await waitUntil(timeout: timeout) { ended.withLock { $0 } }
    return ended.withLock { $0 }
  }
}
