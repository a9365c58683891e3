@_spi(Internals) import CasePaths
import ComposableTestSupport

// swift-case-paths' `XCTModify` reports a closure that leaves the case unchanged. TCA tells it
// when a non-exhaustive test store runs the closure, where setting a field to the value it has
// is how a test says "at least this": these declarations shadow swift-case-paths' (a module's
// own win over the modules it imports) to tell it the same.

/// Modifies the wrapped value in place, reporting an absent one (and, in an exhaustive test
/// store's assertion, an unchanged one).
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "Use 'CasePathable.modify' to mutate an expected case, instead.")
public func XCTModify<Wrapped>(
  _ optional: inout Wrapped?,
  _ message: @autoclosure () -> String = "",
  _ body: (inout Wrapped) throws -> Void,
  file: StaticString = #filePath,
  line: UInt = #line
) {
  XCTModifyLocals.$isExhaustive.withValue(TestStoreAssertion.isExhaustive) {
    CasePaths.XCTModify(&optional, message(), body, file: file, line: line)
  }
}

/// Modifies the case's value in place, reporting another case (and, in an exhaustive test
/// store's assertion, an unchanged value).
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "Use 'CasePathable.modify' to mutate an expected case, instead.")
public func XCTModify<Enum, Case>(
  _ enum: inout Enum,
  case keyPath: CaseKeyPath<Enum, Case>,
  _ message: @autoclosure () -> String = "",
  _ body: (inout Case) throws -> Void,
  file: StaticString = #filePath,
  line: UInt = #line
) {
  XCTModifyLocals.$isExhaustive.withValue(TestStoreAssertion.isExhaustive) {
    CasePaths.XCTModify(&`enum`, case: keyPath, message(), body, file: file, line: line)
  }
}
