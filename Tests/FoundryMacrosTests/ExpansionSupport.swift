import FoundryMacrosCore
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The macros under test, by attribute name, with the conformances the compiler passes.
let foundryMacros: [String: MacroSpec] = [
  "Mappable": MacroSpec(
    type: MappableMacro.self,
    conformances: [foundryType("Mappable"), foundryType("MappableValue"), swiftType("Decodable"), swiftType("Encodable")]
  ),
  "Key": MacroSpec(type: KeyMacro.self),
  "Transform": MacroSpec(type: TransformMacro.self),
  "Default": MacroSpec(type: DefaultMacro.self),
  "Ignore": MacroSpec(type: IgnoreMacro.self),
  "UnknownKeys": MacroSpec(type: UnknownKeysMacro.self),
  "Validate": MacroSpec(type: ValidateMacro.self),
  "DefaultCase": MacroSpec(type: DefaultCaseMacro.self),
]

/// `Foundry.name`, as the compiler spells a conformance the macro declares.
private func foundryType(_ name: String) -> TypeSyntax {
  TypeSyntax(MemberTypeSyntax(baseType: IdentifierTypeSyntax(name: .identifier("Foundry")), name: .identifier(name)))
}

/// `Swift.name`.
private func swiftType(_ name: String) -> TypeSyntax {
  TypeSyntax(MemberTypeSyntax(baseType: IdentifierTypeSyntax(name: .identifier("Swift")), name: .identifier(name)))
}

/// `assertMacroExpansion` reporting through Swift Testing: each mismatch is an issue at the
/// caller's line.
func expectExpansion(
  _ source: String,
  expandsTo expandedSource: String,
  diagnostics: [DiagnosticSpec] = [],
  applyFixIts: [String]? = nil,
  fixedSource: String? = nil,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  assertMacroExpansion(
    source,
    expandedSource: expandedSource,
    diagnostics: diagnostics,
    macroSpecs: foundryMacros,
    applyFixIts: applyFixIts,
    fixedSource: fixedSource,
    indentationWidth: .spaces(2),
    failureHandler: { failure in
      Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
    }
  )
}
