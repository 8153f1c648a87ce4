import FoundryMacrosCore
import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin: a thin shell around the macros in FoundryMacrosCore.
///
/// The compiler looks macro types up by module-qualified name (`FoundryMacros.MappableMacro`),
/// so each one is declared here, getting its whole implementation from FoundryMacrosCore.
@main
struct FoundryMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [
    MappableMacro.self,
    KeyMacro.self,
    TransformMacro.self,
    DefaultMacro.self,
    IgnoreMacro.self,
    UnknownKeysMacro.self,
    ValidateMacro.self,
    DefaultCaseMacro.self,
    EntityMacro.self,
    EntityAccessorMacro.self,
    PropertyMacro.self,
    RelatedMacro.self,
  ]
}

enum MappableMacro: MappableMacroExpansion {}
enum KeyMacro: KeyMacroExpansion {}
enum TransformMacro: TransformMacroExpansion {}
enum DefaultMacro: DefaultMacroExpansion {}
enum IgnoreMacro: IgnoreMacroExpansion {}
enum UnknownKeysMacro: UnknownKeysMacroExpansion {}
enum ValidateMacro: ValidateMacroExpansion {}
enum DefaultCaseMacro: DefaultCaseMacroExpansion {}
enum EntityMacro: EntityMacroExpansion {}
enum EntityAccessorMacro: EntityAccessorMacroExpansion {}
enum PropertyMacro: PropertyMacroExpansion {}
enum RelatedMacro: RelatedMacroExpansion {}
