// What the kit's public API hands to its users, so that adding ComposableCore is enough:
// identified collections for `forEach`, case paths for `Scope`, dependencies and clocks for
// reducers and effects, lock-isolated values for tests and effects.
@_exported import CasePathsCore
@_exported import Clocks
@_exported import ConcurrencyExtras
@_exported import Dependencies
@_exported import IdentifiedCollections
@_exported import IssueReporting
@_exported import Sharing
