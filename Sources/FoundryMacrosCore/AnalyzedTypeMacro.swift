import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// A type macro that reads its declaration into members, conformances and diagnostics
/// (`@Mappable`, `@Entity`): its member and extension roles, written once here.
///
/// The member role reports the diagnostics and returns the members, even when there are
/// errors where the macro wants them (`@Entity`'s accessors would otherwise each be a second
/// error). The extension role reports nothing, so each diagnostic appears once.
///
/// ```swift
/// extension EntityMacroExpansion {
///   public static func analyzeMembers(of node: AttributeSyntax, in declaration: some DeclGroupSyntax) -> ([DeclSyntax], [Diagnostic]) {
///     let analysis = EntityAnalysis(attribute: node, declaration: declaration)
///     return (analysis.memberDeclarations(), analysis.diagnostics)
///   }
/// }
/// ```
public protocol AnalyzedTypeMacro: MemberMacro, ExtensionMacro {
  /// The members the macro adds to `declaration`, and what is wrong with it.
  ///
  /// - Parameters:
  ///   - node: The macro's attribute.
  ///   - declaration: The type it is attached to.
  static func analyzeMembers(of node: AttributeSyntax, in declaration: some DeclGroupSyntax) -> ([DeclSyntax], [Diagnostic])

  /// The extensions that add the conformances in `protocols` (those the type does not have
  /// yet) to `type`; empty when the declaration is wrong (the member role says why).
  ///
  /// - Parameters:
  ///   - node: The macro's attribute.
  ///   - declaration: The type it is attached to.
  ///   - type: The type's name, as the extensions spell it.
  ///   - protocols: The conformances the type still needs.
  static func conformanceExtensions(
    of node: AttributeSyntax, in declaration: some DeclGroupSyntax, for type: some TypeSyntaxProtocol, missing protocols: [TypeSyntax]
  ) -> [ExtensionDeclSyntax]
}

extension AnalyzedTypeMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    let (members, diagnostics) = analyzeMembers(of: node, in: declaration)
    for diagnostic in diagnostics { context.diagnose(diagnostic) }
    return members
  }

  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    conformanceExtensions(of: node, in: declaration, for: type, missing: protocols)
  }
}
