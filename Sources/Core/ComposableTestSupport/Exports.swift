// A test target that adds this product has what its tests use: the kit's core, test clocks,
// and custom-dump's `expectNoDifference`.
@_exported import Clocks
@_exported import ComposableCore
@_exported import CustomDump
