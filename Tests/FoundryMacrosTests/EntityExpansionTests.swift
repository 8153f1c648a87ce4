import FoundryMacrosCore
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The `@Entity` family, by attribute name, with the conformance the compiler passes.
let entityMacros: [String: MacroSpec] = [
  "Entity": MacroSpec(
    type: EntityMacro.self,
    conformances: [
      TypeSyntax(MemberTypeSyntax(baseType: IdentifierTypeSyntax(name: .identifier("FoundryGraph")), name: .identifier("EntityObject")))
    ]
  ),
  "EntityAccessor": MacroSpec(type: EntityAccessorMacro.self),
  "Property": MacroSpec(type: PropertyMacro.self),
  "Related": MacroSpec(type: RelatedMacro.self),
]

/// `assertMacroExpansion` for the `@Entity` family, reporting through Swift Testing.
///
/// The test macro system expands only unqualified attributes, so the `@FoundryGraph.EntityAccessor`
/// that `@Entity` attaches shows as is; the accessor tests apply `@EntityAccessor` directly.
func expectEntityExpansion(
  _ source: String,
  expandsTo expandedSource: String,
  diagnostics: [DiagnosticSpec] = [],
  applyFixIts: [String]? = nil,
  fixedSource: String? = nil,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  assertMacroExpansion(
    source,
    expandedSource: expandedSource,
    diagnostics: diagnostics,
    macroSpecs: entityMacros,
    applyFixIts: applyFixIts,
    fixedSource: fixedSource,
    indentationWidth: .spaces(2),
    failureHandler: { failure in
      Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
    }
  )
}

@Suite("@Entity expansion")
struct EntityExpansionTests {
  @Test func finalClassDeclaresItsEntity() {
    expectEntityExpansion(
      """
      @Entity(identity: ["id"])
      public final class Author {
        @Property(keyPath: "author_id") var id: Int64 = 0
        var name: String = ""
        var born: Date?
        @Property(transformer: "date:yyyy-MM-dd") var died: Date?
        @Property(keyPath: "pricing.retail_price") var retailPrice: Decimal?
        var address: Address?
        var assignments: [Assignment] = []
        var payload: JSONValue?
        @Related(inverse: "author", deleteRule: .cascade) var books: [Book]
        @Related(inverse: "books") var publisher: Publisher?
        @Related(ordered: true, minCount: 1, maxCount: 5) var chapters: [Chapter]
        var displayName: String { name }
        static let shelf = "A"
      }
      """,
      expandsTo: """
        public final class Author {
          @FoundryGraph.EntityAccessor var id: Int64 = 0
          @FoundryGraph.EntityAccessor
          var name: String = ""
          @FoundryGraph.EntityAccessor
          var born: Date?
          @FoundryGraph.EntityAccessor var died: Date?
          @FoundryGraph.EntityAccessor var retailPrice: Decimal?
          @FoundryGraph.EntityAccessor
          var address: Address?
          @FoundryGraph.EntityAccessor
          var assignments: [Assignment] = []
          @FoundryGraph.EntityAccessor
          var payload: JSONValue?
          @FoundryGraph.EntityAccessor var books: [Book]
          @FoundryGraph.EntityAccessor var publisher: Publisher?
          @FoundryGraph.EntityAccessor var chapters: [Chapter]
          var displayName: String { name }
          static let shelf = "A"

          public let managedObject: FoundryGraph.ManagedObject

          public init(managedObject: FoundryGraph.ManagedObject) {
            self.managedObject = managedObject
          }

          public static let entity = FoundryGraph.Entity(
            "Author",
            attributes: [
              FoundryGraph.Attribute("id", .integer64, default: FoundryGraph.GraphValue.integer(0), keyPath: "author_id"),
              FoundryGraph.Attribute("name", .string, default: FoundryGraph.GraphValue.string("")),
              FoundryGraph.Attribute("born", .date, optional: true),
              FoundryGraph.Attribute("died", .date, optional: true, transformer: "date:yyyy-MM-dd"),
              FoundryGraph.Attribute("retailPrice", .decimal, optional: true, keyPath: "pricing.retail_price"),
              FoundryGraph.Attribute("address", .value(FoundryGraph.GraphValueType(Address.self)), optional: true),
              FoundryGraph.Attribute("assignments", .value(FoundryGraph.GraphValueType([Assignment].self)), default: FoundryGraph.GraphValue.custom(FoundryGraph.CustomGraphValue([] as [Assignment]))),
              FoundryGraph.Attribute("payload", .transformable, optional: true),
            ],
            relationships: [
              FoundryGraph.Relationship("books", to: "Book", toMany: true, inverse: "author", deleteRule: .cascade),
              FoundryGraph.Relationship("publisher", to: "Publisher", inverse: "books"),
              FoundryGraph.Relationship("chapters", to: "Chapter", toMany: true, ordered: true, minCount: 1, maxCount: 5),
            ],
            identity: ["id"]
          )

          public static var propertyKeyPaths: [FoundryGraph.PropertyKeyPath] {
            _$propertyKeyPaths(Self.self)
          }

          private static func _$propertyKeyPaths<Root: Author>(_ root: Root.Type) -> [FoundryGraph.PropertyKeyPath] {
            [
              FoundryGraph.PropertyKeyPath(attribute: "id", \\Root.id, chained: \\Root?.?.id),
              FoundryGraph.PropertyKeyPath(attribute: "name", \\Root.name, chained: \\Root?.?.name),
              FoundryGraph.PropertyKeyPath(attribute: "born", \\Root.born, chained: \\Root?.?.born),
              FoundryGraph.PropertyKeyPath(attribute: "died", \\Root.died, chained: \\Root?.?.died),
              FoundryGraph.PropertyKeyPath(attribute: "retailPrice", \\Root.retailPrice, chained: \\Root?.?.retailPrice),
              FoundryGraph.PropertyKeyPath(attribute: "address", \\Root.address, chained: \\Root?.?.address),
              FoundryGraph.PropertyKeyPath(attribute: "assignments", \\Root.assignments, chained: \\Root?.?.assignments),
              FoundryGraph.PropertyKeyPath(attribute: "payload", \\Root.payload, chained: \\Root?.?.payload),
              FoundryGraph.PropertyKeyPath(toMany: "books", \\Root.books, chained: \\Root?.?.books, count: \\Root.books.count, chainedCount: \\Root?.?.books.count),
              FoundryGraph.PropertyKeyPath(toOne: "publisher", \\Root.publisher, chained: \\Root?.?.publisher),
              FoundryGraph.PropertyKeyPath(toMany: "chapters", \\Root.chapters, chained: \\Root?.?.chapters, count: \\Root.chapters.count, chainedCount: \\Root?.?.chapters.count),
            ]
          }
        }

        extension Author: FoundryGraph.EntityObject {
        }
        """
    )
  }

