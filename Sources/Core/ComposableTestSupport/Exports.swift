// A test target that adds this product has what its tests use: the kit's core, test clocks,
// custom-dump's `expectNoDifference`, and swift-dependencies' `.dependencies` trait, which
// keeps each test case's dependencies (and so its shared state) apart.
@_exported import Clocks
@_exported import ComposableCore
@_exported import CustomDump
@_exported import DependenciesTestSupport
