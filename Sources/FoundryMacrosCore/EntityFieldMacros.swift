import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The property attributes of `@Entity` classes (`@Property`, `@Related`) expand to nothing:
/// `@Entity` reads them. Each one checks that it sits on a stored instance property of an
/// `@Entity` class, once.
///
/// As with ``EntityMacroExpansion``, the plugin declares its own types conforming to the
/// `...Expansion` protocols below; the `...Macro` enums here are the same, for tests.
public protocol EntityFieldAttributeMacro: PeerMacro {
  /// The attribute's name without `@`, for messages: `Property`.
  static var attributeName: String { get }
}

extension EntityFieldAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    for diagnostic in diagnostics(node, declaration, lexicalContext: context.lexicalContext) { context.diagnose(diagnostic) }
    return []
  }

  static func diagnostics(_ node: AttributeSyntax, _ declaration: some DeclSyntaxProtocol, lexicalContext: [Syntax]) -> [Diagnostic] {
    let insideEntity = lexicalContext.first?.as(ClassDeclSyntax.self).map { !$0.attributes.named("Entity").isEmpty } ?? false
    guard let variable = declaration.as(VariableDeclSyntax.self), insideEntity else {
      return [EntityDiagnostic.outsideEntity(attribute: attributeName).at(node)]
    }
    if let reason = variable.notStoredReason {
      return [
        EntityDiagnostic.notStoredProperty(attribute: attributeName, reason: reason).at(node, fixIts: [removal(node, from: variable)])
      ]
    }
    let same = variable.attributes.named(attributeName)
    if same.count > 1, let first = same.first, first.trimmedDescription != node.trimmedDescription {
      return [EntityDiagnostic.duplicateAttribute(attribute: attributeName).at(node, fixIts: [removal(node, from: variable)])]
    }
    return []
  }

  /// A fix-it that deletes `attribute` from `variable`, keeping the declaration's indentation.
  static func removal(_ attribute: AttributeSyntax, from variable: VariableDeclSyntax) -> FixIt {
    variable.removal(of: attribute, message: EntityFixIt.removeAttribute(attributeName))
  }
}

/// `@Property(keyPath:transformer:required:userInfo:)`.
public protocol PropertyMacroExpansion: EntityFieldAttributeMacro {}
/// `@Property`, for tests.
public enum PropertyMacro: PropertyMacroExpansion {}

extension PropertyMacroExpansion {
  public static var attributeName: String { "Property" }
}

/// `@Related(destination:inverse:deleteRule:ordered:required:minCount:maxCount:keyPath:keyedBy:userInfo:)`.
public protocol RelatedMacroExpansion: EntityFieldAttributeMacro {}
/// `@Related`, for tests.
public enum RelatedMacro: RelatedMacroExpansion {}

extension RelatedMacroExpansion {
  public static var attributeName: String { "Related" }
}
