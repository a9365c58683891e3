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
    let wanted = declaration.is(EnumDeclSyntax.self) ? ["CaseReducer", "Reducer"] : ["Reducer"]
    let missing = wanted.filter { name in
      protocols.contains { $0.trimmedDescription.split(separator: ".").last == Substring(name) }
    }
    guard !missing.isEmpty else { return [] }
    let list = missing.map { "ComposableCore.\($0)" }.joined(separator: ", ")
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
    // that a body listing several reducers builds, as with TCA's macro.
    if let property = member.as(VariableDeclSyntax.self), property.isComputedBody,
      !property.attributes.contains(named: "ReducerBuilder")
    {
      return ["@ComposableCore.ReducerBuilder<Self.State, Self.Action>"]
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

    var cases: [FeatureCase] = []
    // Cases that hold no feature: `@ReducerCaseIgnored`, or not one unlabelled value (TCA's
    // `case meeting(Meeting, syncUp: SyncUp)`). They are states with no actions or reducer.
    var stateOnlyCases: [String] = []
    for member in enumDecl.memberBlock.members {
      // Cases under `#if` would be left out of the generated State and Action without a
      // word: refused, until they are kept.
      if let ifConfig = member.decl.as(IfConfigDeclSyntax.self),
        ifConfig.clauses.contains(where: { clause in
          clause.elements?.as(MemberBlockItemListSyntax.self)?.contains {
            $0.decl.is(EnumCaseDeclSyntax.self)
          } ?? false
        })
      {
        context.diagnose(
          Diagnostic(
            node: ifConfig,
            message: MacroMessage(
              message: "'@Reducer' enums cannot have cases inside '#if': move them out, or "
                + "write the State, Action and body by hand",
              id: "caseInIfConfig")))
        continue
      }
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      let isIgnored = caseDecl.attributes.contains(named: "ReducerCaseIgnored")
      for element in caseDecl.elements {
        if !isIgnored, let parameters = element.parameterClause?.parameters,
          parameters.count == 1, let parameter = parameters.first, parameter.firstName == nil
        {
          cases.append(
            FeatureCase(
              name: element.name.text, type: parameter.type.trimmed,
              defaultValue: parameter.defaultValue?.value.trimmedDescription))
        } else {
          stateOnlyCases.append("case \(element.trimmedDescription)")
        }
      }
    }
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
    let stateCases = (cases.map { "case \($0.name)(\($0.stateType))" } + stateOnlyCases)
      .joined(separator: "\n")
    let actionCases = cases.map { "case \($0.name)(\($0.actionType))" }.joined(separator: "\n")
    let scopes = cases.compactMap { feature in
      feature.reducer.map {
        "ComposableCore.Scope(state: \\Self.State.AllCasePaths.\(feature.name), "
          + "action: \\Self.Action.AllCasePaths.\(feature.name)) { \($0) }"
      }
    }
    let body =
      scopes.isEmpty
      ? "ComposableCore.EmptyReducer<Self.State, Self.Action>()"
      : "ComposableCore.CombineReducers {\n\(scopes.joined(separator: "\n"))\n}"
    var members: [DeclSyntax] = []
    if !written.contains("State") {
      members.append(
        """
        @CasePaths.CasePathable
        @dynamicMemberLookup
        \(raw: access)enum State: ComposableCore.CaseReducerState\(raw: stateConformances) {
        \(raw: access)typealias StateReducer = \(raw: enumName)
        \(raw: stateCases)
        }
        """)
    }
    if !written.contains("Action") {
      members.append(
        """
        @CasePaths.CasePathable
        \(raw: access)enum Action\(raw: actionConformances) {
        \(raw: actionCases)
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

  /// What a struct leaves out, as TCA's macro fills it in: a `State` with nothing in it, an
  /// `Action` with no case, a `body` that does nothing (`@Reducer struct Feature {}`). What is
  /// written (a type, a typealias, a `body`, or a `reduce(into:action:)`) is kept.
  private static func structFillIns(_ declaration: some DeclGroupSyntax) -> [DeclSyntax] {
    let access = declaration.modifiers.accessPrefix
    var typeNames: Set<String> = []
    var hasBody = false
    for member in declaration.memberBlock.members {
      let decl = member.decl
      if let name = decl.as(StructDeclSyntax.self)?.name.text
        ?? decl.as(EnumDeclSyntax.self)?.name.text
        ?? decl.as(ClassDeclSyntax.self)?.name.text
        ?? decl.as(TypeAliasDeclSyntax.self)?.name.text
      {
        typeNames.insert(name)
      }
      if let variable = decl.as(VariableDeclSyntax.self),
        variable.bindings.contains(where: {
          $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
        })
      {
        hasBody = true
      }
      if let function = decl.as(FunctionDeclSyntax.self), function.name.text == "reduce" {
        hasBody = true
      }
    }
    var members: [DeclSyntax] = []
    if !typeNames.contains("State") {
      members.append(
        """
        \(raw: access)struct State: Codable, Equatable, Hashable, Sendable {
        \(raw: access)init() {}
        }
        """)
    }
    if !typeNames.contains("Action") {
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
  /// generated enum conforms to, as the rest of its inheritance clause (State's begins with
  /// `CaseReducerState`).
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
    return (
      state.map { ", \($0)" }.joined(),
      action.isEmpty ? "" : ": " + action.joined(separator: ", ")
    )
  }
}

/// A case of a `@Reducer` enum: a feature, or an alert or dialog that needs no reducer.
private struct FeatureCase {
  let name: String
  let type: TypeSyntax
  /// The case's default (`case detail(Detail = Detail(id: 7))`): how its reducer is made.
  let defaultValue: String?

  /// The generic argument of `AlertState<A>` or `ConfirmationDialogState<A>`: the actions of
  /// a case with no reducer of its own.
  private var buttonAction: String? {
    guard let identifier = type.as(IdentifierTypeSyntax.self),
      ["AlertState", "ConfirmationDialogState"].contains(identifier.name.text),
      let argument = identifier.genericArgumentClause?.arguments.first
    else { return nil }
    return argument.argument.trimmedDescription
  }

  var stateType: String { buttonAction == nil ? "\(type).State" : "\(type)" }
  var actionType: String { buttonAction ?? "\(type).Action" }
  var reducer: String? { buttonAction == nil ? defaultValue ?? "\(type)()" : nil }
}

extension VariableDeclSyntax {
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
