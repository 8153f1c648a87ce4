import Foundation
import Foundry
import FoundryGraph
import FoundryJSON
import Testing

/// `@Entity` classes as an app declares them; nested so their names stay out of the other
/// graph tests' way.
enum MacroLibrary {
  @Mappable
  struct Address: Equatable, Sendable {
    var street: String
    var city: String
  }

  @Mappable
  struct Assignment: Equatable, Sendable {
    var user: String
    var isDone: Bool = false
  }

  @Entity(identity: ["id"])
  final class Author {
    @Property(keyPath: "author_id") var id: Int64 = 0
    var name: String = ""
    var rating: Int16 = 3
    var score: Double = 1
    var isActive = true  // the literal gives the type
    var born: Date?
    @Property(transformer: "date:yyyy-MM-dd") var died: Date?
    @Property(keyPath: "pricing.retail_price") var retailPrice: Decimal?
    var address: Address?
    var assignments: [Assignment] = []
    var payload: JSONValue?
    var joined: Date = Date(timeIntervalSince1970: 0)
    @Related(inverse: "author", deleteRule: .cascade) var books: [Book]
    @Related(inverse: "authors") var publisher: Publisher?

    /// Computed and static properties are the class's own.
    var displayName: String { name.uppercased() }
    static let shelf = "A"
  }

  @Entity(identity: ["isbn"])
  final class Book {
    var isbn: String = ""
    var title: String?
    @Related(inverse: "books") var author: Author?
    @Related(ordered: true, maxCount: 5) var chapters: [Chapter]
  }

  @Entity
  final class Publisher {
    var name: String?
    @Related(inverse: "publisher") var authors: [Author]
  }

  @Entity
  final class Chapter {
    var title: String = "Untitled"
  }

  /// Relationships name their destination by class name, so a renamed entity is best kept
  /// out of them.
  @Entity(name: "Label")
  final class Tag {
    var text: String = ""
  }

  @Entity(abstract: true)
  class Person {
    var name: String = "Anonymous"
  }

  @Entity(parent: "Person")
  final class Poet: Person {
    var meter: String = "iambic"
  }

  /// Constant initial values of every kind: each is the attribute's default.
  @Entity(identity: ["id"])
  final class Note {
    var id: Int64 = 0
    var title: String = ""
    var tags: [String] = []
    var scores: [Int] = [1, 2]
    var counts: [String: Int] = [:]
    var extra: JSONValue = ["kind": "note"]
  }
}

@Suite("@Entity classes")
struct EntityMacroTests {
  typealias Author = MacroLibrary.Author
  typealias Book = MacroLibrary.Book

  func makeGraph() throws -> ObjectGraph {
    ObjectGraph(
      schema: try Schema(
        Author.self, Book.self, MacroLibrary.Publisher.self, MacroLibrary.Chapter.self, MacroLibrary.Tag.self,
        MacroLibrary.Person.self, MacroLibrary.Poet.self))
  }

  @Test func schemaEqualsTheOneTheDSLDeclares() throws {
    let fromClasses = try Schema(Author.self, Book.self, MacroLibrary.Publisher.self, MacroLibrary.Chapter.self)
    let declared = try Schema {
      Entity("Author", identity: ["id"]) {
        Attribute("id", .integer64, default: 0, keyPath: "author_id")
        Attribute("name", .string, default: "")
        Attribute("rating", .integer16, default: 3)
        Attribute("score", .double, default: 1.0)
        Attribute("isActive", .boolean, default: true)
        Attribute("born", .date, optional: true)
        Attribute("died", .date, optional: true, transformer: "date:yyyy-MM-dd")
        Attribute("retailPrice", .decimal, optional: true, keyPath: "pricing.retail_price")
        Attribute("address", .value(GraphValueType(MacroLibrary.Address.self)), optional: true)
        Attribute("assignments", .value(GraphValueType([MacroLibrary.Assignment].self)), default: .custom(CustomGraphValue([MacroLibrary.Assignment]())))
        Attribute("payload", .transformable, optional: true)
        Attribute("joined", .date)
        Relationship("books", to: "Book", toMany: true, inverse: "author", deleteRule: .cascade)
        Relationship("publisher", to: "Publisher", inverse: "authors")
      }
      Entity("Book", identity: ["isbn"]) {
        Attribute("isbn", .string, default: "")
        Attribute("title", .string, optional: true)
        Relationship("author", to: "Author", inverse: "books")
        Relationship("chapters", to: "Chapter", toMany: true, ordered: true, maxCount: 5)
      }
      Entity("Publisher") {
        Attribute("name", .string, optional: true)
        Relationship("authors", to: "Author", toMany: true, inverse: "publisher")
      }
      Entity("Chapter") { Attribute("title", .string, default: "Untitled") }
    }
    #expect(fromClasses.declarations == declared.declarations)
  }

