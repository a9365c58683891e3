// The kit under the module name TCA's users import: a feature written against TCA ports with
// its `import ComposableArchitecture` unchanged. Besides the core and the test store, it
// brings swift-case-paths' macros (`@CasePathable`, `@dynamicMemberLookup` case access,
// `XCTModify`): swift-syntax is built only for packages that choose this product.
@_exported import CasePaths
@_exported import ComposableCore
@_exported import ComposableTestSupport
