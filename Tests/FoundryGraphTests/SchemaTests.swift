import FoundryGraph
import Testing

@Suite("Schemas")
struct SchemaTests {
  @Test("entities resolve inheritance, identity, destinations and inverses")
  func resolution() throws {
    let schema = try Schema {
      Entity("Vehicle", abstract: true, identity: ["vin"], subentityKeyPath: "kind") {
        Attribute("vin", .string)
        Relationship("owner", to: "Person", inverse: "vehicles")
      }
      Entity("Car", parent: "Vehicle") { Attribute("doors", .integer16, default: 4) }
      Entity("Truck", parent: "Vehicle") { Attribute("payload", .double, optional: true) }
      Entity("Person") { Relationship("vehicles", to: "Vehicle", toMany: true, inverse: "owner") }
    }
    let car = try #require(schema["Car"])
    #expect(car.attributes.map(\.name) == ["vin", "doors"])
    #expect(car.relationships.map(\.name) == ["owner"])
    #expect(car.identity == ["vin"])
    #expect(car.identitySlots == [0])
    #expect(car.rootIndex == schema["Vehicle"]?.index)
    #expect(schema["Vehicle"]?.descendantIndices == [1, 2])
    #expect(car.isKind(of: try #require(schema["Vehicle"])))
    #expect(schema["Person"]?.inverseSlots == [0])
    #expect(car.attributes[1].defaultValue == .integer(4))
  }

  @Test(
    "a default that does not fit, or a default converted",
    arguments: [
      (GraphValue.integer(3), AttributeType.double, true),
      (GraphValue.string("x"), AttributeType.integer32, false),
      (GraphValue.integer(40_000), AttributeType.integer16, false),
    ])
  func defaults(value: GraphValue, type: AttributeType, fits: Bool) {
    let result = Result { try Schema([Entity("E") { Attribute("a", type, default: value) }]) }
    #expect(((try? result.get()) != nil) == fits)
  }

  @Test(
    "schema errors name the entity and property",
    arguments: [
      (
        [Entity("Book") { Relationship("author", to: "Writer") }],
        #"error: Book.author: destination entity "Writer" is not in the schema"#
      ),
      (
        [Entity("Book") { Relationship("author", to: "Book", inverse: "writer") }],
        #"error: Book.author: inverse "writer" is not a relationship of "Book""#
      ),
      (
        [Entity("A") { Relationship("b", to: "B", inverse: "a") }, Entity("B") { Relationship("a", to: "B", inverse: "b") }],
        #"error: A.b: inverse "B.a" does not point back to "A.b""#
      ),
      (
        [Entity("Book", identity: ["isbn"]) { Attribute("title", .string) }],
        #"error: Book: identity attribute "isbn" is not an attribute of the entity"#
      ),
      (
        [Entity("Book", identity: ["cover"]) { Attribute("cover", .transformable) }],
        "error: Book.cover: a Transformable attribute cannot identify objects"
      ),
      ([Entity("Book"), Entity("Book")], #"error: Book: entity "Book" is declared twice"#),
      (
        [
          Entity("Book") {
            Attribute("title", .string); Attribute("title", .string)
          }
        ],
        #"error: Book.title: property "title" is declared twice (here or in a parent entity)"#
      ),
      ([Entity("Novel", parent: "Book")], #"error: Novel: parent entity "Book" is not in the schema"#),
      ([Entity("A", parent: "B"), Entity("B", parent: "A")], "error: A: the entity inherits from itself (A → B → A)"),
      (
        [Entity("Shelf") { Relationship("books", to: "Shelf", toMany: true, minCount: 3, maxCount: 2) }],
        "error: Shelf.books: counts must satisfy 0 <= minCount <= maxCount (0 = no maximum); found 3 and 2"
      ),
      (
        [Entity("Shelf") { Relationship("books", to: "Shelf", toMany: true, keyedBy: "id") }],
        #"error: Shelf.books: keyedBy "id" must name a scalar attribute of "Shelf" on a to-many relationship"#
      ),
    ] as [([Entity], String)])
  func errors(entities: [Entity], message: String) {
    #expect(throws: GraphError.self) { try Schema(entities) }
    do {
      _ = try Schema(entities)
    } catch {
      #expect(error.description == message)
    }
  }
}
