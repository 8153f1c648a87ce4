import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Mappable`: writes `mappingSchema`, `init(from:)` and `encode(to:)` and the conformance.
///
/// Structs get the members in the conformance extension, which keeps their memberwise
/// initializer. Final classes get them in the class body, because a class's designated
/// initializer cannot live in an extension. Enums with raw values only get the conformance to
/// `MappableValue`; its default implementation maps them through their raw values. Enums whose
/// cases carry payloads get `MappableValue`'s `read(from:)` and `write(to:)` (see
/// ``VariantAnalysis``).
///
/// Diagnostics are reported by the member role only (it runs for every declaration kind), so
/// they appear once.
///
/// The compiler finds macro types by their module-qualified name, so the plugin module
/// declares its own `MappableMacro` conforming to this protocol; ``MappableMacro`` is the
/// same for tests.
public protocol MappableMacroExpansion: AnalyzedTypeMacro {}

/// `@Mappable`, for tests: the plugin declares its own (see ``MappableMacroExpansion``).
public enum MappableMacro: MappableMacroExpansion {}

extension MappableMacroExpansion {
  public static func analyzeMembers(of node: AttributeSyntax, in declaration: some DeclGroupSyntax) -> ([DeclSyntax], [Diagnostic]) {
    let analysis = TypeAnalysis(attribute: node, declaration: declaration)
    guard analysis.isValid, analysis.kind == .finalClass else { return ([], analysis.diagnostics) }
    let constraints = analysis.mappableWhereClause
    let members = [
      analysis.schemaDeclaration(),
      analysis.initializerDeclaration(constraints: constraints),
      analysis.updateDeclaration(constraints: constraints),
      analysis.encodeDeclaration(constraints: constraints),
    ]
    return (members, analysis.diagnostics)
  }

  public static func conformanceExtensions(
    of node: AttributeSyntax, in declaration: some DeclGroupSyntax, for type: some TypeSyntaxProtocol, missing protocols: [TypeSyntax]
  ) -> [ExtensionDeclSyntax] {
    let analysis = TypeAnalysis(attribute: node, declaration: declaration)
    guard analysis.isValid, let kind = analysis.kind else { return [] }
    let missing = Set(protocols.compactMap(Self.lastComponent))

    // The compiler does not imply the conformances a macro declares, so `MappableValue` is
    // spelled out next to `Mappable`.
    var conformances: [String] = []
    var members: [DeclSyntax] = []
    let isModel = kind == .structure || kind == .finalClass
    if isModel, missing.contains("Mappable") { conformances.append("Foundry.Mappable") }
    if missing.contains("MappableValue") { conformances.append("Foundry.MappableValue") }
    if kind == .structure {
      members = [analysis.schemaDeclaration(), analysis.initializerDeclaration(), analysis.updateDeclaration(), analysis.encodeDeclaration()]
    }
    if let variants = analysis.variants, missing.contains("MappableValue") {
      members = [variants.readDeclaration(access: analysis.access), variants.writeDeclaration(access: analysis.access)]
      if let markup = variants.markupSchemaDeclaration(access: analysis.access) { members.append(markup) }
    }
    // Raw-value enums get `Codable` from the standard library; models through the bridge.
    if missing.contains("Decodable") {
      conformances.append("Swift.Decodable")
      if kind != .rawValueEnum { members.append(analysis.decodableInitializer()) }
    }
    if missing.contains("Encodable") {
      conformances.append("Swift.Encodable")
      if kind != .rawValueEnum { members.append(analysis.encodableMethod()) }
    }
    let inheritance = conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
    let body = members.map { "\n\($0.description)\n" }.joined()
    let whereClause = isModel ? analysis.mappableWhereClause : ""
    let source: DeclSyntax = "extension \(type.trimmed)\(raw: inheritance)\(raw: whereClause) {\(raw: body)}"
    guard let extensionDecl = source.as(ExtensionDeclSyntax.self) else { return [] }
    return [extensionDecl]
  }

  /// `Mappable` for `Foundry.Mappable`.
  private static func lastComponent(_ type: TypeSyntax) -> String? {
    if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
    if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
    return nil
  }
}
