// XCTest on Apple platforms has `XCTExpectFailure`; Linux's XCTest has none, so TCA code's tests
// that expect a failure (a test store's report, a reducer's) did not compile there. These
// declarations give it the same shape, for the failures the kit reports (everything reported
// through IssueReporting: the test store, the reducers, `unimplemented`). A failure XCTest
// records itself (`XCTAssertEqual`, `XCTFail` written in the test) cannot be intercepted on
// Linux, and is not expected.
#if !_runtime(_ObjC)
  import IssueReporting
  import Synchronization
  import XCTest

  /// A failure an `XCTExpectFailure` matcher is asked about.
  public struct ExpectedFailureIssue: Sendable, CustomStringConvertible {
    /// The failure's message, as XCTest's `XCTIssue.compactDescription` gives it.
    public let compactDescription: String
    public let fileID: StaticString
    public let filePath: StaticString
    public let line: UInt
    public let column: UInt

    public var description: String { compactDescription }

    /// Where the failure was reported, as XCTest's `XCTIssue.sourceCodeContext` gives it:
    /// `$0.sourceCodeContext.location?.lineNumber == line`.
    public var sourceCodeContext: SourceCodeContext {
      SourceCodeContext(
        location: SourceCodeLocation(
          fileURL: URL(fileURLWithPath: "\(filePath)"), lineNumber: Int(line)))
    }

    /// Where a failure was reported.
    public struct SourceCodeContext: Sendable {
      public let location: SourceCodeLocation?
    }

    /// A file and a line.
    public struct SourceCodeLocation: Sendable {
      public let fileURL: URL
      public let lineNumber: Int
    }
  }

  /// Expects a failure in `failingBlock`: failures reported there that `issueMatcher` accepts
  /// (any, without one) do not fail the test; if none is reported, that fails it (unless
  /// `strict` is `false`).
  ///
  /// XCTest's own on Apple platforms; this one, on Linux, sees the failures the kit reports:
  ///
  /// ```swift
  /// XCTExpectFailure {
  ///   store.assert { $0 = 2 }
  /// } issueMatcher: {
  ///   $0.compactDescription.hasPrefix("A state change does not match expectation")
  /// }
  /// ```
  // swift-format-ignore: AlwaysUseLowerCamelCase
  @discardableResult
  public func XCTExpectFailure<R>(
    _ failureReason: String? = nil,
    enabled: Bool? = nil,
    strict: Bool? = nil,
    failingBlock: () throws -> R,
    issueMatcher: ((ExpectedFailureIssue) -> Bool)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) rethrows -> R {
    guard enabled ?? true else { return try failingBlock() }
    let expectation = ExpectedFailures.Expectation(
      reason: failureReason, matcher: issueMatcher, isStrict: strict ?? true)
    let reporter = ExpectingReporter(expectations: [expectation], base: IssueReporters.current)
    let result = try withIssueReporters([reporter]) { try failingBlock() }
    expectation.reportIfUnmet(fileID: fileID, filePath: filePath, line: line, column: column)
    return result
  }

  /// Expects a failure in the rest of the test: failures reported after this call that
  /// `issueMatcher` accepts (any, without one) do not fail the test; if none is reported by
  /// its end, that fails it (unless `strict` is `false`).
  ///
  /// ```swift
  /// XCTExpectFailure {
  ///   $0.compactDescription.hasPrefix("Expected state to change, but no change occurred.")
  /// }
  /// await store.send(false) { $0 = 1 }
  /// ```
  ///
  /// For XCTest only (Swift Testing has `withKnownIssue`). The test's end is seen through an
  /// XCTest observer the kit registers the first time a test makes a test store or expects a
  /// failure: in the process's first such test, a strict expectation left unmet is printed,
  /// not reported, since XCTest on Linux cannot fail a test after it ended.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public func XCTExpectFailure(
    _ failureReason: String? = nil,
    enabled: Bool? = nil,
    strict: Bool? = nil,
    issueMatcher: ((ExpectedFailureIssue) -> Bool)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    guard enabled ?? true else { return }
    guard case .xcTest = IssueReporting.TestContext.current else {
      reportIssue(
        "XCTExpectFailure expects failures in XCTest's tests; in Swift Testing, use "
          + "'withKnownIssue'", fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    ExpectedFailures.shared.expectForRestOfTest(
      ExpectedFailures.Expectation(
        reason: failureReason, matcher: issueMatcher, isStrict: strict ?? true),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The expectations of the XCTest test that is running, and what sees its start and end.
  final class ExpectedFailures: @unchecked Sendable {
    // Every stored property is guarded by `state`.
    static let shared = ExpectedFailures()

    /// One `XCTExpectFailure`: which failures it accepts, and whether it has seen one.
    final class Expectation: @unchecked Sendable {
      // `matched` is guarded by its mutex; the rest is immutable. The matcher is the test's
      // closure, called where a failure is reported, as XCTest calls it.
      let reason: String?
      nonisolated(unsafe) let matcher: ((ExpectedFailureIssue) -> Bool)?
      let isStrict: Bool
      private let matched = Mutex(false)

      init(reason: String?, matcher: ((ExpectedFailureIssue) -> Bool)?, isStrict: Bool) {
        self.reason = reason
        self.matcher = matcher
        self.isStrict = isStrict
      }

      /// Whether it accepts `issue`; remembered when it does.
      func accepts(_ issue: ExpectedFailureIssue) -> Bool {
        guard matcher?(issue) ?? true else { return false }
        matched.withLock { $0 = true }
        return true
      }

      var isUnmet: Bool { isStrict && !matched.withLock { $0 } }

      /// Reports, at the `XCTExpectFailure` call, that no failure came.
      func reportIfUnmet(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        guard isUnmet else { return }
        reportIssue(
          unmetMessage, fileID: fileID, filePath: filePath, line: line, column: column)
      }

      var unmetMessage: String {
        "Expected failure did not occur" + (reason.map { ": \($0)" } ?? ".")
      }
    }

    private struct State {
      var expectations: [Expectation] = []
      /// The test that is running, when its start was seen.
      var testCase: RunningTest?
      var observer: Observer?
      var hasReporter = false
      /// Whether the running test checks its expectations at its teardown.
      var checksAtTeardown = false
    }

    private let state = Mutex(State())

    /// The expectations of the rest of the test, in the order they were made.
    var expectations: [Expectation] { state.withLock { $0.expectations } }

    /// Sees the start and end of each test from now on.
    func observeTests() {
      let observer = state.withLock { state -> Observer? in
        guard state.observer == nil else { return nil }
        let observer = Observer(owner: self)
        state.observer = observer
        return observer
      }
      if let observer { XCTestObservationCenter.shared.addTestObserver(observer) }
    }

    func expectForRestOfTest(
      _ expectation: Expectation, fileID: StaticString, filePath: StaticString, line: UInt,
      column: UInt
    ) {
      observeTests()
      let (needsReporter, testCase) = state.withLock { state in
        state.expectations.append(expectation)
        defer { state.hasReporter = true }
        let testCase = state.checksAtTeardown ? nil : state.testCase
        if testCase != nil { state.checksAtTeardown = true }
        return (!state.hasReporter, testCase?.testCase)
      }
      // Every issue is offered to the expectations first: they forward it when none takes it.
      if needsReporter {
        IssueReporters.current = [
          ExpectingReporter(expectations: nil, base: IssueReporters.current)
        ]
      }
      // A teardown block still belongs to the test: a failure it reports fails it. The
      // expectations end first, so that none takes the report of another.
      testCase?.addTeardownBlock { [self] in
        let ended = state.withLock { state in
          defer { state.expectations = [] }
          return state.expectations
        }
        for expectation in ended {
          expectation.reportIfUnmet(fileID: fileID, filePath: filePath, line: line, column: column)
        }
      }
    }

    fileprivate func testStarted(_ testCase: XCTestCase) {
      state.withLock {
        $0.expectations = []
        $0.testCase = RunningTest(testCase: testCase)
        $0.checksAtTeardown = false
      }
    }

    fileprivate func testFinished() {
      let (unchecked, wasChecked) = state.withLock { state in
        defer {
          state.expectations = []
          state.testCase = nil
          state.checksAtTeardown = false
        }
        return (state.expectations, state.checksAtTeardown)
      }
      guard !wasChecked else { return }
      for expectation in unchecked where expectation.isUnmet {
        print("error: \(expectation.unmetMessage) (the test's end was not seen in time to fail it)")
      }
    }

    /// XCTest runs one test at a time: the running one is only given a teardown block, by the
    /// test's own code.
    struct RunningTest: @unchecked Sendable {
      let testCase: XCTestCase
    }

    final class Observer: NSObject, XCTestObservation, @unchecked Sendable {
      // Immutable.
      unowned let owner: ExpectedFailures
      init(owner: ExpectedFailures) { self.owner = owner }
      func testCaseWillStart(_ testCase: XCTestCase) { owner.testStarted(testCase) }
      func testCaseDidFinish(_ testCase: XCTestCase) { owner.testFinished() }
    }
  }

  /// Offers each failure to expectations before the reporters it was given: one that accepts it
  /// keeps it from failing the test.
  struct ExpectingReporter: IssueReporter {
    /// The expectations of one `XCTExpectFailure` block; nil for those of the rest of the test.
    let expectations: [ExpectedFailures.Expectation]?
    let base: [any IssueReporter]

    func reportIssue(
      _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
      filePath: StaticString, line: UInt, column: UInt
    ) {
      let message = message()
      if severity == .error {
        let issue = ExpectedFailureIssue(
          compactDescription: message ?? "", fileID: fileID, filePath: filePath, line: line,
          column: column)
        let active = expectations ?? ExpectedFailures.shared.expectations
        // The most recent expectation first, as XCTest matches them.
        if active.reversed().contains(where: { $0.accepts(issue) }) {
          print("\(fileID):\(line): expected failure: \(message ?? "")")
          return
        }
      }
      for reporter in base {
        reporter.reportIssue(
          message, severity: severity, fileID: fileID, filePath: filePath, line: line,
          column: column)
      }
    }

    func expectIssue(
      _ message: @autoclosure () -> String?, fileID: StaticString, filePath: StaticString,
      line: UInt, column: UInt
    ) {
      let message = message()
      for reporter in base {
        reporter.expectIssue(
          message, fileID: fileID, filePath: filePath, line: line, column: column)
      }
    }
  }
#endif
