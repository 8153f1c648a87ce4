// The `@Entity` family. The macros expand in the FoundryMacros plugin; `@Property` and
// `@Related` expand to nothing and only check where they are placed: `@Entity` reads them.

/// Makes a class an ``EntityObject``: a typed view of a ``ManagedObject``, whose ``Entity``
/// the class's stored properties declare.
///
/// Every stored instance `var` becomes an attribute (or with ``Related(destination:inverse:deleteRule:ordered:required:minCount:maxCount:keyPath:keyedBy:userInfo:)``
/// a relationship), in declaration order, and its storage moves into the managed object: the
/// macro turns it into a getter and setter of `managedObject`. A view holds no state of its own.
///
/// ```swift
/// @Entity(identity: ["id"])
/// final class Author {
///   @Property(keyPath: "author_id") var id: Int64 = 0
///   var name: String = ""                      // required, default ""
///   var born: Date?                            // optional
///   var address: Address?                      // a @Mappable value: .value(GraphValueType(Address.self))
///   var payload: JSONValue?                    // .transformable
///   @Related(inverse: "author", deleteRule: .cascade) var books: [Book]
/// }
///
/// let graph = ObjectGraph(schema: try Schema(Author.self, Book.self))
/// let author = try graph.insert(Author.self)
/// author.name = "Mark Twain"
/// ```
///
/// Types map as `String` → `.string`, `Int16`/`Int32` → `.integer16`/`.integer32`,
/// `Int`/`Int64` → `.integer64`, `Double`, `Float`, `Decimal`, `Bool` → `.boolean`, `Date`,
/// `Data` → `.binary`, `UUID`, `URL` → `.uri`, `JSONValue` → `.transformable`; any other type
/// (arrays included) is a `.value` and must be `MappableValue & Equatable & Sendable`. An
/// optional type makes the attribute optional; a non-optional one needs an initial value, which
/// the getter returns while the object has no value. A constant — a string, integer,
/// floating-point or Boolean literal, or for a `.value` or `JSONValue` property an array or
/// dictionary of constants or an enumeration case (`[]`, `[:]`, `.draft`) — is also the
/// attribute's default value in the entity, so a payload without the key imports it.
///
/// Computed, `static` and `lazy` properties are the class's own. A non-final class gets a
/// `required` initializer and a `class var entity`; a subclass declared with `parent:` (and a
/// superclass, itself an `@Entity`) inherits the initializer and overrides `entity`:
///
/// ```swift
/// @Entity(parent: "Author") final class Poet: Author { var meter: String = "" }
/// ```
///
/// - Parameters:
///   - name: The entity's name; the class's name when `nil`.
///   - parent: The entity this one inherits attributes, relationships and identity from.
///   - abstract: Whether objects of exactly this entity cannot exist.
///   - identity: The attributes whose values together identify an object.
///   - identityScopedToParent: Whether identity is unique only among the objects related to
///     the same parent object.
///   - subentityKeyPath: The payload key path whose value names the subentity to import.
///   - entityMapper: The name of the entity mapper that picks the subentity to import
///     (bound in ``GraphImportOptions/entityMappers``).
///   - userInfo: Annotations.
@attached(member, names: named(managedObject), named(init(managedObject:)), named(entity), named(_$entity), named(propertyKeyPaths), named(_$propertyKeyPaths))
@attached(memberAttribute)
@attached(extension, conformances: EntityObject)
public macro Entity(
  name: String? = nil,
  parent: String? = nil,
  abstract: Bool = false,
  identity: [String] = [],
  identityScopedToParent: Bool = false,
  subentityKeyPath: String? = nil,
  entityMapper: String? = nil,
  userInfo: [String: String] = [:]
) = #externalMacro(module: "FoundryMacros", type: "EntityMacro")

