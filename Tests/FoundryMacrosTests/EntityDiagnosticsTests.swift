import SwiftDiagnostics
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// What `@Entity`, `@Property` and `@Related` report, word for word.
@Suite("@Entity diagnostics")
struct EntityDiagnosticsTests {
  @Test func structsBecomeFinalClasses() {
    expectEntityExpansion(
      """
      @Entity
      struct Author {
        var name: String = ""
      }
      """,
      expandsTo: """
        struct Author {
          var name: String = ""
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "@Entity applies to classes: managed objects are shared references", line: 2, column: 1,
          fixIts: [FixItSpec(message: "replace 'struct' with 'final class'")])
      ],
      fixedSource: """
        @Entity
        final class Author {
          var name: String = ""
        }
        """
    )
  }

  @Test func enumsAndGenericClassesAreRejected() {
    expectEntityExpansion(
      """
      @Entity
      enum Kind {
        case a
      }
      @Entity
      final class Box<T> {
        var name: String = ""
      }
      """,
      expandsTo: """
        enum Kind {
          case a
        }
        final class Box<T> {
          var name: String = ""
        }
        """,
      diagnostics: [
        DiagnosticSpec(message: "@Entity applies to classes: managed objects are shared references", line: 2, column: 1),
        DiagnosticSpec(message: "@Entity class 'Box' cannot be generic: its entity is declared once, for every use", line: 6, column: 13),
      ]
    )
  }

  @Test func nonOptionalAttributesNeedADefault() {
    expectEntityExpansion(
      """
      @Entity
      final class Author {
        var age: Int
        var address: Address
      }
      """,
      expandsTo: """
        final class Author {
          @FoundryGraph.EntityAccessor
          var age: Int
          @FoundryGraph.EntityAccessor
          var address: Address

          let managedObject: FoundryGraph.ManagedObject

          init(managedObject: FoundryGraph.ManagedObject) {
            self.managedObject = managedObject
          }

          static let entity = FoundryGraph.Entity(
            "Author",
            attributes: [
              FoundryGraph.Attribute("age", .integer64),
              FoundryGraph.Attribute("address", .value(FoundryGraph.GraphValueType(Address.self))),
            ],
            relationships: []
          )

          static var propertyKeyPaths: [FoundryGraph.PropertyKeyPath] {
            _$propertyKeyPaths(Self.self)
          }

          private static func _$propertyKeyPaths<Root: Author>(_ root: Root.Type) -> [FoundryGraph.PropertyKeyPath] {
            [
              FoundryGraph.PropertyKeyPath(attribute: "age", \\Root.age, chained: \\Root?.?.age),
              FoundryGraph.PropertyKeyPath(attribute: "address", \\Root.address, chained: \\Root?.?.address),
            ]
          }
        }

        extension Author: FoundryGraph.EntityObject {
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "non-optional attribute 'age' needs a default value, such as '= 0', or an optional type", line: 3, column: 7,
          fixIts: [FixItSpec(message: "add '= 0'"), FixItSpec(message: "make the type optional")]),
        DiagnosticSpec(
          message: "non-optional attribute 'address' needs a default value or an optional type", line: 4, column: 7,
          fixIts: [FixItSpec(message: "add an initial value"), FixItSpec(message: "make the type optional")]),
      ],
      applyFixIts: ["add '= 0'", "make the type optional"],
      fixedSource: """
        @Entity
        final class Author {
          var age: Int = 0
          var address: Address?
        }
        """
    )
  }

  @Test func letPropertiesAndMissingTypes() {
    expectEntityExpansion(
      """
      @Entity
      final class Author {
        let id: Int64
        var nickname = makeNickname()
        var tags: [String] = [] { didSet {} }
        var a: Int?, b: Int?
      }
      """,
      expandsTo: """
        final class Author {
          let id: Int64
          var nickname = makeNickname()
          var tags: [String] = [] { didSet {} }
          var a: Int?, b: Int?

          let managedObject: FoundryGraph.ManagedObject

          init(managedObject: FoundryGraph.ManagedObject) {
            self.managedObject = managedObject
          }

          static let entity = FoundryGraph.Entity(
            "Author",
            attributes: [],
            relationships: []
          )

          static var propertyKeyPaths: [FoundryGraph.PropertyKeyPath] {
            _$propertyKeyPaths(Self.self)
          }

          private static func _$propertyKeyPaths<Root: Author>(_ root: Root.Type) -> [FoundryGraph.PropertyKeyPath] {
            []
          }
        }

        extension Author: FoundryGraph.EntityObject {
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'let' property 'id' cannot be an attribute: managed objects change; make it 'var'", line: 3, column: 3,
          fixIts: [FixItSpec(message: "replace 'let' with 'var'")]),
        DiagnosticSpec(
          message: "@Entity cannot infer the type of 'nickname'; add a type annotation", line: 4, column: 7,
          fixIts: [FixItSpec(message: "add a type annotation")]),
        DiagnosticSpec(message: "'tags' cannot have observers: its value lives in the managed object", line: 5, column: 27),
        DiagnosticSpec(message: "declare one property per 'var' in an @Entity class", line: 6, column: 3),
      ],
      applyFixIts: ["replace 'let' with 'var'", "add a type annotation"],
      fixedSource: """
        @Entity
        final class Author {
          var id: Int64
          var nickname: <#Type#> = makeNickname()
          var tags: [String] = [] { didSet {} }
          var a: Int?, b: Int?
        }
        """
    )
  }

  @Test func identityNamesAttributes() {
    expectEntityExpansion(
      """
      @Entity(name: "Writer", identity: ["id", "books"])
      final class Author {
        var id: Int64 = 0
        @Related var books: [Book]
      }
      """,
      expandsTo: """
        final class Author {
          @FoundryGraph.EntityAccessor
          var id: Int64 = 0
          @FoundryGraph.EntityAccessor var books: [Book]

          let managedObject: FoundryGraph.ManagedObject

          init(managedObject: FoundryGraph.ManagedObject) {
            self.managedObject = managedObject
          }

          static let entity = FoundryGraph.Entity(
            "Writer",
            attributes: [
              FoundryGraph.Attribute("id", .integer64, default: FoundryGraph.GraphValue.integer(0)),
            ],
            relationships: [
              FoundryGraph.Relationship("books", to: "Book", toMany: true),
            ],
            identity: ["id", "books"]
          )

          static var propertyKeyPaths: [FoundryGraph.PropertyKeyPath] {
            _$propertyKeyPaths(Self.self)
          }

          private static func _$propertyKeyPaths<Root: Author>(_ root: Root.Type) -> [FoundryGraph.PropertyKeyPath] {
            [
              FoundryGraph.PropertyKeyPath(attribute: "id", \\Root.id, chained: \\Root?.?.id),
              FoundryGraph.PropertyKeyPath(toMany: "books", \\Root.books, chained: \\Root?.?.books, count: \\Root.books.count, chainedCount: \\Root?.?.books.count),
            ]
          }
        }

        extension Author: FoundryGraph.EntityObject {
        }
        """,
      diagnostics: [
        DiagnosticSpec(message: "identity names 'books', which is not an attribute of 'Writer'", line: 1, column: 42)
      ]
    )
  }

  @Test func relatedNeedsAnEntityShapedType() {
    expectEntityExpansion(
      """
      @Entity
      final class Book {
        @Related var tags: [String]
        @Related var author: Author
        @Related var pages: [Int: Page]
      }
      """,
      expandsTo: """
        final class Book {
          var tags: [String]
          var author: Author
          var pages: [Int: Page]

          let managedObject: FoundryGraph.ManagedObject

          init(managedObject: FoundryGraph.ManagedObject) {
            self.managedObject = managedObject
          }

          static let entity = FoundryGraph.Entity(
            "Book",
            attributes: [],
            relationships: []
          )

          static var propertyKeyPaths: [FoundryGraph.PropertyKeyPath] {
            _$propertyKeyPaths(Self.self)
          }

          private static func _$propertyKeyPaths<Root: Book>(_ root: Root.Type) -> [FoundryGraph.PropertyKeyPath] {
            []
          }
        }

        extension Book: FoundryGraph.EntityObject {
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "@Related property 'tags' must be an optional entity ('Book?') or an array of entities ('[Book]'), not '[String]'",
          line: 3, column: 3),
        DiagnosticSpec(
          message: "to-one relationship 'author' must be optional: relationships are empty until linked", line: 4, column: 24,
          fixIts: [FixItSpec(message: "make the type optional")]),
        DiagnosticSpec(
          message: "@Related property 'pages' must be an optional entity ('Book?') or an array of entities ('[Book]'), not '[Int: Page]'",
          line: 5, column: 3),
      ],
      applyFixIts: ["make the type optional"],
      fixedSource: """
        @Entity
        final class Book {
          @Related var tags: [String]
          @Related var author: Author?
          @Related var pages: [Int: Page]
        }
        """
    )
  }

  @Test func propertyAndRelatedOutsideAnEntity() {
    expectEntityExpansion(
      """
      final class Plain {
        @Property(keyPath: "n") var name: String = ""
        @Related var books: [Book] = []
      }
      @Property func f() {}
      """,
      expandsTo: """
        final class Plain {
          var name: String = ""
          var books: [Book] = []
        }
        func f() {}
        """,
      diagnostics: [
        DiagnosticSpec(message: "@Property applies to stored properties of an @Entity class", line: 2, column: 3),
        DiagnosticSpec(message: "@Related applies to stored properties of an @Entity class", line: 3, column: 3),
        DiagnosticSpec(message: "@Property applies to stored properties of an @Entity class", line: 5, column: 1),
      ]
    )
  }

  @Test func fieldAttributesOnComputedStaticAndBothKinds() {
    expectEntityExpansion(
      """
      @Entity
      final class Author {
        @Property(keyPath: "n") var name: String { "" }
        @Related static var shared: Author?
        @Property @Related var editor: Author?
      }
      """,
      expandsTo: """
        final class Author {
          var name: String { "" }
          static var shared: Author?
          var editor: Author?

          let managedObject: FoundryGraph.ManagedObject

          init(managedObject: FoundryGraph.ManagedObject) {
            self.managedObject = managedObject
          }

          static let entity = FoundryGraph.Entity(
            "Author",
            attributes: [],
            relationships: []
          )

          static var propertyKeyPaths: [FoundryGraph.PropertyKeyPath] {
            _$propertyKeyPaths(Self.self)
          }

          private static func _$propertyKeyPaths<Root: Author>(_ root: Root.Type) -> [FoundryGraph.PropertyKeyPath] {
            []
          }
        }

        extension Author: FoundryGraph.EntityObject {
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "@Property applies to stored instance properties, not to computed properties", line: 3, column: 3,
          fixIts: [FixItSpec(message: "remove @Property")]),
        DiagnosticSpec(
          message: "@Related applies to stored instance properties, not to static properties", line: 4, column: 3,
          fixIts: [FixItSpec(message: "remove @Related")]),
        DiagnosticSpec(message: "a property is an attribute (@Property) or a relationship (@Related), not both", line: 5, column: 13),
      ]
    )
  }
}
