import FoundryGraph

/// The doc comment and declaration of one attribute in a generated class.
///
/// ```swift
/// AttributeSource(Attribute("id", .integer64, keyPath: "author_id"), propertyName: "id", isIdentity: true).lines
/// // ["/// Integer 64, identity. `author_id` in payloads.",
/// //  "@Property(keyPath: \"author_id\") var id: Int64 = 0"]
/// ```
///
/// An optional attribute is an optional property, with its default when that is a literal.
/// A required one is non-optional, initialized with its default, else with its type's zero
/// value (`.zero`, `String()`, `Bool()`, `Date(timeIntervalSince1970: 0)`, `Data()`, the nil
/// UUID, `.null`), which the getter returns while the object has no value and which, not being
/// a literal, `@Entity` does not make the entity's default. Types without a zero value (`URL`,
/// value types) and transformables with a transformer (whose values need not be JSON) are
/// optional properties of a required attribute instead: `@Property(required: true)`.
struct AttributeSource {
  let attribute: Attribute
  /// The property's name, without backticks (see ``GeneratedNames``).
  let propertyName: String
  let isIdentity: Bool
  let valueType: SwiftValueType

  init(_ attribute: Attribute, propertyName: String, isIdentity: Bool) {
    self.attribute = attribute
    self.propertyName = propertyName
    self.isIdentity = isIdentity
    self.valueType = SwiftValueType(attribute.type)
  }

  /// The doc comment line, then the declaration.
  var lines: [String] {
    let (isOptional, initializer, note) = shape
    var arguments: [String] = []
    if let keyPath { arguments.append("keyPath: \(SwiftNames.stringLiteral(keyPath))") }
    if let transformer = attribute.transformerName { arguments.append("transformer: \(SwiftNames.stringLiteral(transformer))") }
    if isOptional, !attribute.isOptional { arguments.append("required: true") }
    if let userInfo = SwiftNames.userInfoArgument(attribute.userInfo) { arguments.append(userInfo) }
    var declaration = arguments.isEmpty ? "" : "@Property(\(arguments.joined(separator: ", "))) "
    declaration += "var \(SwiftNames.spelled(propertyName)): \(valueType.name)\(isOptional ? "?" : "")"
    if let initializer { declaration += " = \(initializer)" }
    return ["/// " + documentation(note: note), declaration]
  }

  /// The payload key path to declare: the attribute's, or its name when the property is renamed.
  private var keyPath: String? {
    attribute.keyPath ?? (propertyName == attribute.name ? nil : attribute.name)
  }

  private var defaultLiteral: String? { attribute.defaultValue.flatMap(valueType.literal(for:)) }

  /// Whether the property is optional, its initial value, and why it is optional when the
  /// model says required.
  private var shape: (isOptional: Bool, initializer: String?, note: String?) {
    if attribute.type == .transformable, attribute.transformerName != nil {
      let note = "Values the transformer makes that are not JSON read as `nil` here; use `managedObject` for them."
      return (true, nil, attribute.isOptional ? note : "Required. " + note)
    }
    if attribute.isOptional {
      // `@Entity` takes a literal as the entity's default; other expressions would do nothing.
      let literal = defaultLiteral.flatMap { Self.isPlainLiteral($0) ? $0 : nil }
      return (true, literal, nil)
    }
    if let initializer = defaultLiteral ?? valueType.zeroValue { return (false, initializer, nil) }
    return (true, nil, "Required; `nil` until the object has a value (`\(valueType.name)` has no zero value).")
  }

  /// `7`, `-2.5`, `"Ada"`, `true`: not a call (`Date(...)`) or a member (`.infinity`).
  private static func isPlainLiteral(_ expression: String) -> Bool {
    !expression.contains("(") && !expression.hasPrefix(".") && !expression.hasPrefix("-.")
  }

  private func documentation(note: String?) -> String {
    var text = attribute.type.description
    if isIdentity { text += ", identity" }
    if let value = attribute.defaultValue { text += ", default \(defaultLiteral ?? value.description)" }
    text += "."
    if let keyPath { text += " `\(keyPath)` in payloads." }
    if let transformer = attribute.transformerName { text += " Read and written through the `\(transformer)` transformer." }
    if let note { text += " " + note }
    return text
  }
}