  @Test func destinationNamesTheEntityOfARenamedClass() {
    expectEntityExpansion(
      """
      @Entity(name: "order")
      final class order_ {
        @Related(destination: "line-item", inverse: "order") var items: [line_item]
      }
      """,
      expandsTo: """
        final class order_ {
          @FoundryGraph.EntityAccessor var items: [line_item]

          let managedObject: FoundryGraph.ManagedObject

          init(managedObject: FoundryGraph.ManagedObject) {
            self.managedObject = managedObject
          }

          static let entity = FoundryGraph.Entity(
            "order",
            attributes: [],
            relationships: [
              FoundryGraph.Relationship("items", to: "line-item", toMany: true, inverse: "order"),
            ]
          )

          static var propertyKeyPaths: [FoundryGraph.PropertyKeyPath] {
            _$propertyKeyPaths(Self.self)
          }

          private static func _$propertyKeyPaths<Root: order_>(_ root: Root.Type) -> [FoundryGraph.PropertyKeyPath] {
            [
              FoundryGraph.PropertyKeyPath(toMany: "items", \\Root.items, chained: \\Root?.?.items, count: \\Root.items.count, chainedCount: \\Root?.?.items.count),
            ]
          }
        }

        extension order_: FoundryGraph.EntityObject {
        }
        """
    )
  }

