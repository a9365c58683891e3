import CasePaths
import ComposableTestSupport

extension TestStore where Action: CasePathable {
  /// Sends the case at `casePath` with `value`, the path written as a case key path:
  /// `store.send(\.view.binding.description, "draft")`.
  ///
  /// The core's `send(_:_:)` takes a path through `AllCasePaths`, whose steps are case paths;
  /// under this module, swift-case-paths gives a case path a `description` of its own, which
  /// then wins over a field of that name. A case key path's steps have no members of their
  /// own, so a binding to any field is found.
  @_disfavoredOverload
  @discardableResult
  public func send<Value>(
    _ casePath: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      casePath(value), assert: updateStateToExpectedResult, fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// Sends the case at `casePath`, which has no payload, the path written as a case key path.
  @_disfavoredOverload
  @discardableResult
  public func send(
    _ casePath: CaseKeyPath<Action, Void>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      casePath(()), assert: updateStateToExpectedResult, fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// Receives an action of the case at `casePath`, the path written as a case key path:
  /// `store.receive(\.view.binding.description)`.
  @_disfavoredOverload
  public func receive<Value>(
    _ casePath: CaseKeyPath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      AnyCasePath(casePath), timeout: timeout, assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
