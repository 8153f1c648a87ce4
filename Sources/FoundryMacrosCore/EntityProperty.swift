import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// One stored property of an `@Entity` class: an attribute, or with `@Related` a relationship.
///
/// `@Entity` reads these to declare the entity; `@EntityAccessor` reads the same to write the
/// property's accessors, so both agree on names and types.
struct EntityProperty {
  enum Kind {
    case attribute
    /// `@Related var author: Author?`.
    case toOne(destination: TypeSyntax)
    /// `@Related var books: [Book]`.
    case toMany(destination: TypeSyntax)
  }

  /// The property name without backticks: the attribute's or relationship's name.
  let name: String
  /// The property name as declared (in backticks when it was).
  let spelling: String
  /// The declared type, or the one a literal initializer gives.
  let type: TypeSyntax
  /// The wrapped type when `type` is optional.
  let wrappedType: TypeSyntax?
  let kind: Kind
  /// The initial value (not a bare `nil`): the default of an attribute.
  let initializer: ExprSyntax?
  /// Whether the binding has `= ...`, `nil` included: such a property needs an init accessor.
  let hasInitializer: Bool
  /// `@Property`'s arguments, or `@Related`'s.
  let arguments: LabeledExprListSyntax

  var isOptional: Bool { wrappedType != nil }
  var isAttribute: Bool { if case .attribute = kind { true } else { false } }

  /// What one declaration holds, with what is wrong with it.
  struct Reading {
    var property: EntityProperty?
    var diagnostics: [Diagnostic] = []
  }

  /// Reads `variable`, which must be a stored instance property (see `notStoredReason`).
  static func read(_ variable: VariableDeclSyntax) -> Reading {
    var reading = Reading()
    if variable.isLet {
      let keyword = variable.bindingSpecifier
      let name = variable.bindings.first?.pattern.trimmedDescription ?? "_"
      let fixIt = FixIt(
        message: EntityFixIt.replaceLetWithVar,
        changes: [.replace(oldNode: Syntax(keyword), newNode: Syntax(keyword.with(\.tokenKind, .keyword(.var))))])
      reading.diagnostics.append(EntityDiagnostic.letProperty(property: name).at(keyword, fixIts: [fixIt]))
      return reading
    }
    // Accessor macros apply to single identifiers only.
    guard variable.bindings.count == 1, let binding = variable.bindings.first,
      let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier
    else {
      reading.diagnostics.append(EntityDiagnostic.severalBindings.at(variable.bindingSpecifier))
      return reading
    }
    let name = identifier.identifier?.name ?? identifier.text
    if let accessors = binding.accessorBlock {
      reading.diagnostics.append(EntityDiagnostic.observedProperty(property: name).at(accessors))
      return reading
    }
    let initializer = binding.initializer?.value
    var type = binding.typeAnnotation?.type.trimmed
    if type == nil, let initializer, let inferred = LiteralKind(initializer)?.inferredType {
      type = TypeSyntax(stringLiteral: inferred)
    }
    guard let type else {
      reading.diagnostics.append(missingTypeAnnotation(binding, name: name))
      return reading
    }
    let propertyAttribute = variable.attributes.named("Property").first
    let related = variable.attributes.named("Related").first
    if propertyAttribute != nil, let related {
      reading.diagnostics.append(EntityDiagnostic.propertyAndRelated.at(related))
      return reading
    }
    let wrapped = type.optionalWrapped?.trimmed
    var kind = Kind.attribute
    if let related {
      if let array = type.as(ArrayTypeSyntax.self), entityName(of: array.element) != nil {
        kind = .toMany(destination: array.element.trimmed)
      } else if let wrapped, entityName(of: wrapped) != nil {
        kind = .toOne(destination: wrapped)
      } else if entityName(of: type) != nil {
        let anchor = binding.typeAnnotation.map { Syntax($0.type) } ?? Syntax(binding.pattern)
        reading.diagnostics.append(EntityDiagnostic.requiredToOne(property: name).at(anchor, fixIts: [makeOptional(binding, type: type)]))
        return reading
      } else {
        reading.diagnostics.append(
          EntityDiagnostic.relatedNotEntityShaped(property: name, type: type.trimmedDescription).at(related))
        return reading
      }
    } else if wrapped == nil, initializer == nil {
      reading.diagnostics.append(missingDefault(binding, name: name, type: type))
      // The accessor still compiles (see `accessors()`): one error is enough.
    }
    reading.property = EntityProperty(
      name: name, spelling: identifier.text, type: type, wrappedType: wrapped, kind: kind,
      initializer: initializer.flatMap { $0.is(NilLiteralExprSyntax.self) ? nil : $0.trimmed },
      hasInitializer: initializer != nil,
      arguments: (related ?? propertyAttribute)?.argumentList ?? [])
    return reading
  }