  @Test func requiredOptionalsSubentitiesAndUserInfo() {
    expectEntityExpansion(
      """
      @Entity(abstract: true, identity: ["vin"], subentityKeyPath: "kind", entityMapper: "vehicleKind", userInfo: ["source": "fleet"])
      class Vehicle {
        var vin: String = ""
        @Property(required: true, keepsAfterDeletion: true, userInfo: ["unit": "url"]) var manual: URL?
        @Related(inverse: "vehicles", required: true, userInfo: ["note": "owner"]) var owner: Owner?
      }
      """,
      expandsTo: """
        class Vehicle {
          @FoundryGraph.EntityAccessor
          var vin: String = ""
          @FoundryGraph.EntityAccessor var manual: URL?
          @FoundryGraph.EntityAccessor var owner: Owner?

          let managedObject: FoundryGraph.ManagedObject

          required init(managedObject: FoundryGraph.ManagedObject) {
            self.managedObject = managedObject
          }

          private static let _$entity = FoundryGraph.Entity(
            "Vehicle",
            abstract: true,
            attributes: [
              FoundryGraph.Attribute("vin", .string, default: FoundryGraph.GraphValue.string("")),
              FoundryGraph.Attribute("manual", .uri, optional: false, keepsAfterDeletion: true, userInfo: ["unit": "url"]),
            ],
            relationships: [
              FoundryGraph.Relationship("owner", to: "Owner", inverse: "vehicles", optional: false, userInfo: ["note": "owner"]),
            ],
            identity: ["vin"],
            subentityKeyPath: "kind",
            entityMapper: "vehicleKind",
            userInfo: ["source": "fleet"]
          )

          class var entity: FoundryGraph.Entity {
            _$entity
          }

          class var propertyKeyPaths: [FoundryGraph.PropertyKeyPath] {
            _$propertyKeyPaths(Self.self)
          }

          private static func _$propertyKeyPaths<Root: Vehicle>(_ root: Root.Type) -> [FoundryGraph.PropertyKeyPath] {
            [
              FoundryGraph.PropertyKeyPath(attribute: "vin", \\Root.vin, chained: \\Root?.?.vin),
              FoundryGraph.PropertyKeyPath(attribute: "manual", \\Root.manual, chained: \\Root?.?.manual),
              FoundryGraph.PropertyKeyPath(toOne: "owner", \\Root.owner, chained: \\Root?.?.owner),
            ]
          }
        }

        extension Vehicle: FoundryGraph.EntityObject {
        }
        """
    )
  }

  @Test func accessorsReadAndWriteTheManagedObject() {
    expectEntityExpansion(
      """
      @Entity
      final class Book {
        @EntityAccessor var title: String = "Untitled"
        @EntityAccessor var rating = 2.5
        @EntityAccessor var `extension`: String?
        @EntityAccessor var tags: [String] = []
        @EntityAccessor var created: Date = Date()
        @EntityAccessor @Related(inverse: "books") var author: Author?
        @EntityAccessor @Related(inverse: "book") var chapters: [Chapter]
      }
      """,
      expandsTo: """
        final class Book {
          var title: String {
            init(initialValue) {
            }
            get {
              managedObject[attribute: "title", as: Swift.String.self] ?? "Untitled"
            }
            set {
              managedObject[attribute: "title", as: Swift.String.self] = newValue
            }
          }
          var rating {
            init(initialValue) {
            }
            get {
              managedObject[attribute: "rating", as: Swift.Double.self] ?? 2.5
            }
            set {
              managedObject[attribute: "rating", as: Swift.Double.self] = newValue
            }
          }
          var `extension`: String? {
            get {
              managedObject[attribute: "extension", as: Swift.String.self]
            }
            set {
              managedObject[attribute: "extension", as: Swift.String.self] = newValue
            }
          }
          var tags: [String] {
            init(initialValue) {
            }
            get {
              managedObject[attribute: "tags", as: [Swift.String].self] ?? []
            }
            set {
              managedObject[attribute: "tags", as: [Swift.String].self] = newValue
            }
          }
          var created: Date {
            init(initialValue) {
            }
            get {
              managedObject[attribute: "created", as: Date.self] ?? Date()
            }
            set {
              managedObject[attribute: "created", as: Date.self] = newValue
            }
          }
          var author: Author? {
            get {
              managedObject[toOne: "author", as: Author.self]
            }
            set {
              managedObject[toOne: "author", as: Author.self] = newValue
            }
          }
          var chapters: [Chapter] {
            get {
              managedObject[toMany: "chapters", as: Chapter.self]
            }
            set {
              managedObject[toMany: "chapters", as: Chapter.self] = newValue
            }
          }

          let managedObject: FoundryGraph.ManagedObject

          init(managedObject: FoundryGraph.ManagedObject) {
            self.managedObject = managedObject
          }

          static let entity = FoundryGraph.Entity(
            "Book",
            attributes: [
              FoundryGraph.Attribute("title", .string, default: FoundryGraph.GraphValue.string("Untitled")),
              FoundryGraph.Attribute("rating", .double, default: FoundryGraph.GraphValue.double(2.5)),
              FoundryGraph.Attribute("extension", .string, optional: true),
              FoundryGraph.Attribute("tags", .value(FoundryGraph.GraphValueType([Swift.String].self)), default: FoundryGraph.GraphValue.custom(FoundryGraph.CustomGraphValue([] as [Swift.String]))),
              FoundryGraph.Attribute("created", .date),
            ],
            relationships: [
              FoundryGraph.Relationship("author", to: "Author", inverse: "books"),
              FoundryGraph.Relationship("chapters", to: "Chapter", toMany: true, inverse: "book"),
            ]
          )

          static var propertyKeyPaths: [FoundryGraph.PropertyKeyPath] {
            _$propertyKeyPaths(Self.self)
          }

          private static func _$propertyKeyPaths<Root: Book>(_ root: Root.Type) -> [FoundryGraph.PropertyKeyPath] {
            [
              FoundryGraph.PropertyKeyPath(attribute: "title", \\Root.title, chained: \\Root?.?.title),
              FoundryGraph.PropertyKeyPath(attribute: "rating", \\Root.rating, chained: \\Root?.?.rating),
              FoundryGraph.PropertyKeyPath(attribute: "extension", \\Root.`extension`, chained: \\Root?.?.`extension`),
              FoundryGraph.PropertyKeyPath(attribute: "tags", \\Root.tags, chained: \\Root?.?.tags),
              FoundryGraph.PropertyKeyPath(attribute: "created", \\Root.created, chained: \\Root?.?.created),
              FoundryGraph.PropertyKeyPath(toOne: "author", \\Root.author, chained: \\Root?.?.author),
              FoundryGraph.PropertyKeyPath(toMany: "chapters", \\Root.chapters, chained: \\Root?.?.chapters, count: \\Root.chapters.count, chainedCount: \\Root?.?.chapters.count),
            ]
          }
        }

        extension Book: FoundryGraph.EntityObject {
        }
        """
    )
  }

