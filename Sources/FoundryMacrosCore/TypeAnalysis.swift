import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// A `@Mappable` declaration read into what code generation needs, with its diagnostics.
struct TypeAnalysis {
  enum Kind {
    case structure
    case finalClass
    /// An enum with raw values: it maps through them.
    case rawValueEnum
    /// An enum whose cases carry payloads, told apart as ``VariantAnalysis`` reads.
    case variantEnum
  }

  /// `nil` when the declaration cannot be mapped (see ``diagnostics``).
  private(set) var kind: Kind?
  /// The access modifier the generated members carry, with a trailing space, or "".
  private(set) var access = ""
  private(set) var genericParameters: [String] = []
  /// The `MappingSchema` arguments after `fields:`, as `label: expression`.
  private(set) var schemaArguments: [String] = []
  private(set) var fields: [Field] = []
  private(set) var diagnostics: [Diagnostic] = []
  /// For ``Kind/variantEnum``: the cases and how payloads name them.
  private(set) var variants: VariantAnalysis?

  var isValid: Bool { kind != nil && !diagnostics.contains { $0.diagMessage.severity == .error } }
  var isGeneric: Bool { !genericParameters.isEmpty }
  var mappedFields: [Field] { fields.filter { $0.role == .mapped } }

  init(attribute: AttributeSyntax, declaration: some DeclGroupSyntax) {
    access = Self.access(of: declaration.modifiers)
    if let structure = declaration.as(StructDeclSyntax.self) {
      kind = .structure
      genericParameters = structure.genericParameterClause?.parameters.map(\.name.text) ?? []
    } else if let classDecl = declaration.as(ClassDeclSyntax.self) {
      genericParameters = classDecl.genericParameterClause?.parameters.map(\.name.text) ?? []
      if classDecl.modifiers.contains(where: { $0.name.tokenKind == .keyword(.final) }) {
        kind = .finalClass
      } else {
        diagnostics.append(Self.nonFinal(classDecl))
      }
    } else if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      analyzeEnum(enumDecl, attribute: attribute)
      return
    } else {
      let keyword =
        if let actor = declaration.as(ActorDeclSyntax.self) { actor.actorKeyword } else if let proto = declaration.as(ProtocolDeclSyntax.self) {
          proto.protocolKeyword
        } else if let ext = declaration.as(ExtensionDeclSyntax.self) { ext.extensionKeyword } else { attribute.atSign }
      diagnostics.append(MappingDiagnostic.unsupportedDeclaration(kind: keyword.text).at(keyword))
      return
    }
    if let argument = Self.variantArgument(attribute) {
      diagnostics.append(MappingDiagnostic.variantsOnNonEnum(label: argument.label?.text ?? "").at(argument, fixIts: [Self.removal(argument, from: attribute)]))
      return
    }
    let analysis = FieldAnalysis(members: declaration.memberBlock.members)
    fields = analysis.fields
    diagnostics += analysis.diagnostics
    readArguments(attribute, hasBag: analysis.hasUnknownKeysBag)
  }

  // MARK: - Arguments

  private mutating func readArguments(_ attribute: AttributeSyntax, hasBag: Bool) {
    var hasUnknownKeys = false
    for argument in attribute.argumentList {
      let label = argument.label?.text ?? "_"
      let expression = argument.expression.trimmedDescription
      switch label {
      case "keys": schemaArguments.append("keyStrategy: \(expression)")
      case "unknownKeys":
        hasUnknownKeys = true
        schemaArguments.append("unknownKeys: \(expression)")
        if hasBag, argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "reject" {
          diagnostics.append(MappingDiagnostic.unknownKeysBagIsRejected.at(argument))
        }
      case "nilEncoding": schemaArguments.append("nilEncoding: \(expression)")
      case "coercion": schemaArguments.append("coercion: \(expression)")
      case "formats": schemaArguments.append("formats: \(expression)")
      default: diagnostics.append(MappingDiagnostic.unknownTypeArgument(label: label).at(argument))
      }
    }
    if hasBag, !hasUnknownKeys {
      // A bag only fills under `.preserve`; declaring one asks for it.
      schemaArguments.append("unknownKeys: .preserve")
    }
    // In `MappingSchema.init`'s order, whatever was written and implied.
    let order = ["keyStrategy:", "unknownKeys:", "nilEncoding:", "coercion:", "formats:"]
    schemaArguments.sort { first, second in
      (order.firstIndex { first.hasPrefix($0) } ?? order.count) < (order.firstIndex { second.hasPrefix($0) } ?? order.count)
    }
  }

  // MARK: - Enums

  private static let rawTypes: Set<String> = [
    "String", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    "Double", "Float",
  ]

  private mutating func analyzeEnum(_ enumDecl: EnumDeclSyntax, attribute: AttributeSyntax) {
    let cases = enumDecl.memberBlock.members.compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }.flatMap(\.elements)
    if let style = Self.variantStyle(attribute) {
      let strategy = attribute.argumentList.first { $0.label?.text == "keys" }?.expression.trimmedDescription
      let analysis = VariantAnalysis(style: style, keyStrategy: strategy, enumDecl: enumDecl)
      for argument in attribute.argumentList where !["discriminator", "variants", "keys"].contains(argument.label?.text) {
        diagnostics.append(MappingDiagnostic.unknownTypeArgument(label: argument.label?.text ?? "_").at(argument))
      }
      diagnostics += analysis.diagnostics
      variants = analysis
      kind = .variantEnum
      return
    }
    if cases.contains(where: { $0.parameterClause != nil }) {
      diagnostics.append(Self.enumWithAssociatedValues(enumDecl, attribute: attribute))
      return
    }
    let firstInherited = enumDecl.inheritanceClause?.inheritedTypes.first?.type
    let firstName = firstInherited?.as(IdentifierTypeSyntax.self)?.name.text ?? firstInherited?.as(MemberTypeSyntax.self)?.name.text
    if let firstName, Self.rawTypes.contains(firstName) {
      kind = .rawValueEnum
    } else if cases.contains(where: { $0.rawValue != nil }) {
      kind = .rawValueEnum
    } else {
      diagnostics.append(Self.enumWithoutRawValues(enumDecl))
    }
  }

  /// The `discriminator:` or `variants:` argument, if the attribute has one.
  private static func variantArgument(_ attribute: AttributeSyntax) -> LabeledExprSyntax? {
    attribute.argumentList.first { ["discriminator", "variants"].contains($0.label?.text) }
  }

  /// How the attribute says payloads name their case; `nil` when it does not.
  private static func variantStyle(_ attribute: AttributeSyntax) -> VariantAnalysis.Style? {
    guard let argument = variantArgument(attribute) else { return nil }
    if argument.label?.text == "discriminator" { return .discriminator(argument.expression.trimmedDescription) }
    let name = argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    return name == "untagged" ? .untagged : .wrapped
  }

  /// Enums with payloads need to be told how a payload names its case: the fix-it asks for
  /// a discriminator member `type`, the most common shape.
  private static func enumWithAssociatedValues(_ enumDecl: EnumDeclSyntax, attribute: AttributeSyntax) -> Diagnostic {
    var fixed = attribute
    fixed.leftParen = .leftParenToken()
    fixed.arguments = .argumentList([LabeledExprSyntax(label: "discriminator", colon: .colonToken(trailingTrivia: .space), expression: ExprSyntax(#""type""#))])
    fixed.rightParen = .rightParenToken()
    fixed.trailingTrivia = attribute.trailingTrivia
    if !attribute.argumentList.isEmpty { return MappingDiagnostic.enumWithAssociatedValues(name: enumDecl.name.text).at(enumDecl.name) }
    let fixIt = FixIt(message: MappingFixIt.addDiscriminator, changes: [.replace(oldNode: Syntax(attribute), newNode: Syntax(fixed))])
    return MappingDiagnostic.enumWithAssociatedValues(name: enumDecl.name.text).at(enumDecl.name, fixIts: [fixIt])
  }

  /// A fix-it that deletes `argument` from `attribute`.
  private static func removal(_ argument: LabeledExprSyntax, from attribute: AttributeSyntax) -> FixIt {
    var fixed = attribute
    let kept = attribute.argumentList.filter { $0.trimmedDescription != argument.trimmedDescription }
    if kept.isEmpty {
      fixed.leftParen = nil
      fixed.arguments = nil
      fixed.rightParen = nil
    } else {
      var elements = Array(kept)
      if var last = elements.popLast() {
        last.trailingComma = nil
        elements.append(last)
      }
      fixed.arguments = .argumentList(LabeledExprListSyntax(elements))
    }
    fixed.trailingTrivia = attribute.trailingTrivia
    return FixIt(message: MappingFixIt.removeArgument(argument.label?.text ?? ""), changes: [.replace(oldNode: Syntax(attribute), newNode: Syntax(fixed))])
  }

  private static func enumWithoutRawValues(_ enumDecl: EnumDeclSyntax) -> Diagnostic {
    var fixIts: [FixIt] = []
    if enumDecl.inheritanceClause == nil, enumDecl.genericParameterClause == nil {
      let name = enumDecl.name
      let newName = name.with(\.trailingTrivia, [])
      let clause = InheritanceClauseSyntax(
        colon: .colonToken(trailingTrivia: .space),
        inheritedTypes: [InheritedTypeSyntax(type: TypeSyntax("String"))],
        trailingTrivia: name.trailingTrivia.isEmpty ? .space : name.trailingTrivia)
      var fixed = enumDecl
      fixed.name = newName
      fixed.inheritanceClause = clause
      fixIts.append(FixIt(message: MappingFixIt.addRawType, changes: [.replace(oldNode: Syntax(enumDecl), newNode: Syntax(fixed))]))
    }
    return MappingDiagnostic.enumWithoutRawValues(name: enumDecl.name.text).at(enumDecl.name, fixIts: fixIts)
  }

  // MARK: - Classes and access

  private static func nonFinal(_ classDecl: ClassDeclSyntax) -> Diagnostic {
    let keyword = classDecl.classKeyword
    let diagnostic = MappingDiagnostic.nonFinalClass(name: classDecl.name.text)
    // `open final` does not compile: an open class needs a decision, not a fix-it.
    guard !classDecl.modifiers.contains(where: { $0.name.tokenKind == .keyword(.open) }) else { return diagnostic.at(keyword) }
    var fixed = classDecl
    fixed.modifiers.append(DeclModifierSyntax(name: .keyword(.final, leadingTrivia: keyword.leadingTrivia, trailingTrivia: .space)))
    fixed.classKeyword = keyword.with(\.leadingTrivia, [])
    let fixIt = FixIt(message: MappingFixIt.addFinal, changes: [.replace(oldNode: Syntax(classDecl), newNode: Syntax(fixed))])
    return diagnostic.at(keyword, fixIts: [fixIt])
  }

  /// The generated members' access: the type's, except that `private` becomes `fileprivate`
  /// (the conformance lives in an extension) and `open` becomes `public`.
  private static func access(of modifiers: DeclModifierListSyntax) -> String {
    for modifier in modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.open): return "public "
      case .keyword(.package): return "package "
      case .keyword(.fileprivate), .keyword(.private): return "fileprivate "
      default: continue
      }
    }
    return ""
  }
}