/// The doc comment and declaration of one relationship in a generated class.
///
/// ```swift
/// RelationshipSource(Relationship("books", to: "Book", toMany: true, inverse: "author"), of: "Author", names: names).lines
/// // ["/// To-many `Book`, inverse `author`.",
/// //  "@Related(inverse: \"author\") var books: [Book]"]
/// ```
///
/// A to-many relationship is an array; a to-one relationship is optional (relationships are
/// empty until linked), with `required: true` when the model requires it. A destination
/// whose class is not named after it is named by `destination:`.
struct RelationshipSource {
  let relationship: Relationship
  /// The property's name, without backticks.
  let propertyName: String
  /// The destination's class.
  let destinationType: String
  /// The inverse's and `keyedBy` attribute's property names in the destination.
  let inverseName: String?
  let keyedByName: String?

  init(_ relationship: Relationship, of entity: String, names: GeneratedNames) {
    self.relationship = relationship
    propertyName = names.memberName(relationship.name, of: entity)
    destinationType = names.typeName(of: relationship.destination)
    inverseName = relationship.inverse.map { names.memberName($0, of: relationship.destination) }
    keyedByName = relationship.keyedBy.map { names.memberName($0, of: relationship.destination) }
  }

  /// The doc comment line, then the declaration.
  var lines: [String] {
    let type = relationship.isToMany ? "[\(destinationType)]" : "\(destinationType)?"
    let arguments = self.arguments
    let attribute = arguments.isEmpty ? "@Related" : "@Related(\(arguments.joined(separator: ", ")))"
    return ["/// " + documentation, "\(attribute) var \(SwiftNames.spelled(propertyName)): \(type)"]
  }

  /// The payload key path to declare: the relationship's, or its name when the property is renamed.
  private var keyPath: String? {
    relationship.keyPath ?? (propertyName == relationship.name ? nil : relationship.name)
  }

  /// The counts that apply: a to-many relationship's, when set.
  private var counts: (min: Int?, max: Int?) {
    guard relationship.isToMany else { return (nil, nil) }
    return (relationship.minCount == 0 ? nil : relationship.minCount, relationship.maxCount == 0 ? nil : relationship.maxCount)
  }

  /// `@Related`'s arguments that differ from the defaults, in the macro's order.
  private var arguments: [String] {
    var arguments: [String] = []
    if destinationType != relationship.destination { arguments.append("destination: \(SwiftNames.stringLiteral(relationship.destination))") }
    if let inverseName { arguments.append("inverse: \(SwiftNames.stringLiteral(inverseName))") }
    if relationship.deleteRule != .nullify { arguments.append("deleteRule: .\(relationship.deleteRule.rawValue)") }
    if relationship.isToMany, relationship.isOrdered { arguments.append("ordered: true") }
    if !relationship.isToMany, !relationship.isOptional { arguments.append("required: true") }
    let (minCount, maxCount) = counts
    if let minCount { arguments.append("minCount: \(minCount)") }
    if let maxCount { arguments.append("maxCount: \(maxCount)") }
    if let keyPath { arguments.append("keyPath: \(SwiftNames.stringLiteral(keyPath))") }
    if relationship.isToMany, let keyedByName { arguments.append("keyedBy: \(SwiftNames.stringLiteral(keyedByName))") }
    if let userInfo = SwiftNames.userInfoArgument(relationship.userInfo) { arguments.append(userInfo) }
    return arguments
  }

  private var documentation: String {
    var text = relationship.isToMany ? (relationship.isOrdered ? "Ordered to-many" : "To-many") : "To-one"
    text += " `\(relationship.destination)`"
    if let inverse = relationship.inverse { text += ", inverse `\(inverse)`" }
    let (minCount, maxCount) = counts
    if let minCount { text += ", at least \(minCount)" }
    if let maxCount { text += ", at most \(maxCount)" }
    if relationship.deleteRule != .nullify { text += ", delete rule `.\(relationship.deleteRule.rawValue)`" }
    text += "."
    if let keyPath { text += " `\(keyPath)` in payloads." }
    if relationship.isToMany, let keyedBy = relationship.keyedBy { text += " Payload members are keyed by `\(keyedBy)`." }
    if !relationship.isToMany, !relationship.isOptional { text += " Required; `nil` until linked." }
    return text
  }
}
