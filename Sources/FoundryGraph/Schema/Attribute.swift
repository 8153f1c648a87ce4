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
  /// Key paths read when ``keyPath`` (or the name) is absent from a payload, in order: a
  /// model written for an API that spells one field several ways (MagicalRecord's
  /// `mappedKeyName.1` …), or a convention's second spelling. Export writes the first key path.
  ///
  /// ```swift
  /// var name = Attribute("name", .string, keyPath: "full_name")
  /// name.fallbackKeyPaths = ["name", "user.name"]
  /// ```
  public var fallbackKeyPaths: [String] = []
  /// Whether export writes the attribute (Sync's `sync.nonExportable` clears it); import reads
  /// it either way.
  ///
  /// ```swift
  /// var token = Attribute("token", .string)
  /// token.isExported = false
  /// ```
  public var isExported = true
  /// Whether a payload object that lacks the attribute's key sets it to its default, as if the
  /// payload had given the default (MagicalRecord's `useDefaultValueWhenNotPresent`); otherwise an
  /// absent key leaves an existing object's value as it is.
  ///
  /// ```swift
  /// var count = Attribute("count", .integer32, default: 0)
  /// count.defaultsWhenAbsent = true
  /// ```
  public var defaultsWhenAbsent = false
  /// Whether a store's history keeps the attribute's value when the object is deleted (Core
  /// Data's "Preserve After Deletion"), beside its identity: what a sync job needs to tell a
  /// server which object went.
  ///
  /// ```swift
  /// Attribute("remoteID", .string, keepsAfterDeletion: true)
  /// ```
  public var keepsAfterDeletion = false

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
  ///   - keepsAfterDeletion: Whether a store's history keeps the value of a deleted object
  ///     (see ``keepsAfterDeletion``).
  ///   - userInfo: Annotations.
  public init(
    _ name: String, _ type: AttributeType, optional: Bool = false, default defaultValue: GraphValue? = nil,
    keyPath: String? = nil, transformer: String? = nil, keepsAfterDeletion: Bool = false, userInfo: [String: String] = [:]
  ) {
    self.name = name
    self.type = type
    self.isOptional = optional
    self.defaultValue = defaultValue
    self.keyPath = keyPath
    self.transformerName = transformer?.isEmpty == true ? nil : transformer
    self.keepsAfterDeletion = keepsAfterDeletion
    self.userInfo = userInfo
  }

  /// The key path into payloads: ``keyPath``, or the name.
  public var payloadKeyPath: String { keyPath ?? name }

  /// Every key path an import tries, in order: ``payloadKeyPath``, then ``fallbackKeyPaths``.
  ///
  /// ```swift
  /// var name = Attribute("name", .string, keyPath: "full_name")
  /// name.fallbackKeyPaths = ["name"]
  /// name.payloadKeyPaths   // ["full_name", "name"]
  /// ```
  public var payloadKeyPaths: [String] { [payloadKeyPath] + fallbackKeyPaths }
}
