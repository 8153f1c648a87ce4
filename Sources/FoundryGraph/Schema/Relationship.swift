/// A link from the objects of one entity to objects of another.
///
/// ```swift
/// Relationship("books", to: "Book", toMany: true, inverse: "author", deleteRule: .cascade)
/// Relationship("author", to: "Author", inverse: "books", keyPath: "author_id")
/// Relationship("events", to: "Event", toMany: true, keyedBy: "id")   // {"138586341": {...}, ...}
/// ```
public struct Relationship: Sendable, Hashable {
  /// The relationship's name, unique within its entity and the entity's ancestors.
  public var name: String
  /// The name of the entity it points at.
  public var destination: String
  /// Whether it holds any number of objects (else at most one).
  public var isToMany: Bool
  /// Whether a to-many relationship keeps its objects in order (else a set, kept in insertion order).
  public var isOrdered: Bool
  /// The name of the relationship on the destination that points back; kept in step.
  public var inverse: String?
  /// What deleting the source object does to the destination objects.
  public var deleteRule: DeleteRule
  /// Whether a to-one relationship may be empty (to-many: see ``minCount``).
  public var isOptional: Bool
  /// The fewest objects a to-many relationship must hold (0: no minimum).
  public var minCount: Int
  /// The most objects a to-many relationship may hold (0: no maximum).
  public var maxCount: Int
  /// Where the related objects (or their identities) sit in JSON or XML; `nil` means the name.
  public var keyPath: String?
  /// For a to-many relationship given as an object of objects (`{"138586341": {...}}`): the
  /// attribute of the destination that each member's key fills, and that export writes back as the key.
  public var keyedBy: String?
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
  /// Key paths read when ``keyPath`` (or the name) is absent from a payload, in order: the
  /// identities under `author_id` or `tag_ids` that Sync's convention reads, or MagicalRecord's
  /// numbered `mappedKeyName`s. Export writes the first key path.
  ///
  /// ```swift
  /// var author = Relationship("author", to: "Author")
  /// author.fallbackKeyPaths = ["author_id"]   // {"author_id": 5} links Author 5
  /// ```
  public var fallbackKeyPaths: [String] = []
  /// Whether export writes the relationship (Sync's `sync.nonExportable` clears it).
  ///
  /// ```swift
  /// var followers = Relationship("followers", to: "User", toMany: true)
  /// followers.isExported = false
  /// ```
  public var isExported = true

  /// A relationship.
  ///
  /// ```swift
  /// Relationship("performances", to: "Performance", toMany: true, ordered: true, inverse: "event")
  /// ```
  /// - Parameters:
  ///   - name: The relationship's name.
  ///   - destination: The entity it points at.
  ///   - toMany: Whether it holds any number of objects.
  ///   - ordered: Whether a to-many relationship keeps order.
  ///   - inverse: The relationship on the destination that points back.
  ///   - deleteRule: What deleting the source does to the destination (default ``DeleteRule/nullify``).
  ///   - optional: Whether a to-one relationship may be empty (default `true`).
  ///   - minCount: The fewest objects of a to-many relationship.
  ///   - maxCount: The most objects of a to-many relationship (0: no maximum).
  ///   - keyPath: Where it sits in payloads; the name when `nil`.
  ///   - keyedBy: For an object-of-objects payload, the destination attribute the keys fill.
  ///   - userInfo: Annotations.
  public init(
    _ name: String, to destination: String, toMany: Bool = false, ordered: Bool = false, inverse: String? = nil,
    deleteRule: DeleteRule = .nullify, optional: Bool = true, minCount: Int = 0, maxCount: Int = 0,
    keyPath: String? = nil, keyedBy: String? = nil, userInfo: [String: String] = [:]
  ) {
    self.name = name
    self.destination = destination
    self.isToMany = toMany
    self.isOrdered = ordered
    self.inverse = inverse
    self.deleteRule = deleteRule
    self.isOptional = optional
    self.minCount = minCount
    self.maxCount = maxCount
    self.keyPath = keyPath
    self.keyedBy = keyedBy
    self.userInfo = userInfo
  }

  /// The key path into payloads: ``keyPath``, or the name.
  public var payloadKeyPath: String { keyPath ?? name }

  /// Every key path an import tries, in order: ``payloadKeyPath``, then ``fallbackKeyPaths``.
  ///
  /// ```swift
  /// var author = Relationship("author", to: "Author")
  /// author.fallbackKeyPaths = ["author_id"]
  /// author.payloadKeyPaths   // ["author", "author_id"]
  /// ```
  public var payloadKeyPaths: [String] { [payloadKeyPath] + fallbackKeyPaths }
}