/// Turns a stored property of an `@Entity` class into accessors of its managed object.
///
/// Not for direct use: ``Entity(name:parent:abstract:identity:identityScopedToParent:subentityKeyPath:entityMapper:userInfo:)``
/// attaches it to each stored `var`, and the expansion reads and writes through
/// `managedObject[attribute:as:]`, `managedObject[toOne:as:]` or `managedObject[toMany:as:]`:
///
/// ```swift
/// var name: String = "" {
///   init(initialValue) {}
///   get { managedObject[attribute: "name", as: Swift.String.self] ?? "" }
///   set { managedObject[attribute: "name", as: Swift.String.self] = newValue }
/// }
/// ```
@attached(accessor, names: named(init), named(get), named(set))
public macro EntityAccessor() = #externalMacro(module: "FoundryMacros", type: "EntityAccessorMacro")

/// Says where an attribute of an `@Entity` class sits in payloads and how it is read.
///
/// ```swift
/// @Property(keyPath: "author_id") var id: Int64 = 0
/// @Property(keyPath: "pricing.retail_price") var retailPrice: Decimal?
/// @Property(transformer: "date:yyyy-MM-dd") var died: Date?
/// @Property(required: true) var homepage: URL?    // required in the entity; nil until set
/// @Property(keepsAfterDeletion: true) var remoteID: String = ""   // in the history of its deletion
/// ```
///
/// - Parameters:
///   - keyPath: Where the value sits in JSON or XML; the property's name when `nil`.
///   - transformer: The name of the transformer that reads and writes the payload's value
///     (looked up in `GraphImportOptions.mapping.transformers`).
///   - required: Whether the attribute is required although the property is optional: for a
///     type with no value to start from (`URL`, a `@Mappable` value), which reads `nil` until
///     the object has one. Validation reports an object without it.
///   - keepsAfterDeletion: Whether a store's history keeps the value when the object is
///     deleted (`Attribute.keepsAfterDeletion`, Core Data's "Preserve After Deletion").
///   - userInfo: Annotations.
@attached(peer)
public macro Property(
  keyPath: String? = nil, transformer: String? = nil, required: Bool = false, keepsAfterDeletion: Bool = false, userInfo: [String: String] = [:]
) =
  #externalMacro(module: "FoundryMacros", type: "PropertyMacro")

/// Makes a property of an `@Entity` class a relationship: to-many on `[Book]`, to-one on
/// `Author?` (the destination entity is the type's name, or `destination`).
///
/// ```swift
/// @Related(inverse: "author", deleteRule: .cascade) var books: [Book]
/// @Related(inverse: "books") var publisher: Publisher?
/// @Related(ordered: true, minCount: 1, maxCount: 5) var chapters: [Chapter]
/// @Related(destination: "line-item") var items: [LineItem]   // @Entity(name: "line-item") class LineItem
/// ```
///
/// A to-one relationship's property is optional (relationships are empty until linked);
/// `required: true` makes the relationship required, which validation checks.
///
/// - Parameters:
///   - destination: The destination entity's name, for a class declared with
///     `@Entity(name:)`; the type's name when `nil`.
///   - inverse: The relationship on the destination that points back; kept in step.
///   - deleteRule: What deleting the source object does to the destination objects.
///   - ordered: Whether a to-many relationship keeps its objects in order.
///   - required: Whether a to-one relationship must hold an object.
///   - minCount: The fewest objects a to-many relationship must hold.
///   - maxCount: The most objects a to-many relationship may hold (0: no maximum).
///   - keyPath: Where the related objects sit in payloads; the property's name when `nil`.
///   - keyedBy: For an object-of-objects payload, the destination attribute the keys fill.
///   - userInfo: Annotations.
@attached(peer)
public macro Related(
  destination: String? = nil,
  inverse: String? = nil,
  deleteRule: DeleteRule = .nullify,
  ordered: Bool = false,
  required: Bool = false,
  minCount: Int = 0,
  maxCount: Int = 0,
  keyPath: String? = nil,
  keyedBy: String? = nil,
  userInfo: [String: String] = [:]
) = #externalMacro(module: "FoundryMacros", type: "RelatedMacro")
