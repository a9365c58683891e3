import SwiftSyntax
import SwiftSyntaxMacros

/// `@ObservableState`: the conformance to `ObservableState`, by which a store of the state
/// scopes an optional child to an optional store, as TCA's does. Nothing is tracked: a view
/// observes what it shows with `store.observe { … }`.
public enum ObservableStateMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    // `protocols` is empty where the type conforms already.
    guard !protocols.isEmpty else { return [] }
    return [
      try ExtensionDeclSyntax(
        "extension \(type.trimmed): ComposableArchitecture.ObservableState {}")
    ]
  }
}
