import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The member role of a type macro that reads its declaration once into members and
/// diagnostics (`@Mappable`, `@Entity`): the role reports the diagnostics and returns the
/// members, written once here.
///
/// The members come back even when there are errors, where the macro wants them (`@Entity`'s
/// accessors would otherwise each be a second error); diagnostics are reported by this role
/// only, so they appear once.
///
/// ```swift
/// extension EntityMacroExpansion {
///   public static func analyzeMembers(of node: AttributeSyntax, in declaration: some DeclGroupSyntax) -> ([DeclSyntax], [Diagnostic]) {
///     let analysis = EntityAnalysis(attribute: node, declaration: declaration)
///     return (analysis.memberDeclarations(), analysis.diagnostics)
///   }
/// }
/// ```
public protocol AnalyzedMemberMacro: MemberMacro {
  /// The members the macro adds to `declaration`, and what is wrong with it.
  ///
  /// - Parameters:
  ///   - node: The macro's attribute.
  ///   - declaration: The type it is attached to.
  static func analyzeMembers(of node: AttributeSyntax, in declaration: some DeclGroupSyntax) -> ([DeclSyntax], [Diagnostic])
}

extension AnalyzedMemberMacro {
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
}