  @Test func subclassesDeclareSubentities() throws {
    #expect(MacroLibrary.Person.entity == Entity("Person", abstract: true) { Attribute("name", .string, default: "Anonymous") })
    #expect(MacroLibrary.Poet.entity == Entity("Poet", parent: "Person") { Attribute("meter", .string, default: "iambic") })
    let graph = try makeGraph()
    let poet = try graph.insert(MacroLibrary.Poet.self)
    #expect(poet.managedObject.entity.name == "Poet")
    #expect(poet.name == "Anonymous")
    #expect(poet.meter == "iambic")
    poet.name = "Homer"
    let people = try graph.objects(of: MacroLibrary.Person.self)
    #expect(people.map(\.name) == ["Homer"])
    #expect(throws: GraphError.self) { try graph.insert(MacroLibrary.Person.self) }
  }

  @Test func newObjectsHaveTheDefaults() throws {
    let graph = try makeGraph()
    let author = try graph.insert(Author.self)
    #expect(author.id == 0)
    #expect(author.name == "")
    #expect(author.rating == 3)
    #expect(author.score == 1)
    #expect(author.isActive)
    #expect(author.born == nil)
    #expect(author.assignments.isEmpty)
    #expect(author.joined == Date(timeIntervalSince1970: 0))
    #expect(try author.managedObject.value(forKey: "rating") == .integer(3))
    // Non-literal initial values are only the getter's fallback.
    #expect(try author.managedObject.value(forKey: "joined") == nil)
    #expect(author.displayName == "")
    #expect(Author.shelf == "A")
    #expect(try graph.insert(MacroLibrary.Chapter.self).title == "Untitled")
    #expect(try graph.insert(MacroLibrary.Tag.self).managedObject.entity.name == "Label")
  }

