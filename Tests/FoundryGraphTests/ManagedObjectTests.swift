import Foundation
import FoundryGraph
import Testing

@Suite("Managed objects")
struct ManagedObjectTests {
  let graph: ObjectGraph
  init() throws { graph = ObjectGraph(schema: try LibrarySchema.make()) }

  @Test("set, add, insert and remove keep inverses in step")
  func inverses() throws {
    let author = try graph.insert("Author")
    let other = try graph.insert("Author")
    let book = try graph.insert("Book")
    let second = try graph.insert("Book")
    try book.setRelated(author, forKey: "author")
    #expect(try author.related(forKey: "books").map(\.objectNumber) == [book.objectNumber])
    try author.add(second, forKey: "books")
    #expect(try second.relatedObject(forKey: "author") === author)
    try author.insert(second, at: 0, forKey: "books")
    #expect(try author.related(forKey: "books").map(\.objectNumber) == [second.objectNumber, book.objectNumber])
    try other.add(book, forKey: "books")  // moves the book: a book has one author
    #expect(try author.related(forKey: "books").map(\.objectNumber) == [second.objectNumber])
    #expect(try book.relatedObject(forKey: "author") === other)
    try author.remove(second, forKey: "books")
    #expect(try second.relatedObject(forKey: "author") == nil)
    let tag = try graph.insert("Tag")
    try book.add(tag, forKey: "tags")
    try second.add(tag, forKey: "tags")
    #expect(try tag.related(forKey: "books").count == 2)
    try book.setRelated([], forKey: "tags")
    #expect(try tag.related(forKey: "books").map(\.objectNumber) == [second.objectNumber])
  }

  /// A list keeps its first references in itself and moves them to an array past its room
  /// (four for a list made by one link, the count for one an import fills), and indexes its
  /// members past sixteen: each way must add, find, move and remove alike.
  @Test("to-many lists add, find, reorder and remove the same before and after they grow", arguments: [3, 4, 5, 17, 40])
  func growingLists(count: Int) throws {
    let author = try graph.insert("Author")
    let books = try (0..<count).map { _ in try graph.insert("Book") }
    for book in books { try author.add(book, forKey: "books") }
    for book in books { try author.add(book, forKey: "books") }  // already there: no change
    #expect(try author.related(forKey: "books").map(\.objectNumber) == books.map(\.objectNumber))
    let outsider = try graph.insert("Book")
    try author.insert(outsider, at: 1, forKey: "books")
    var expected = books.map(\.objectNumber)
    expected.insert(outsider.objectNumber, at: 1)
    #expect(try author.related(forKey: "books").map(\.objectNumber) == expected)
    try author.remove(books[count - 1], forKey: "books")
    try author.remove(books[0], forKey: "books")
    expected.removeAll { $0 == books[0].objectNumber || $0 == books[count - 1].objectNumber }
    #expect(try author.related(forKey: "books").map(\.objectNumber) == expected)
    #expect(try books[0].relatedObject(forKey: "author") == nil)
    let reversed = try author.related(forKey: "books").reversed() as [ManagedObject]
    try author.setRelated(reversed, forKey: "books")
    #expect(try author.related(forKey: "books").map(\.objectNumber) == expected.reversed())
    try author.add(books[0], forKey: "books")
    #expect(try author.related(forKey: "books").map(\.objectNumber) == expected.reversed() + [books[0].objectNumber])
    #expect(try author.related(forKey: "books").allSatisfy { try $0.relatedObject(forKey: "author") === author })
    // The inverse side grows one link at a time.
    let tag = try graph.insert("Tag")
    for book in books { try book.add(tag, forKey: "tags") }
    try books[1].remove(tag, forKey: "tags")
    #expect(try Set(tag.related(forKey: "books").map(\.objectNumber)) == Set(books.map(\.objectNumber)).subtracting([books[1].objectNumber]))
  }

  @Test("the graph counts each link once, from either side")
  func relationshipCount() throws {
    let author = try graph.insert("Author")
    let books = [try graph.insert("Book"), try graph.insert("Book")]
    let tag = try graph.insert("Tag")
    try author.setRelated(books, forKey: "books")
    for book in books { try book.add(tag, forKey: "tags") }
    #expect(graph.relationshipCount == 4)
    try tag.remove(books[0], forKey: "books")
    #expect(graph.relationshipCount == 3)
    try graph.delete(author)  // cascades to the books
    #expect(graph.relationshipCount == 0)
  }

