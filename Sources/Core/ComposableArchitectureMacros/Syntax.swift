import SwiftDiagnostics
import SwiftSyntax

/// A message of this module's macros, shown at the code it is about.
struct MacroMessage: DiagnosticMessage {
  let message: String
  let id: String
  var diagnosticID: MessageID { MessageID(domain: "ComposableArchitectureMacros", id: id) }
  var severity: DiagnosticSeverity { .error }
}

extension DeclModifierListSyntax {
  /// `public `, `package ` or nothing: what a generated declaration repeats of its owner's.
  var accessPrefix: String {
    for modifier in self {
      switch modifier.name.tokenKind {
      case .keyword(.public): return "public "
      case .keyword(.package): return "package "
      default: continue
      }
    }
    return ""
  }
}

extension AttributeListSyntax {
  func contains(named name: String) -> Bool {
    contains {
      guard case .attribute(let attribute) = $0 else { return false }
      // Without generic arguments: `@ReducerBuilder<State, Action>` is a `ReducerBuilder`.
      let written = attribute.attributeName.trimmedDescription
      let bare = written.split(separator: "<", maxSplits: 1).first.map(String.init) ?? written
      return bare == name || bare.hasSuffix(".\(name)")
    }
  }
}
