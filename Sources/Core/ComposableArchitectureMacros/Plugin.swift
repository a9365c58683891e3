import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct ComposableArchitectureMacrosPlugin: CompilerPlugin {
  let providingMacros: [Macro.Type] = [
    ReducerMacro.self,
    PresentsMacro.self,
    NothingToGenerateMacro.self,
    ObservableStateMacro.self,
  ]
}
