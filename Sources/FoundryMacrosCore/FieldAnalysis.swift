import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// One stored property of a `@Mappable` type, as the generated code sees it.
struct Field {
  enum Role {
    /// Read from and written to its key.
    case mapped
    /// Not mapped: keeps its initial value (or `nil`).
    case ignored
    /// The `@UnknownKeys` bag.
    case unknownKeysBag
  }

  /// The property name as written (backticks kept), for `self.name`.
  let name: String
  /// The property name without backticks, for `.property("name")`.
  let keyName: String
  let type: TypeSyntax
  /// The wrapped type when `type` is optional.
  let wrappedType: TypeSyntax?
  let role: Role
  /// `@Key`'s first argument.
  let key: ExprSyntax?
  /// `@Key`'s second argument or `@Transform`'s.
  let transformer: ExprSyntax?
  /// `@Default`'s argument, or the initial value (not a bare `nil`).
  let defaultValue: ExprSyntax?
  /// `@Validate`'s argument.
  let validator: ExprSyntax?
  let hasInitializer: Bool
  /// Whether the property is a `let`: decoded once, never updated.
  var isLet = false

  var isOptional: Bool { wrappedType != nil }

  /// The `FieldKey` expression of the schema.
  var fieldKey: String {
    let base: String
    if let key {
      base = key.is(ArrayExprSyntax.self) ? "Foundry.FieldKey.paths(\(key.trimmedDescription))" : "Foundry.FieldKey.path(\(key.trimmedDescription))"
    } else {
      base = "Foundry.FieldKey.property(\(stringLiteral(keyName)))"
    }
    var result = base
    // A flattened model's keys belong to this object too (the unknown-key check needs them);
    // through a transformer the field's type need not be a model, so nothing is known there.
    if transformer == nil, let key, let literal = key.as(StringLiteralExprSyntax.self), literal.segments.trimmedDescription.isEmpty {
      result += ".flattening(\\Self.\(name))"
    }
    guard let validator else { return result }
    // The key path lets the property's own type pick the validator's value type.
    return "\(result).validated(\\Self.\(name), by: \(validator.trimmedDescription))"
  }
}

/// Collects the stored properties of a type declaration and what is wrong with them.
struct FieldAnalysis {
  private(set) var fields: [Field] = []
  private(set) var diagnostics: [Diagnostic] = []

  init(members: MemberBlockItemListSyntax) {
    for member in members {
      guard let variable = member.decl.as(VariableDeclSyntax.self), variable.notStoredReason == nil else { continue }
      analyze(variable)
    }
  }

  var hasUnknownKeysBag: Bool { fields.contains { $0.role == .unknownKeysBag } }

  private mutating func analyze(_ variable: VariableDeclSyntax) {
    let attributes = variable.attributes
    let keyAttribute = attributes.named("Key").first
    let keyArguments = keyAttribute?.argumentList ?? []
    let transform = attributes.named("Transform").first?.argumentList.first.map(Self.transformer)
    let explicitDefault = attributes.named("Default").first?.argumentList.first?.expression
    let validator = attributes.named("Validate").first?.argumentList.first?.expression
    let role: Field.Role =
      if !attributes.named("Ignore").isEmpty { .ignored } else if !attributes.named("UnknownKeys").isEmpty { .unknownKeysBag } else { .mapped }

    if role == .unknownKeysBag, hasUnknownKeysBag, let attribute = attributes.named("UnknownKeys").first {
      diagnostics.append(MappingDiagnostic.duplicateUnknownKeysBag.at(attribute))
      return
    }

    // `var a, b: Int`: a binding without annotation or value takes the next annotation.
    var types: [TypeSyntax?] = []
    var next: TypeSyntax?
    for binding in variable.bindings.reversed() {
      if let annotation = binding.typeAnnotation?.type {
        next = annotation.trimmed
      } else if binding.initializer != nil {
        next = nil
      }
      types.append(binding.typeAnnotation?.type.trimmed ?? (binding.initializer == nil ? next : nil))
    }
    types.reverse()

    for (binding, declaredType) in zip(variable.bindings, types) {
      guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else { continue }
      let name = identifier.trimmedDescription
      let keyName = identifier.identifier?.name ?? identifier.text
      let initializer = binding.initializer?.value

      var type = declaredType
      if type == nil, let initializer, let inferred = LiteralKind(initializer)?.inferredType {
        type = TypeSyntax(stringLiteral: inferred)
      }
      guard let type else {
        if role != .ignored {
          diagnostics.append(missingTypeAnnotation(binding, name: keyName))
        }
        continue
      }
      if role == .mapped, transform == nil, keyArguments.count < 2, let reason = Self.unmappableReason(type) {
        diagnostics.append(unmappable(variable, binding: binding, name: keyName, type: type, reason: reason))
        continue
      }
      if role == .mapped, variable.isLet, initializer != nil {
        diagnostics.append(letWithInitialValue(variable, name: keyName))
        continue
      }
      var defaultValue = explicitDefault
      if defaultValue == nil, let initializer, !initializer.is(NilLiteralExprSyntax.self) {
        defaultValue = initializer
      }
      fields.append(
        Field(
          name: name, keyName: keyName, type: type, wrappedType: type.optionalWrapped?.trimmed, role: role,
          key: keyArguments.first?.expression, transformer: transform ?? keyArguments.dropFirst().first.map(Self.transformer),
          defaultValue: defaultValue, validator: validator, hasInitializer: initializer != nil, isLet: variable.isLet))
    }
  }

