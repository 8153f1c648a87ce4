import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Entity`: declares the class's `entity`, stores its `managedObject`, turns each stored
/// `var` into accessors of that object (through `@EntityAccessor`), and adds the conformance to
/// `EntityObject`.
///
/// Diagnostics are reported by the member role only, so they appear once.
///
/// As with ``MappableMacroExpansion``, the plugin module declares its own `EntityMacro`
/// conforming to this protocol; ``EntityMacro`` is the same, for tests.
public protocol EntityMacroExpansion: AnalyzedTypeMacro, MemberAttributeMacro {}

/// `@Entity`, for tests: the plugin declares its own (see ``EntityMacroExpansion``).
public enum EntityMacro: EntityMacroExpansion {}

extension EntityMacroExpansion {
  public static func analyzeMembers(of node: AttributeSyntax, in declaration: some DeclGroupSyntax) -> ([DeclSyntax], [Diagnostic]) {
    let analysis = EntityAnalysis(attribute: node, declaration: declaration)
    // Members even when a property is wrong: without them every accessor would be a second error.
    return (analysis.memberDeclarations(), analysis.diagnostics)
  }

  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    // Without the members (not a class, or a generic one) accessors would only add errors.
    guard let classDecl = declaration.as(ClassDeclSyntax.self), classDecl.genericParameterClause == nil, let variable = member.as(VariableDeclSyntax.self),
      variable.notStoredReason == nil, variable.attributes.named("EntityAccessor").isEmpty,
      EntityProperty.read(variable).property != nil
    else { return [] }
    return ["@FoundryGraph.EntityAccessor"]
  }

  public static func conformanceExtensions(
    of node: AttributeSyntax, in declaration: some DeclGroupSyntax, for type: some TypeSyntaxProtocol, missing protocols: [TypeSyntax]
  ) -> [ExtensionDeclSyntax] {
    let analysis = EntityAnalysis(attribute: node, declaration: declaration)
    // A subclass has the conformance from its superclass.
    guard let shape = analysis.shape, shape != .subclass,
      protocols.contains(where: { $0.trimmedDescription.hasSuffix("EntityObject") })
    else { return [] }
    let source: DeclSyntax = "extension \(type.trimmed): FoundryGraph.EntityObject {}"
    return source.as(ExtensionDeclSyntax.self).map { [$0] } ?? []
  }
}

/// `@EntityAccessor`: the getter and setter of one `@Entity` property, which `@Entity` attaches.
public protocol EntityAccessorMacroExpansion: AccessorMacro {}

/// `@EntityAccessor`, for tests.
public enum EntityAccessorMacro: EntityAccessorMacroExpansion {}

extension EntityAccessorMacroExpansion {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    // `@Entity` reports what is wrong; a property it cannot read keeps its storage.
    guard let variable = declaration.as(VariableDeclSyntax.self), variable.notStoredReason == nil,
      let property = EntityProperty.read(variable).property
    else { return [] }
    return property.accessors
  }
}
