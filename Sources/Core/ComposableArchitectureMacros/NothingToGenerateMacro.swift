import SwiftSyntax
import SwiftSyntaxMacros

/// `@ObservationStateIgnored` and `@ReducerCaseIgnored` (a mark the enum reducer reads):
/// accepted so that TCA code builds, and generate nothing. Here a view observes what it shows
/// with `store.observe { … }`, which notifies only when that value changes: the state needs no
/// tracking of its own.
public enum NothingToGenerateMacro: MemberAttributeMacro, PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    []
  }

  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}