  /// Why a type can never be a `MappableValue`, judged from its syntax: tuples, functions,
  /// metatypes, `Any`, existentials and opaque types. `nil` for everything else (whether a
  /// named type conforms is the compiler's to say).
  static func unmappableReason(_ type: TypeSyntax) -> String? {
    let type = type.optionalWrapped ?? type
    if type.is(TupleTypeSyntax.self) { return "a tuple has no document form" }
    if type.is(FunctionTypeSyntax.self) || type.is(AttributedTypeSyntax.self) { return "a function has no document form" }
    if type.is(MetatypeTypeSyntax.self) { return "a metatype has no document form" }
    if let some = type.as(SomeOrAnyTypeSyntax.self) {
      return "'\(some.someOrAnySpecifier.text)' types cannot be created from a document"
    }
    if let name = type.as(IdentifierTypeSyntax.self)?.name.text, name == "Any" || name == "AnyObject" {
      return "'\(name)' cannot be created from a document"
    }
    return nil
  }

  private func unmappable(
    _ variable: VariableDeclSyntax, binding: PatternBindingSyntax, name: String, type: TypeSyntax, reason: String
  ) -> Diagnostic {
    var fixed = variable
    let attribute = AttributeListSyntax.Element.attribute(
      AttributeSyntax(attributeName: IdentifierTypeSyntax(name: .identifier("Ignore")), trailingTrivia: .space))
    if variable.attributes.isEmpty {
      // The indentation moves from `var` to the new first token, `@Ignore`.
      fixed.bindingSpecifier.leadingTrivia = []
      fixed.attributes = [attribute]
    } else {
      fixed.attributes = variable.attributes + [attribute]
    }
    fixed.leadingTrivia = variable.leadingTrivia
    let fixIt = FixIt(message: MappingFixIt.addIgnore, changes: [.replace(oldNode: Syntax(variable), newNode: Syntax(fixed))])
    let anchor = binding.typeAnnotation.map { Syntax($0.type) } ?? Syntax(binding.pattern)
    return MappingDiagnostic.unmappableType(property: name, type: type.trimmedDescription, reason: reason).at(anchor, fixIts: [fixIt])
  }

  /// A transformer argument: the expression itself, or for `transformer: "name"` /
  /// `named: "name"` a registry lookup whose value type the property gives.
  private static func transformer(_ argument: LabeledExprSyntax) -> ExprSyntax {
    guard let label = argument.label?.text, label == "transformer" || label == "named" else { return argument.expression }
    return "Foundry.NamedTransformer(\(argument.expression.trimmed))"
  }

  private func missingTypeAnnotation(_ binding: PatternBindingSyntax, name: String) -> Diagnostic {
    var fixed = binding
    fixed.pattern = binding.pattern.trimmed
    fixed.typeAnnotation = TypeAnnotationSyntax(
      colon: .colonToken(trailingTrivia: .space), type: TypeSyntax("<#Type#>"), trailingTrivia: binding.pattern.trailingTrivia)
    let fixIt = FixIt(message: MappingFixIt.addTypeAnnotation, changes: [.replace(oldNode: Syntax(binding), newNode: Syntax(fixed))])
    return MappingDiagnostic.missingTypeAnnotation(property: name).at(binding.pattern, fixIts: [fixIt])
  }

  private func letWithInitialValue(_ variable: VariableDeclSyntax, name: String) -> Diagnostic {
    let keyword = variable.bindingSpecifier
    let fixIt = FixIt(
      message: MappingFixIt.replaceLetWithVar,
      changes: [.replace(oldNode: Syntax(keyword), newNode: Syntax(keyword.with(\.tokenKind, .keyword(.var))))])
    return MappingDiagnostic.letWithInitialValue(property: name).at(keyword, fixIts: [fixIt])
  }
}

/// A Swift string literal of `text`.
func stringLiteral(_ text: String) -> String {
  var escaped = ""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\\": escaped += "\\\\"
    case "\"": escaped += "\\\""
    default: escaped.unicodeScalars.append(scalar)
    }
  }
  return "\"\(escaped)\""
}