  @Test func literalDefaultsTakeTheAttributesType() {
    expectEntityExpansion(
      """
      @Entity
      final class Sample {
        var short: Int16 = -1
        var ratio: Double = 1
        var weight: Float = 0.5
        var price: Decimal? = 0
        var flag = true
        var label: String = "a\\(1)"
        var id: UUID = UUID()
        var note: String? = nil
      }
      """,
      expandsTo: """
        final class Sample {
          @FoundryGraph.EntityAccessor
          var short: Int16 = -1
          @FoundryGraph.EntityAccessor
          var ratio: Double = 1
          @FoundryGraph.EntityAccessor
          var weight: Float = 0.5
          @FoundryGraph.EntityAccessor
          var price: Decimal? = 0
          @FoundryGraph.EntityAccessor
          var flag = true
          @FoundryGraph.EntityAccessor
          var label: String = "a\\(1)"
          @FoundryGraph.EntityAccessor
          var id: UUID = UUID()
          @FoundryGraph.EntityAccessor
          var note: String? = nil

          let managedObject: FoundryGraph.ManagedObject

          init(managedObject: FoundryGraph.ManagedObject) {
            self.managedObject = managedObject
          }

          static let entity = FoundryGraph.Entity(
            "Sample",
            attributes: [
              FoundryGraph.Attribute("short", .integer16, default: FoundryGraph.GraphValue.integer(-1)),
              FoundryGraph.Attribute("ratio", .double, default: FoundryGraph.GraphValue.double(1)),
              FoundryGraph.Attribute("weight", .float, default: FoundryGraph.GraphValue.float(0.5)),
              FoundryGraph.Attribute("price", .decimal, optional: true, default: FoundryGraph.GraphValue.decimal(0)),
              FoundryGraph.Attribute("flag", .boolean, default: FoundryGraph.GraphValue.bool(true)),
              FoundryGraph.Attribute("label", .string),
              FoundryGraph.Attribute("id", .uuid),
              FoundryGraph.Attribute("note", .string, optional: true),
            ],
            relationships: []
          )

          static var propertyKeyPaths: [FoundryGraph.PropertyKeyPath] {
            _$propertyKeyPaths(Self.self)
          }

          private static func _$propertyKeyPaths<Root: Sample>(_ root: Root.Type) -> [FoundryGraph.PropertyKeyPath] {
            [
              FoundryGraph.PropertyKeyPath(attribute: "short", \\Root.short, chained: \\Root?.?.short),
              FoundryGraph.PropertyKeyPath(attribute: "ratio", \\Root.ratio, chained: \\Root?.?.ratio),
              FoundryGraph.PropertyKeyPath(attribute: "weight", \\Root.weight, chained: \\Root?.?.weight),
              FoundryGraph.PropertyKeyPath(attribute: "price", \\Root.price, chained: \\Root?.?.price),
              FoundryGraph.PropertyKeyPath(attribute: "flag", \\Root.flag, chained: \\Root?.?.flag),
              FoundryGraph.PropertyKeyPath(attribute: "label", \\Root.label, chained: \\Root?.?.label),
              FoundryGraph.PropertyKeyPath(attribute: "id", \\Root.id, chained: \\Root?.?.id),
              FoundryGraph.PropertyKeyPath(attribute: "note", \\Root.note, chained: \\Root?.?.note),
            ]
          }
        }

        extension Sample: FoundryGraph.EntityObject {
        }
        """
    )
  }

