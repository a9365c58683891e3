import ComposableCore
import IssueReporting

#if canImport(Testing)
  import Testing
#endif

extension ComposableCore.SourceLocation {
  /// Reports a test store's failure where the running test framework sees it, whatever task
  /// reports it.
  ///
  /// IssueReporting tells Swift Testing from XCTest by the current test, a task-local value. In
  /// a task that does not inherit it (`Task.detached`, a store made, used or released there)
  /// there is none, and it takes the process for XCTest's, whose failure with no XCTest test
  /// running is dropped: a store released in a detached task with an effect still running
  /// passed. Swift Testing records an issue that no test's task reports as its run's (the run
  /// fails, the issue names no test: «unknown»), and outside its run it records nothing; XCTest
  /// does the reverse. So such a failure goes to both: the one that is running fails.
  ///
  /// The consumer package's wrong-on-purpose tests (`Examples/`) make such a store under both
  /// frameworks, and `Scripts/check-consumer` requires both to fail.
  func reportFailure(_ message: String) {
    report(message)
    #if canImport(Testing)
      guard IssueReporting.TestContext.current == .xcTest else { return }
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: Testing.SourceLocation(
          fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
    #endif
  }
}
