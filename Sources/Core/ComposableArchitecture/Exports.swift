// The kit under the module name TCA's users import: a feature written against TCA ports with
// its `import ComposableArchitecture` unchanged. Besides the core and the test store, it
// brings the macros TCA code is written with: this module's own (`@Reducer`, `@Presents`,
// `@ObservableState`), swift-case-paths' (`@CasePathable`, `@dynamicMemberLookup` case
// access, `XCTModify`) and swift-dependencies' (`@DependencyClient`). swift-syntax is built
// only for packages that choose this product.
@_exported import CasePaths
@_exported import ComposableCore
@_exported import ComposableTestSupport
@_exported import DependenciesMacros
// TCA's features use `URL`, `UUID` and `Date` with no import of their own: on Apple platforms
// TCA's module brings Foundation in (through SwiftUI), so this one does too.
@_exported import Foundation