  @Test func nonFinalClassesAndSubclasses() {
    expectEntityExpansion(
      """
      @Entity(name: "Person", abstract: true, identity: ["name"], identityScopedToParent: true)
      open class Human {
        var name: String = ""
      }

      @Entity(parent: "Person")
      public final class Poet: Human {
        var meter: String = "iambic"
      }
      """,
      expandsTo: """
        open class Human {
          @FoundryGraph.EntityAccessor
          var name: String = ""

          public let managedObject: FoundryGraph.ManagedObject

          public required init(managedObject: FoundryGraph.ManagedObject) {
            self.managedObject = managedObject
          }

          private static let _$entity = FoundryGraph.Entity(
            "Person",
            abstract: true,
            attributes: [
              FoundryGraph.Attribute("name", .string, default: FoundryGraph.GraphValue.string("")),
            ],
            relationships: [],
            identity: ["name"],
            identityScopedToParent: true
          )

          open class var entity: FoundryGraph.Entity {
            _$entity
          }

          open class var propertyKeyPaths: [FoundryGraph.PropertyKeyPath] {
            _$propertyKeyPaths(Self.self)
          }

          private static func _$propertyKeyPaths<Root: Human>(_ root: Root.Type) -> [FoundryGraph.PropertyKeyPath] {
            [
              FoundryGraph.PropertyKeyPath(attribute: "name", \\Root.name, chained: \\Root?.?.name),
            ]
          }
        }
        public final class Poet: Human {
          @FoundryGraph.EntityAccessor
          var meter: String = "iambic"

          private static let _$entity = FoundryGraph.Entity(
            "Poet",
            parent: "Person",
            attributes: [
              FoundryGraph.Attribute("meter", .string, default: FoundryGraph.GraphValue.string("iambic")),
            ],
            relationships: []
          )

          public override class var entity: FoundryGraph.Entity {
            _$entity
          }

          public override class var propertyKeyPaths: [FoundryGraph.PropertyKeyPath] {
            _$propertyKeyPaths(Self.self) + super.propertyKeyPaths
          }

          private static func _$propertyKeyPaths<Root: Poet>(_ root: Root.Type) -> [FoundryGraph.PropertyKeyPath] {
            [
              FoundryGraph.PropertyKeyPath(attribute: "meter", \\Root.meter, chained: \\Root?.?.meter),
            ]
          }
        }

        extension Human: FoundryGraph.EntityObject {
        }
        """
    )
  }

  @Test func privateClassesGetFileprivateMembers() {
    expectEntityExpansion(
      """
      @Entity
      private final class Note {
        var text: String?
      }
      """,
      expandsTo: """
        private final class Note {
          @FoundryGraph.EntityAccessor
          var text: String?

          fileprivate let managedObject: FoundryGraph.ManagedObject

          fileprivate init(managedObject: FoundryGraph.ManagedObject) {
            self.managedObject = managedObject
          }

          fileprivate static let entity = FoundryGraph.Entity(
            "Note",
            attributes: [
              FoundryGraph.Attribute("text", .string, optional: true),
            ],
            relationships: []
          )

          fileprivate static var propertyKeyPaths: [FoundryGraph.PropertyKeyPath] {
            _$propertyKeyPaths(Self.self)
          }

          private static func _$propertyKeyPaths<Root: Note>(_ root: Root.Type) -> [FoundryGraph.PropertyKeyPath] {
            [
              FoundryGraph.PropertyKeyPath(attribute: "text", \\Root.text, chained: \\Root?.?.text),
            ]
          }
        }

        extension Note: FoundryGraph.EntityObject {
        }
        """
    )
  }
}
