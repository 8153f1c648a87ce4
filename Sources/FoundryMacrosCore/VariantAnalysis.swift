import SwiftDiagnostics
import SwiftSyntax

/// An enum whose cases carry payloads, as `@Mappable(discriminator:)` or
/// `@Mappable(variants:)` reads it: how a payload names its case, and each case.
struct VariantAnalysis {
  enum Style: Equatable {
    /// `discriminator: "type"`: the member holding the case's name (as written, a literal).
    case discriminator(String)
    case wrapped
    case untagged
  }

  struct Case {
    let name: String
    /// The associated value's label, if it has one.
    let label: String?
    /// The associated value's type; `nil` for a case without one.
    let payloadType: String?
    /// Names from `@Key`, as written (string literals); empty for the case's own name.
    let keys: [String]
    let isDefault: Bool
  }

  let style: Style
  /// The `keys:` strategy expression, when given.
  let keyStrategy: String?
  private(set) var cases: [Case] = []
  private(set) var diagnostics: [Diagnostic] = []

  /// The default case, which keeps what no other case reads.
  var defaultCase: Case? { cases.first(where: \.isDefault) }

  init(style: Style, keyStrategy: String?, enumDecl: EnumDeclSyntax) {
    self.style = style
    self.keyStrategy = keyStrategy
    for member in enumDecl.memberBlock.members {
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      let keys = caseDecl.attributes.named("Key").first
      let isDefault = !caseDecl.attributes.named("DefaultCase").isEmpty
      for element in caseDecl.elements { read(element, keyAttribute: keys, isDefault: isDefault) }
    }
    if cases.filter(\.isDefault).count > 1,
      let second = enumDecl.memberBlock.members.compactMap({ $0.decl.as(EnumCaseDeclSyntax.self) }).filter({ !$0.attributes.named("DefaultCase").isEmpty }).dropFirst().first
    {
      diagnostics.append(MappingDiagnostic.duplicateDefaultCase.at(second))
    }
  }

  private mutating func read(_ element: EnumCaseElementSyntax, keyAttribute: AttributeSyntax?, isDefault: Bool) {
    let name = element.name.text
    let parameters = element.parameterClause?.parameters ?? []
    if parameters.count > 1 {
      diagnostics.append(MappingDiagnostic.variantWithSeveralValues(name: name).at(element))
      return
    }
    let parameter = parameters.first
    let payloadType = parameter?.type.trimmedDescription
    if isDefault, payloadType != "JSONValue", payloadType != "Foundry.JSONValue" {
      diagnostics.append(MappingDiagnostic.defaultCaseWithoutRawPayload(name: name).at(element))
      return
    }
    if payloadType == nil, style == .untagged {
      diagnostics.append(MappingDiagnostic.untaggedCaseWithoutValue(name: name).at(element))
      return
    }
    var keys: [String] = []
    if let keyAttribute {
      keys = Self.literals(keyAttribute)
      if keys.isEmpty || keyAttribute.argumentList.count != 1 {
        diagnostics.append(MappingDiagnostic.caseKeyNotNames.at(keyAttribute))
        return
      }
    }
    let label = parameter?.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0.text }
    cases.append(Case(name: name, label: label, payloadType: payloadType, keys: keys, isDefault: isDefault))
  }

  /// The string literals of `@Key("a")` or `@Key(["a", "b"])`, as written; empty otherwise.
  private static func literals(_ attribute: AttributeSyntax) -> [String] {
    guard let expression = attribute.argumentList.first?.expression else { return [] }
    if let literal = expression.as(StringLiteralExprSyntax.self) { return [literal.trimmedDescription] }
    guard let array = expression.as(ArrayExprSyntax.self) else { return [] }
    let literals = array.elements.compactMap { $0.expression.as(StringLiteralExprSyntax.self)?.trimmedDescription }
    return literals.count == array.elements.count ? literals : []
  }

  /// The expressions for the names a case answers to: its `@Key` literals, or its own name
  /// through the key strategy.
  func tags(of variant: Case) -> [String] {
    if !variant.keys.isEmpty { return variant.keys }
    guard let keyStrategy else { return ["\"\(variant.name)\""] }
    return ["(\(keyStrategy) as Foundry.KeyStrategy).key(for: \"\(variant.name)\")"]
  }
}
