import SwiftSyntax

/// The cases of a `@Reducer` enum as they are written, `#if` blocks included: what its
/// generated `State`, `Action` and `body` are made of.
///
/// A case under `#if` is kept under the same condition in each of them, so a build
/// configuration that has the case has it everywhere, and one that lacks it lacks it
/// everywhere:
///
/// ```swift
/// @Reducer(state: .equatable)
/// enum Platforms {
///   case always(Toggler)
///   #if DEBUG
///     case debug(Toggler)
///   #else
///     case release(Toggler)
///   #endif
///   …
/// }
/// ```
indirect enum EnumReducerCase {
  /// `case detail(Detail)`: a feature, or an alert or dialog that needs no reducer.
  case feature(FeatureCase)
  /// A case that is a state only: `@ReducerCaseIgnored`, or not one unlabelled value.
  case stateOnly(EnumCaseElementSyntax)
  /// `#if … #elseif … #else … #endif`, each clause with the cases it holds.
  case ifConfig([Clause])

  struct Clause {
    /// `#if`, `#elseif` or `#else`.
    let keyword: String
    let condition: String?
    let cases: [EnumReducerCase]
  }

  /// The cases among `members`, in the order written.
  static func cases(in members: MemberBlockItemListSyntax) -> [EnumReducerCase] {
    var found: [EnumReducerCase] = []
    for member in members {
      if let ifConfig = member.decl.as(IfConfigDeclSyntax.self) {
        let clauses = ifConfig.clauses.map { clause in
          Clause(
            keyword: clause.poundKeyword.text,
            condition: clause.condition?.trimmedDescription,
            cases: clause.elements?.as(MemberBlockItemListSyntax.self).map(Self.cases(in:)) ?? [])
        }
        if clauses.contains(where: { !$0.cases.isEmpty }) { found.append(.ifConfig(clauses)) }
        continue
      }
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      let isIgnored = caseDecl.attributes.contains(named: "ReducerCaseIgnored")
      for element in caseDecl.elements {
        if !isIgnored, let parameters = element.parameterClause?.parameters,
          parameters.count == 1, let parameter = parameters.first, parameter.firstName == nil
        {
          found.append(
            .feature(
              FeatureCase(
                name: element.name.text, type: parameter.type.trimmed,
                defaultValue: parameter.defaultValue?.value.trimmedDescription)))
        } else {
          found.append(.stateOnly(element.trimmed))
        }
      }
    }
    return found
  }
}

extension [EnumReducerCase] {
  /// The lines `line` makes of each case (none where it gives none), with the `#if` blocks
  /// around them kept; a block none of whose cases gives a line is left out whole.
  ///
  /// An empty clause stays, so that the others keep their conditions: `#if A` (nothing)
  /// `#elseif B` (a line) still reads "B and not A".
  func lines(
    feature: (FeatureCase) -> String?,
    stateOnly: (EnumCaseElementSyntax) -> String? = { _ in nil }
  ) -> [String] {
    flatMap { item -> [String] in
      switch item {
      case .feature(let featureCase): return feature(featureCase).map { [$0] } ?? []
      case .stateOnly(let element): return stateOnly(element).map { [$0] } ?? []
      case .ifConfig(let clauses):
        let rendered = clauses.map { $0.cases.lines(feature: feature, stateOnly: stateOnly) }
        guard rendered.contains(where: { !$0.isEmpty }) else { return [] }
        var lines: [String] = []
        for (clause, clauseLines) in zip(clauses, rendered) {
          lines.append([clause.keyword, clause.condition].compactMap { $0 }.joined(separator: " "))
          lines += clauseLines
        }
        return lines + ["#endif"]
      }
    }
  }

  /// Whether any case, under whatever condition, is a feature with a reducer.
  var hasReducer: Bool {
    contains { item in
      switch item {
      case .feature(let featureCase): return featureCase.reducer != nil
      case .stateOnly: return false
      case .ifConfig(let clauses): return clauses.contains { $0.cases.hasReducer }
      }
    }
  }
}

/// A case of a `@Reducer` enum: a feature, or an alert or dialog that needs no reducer.
struct FeatureCase {
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
  /// What `store.case` gives for this case: the feature's store, or the alert's state.
  var scopeType: String { buttonAction == nil ? "ComposableCore.StoreOf<\(type)>" : "\(type)" }
  var actionType: String { buttonAction ?? "\(type).Action" }
  var reducer: String? { buttonAction == nil ? defaultValue ?? "\(type)()" : nil }
}

extension EnumCaseElementSyntax {
  /// `case .name(let v0, let v1): return .name(v0, label: v1)`: the case of the enum's state,
  /// to the same case of another enum with the same values.
  var sameCase: String {
    let parameters = Array(parameterClause?.parameters ?? [])
    guard !parameters.isEmpty else { return "case .\(name.text): return .\(name.text)" }
    let bound = parameters.indices.map { "let v\($0)" }.joined(separator: ", ")
    let passed = zip(parameters.indices, parameters).map { index, parameter in
      (parameter.firstName.map { "\($0.text): " } ?? "") + "v\(index)"
    }
    return "case .\(name.text)(\(bound)): return .\(name.text)(\(passed.joined(separator: ", ")))"
  }
}
