import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Reducer`: on a struct, the `Reducer` conformance and case paths for its `Action` (and an
/// enum `State`); on an enum of features, the ``CaseReducer`` those features make.
public enum ReducerMacro {}

extension ReducerMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    // `protocols` holds the conformances the type does not declare already. An enum's
    // extension names `Reducer` too: a macro's extension gets no implied conformance.
    let wanted =
      declaration.is(EnumDeclSyntax.self)
      ? [
        "ComposableCore.CaseReducer", "ComposableCore.Reducer",
        "ComposableArchitecture._CaseScopable",
      ]
      : ["ComposableCore.Reducer"]
    let missing = wanted.filter { name in
      protocols.contains {
        $0.trimmedDescription.split(separator: ".").last == name.split(separator: ".").last
      }
    }
    guard !missing.isEmpty else { return [] }
    let list = missing.joined(separator: ", ")
    return [try ExtensionDeclSyntax("extension \(type.trimmed): \(raw: list) {}")]
  }
}

extension ReducerMacro: MemberAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard !declaration.is(EnumDeclSyntax.self) else { return [] }
    // The builder a protocol's requirement names is inferred only where the conformance is
    // declared, and this one is declared by the macro's extension: `body` gets it here, so
    // that a body listing several reducers builds, as with TCA's macro. Its types are the
    // ones the body names: `some ReducerOf<Self>` is `Self.State, Self.Action`, and
    // `some Reducer<Int, Bool>` is `Int, Bool` (a feature whose State is inferred from them).
    if let property = member.as(VariableDeclSyntax.self), property.isComputedBody,
      !property.attributes.contains(named: "ReducerBuilder"),
      let types = property.builderTypes
    {
      return ["@ComposableCore.ReducerBuilder<\(raw: types)>"]
    }
    // An enum reducer's State and Action are generated with their attributes.
    guard let nested = member.as(EnumDeclSyntax.self),
      ["State", "Action"].contains(nested.name.text)
    else { return [] }
    var attributes: [AttributeSyntax] = []
    if !nested.attributes.contains(named: "CasePathable") {
      attributes.append("@CasePaths.CasePathable")
    }
    if nested.name.text == "State", !nested.attributes.contains(named: "dynamicMemberLookup") {
      attributes.append("@dynamicMemberLookup")
    }
    return attributes
  }
}

extension ReducerMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
      return structFillIns(declaration)
    }
    let access = enumDecl.modifiers.accessPrefix
    let (stateConformances, actionConformances) = conformances(in: node)
    let cases = EnumReducerCase.cases(in: enumDecl.memberBlock.members)
    // An `Action` (or `State`) written by hand is kept, and not generated.
    let written = Set(
      enumDecl.memberBlock.members.compactMap { $0.decl.as(EnumDeclSyntax.self)?.name.text })

    let enumName = enumDecl.name.text
    // A body written by hand (an enum whose cases' reducers need more than a Scope each)
    // replaces the generated one.
    let hasBody = enumDecl.memberBlock.members.contains { member in
      member.decl.as(VariableDeclSyntax.self)?.bindings.contains {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
      } ?? false
    }
    let stateCases = cases.lines(
      feature: { "case \($0.name)(\($0.stateType))" }, stateOnly: { "case \($0)" }
    ).joined(separator: "\n")
    let actionCases = cases.lines(feature: { "case \($0.name)(\($0.actionType))" })
      .joined(separator: "\n")
    let scopes = cases.lines { feature in
      feature.reducer.map {
        "ComposableCore.Scope(state: \\Self.State.AllCasePaths.\(feature.name), "
          + "action: \\Self.Action.AllCasePaths.\(feature.name)) { \($0) }"
      }
    }
    let body =
      cases.hasReducer
      ? "ComposableCore.CombineReducers {\n\(scopes.joined(separator: "\n"))\n}"
      : "ComposableCore.EmptyReducer<Self.State, Self.Action>()"
    // The generated enums declare the conformances `@CasePathable` would add in an extension
    // of its own: an extension macro expanded inside this expansion adds a declaration to the
    // file while Swift 6.3's type checker walks the file's declarations, which crashed it for
    // some numbers of `@Reducer` enums in one file (4 and 8, not 6).
    let casePathable = "CasePaths.CasePathable, CasePaths.CasePathIterable"
    var members: [DeclSyntax] = []
    if !written.contains("State") {
      members.append(
        """
        @CasePaths.CasePathable
        @dynamicMemberLookup
        \(raw: access)enum State: ComposableCore.CaseReducerState, \
        ComposableArchitecture.ObservableState, \(raw: casePathable)\
        \(raw: stateConformances) {
        \(raw: access)typealias StateReducer = \(raw: enumName)
        \(raw: stateCases)
        }
        """)
    }
    if !written.contains("Action") {
      members.append(
        """
        @CasePaths.CasePathable
        \(raw: access)enum Action: \(raw: casePathable)\(raw: actionConformances) {
        \(raw: actionCases)
        }
        """)
    }
    if !written.contains("CaseScope") {
      let storeCases = cases.lines(
        feature: { "case \($0.name)(\($0.scopeType))" }, stateOnly: { "case \($0)" })
      members.append(
        """
        @CasePaths.CasePathable
        @dynamicMemberLookup
        \(raw: access)enum CaseScope: ComposableArchitecture._CaseScopeProtocol, \
        \(raw: casePathable) {
        \(raw: storeCases.joined(separator: "\n"))
        }
        """)
    }
    let hasScope = enumDecl.memberBlock.members.contains {
      $0.decl.as(FunctionDeclSyntax.self)?.name.text == "scope"
    }
    if !hasScope {
      let storeScopes = cases.lines(
        feature: { feature in
          feature.reducer == nil
            ? "case .\(feature.name)(let v0): return .\(feature.name)(v0)"
            : "case .\(feature.name): return .\(feature.name)("
              + "store.scope(\\.\(feature.name), action: \\.\(feature.name))!)"
        }, stateOnly: { $0.sameCase })
      members.append(
        """
        @preconcurrency @MainActor
        \(raw: access)static func scope(\
        _ store: ComposableCore.Store<Self.State, Self.Action>) -> CaseScope {
        switch store.state {
        \(raw: storeScopes.joined(separator: "\n"))
        }
        }
        """)
    }
    if !hasBody {
      members.append(
        """
        @ComposableCore.ReducerBuilder<Self.State, Self.Action>
        \(raw: access)static var body: some ComposableCore.Reducer<Self.State, Self.Action> {
        \(raw: body)
        }
        """)
    }
    return members
  }

  /// What a struct leaves out, by TCA's macro's rules: `@Reducer struct Feature {}` gets a
  /// `State` with nothing in it, an `Action` with no case and a `body` that does nothing.
  ///
  /// What is written is kept: a type or typealias, a `body`, a `reduce(into:action:)`. And
  /// where the reducer's types may come from what is written, neither `State` nor `Action`
  /// is filled in, since a generated one would contradict them: a `body` whose type names
  /// them (`some Reducer<Int, Bool>`, `some ReducerOf<Self>`), a property with an initial
  /// value (`let body = Reduce<Int, Bool> { … }`), or a `reduce(into:action:)`.
  private static func structFillIns(_ declaration: some DeclGroupSyntax) -> [DeclSyntax] {
    let access = declaration.modifiers.accessPrefix
    var typeNames: Set<String> = []
    var hasBody = false
    var namesItsTypes = false
    for member in declaration.memberBlock.members {
      let decl = member.decl
      if let name = decl.as(StructDeclSyntax.self)?.name.text
        ?? decl.as(EnumDeclSyntax.self)?.name.text
        ?? decl.as(ClassDeclSyntax.self)?.name.text
        ?? decl.as(TypeAliasDeclSyntax.self)?.name.text
      {
        typeNames.insert(name)
      }
      if let variable = decl.as(VariableDeclSyntax.self) {
        for binding in variable.bindings {
          if binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body" {
            hasBody = true
          }
          if binding.initializer != nil || binding.namesReducerType { namesItsTypes = true }
        }
      }
      if let function = decl.as(FunctionDeclSyntax.self), function.isReduceIntoAction {
        hasBody = true
        namesItsTypes = true
      }
    }
    var members: [DeclSyntax] = []
    if !typeNames.contains("State"), !namesItsTypes {
      members.append(
        """
        \(raw: access)struct State: Codable, Equatable, Hashable, Sendable {
        \(raw: access)init() {}
        }
        """)
    }
    if !typeNames.contains("Action"), !namesItsTypes {
      members.append("\(raw: access)enum Action: Equatable, Hashable, Sendable {}")
    }
    if !hasBody {
      members.append(
        """
        \(raw: access)var body: some ComposableCore.Reducer<Self.State, Self.Action> {
        ComposableCore.EmptyReducer<Self.State, Self.Action>()
        }
        """)
    }
    return members
  }

  /// `@Reducer(state: .equatable, .sendable, action: .equatable)`: the protocols each
  /// generated enum conforms to, as the rest of its inheritance clause.
  private static func conformances(in node: AttributeSyntax) -> (state: String, action: String) {
    guard let arguments = node.arguments?.as(LabeledExprListSyntax.self) else { return ("", "") }
    var state: [String] = []
    var action: [String] = []
    var label = ""
    for argument in arguments {
      if let name = argument.label?.text { label = name }
      let protocolName: String
      switch argument.expression.trimmedDescription {
      case ".equatable": protocolName = "Swift.Equatable"
      case ".hashable": protocolName = "Swift.Hashable"
      case ".sendable": protocolName = "Swift.Sendable"
      default: continue
      }
      if label == "state" { state.append(protocolName) }
      if label == "action" { action.append(protocolName) }
    }
    return (state.map { ", \($0)" }.joined(), action.map { ", \($0)" }.joined())
  }
}

extension VariableDeclSyntax {
  /// The types a body's builder takes from its declared type: `Self.State, Self.Action` for
  /// `some ReducerOf<Self>`, `Int, Bool` for `some Reducer<Int, Bool>`; none for a type that
  /// names neither (`some Reducer`), as with TCA's macro.
  fileprivate var builderTypes: String? {
    guard
      let arguments = bindings.first?.typeAnnotation?.type.as(SomeOrAnyTypeSyntax.self)?
        .constraint.as(IdentifierTypeSyntax.self)?.genericArgumentClause?.arguments
    else { return nil }
    switch arguments.count {
    case 1:
      let feature = arguments.first!.argument.trimmedDescription
      return "\(feature).State, \(feature).Action"
    case 2: return arguments.map(\.argument.trimmedDescription).joined(separator: ", ")
    default: return nil
    }
  }

  /// `var body` computed by a getter of statements (not `return` ones: a builder does not
  /// apply to a body that returns explicitly).
  fileprivate var isComputedBody: Bool {
    guard bindingSpecifier.text == "var", bindings.count == 1, let binding = bindings.first,
      binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body",
      let accessors = binding.accessorBlock?.accessors
    else { return false }
    let statements: CodeBlockItemListSyntax
    switch accessors {
    case .getter(let getter): statements = getter
    case .accessors(let list):
      guard let get = list.first(where: { $0.accessorSpecifier.text == "get" }),
        let body = get.body
      else { return false }
      statements = body.statements
    }
    return !statements.contains { $0.item.is(ReturnStmtSyntax.self) }
  }
}

extension PatternBindingSyntax {
  /// `: some Reducer<…>` or `: some ReducerOf<…>`: a property whose type says the reducer's
  /// `State` and `Action`.
  fileprivate var namesReducerType: Bool {
    guard
      let name = typeAnnotation?.type.as(SomeOrAnyTypeSyntax.self)?.constraint
        .as(IdentifierTypeSyntax.self)?.name.text
    else { return false }
    return ["Reducer", "ReducerOf"].contains(name)
  }
}

extension FunctionDeclSyntax {
  /// `func reduce(into state: inout …, action: …) -> …`: a reducer's own requirement, whose
  /// parameters name its `State` and `Action`.
  fileprivate var isReduceIntoAction: Bool {
    let parameters = signature.parameterClause.parameters
    guard name.text == "reduce", parameters.count == 2, let state = parameters.first,
      state.firstName.text == "into", parameters.last?.firstName.text == "action"
    else { return false }
    return state.type.trimmedDescription.hasPrefix("inout ")
  }
}