  @Test("misuse is a GraphError with the location")
  func errors() throws {
    let author = try graph.insert("Author")
    let tag = try graph.insert("Tag")
    #expect(throws: GraphError(.unknownRelationship, at: "Author", #"no relationship named "novels""#)) { try author.add(tag, forKey: "novels") }
    #expect(throws: GraphError(.wrongDestination, at: "Author.books", "expected Book, found Tag")) { try author.add(tag, forKey: "books") }
    #expect(throws: GraphError(.typeMismatch, at: "Author.rating", #"expected Integer 16, found "five""#)) { try author.setValue("five", forKey: "rating") }
    #expect(throws: GraphError(.typeMismatch, at: "Author.rating", "expected Integer 16, found 70000")) { try author.setValue(.integer(70_000), forKey: "rating") }
    #expect(throws: GraphError(.unknownAttribute, at: "Author", #"no attribute named "age""#)) { try author.value(forKey: "age") }
    #expect(throws: GraphError(.unknownEntity, at: "Robot", #"no entity named "Robot" in the schema"#)) { try graph.insert("Robot") }
  }

  @Test("equal assignments change nothing; changes are tracked until commit")
  func changeTracking() throws {
    let author = try graph.insert("Author")
    author.id = 1
    author.firstName = "Ada"
    #expect(author.isInserted && author.hasChanges)
    #expect(author.changedKeys == ["id", "firstName", "rating"])
    graph.commitChanges()
    #expect(!graph.hasChanges)
    author.firstName = "Ada"
    #expect(!author.hasChanges)
    author.firstName = "Grace"
    #expect(author.changedValues() == ["firstName": .string("Grace")])
    #expect(try author.committedValue(forKey: "firstName") == "Ada")
    author.firstName = "Ada"
    #expect(!author.hasChanges)
    #expect(graph.updatedObjects.isEmpty)
  }

  @Test("typed values and in-place mutation of a stored collection")
  func typedValues() throws {
    let schema = try Schema {
      Entity("WorkOrder") {
        Attribute("number", .integer32)
        Attribute("assignments", .value(GraphValueType([String].self)), default: .custom(CustomGraphValue([String]())))
      }
    }
    let graph = ObjectGraph(schema: schema)
    let order = try graph.insert("WorkOrder")
    try order.setValue(Int32(7), forKey: "number")
    #expect(try order.value(Int.self, forKey: "number") == 7)
    graph.commitChanges()
    var assignments = try order.value([String].self, forKey: "assignments") ?? []
    assignments.append("ada")
    try order.setValue(assignments, forKey: "assignments")
    #expect(order.hasChanges)
    #expect(order.changedKeys == ["assignments"])
    #expect(try order.value([String].self, forKey: "assignments") == ["ada"])
  }

  @Test("validation reports missing required values and counts")
  func validation() throws {
    let schema = try Schema {
      Entity("Team") {
        Attribute("name", .string)
        Relationship("members", to: "Person", toMany: true, inverse: "team", minCount: 1, maxCount: 2)
      }
      Entity("Person") {
        Relationship("team", to: "Team", inverse: "members", optional: false)
      }
    }
    let graph = ObjectGraph(schema: schema)
    let team = try graph.insert("Team")
    let person = try graph.insert("Person")
    #expect(
      graph.validationErrors().map(\.description) == [
        "error: Team.name: required attribute has no value",
        "error: Team.members: holds 0 objects, expected 1...2",
        "error: Person.team: required relationship has no object",
      ])
    team.name = "Core"
    try team.add(person, forKey: "members")
    try graph.validate()
  }

  @Test("delete rules: cascade, nullify, deny")
  func deleteRules() throws {
    let author = try graph.insert("Author")
    let book = try graph.insert("Book")
    let publisher = try graph.insert("Publisher")
    try author.add(book, forKey: "books")
    try book.setRelated(publisher, forKey: "publisher")
    #expect(throws: GraphError(.deleteDenied, at: "Publisher.books", "delete denied: the relationship holds 1 object")) { try graph.delete(publisher) }
    try graph.delete(author)  // cascades to the book, which nullifies the publisher's link
    #expect(book.isDeleted && author.isDeleted)
    #expect(try publisher.related(forKey: "books").isEmpty)
    try graph.delete(publisher)
    #expect(graph.count == 0)
  }
}
