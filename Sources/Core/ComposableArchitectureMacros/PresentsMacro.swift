import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Presents var destination: Destination.State?`: the property keeps its value in a
/// `PresentationState`, reached as `$destination` (what `ifLet` takes), and stays a
/// parameter of the memberwise initializer.
///
/// `$destination` is the stored property itself, not a computed one over private storage: a
/// key path to a stored property changes the value in place, where one through a computed
/// property copies it out and back (an allocation, and a copy of the presented state, for
/// every action `ifLet` runs).
public enum PresentsMacro {}

extension PresentsMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let property = PresentedProperty.parse(declaration, node: node, in: context) else {
      return []
    }
    let storage = property.storageName
    return [
      """
      @storageRestrictions(initializes: \(raw: storage))
      init(initialValue) {
        \(raw: storage) = ComposableCore.PresentationState(wrappedValue: initialValue)
      }
      """,
      "get { \(raw: storage).wrappedValue }",
      "set { \(raw: storage).wrappedValue = newValue }",
    ]
  }
}

extension PresentsMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    // The accessor expansion reports what is wrong; one message is enough.
    guard let property = PresentedProperty.parse(declaration, node: node, in: nil) else {
      return []
    }
    let wrapper = "ComposableCore.PresentationState<\(property.wrapped)>"
    return ["\(raw: property.access)var \(raw: property.storageName): \(raw: wrapper)"]
  }
}

/// What `@Presents` needs of its property: `var name: Wrapped?`, no initial value but `nil`.
private struct PresentedProperty {
  let name: String
  let wrapped: String
  let access: String
  var storageName: String { "$\(name)" }

  static func parse(
    _ declaration: some DeclSyntaxProtocol, node: AttributeSyntax,
    in context: (any MacroExpansionContext)?
  ) -> PresentedProperty? {
    func refuse(_ message: String) -> PresentedProperty? {
      context?.diagnose(
        Diagnostic(node: node, message: MacroMessage(message: message, id: "presents")))
      return nil
    }
    guard let variable = declaration.as(VariableDeclSyntax.self),
      variable.bindingSpecifier.tokenKind == .keyword(.var),
      variable.bindings.count == 1, let binding = variable.bindings.first,
      let identifier = binding.pattern.as(IdentifierPatternSyntax.self)
    else {
      return refuse("@Presents applies to one 'var' of optional state")
    }
    guard let type = binding.typeAnnotation?.type else {
      let name = identifier.identifier.text
      return refuse("@Presents needs the property's type: 'var \(name): Feature.State?'")
    }
    let wrapped: String
    if let optional = type.as(OptionalTypeSyntax.self) {
      wrapped = optional.wrappedType.trimmedDescription
    } else if let generic = type.as(IdentifierTypeSyntax.self), generic.name.text == "Optional",
      let argument = generic.genericArgumentClause?.arguments.first
    {
      wrapped = argument.argument.trimmedDescription
    } else {
      let name = identifier.identifier.text
      return refuse("@Presents applies to optional state: 'var \(name): \(type.trimmed)?'")
    }
    if let value = binding.initializer?.value, !value.is(NilLiteralExprSyntax.self) {
      return refuse("A presented feature starts absent: remove the initial value, or make it nil")
    }
    return PresentedProperty(
      name: identifier.identifier.text, wrapped: wrapped, access: variable.modifiers.accessPrefix)
  }
}