  // MARK: - Types

  /// The Swift types with an attribute type of their own, by name; everything else is a
  /// `.value`.
  private static let scalarTypes: [String: String] = [
    "String": ".string", "Int16": ".integer16", "Int32": ".integer32", "Int": ".integer64", "Int64": ".integer64",
    "Double": ".double", "Float": ".float", "Decimal": ".decimal", "Bool": ".boolean", "Date": ".date",
    "Data": ".binary", "UUID": ".uuid", "URL": ".uri", "JSONValue": ".transformable",
  ]

  /// The standard library's types, which generated code spells `Swift.Name`.
  private static let standardTypes: Set<String> = ["String", "Int", "Int16", "Int32", "Int64", "Double", "Float", "Bool"]

  /// The modules whose qualified names still count as the plain type (`Swift.String`).
  private static let knownModules: Set<String> = ["Swift", "Foundation", "FoundationEssentials", "FoundryJSON"]

  /// `String` for `String` and `Swift.String`; `nil` for generic, nested or composite types.
  private static func plainName(_ type: TypeSyntax) -> String? {
    if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
      return identifier.name.text
    }
    if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil,
      let base = member.baseType.as(IdentifierTypeSyntax.self), knownModules.contains(base.name.text)
    {
      return member.name.text
    }
    return nil
  }

  /// The entity a relationship's destination names: the type's last name component, for a
  /// named type that is not an attribute type.
  static func entityName(of type: TypeSyntax) -> String? {
    if let plain = plainName(type), scalarTypes[plain] != nil || plain == "Any" || plain == "AnyObject" { return nil }
    if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil { return identifier.name.text }
    if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil { return member.name.text }
    return nil
  }

  /// `type` as generated code writes it: standard library names in full, at any depth of
  /// arrays, dictionaries and optionals.
  static func spelledInFull(_ type: TypeSyntax) -> String {
    if let array = type.as(ArrayTypeSyntax.self) { return "[\(spelledInFull(array.element))]" }
    if let dictionary = type.as(DictionaryTypeSyntax.self) {
      return "[\(spelledInFull(dictionary.key)): \(spelledInFull(dictionary.value))]"
    }
    if let wrapped = type.optionalWrapped { return "\(spelledInFull(wrapped))?" }
    if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil,
      standardTypes.contains(identifier.name.text)
    {
      return "Swift.\(identifier.name.text)"
    }
    return type.trimmedDescription
  }

  /// The stored type: the wrapped one of an optional.
  var valueType: TypeSyntax { wrappedType ?? type }

  /// The `AttributeType` expression: `.string`, or `.value(FoundryGraph.GraphValueType(T.self))`.
  var attributeType: String {
    if let plain = Self.plainName(valueType), let scalar = Self.scalarTypes[plain] { return scalar }
    return ".value(FoundryGraph.GraphValueType(\(Self.spelledInFull(valueType)).self))"
  }

  /// The initializer as a `GraphValue`, when it is a constant of the attribute's type: a
  /// literal of a scalar, or a constant (`[]`, `[:]`, `.draft`, `["a"]`) of a value or JSON
  /// attribute, so that a payload without the key imports as the property reads. Other
  /// initial values (`Date()`) are only the getter's fallback.
  var defaultValue: String? {
    guard let initializer else { return nil }
    if attributeType.hasPrefix(".value("), initializer.isConstant {
      return "FoundryGraph.GraphValue.custom(FoundryGraph.CustomGraphValue(\(initializer.trimmedDescription) as \(Self.spelledInFull(valueType))))"
    }
    if attributeType == ".transformable", initializer.isConstant {
      return "FoundryGraph.GraphValue.json(\(initializer.trimmedDescription))"
    }
    guard let literal = LiteralKind(initializer) else { return nil }
    if let string = initializer.as(StringLiteralExprSyntax.self), !string.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) }) {
      return nil
    }
    let value = initializer.trimmedDescription
    let graphCase: String? =
      switch (attributeType, literal) {
      case (".string", .string): "string"
      case (".integer16", .integer), (".integer32", .integer), (".integer64", .integer): "integer"
      case (".double", .integer), (".double", .float): "double"
      case (".float", .integer), (".float", .float): "float"
      case (".decimal", .integer), (".decimal", .float): "decimal"
      case (".boolean", .boolean): "bool"
      default: nil
      }
    return graphCase.map { "FoundryGraph.GraphValue.\($0)(\(value))" }
  }

  // MARK: - Generated code

  /// `FoundryGraph.Attribute(...)` or `FoundryGraph.Relationship(...)`.
  var declaration: String {
    var parts = [stringLiteral(name)]
    switch kind {
    case .attribute:
      parts.append(attributeType)
      if isOptional {
        // `required:` makes the attribute required while the property stays optional.
        parts.append("optional: \(required.map(Self.negated) ?? "true")")
      }
      if let defaultValue { parts.append("default: \(defaultValue)") }
      parts += ordered(arguments, by: ["keyPath", "transformer", "keepsAfterDeletion", "userInfo"])
      return "FoundryGraph.Attribute(\(parts.joined(separator: ", ")))"
    case .toOne(let destination), .toMany(let destination):
      // `destination:` names the entity of a class declared with `@Entity(name:)`.
      let named = arguments.first { $0.label?.text == "destination" }?.expression.trimmedDescription
      parts.append("to: \(named ?? stringLiteral(Self.entityName(of: destination) ?? destination.trimmedDescription))")
      if case .toMany = kind { parts.append("toMany: true") }
      parts += ordered(arguments, by: ["ordered", "inverse", "deleteRule"])
      if let required { parts.append("optional: \(Self.negated(required))") }
      parts += ordered(arguments, by: ["minCount", "maxCount", "keyPath", "keyedBy", "userInfo"])
      return "FoundryGraph.Relationship(\(parts.joined(separator: ", ")))"
    }
  }

  /// `false` for `true`, `true` for `false`, `!(expression)` otherwise.
  private static func negated(_ expression: String) -> String {
    switch expression {
    case "true": "false"
    case "false": "true"
    default: "!(\(expression))"
    }
  }

  /// The `required:` argument's expression, when given (`true` for `required: true`).
  private var required: String? {
    guard let expression = arguments.first(where: { $0.label?.text == "required" })?.expression.trimmedDescription else { return nil }
    return expression
  }

  /// `label: expression` for each argument, in the initializer's order.
  private func ordered(_ arguments: LabeledExprListSyntax, by labels: [String]) -> [String] {
    labels.compactMap { label in
      arguments.first { $0.label?.text == label }.map { "\(label): \($0.expression.trimmedDescription)" }
    }
  }

  /// The getter and setter through `managedObject`'s typed subscripts; with an initial value,
  /// an init accessor that ignores it (defaults live in the entity, and a view must not write
  /// when it is created).
  var accessors: [AccessorDeclSyntax] {
    let key = stringLiteral(name)
    let subscriptExpression: String
    var getter: String
    switch kind {
    case .attribute:
      subscriptExpression = "managedObject[attribute: \(key), as: \(Self.spelledInFull(valueType)).self]"
      if isOptional {
        getter = subscriptExpression
      } else if let initializer {
        getter = "\(subscriptExpression) ?? \(initializer.trimmedDescription)"
      } else {
        // Reported by @Entity; this keeps the class compiling around the one error.
        getter = "\(subscriptExpression)!"
      }
    case .toOne(let destination):
      subscriptExpression = "managedObject[toOne: \(key), as: \(destination.trimmedDescription).self]"
      getter = subscriptExpression
    case .toMany(let destination):
      subscriptExpression = "managedObject[toMany: \(key), as: \(destination.trimmedDescription).self]"
      getter = subscriptExpression
    }
    var result: [AccessorDeclSyntax] = []
    if hasInitializer { result.append("init(initialValue) {\n}") }
    result.append("get {\n\(raw: getter)\n}")
    result.append("set {\n\(raw: subscriptExpression) = newValue\n}")
    return result
  }

  /// `FoundryGraph.PropertyKeyPath(...)`: the property's key paths from `root`, plain and
  /// through an optional (and for a to-many relationship, to its count).
  func keyPathEntry(root: String) -> String {
    let member = spelling
    let common = "\(stringLiteral(name)), \\\(root).\(member), chained: \\\(root)?.?.\(member)"
    switch kind {
    case .attribute: return "FoundryGraph.PropertyKeyPath(attribute: \(common))"
    case .toOne: return "FoundryGraph.PropertyKeyPath(toOne: \(common))"
    case .toMany:
      return "FoundryGraph.PropertyKeyPath(toMany: \(common), count: \\\(root).\(member).count, chainedCount: \\\(root)?.?.\(member).count)"
    }
  }

  // MARK: - Diagnostics

  private static func missingTypeAnnotation(_ binding: PatternBindingSyntax, name: String) -> Diagnostic {
    var fixed = binding
    fixed.pattern = binding.pattern.trimmed
    fixed.typeAnnotation = TypeAnnotationSyntax(
      colon: .colonToken(trailingTrivia: .space), type: TypeSyntax("<#Type#>"), trailingTrivia: binding.pattern.trailingTrivia)
    let fixIt = FixIt(message: EntityFixIt.addTypeAnnotation, changes: [.replace(oldNode: Syntax(binding), newNode: Syntax(fixed))])
    return EntityDiagnostic.missingTypeAnnotation(property: name).at(binding.pattern, fixIts: [fixIt])
  }

  /// `= 0`, `= ""`, `= false`, `= []`, `= [:]`: a value obviously right for `type`.
  private static func example(for type: TypeSyntax) -> String? {
    if type.is(ArrayTypeSyntax.self) { return "[]" }
    if type.is(DictionaryTypeSyntax.self) { return "[:]" }
    switch plainName(type) {
    case "String": return "\"\""
    case "Bool": return "false"
    case "Int", "Int16", "Int32", "Int64", "Double", "Float", "Decimal": return "0"
    default: return nil
    }
  }

  private static func missingDefault(_ binding: PatternBindingSyntax, name: String, type: TypeSyntax) -> Diagnostic {
    let example = example(for: type)
    var withValue = binding
    withValue.typeAnnotation = binding.typeAnnotation?.with(\.trailingTrivia, [])
    withValue.initializer = InitializerClauseSyntax(
      equal: .equalToken(leadingTrivia: .space, trailingTrivia: .space), value: ExprSyntax(stringLiteral: example ?? "<#value#>"),
      trailingTrivia: binding.typeAnnotation?.trailingTrivia ?? [])
    let addValue = FixIt(
      message: example.map { EntityFixIt.addDefault("= \($0)") } ?? EntityFixIt.addInitialValue,
      changes: [.replace(oldNode: Syntax(binding), newNode: Syntax(withValue))])
    return EntityDiagnostic.missingDefault(property: name, example: example.map { "= \($0)" }).at(
      binding.pattern, fixIts: [addValue, makeOptional(binding, type: type)])
  }

  private static func makeOptional(_ binding: PatternBindingSyntax, type: TypeSyntax) -> FixIt {
    var optional = binding
    let declared = binding.typeAnnotation?.type ?? type
    optional.typeAnnotation?.type = TypeSyntax(
      OptionalTypeSyntax(wrappedType: declared.trimmed, trailingTrivia: declared.trailingTrivia))
    return FixIt(message: EntityFixIt.makeOptional, changes: [.replace(oldNode: Syntax(binding), newNode: Syntax(optional))])
  }
}
