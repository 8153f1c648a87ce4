/// A typed value every object of an entity can hold.
///
/// ```swift
/// Attribute("id", .integer64)
/// Attribute("retailPrice", .decimal, keyPath: "pricing.retail_price")
/// Attribute("born", .date, optional: true, transformer: "date:yyyy-MM-dd")
/// Attribute("rating", .integer16, default: 3)
/// ```
public struct Attribute: Sendable, Hashable {
  /// The attribute's name, unique within its entity and the entity's ancestors.
  public var name: String
  /// The type of its values.
  public var type: AttributeType
  /// Whether an object may lack a value.
  public var isOptional: Bool
  /// The value of a new object; `nil` for none.
  public var defaultValue: GraphValue?
  /// Where the value sits in JSON or XML (`pricing.retail_price`, `@id`); `nil` means the name.
  public var keyPath: String?
  /// The name of the transformer that reads and writes the payload's value
  /// (looked up in `GraphImportOptions.mapping.transformers`).
  public var transformerName: String?
  /// Free-form annotations (a model file's user info).
  public var userInfo: [String: String]
  /// The name this one had in the previous version of the model (Core Data's renaming
  /// identifier): a store migrates the old one's data to it. `nil` keeps the name.
  ///
  /// ```swift
  /// var title = Attribute("name", .string)
  /// title.renamingIdentifier = "title"   // was "title" in the previous version
  /// ```
  public var renamingIdentifier: String?
  /// The rules a value must follow when the graph is validated (a store validates before it
  /// saves): a range for numbers, a length range and a pattern for strings.
  ///
  /// ```swift
  /// var rating = Attribute("rating", .integer16)
  /// rating.rules = AttributeRules(minimum: 1, maximum: 5)
  /// ```
  public var rules = AttributeRules()

  /// An attribute.
  ///
  /// ```swift
  /// Attribute("title", .string, keyPath: "book_title")
  /// ```
  /// - Parameters:
  ///   - name: The attribute's name.
  ///   - type: The type of its values.
  ///   - optional: Whether an object may lack a value (default `false`: required).
  ///   - defaultValue: The value of a new object.
  ///   - keyPath: Where the value sits in the payload; the name when `nil`.
  ///   - transformer: The name of the transformer for the payload's value; an empty name (as
  ///     Xcode writes `valueTransformerName=""`) is no transformer.
  ///   - userInfo: Annotations.
  public init(
    _ name: String, _ type: AttributeType, optional: Bool = false, default defaultValue: GraphValue? = nil,
    keyPath: String? = nil, transformer: String? = nil, userInfo: [String: String] = [:]
  ) {
    self.name = name
    self.type = type
    self.isOptional = optional
    self.defaultValue = defaultValue
    self.keyPath = keyPath
    self.transformerName = transformer?.isEmpty == true ? nil : transformer
    self.userInfo = userInfo
  }

  /// The key path into payloads: ``keyPath``, or the name.
  public var payloadKeyPath: String { keyPath ?? name }
}