  @Test("a constant initial value is the attribute's default: a payload without the key imports as the property reads")
  func constantDefaultsImport() throws {
    let graph = ObjectGraph(schema: try Schema(MacroLibrary.Note.self))
    try graph.importJSON(Data(#"[{"id": 1}, {"id": 2, "tags": ["x"], "scores": [], "counts": {"a": 1}}]"#.utf8), entity: "Note")
    let notes = try graph.objects(of: MacroLibrary.Note.self).sorted { $0.id < $1.id }
    #expect(notes.map(\.tags) == [[], ["x"]])
    #expect(notes.map(\.scores) == [[1, 2], []])
    #expect(notes.map(\.counts) == [[:], ["a": 1]])
    #expect(notes.map(\.extra) == [["kind": "note"], ["kind": "note"]])
    #expect(try notes[0].managedObject.value(forKey: "tags") == .custom(CustomGraphValue([String]())))
    // An absent key leaves a value alone; a value that is not a constant is no default.
    try graph.importJSON(Data(#"{"id": 2, "title": "b"}"#.utf8), entity: "Note")
    #expect(notes[1].tags == ["x"] && notes[1].title == "b")
    #expect(Author.entity.attributes.first { $0.name == "joined" }?.defaultValue == nil)
    // The default is what an export leaves out and an import reads back.
    let copy = ObjectGraph(schema: try Schema(MacroLibrary.Note.self))
    try copy.importJSON(try graph.exportJSON(try graph.objects(of: "Note")), entity: "Note")
    #expect(try copy.objects(of: MacroLibrary.Note.self).sorted { $0.id < $1.id }.map(\.scores) == [[1, 2], []])
  }

  @Test func typedPropertiesReadAndWriteTheManagedObject() throws {
    let graph = try makeGraph()
    let author = try graph.insert(Author.self)
    author.id = 106
    author.name = "Mark Twain"
    author.rating = 5
    author.born = Date(timeIntervalSince1970: -4_200_000_000)
    author.retailPrice = Decimal(string: "9.99")
    author.address = MacroLibrary.Address(street: "Main St", city: "Hannibal")
    author.payload = .string("raw")
    author.isActive = false

    #expect(try author.managedObject.value(forKey: "name") == .string("Mark Twain"))
    #expect(try author.managedObject.value(forKey: "id") == .integer(106))
    #expect(author.name == "Mark Twain")
    #expect(author.rating == 5)
    #expect(author.born == Date(timeIntervalSince1970: -4_200_000_000))
    #expect(author.retailPrice == Decimal(string: "9.99"))
    #expect(author.address == MacroLibrary.Address(street: "Main St", city: "Hannibal"))
    #expect(author.payload == .string("raw"))
    #expect(!author.isActive)
    #expect(try graph.object(of: "Author", identity: 106) === author.managedObject)

    // Another view of the same object sees the same values.
    let view = Author(managedObject: author.managedObject)
    #expect(view.name == "Mark Twain")
    author.born = nil
    #expect(view.born == nil)
  }

  @Test func relationshipsKeepTheirInverses() throws {
    let graph = try makeGraph()
    let author = try graph.insert(Author.self)
    let book = try graph.insert(Book.self)
    book.author = author
    #expect(author.books.map(\.identity) == [book.identity])
    #expect(book.author?.managedObject === author.managedObject)

    let second = try graph.insert(Book.self)
    author.books.append(second)
    #expect(second.author?.managedObject === author.managedObject)
    author.books = []
    #expect(book.author == nil)

    let publisher = try graph.insert(MacroLibrary.Publisher.self)
    author.publisher = publisher
    #expect(publisher.authors.count == 1)
    #expect(MacroLibrary.Tag.entity.name == "Label")

    let chapters = try (0..<3).map { _ in try graph.insert(MacroLibrary.Chapter.self) }
    book.chapters = chapters
    #expect(book.chapters.map(\.identity) == chapters.map(\.identity))
  }

  @Test func typedSettersTrackChanges() throws {
    let graph = try makeGraph()
    let author = try graph.insert(Author.self)
    author.name = "Ada"
    graph.commitChanges()

    author.name = author.name
    author.rating = author.rating
    #expect(!author.managedObject.hasChanges)

    author.assignments.append(MacroLibrary.Assignment(user: "ada"))
    #expect(author.managedObject.hasChanges)
    #expect(author.managedObject.changedKeys == ["assignments"])
    #expect(author.assignments == [MacroLibrary.Assignment(user: "ada")])

    graph.commitChanges()
    author.assignments[0].isDone = true
    #expect(author.managedObject.changedKeys == ["assignments"])
    #expect(author.assignments.first?.isDone == true)
  }
}

extension EntityObject {
  /// The managed object's identity: views are new instances each time, their objects are not.
  fileprivate var identity: ObjectIdentifier { ObjectIdentifier(managedObject) }
}

@Suite("Generated @Entity classes")
struct GeneratedLibraryTests {
  /// The model `GeneratedLibrary.swift` was generated from.
  static let model = ModelFixtures.url("Generated/Library.xcdatamodel")

  /// An entity with the user-info entries the schema holds as typed fields left out: a model
  /// file keeps them in `userInfo` too; generated classes declare only the typed fields.
  static func comparable(_ entity: Entity) -> Entity {
    var entity = entity
    entity.userInfo = entity.userInfo.filter { !ModelFile.typedUserInfoKeys.contains($0.key) }
    entity.attributes = entity.attributes.map { attribute in
      var attribute = attribute
      attribute.userInfo = attribute.userInfo.filter { !ModelFile.typedUserInfoKeys.contains($0.key) }
      return attribute
    }
    entity.relationships = entity.relationships.map { relationship in
      var relationship = relationship
      relationship.userInfo = relationship.userInfo.filter { !ModelFile.typedUserInfoKeys.contains($0.key) }
      return relationship
    }
    return entity
  }

  @Test("the classes foundry generate writes declare the model's schema", arguments: ["GenAuthor", "GenPoet", "GenBook", "GenTag"])
  func sameSchemaAsTheModel(entity name: String) throws {
    let fromModel = try Schema(modelAt: Self.model)
    let fromClasses = try Schema(GenAuthor.self, GenPoet.self, GenBook.self, GenTag.self)
    let modelEntity = try #require(fromModel[name]?.declaration)
    let classEntity = try #require(fromClasses[name]?.declaration)
    #expect(classEntity.attributes == Self.comparable(modelEntity).attributes)
    #expect(classEntity.relationships == Self.comparable(modelEntity).relationships)
    #expect(classEntity == Self.comparable(modelEntity))
  }
}

@Suite("Generated @Entity classes for hostile names")
struct GeneratedHostileTests {
  /// The model `GeneratedHostile.swift` was generated from.
  static let model = ModelFixtures.url("Generated/Hostile.xcdatamodel")

  static func classSchema() throws -> Schema {
    try Schema(class_.self, String_.self, Date_.self, __.self, Root_.self, Entity_.self)
  }

  @Test("the classes declare the model's entities, relationships and inheritance under the model's names")
  func sameEntitiesAsTheModel() throws {
    let fromModel = try Schema(modelAt: Self.model)
    let fromClasses = try Self.classSchema()
    #expect(fromClasses.entities.map(\.name).sorted() == fromModel.entities.map(\.name).sorted())
    for entity in fromModel.entities {
      let generated = try #require(fromClasses[entity.name]?.declaration)
      #expect(generated.parent == entity.declaration.parent)
      #expect(generated.relationships.map(\.destination) == entity.declaration.relationships.map(\.destination))
      #expect(generated.attributes.map(\.type) == entity.declaration.attributes.map(\.type))
    }
  }

  @Test("renamed properties keep their payload keys")
  func renamedProperties() throws {
    let entity = try #require(try Self.classSchema()["class"]?.declaration)
    #expect(
      entity.attributes.map(\.name) == [
        "a_b_2", "a_b", "Type_", "Protocol_", "___2", "self", "init", "Any_", "managedObject_", "when",
      ])
    #expect(
      entity.attributes.map { $0.keyPath ?? $0.name } == [
        "a-b", "a_b", "Type", "Protocol", "_", "self", "init", "Any", "managedObject", "when",
      ])
    #expect(entity.identity == ["a_b_2"])
    let graph = ObjectGraph(schema: try Self.classSchema())
    let object = try graph.insert(class_.self)
    object.Type_ = "kind"
    object.`self` = "me"
    #expect(object.managedObject.Type_ == "kind")
    #expect(object.`self` == "me")
  }
}
