/// The type of an attribute's values: Core Data's attribute types, plus any `@Mappable` or
/// `Codable` value.
///
/// ```swift
/// Attribute("born", .date)
/// Attribute("assignments", .transformable)                // raw JSON, or a named transformer's value
/// Attribute("address", .value(GraphValueType(Address.self)))   // a typed sub-graph in one attribute
/// ```
public enum AttributeType: Sendable, Hashable, CustomStringConvertible {
  case string
  case integer16
  case integer32
  case integer64
  case double
  case float
  case decimal
  case boolean
  case date
  case binary
  case uuid
  case uri
  /// Any value: what the attribute's transformer produces, or the payload's JSON as is.
  case transformable
  /// A typed value of a Swift type that maps itself (`@Mappable`, or `Codable` through
  /// ``GraphValueType/codable(_:)``).
  case value(GraphValueType)

  /// The name Core Data model files use (`"Integer 16"`, `"Transformable"`), or the Swift
  /// type's name for ``value(_:)``.
  public var description: String {
    switch self {
    case .string: "String"
    case .integer16: "Integer 16"
    case .integer32: "Integer 32"
    case .integer64: "Integer 64"
    case .double: "Double"
    case .float: "Float"
    case .decimal: "Decimal"
    case .boolean: "Boolean"
    case .date: "Date"
    case .binary: "Binary"
    case .uuid: "UUID"
    case .uri: "URI"
    case .transformable: "Transformable"
    case .value(let type): type.name
    }
  }

  /// The type a model file's `attributeType` names, or `nil` for one this library does not
  /// know (`"Objective-C"`, `"Undefined"`, composite attributes).
  ///
  /// ```swift
  /// AttributeType(modelName: "Integer 16")   // .integer16
  /// ```
  /// - Parameters:
  ///   - modelName: The `attributeType` text of a model file.
  public init?(modelName: String) {
    switch modelName {
    case "String": self = .string
    case "Integer 16": self = .integer16
    case "Integer 32": self = .integer32
    case "Integer 64": self = .integer64
    case "Double": self = .double
    case "Float": self = .float
    case "Decimal": self = .decimal
    case "Boolean": self = .boolean
    case "Date": self = .date
    case "Binary": self = .binary
    case "UUID": self = .uuid
    case "URI": self = .uri
    case "Transformable": self = .transformable
    default: return nil
    }
  }

  /// Whether values of this type can identify objects: not transformable or custom values,
  /// whose equality the store cannot index. Binary can (a hash, a key), as in Core Data's
  /// uniqueness constraints.
  var canIdentify: Bool {
    switch self {
    case .transformable, .value: false
    default: true
    }
  }
}
