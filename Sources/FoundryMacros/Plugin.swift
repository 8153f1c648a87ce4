import FoundryMacrosCore
import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin: a thin shell around the macros in FoundryMacrosCore.
@main
struct FoundryMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = FoundryMacrosCore.macros
}
