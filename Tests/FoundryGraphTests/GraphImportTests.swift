import Foundation
import Foundry
import FoundryGraph
import Testing

@Suite("Graph import")
struct GraphImportTests {
  let schema: Schema
  init() throws { schema = try LibrarySchema.make() }

  @Test("nested payloads create related objects with inverses and identities")
  func nestedPayload() throws {
    let graph = ObjectGraph(schema: schema)
    let report = try graph.importJSON(Array(LibrarySchema.payload.utf8), entity: "Author", root: "authors")
    #expect(report.objects.count == 2)
    #expect(report.objectCounts == ["Author": 2, "Book": 3, "Tag": 3, "Publisher": 1])
    #expect(report.createdCount == 9)
    let shakespeare = try #require(try graph.object(of: "Author", identity: 101))
    #expect(shakespeare.firstName == "William")
    #expect(shakespeare.rating == 3)
    let books = try shakespeare.related(forKey: "books")
    #expect(books.map(\.title) == ["The Tempest", "Hamlet"])
    #expect(try books[0].relatedObject(forKey: "author") === shakespeare)
    #expect(books[0].year == .integer(1611))
    #expect(books[0].retailPrice == .decimal(Decimal(string: "12.50")!))
    let drama = try #require(try graph.object(of: "Tag", identity: "drama"))
    #expect(try drama.related(forKey: "books").count == 2)
    let publisher = try #require(try graph.object(of: "Publisher", identity: 7))
    #expect(publisher.name == nil)
    #expect(try publisher.related(forKey: "books").count == 2)
    let born = try #require(try shakespeare.value(Date.self, forKey: "born"))
    #expect(Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: born).year == 1564)
  }

  @Test("importing again merges by identity: absent keys stay, null clears")
  func partialUpdate() throws {
    let graph = ObjectGraph(schema: schema)
    try graph.importJSON(Array(LibrarySchema.payload.utf8), entity: "Author", root: "authors")
    graph.commitChanges()
    let update = #"[{"author_id": 101, "lastName": null, "rating": 4}]"#
    let report = try graph.importJSON(Array(update.utf8), entity: "Author")
    #expect(report.createdCount == 0)
    let author = try #require(try graph.object(of: "Author", identity: 101))
    #expect(author.firstName == "William")
    #expect(author.lastName == nil)
    #expect(author.rating == 4)
    #expect(try author.related(forKey: "books").count == 2)
    #expect(author.changedKeys == ["lastName", "rating"])
    #expect(try graph.objects(of: "Author").count == 2)
  }

  @Test("an import that changes nothing leaves the graph without changes")
  func idempotent() throws {
    let graph = ObjectGraph(schema: schema)
    try graph.importJSON(Array(LibrarySchema.payload.utf8), entity: "Author", root: "authors")
    graph.commitChanges()
    try graph.importJSON(Array(LibrarySchema.payload.utf8), entity: "Author", root: "authors")
    #expect(!graph.hasChanges)
  }

  @Test("errors carry the payload path and line:column")
  func strictError() throws {
    let graph = ObjectGraph(schema: schema)
    let payload = """
      {"authors": [{"author_id": 1, "firstName": "A", "books": [
        {"book_id": "x", "title": "T"}]}]}
      """
    let error = try #require(throws: MappingError.self) {
      try graph.importJSON(Array(payload.utf8), entity: "Author", root: "authors", sourceName: "p.json")
    }
    #expect(error.message == #"$.authors[0].books[0].book_id: expected Int64, found string "x""#)
    #expect(error.line == 2)
  }

  @Test("lossy mode leaves bad objects out and reports them")
  func lossy() throws {
    let graph = ObjectGraph(schema: schema)
    var options = GraphImportOptions()
    options.isLossy = true
    let payload = #"[{"author_id": 1, "firstName": "A", "books": [{"book_id": 1, "title": "ok", "tags": ["t"]}, {"book_id": 2, "tags": ["lost"]}]}, {"firstName": "no id"}]"#
    let report = try graph.importJSON(Array(payload.utf8), entity: "Author", options: options)
    #expect(report.objects.count == 1)
    #expect(
      report.issues.map(\.description) == [
        "$[0].books[1]: element dropped because $[0].books[1].title: required key not found, expected String",
        "$[1]: element dropped because $[1].author_id: required key not found, expected Integer 64",
      ])
    #expect(try graph.objects(of: "Book").count == 1)
    #expect(try graph.object(of: "Tag", identity: "lost") == nil)
  }
}

@Suite("Graph import: a nested object that names another parent")
struct GraphContradictionTests {
  static let payload = #"[{"author_id": 1, "firstName": "A", "books": [{"book_id": 10, "title": "T", "author": AUTHOR}]}]"#

  @Test("naming the object it is nested in, by identity or as an object, is fine", arguments: ["1", #"{"author_id": 1}"#])
  func agreeing(author: String) throws {
    let graph = ObjectGraph(schema: try LibrarySchema.make())
    let report = try graph.importJSON(Array(Self.payload.replacingOccurrences(of: "AUTHOR", with: author).utf8), entity: "Author")
    #expect(report.issues.isEmpty)
    #expect(try graph.object(of: "Book", identity: 10)?.relatedObject(forKey: "author")?.id == .integer(1))
  }

  @Test("naming another object is an error in strict mode", arguments: ["2", #"{"author_id": 2, "firstName": "B"}"#])
  func strict(author: String) throws {
    let graph = ObjectGraph(schema: try LibrarySchema.make())
    let error = try #require(throws: MappingError.self) {
      try graph.importJSON(Array(Self.payload.replacingOccurrences(of: "AUTHOR", with: author).utf8), entity: "Author")
    }
    #expect(error.code == .invalidValue)
    #expect(error.message.hasPrefix("$[0].books[0].author: expected Author 1, the object it is nested in, found "))
    #expect(error.message.hasSuffix(" (it names Author 2)"))
    #expect(try graph.objects(of: "Author").isEmpty)
  }

  @Test("naming another object is an issue in lossy mode, and the nesting wins")
  func lossy() throws {
    let graph = ObjectGraph(schema: try LibrarySchema.make())
    var options = GraphImportOptions()
    options.isLossy = true
    let report = try graph.importJSON(Array(Self.payload.replacingOccurrences(of: "AUTHOR", with: "2").utf8), entity: "Author", options: options)
    #expect(
      report.issues.map(\.description) == [
        "$[0].books[0].author: field defaulted because $[0].books[0].author: expected Author 1, the object it is nested in, found number 2 (it names Author 2)"
      ])
    #expect(try graph.object(of: "Book", identity: 10)?.relatedObject(forKey: "author")?.id == .integer(1))
    #expect(try graph.object(of: "Author", identity: 2) == nil)
  }
}

@Suite("Graph import: key paths in messages")
struct GraphKeyPathMessageTests {
  @Test("an attribute whose empty key path reads the whole object says so", arguments: [false, true])
  func emptyKeyPath(identity: Bool) throws {
    let schema = try Schema {
      Entity("Tag", identity: identity ? ["id"] : []) {
        Attribute("id", .integer64, keyPath: "")
      }
    }
    let graph = ObjectGraph(schema: schema)
    let error = try #require(throws: MappingError.self) { try graph.importJSON(Array(#"[{"id": 1}]"#.utf8), entity: "Tag") }
    #expect(error.message == "$[0]: expected Int64, found object (1 member) (Tag.id has an empty key path, which reads the whole object)")
  }
}

@Suite("Graph import: failed updates")
struct GraphFailedUpdateTests {
  @Test("a lossy import that drops an existing object's payload leaves the object as it was", arguments: [true, false])
  func droppedUpdateChangesNothing(lossy: Bool) throws {
    let graph = ObjectGraph(schema: try LibrarySchema.make())
    try graph.importJSON(Array(#"[{"author_id": 1, "firstName": "Orig", "lastName": "L"}]"#.utf8), entity: "Author")
    var options = GraphImportOptions()
    options.isLossy = lossy
    let update = Array(#"[{"author_id": 1, "born": "1900-01-01", "lastName": "Changed", "firstName": null}]"#.utf8)
    if lossy {
      let report = try graph.importJSON(update, entity: "Author", options: options)
      #expect(report.issues.map(\.description) == ["$[0]: element dropped because $[0].firstName: required value is null, expected String"])
    } else {
      #expect(throws: MappingError.self) { try graph.importJSON(update, entity: "Author", options: options) }
    }
    let author = try #require(try graph.object(of: "Author", identity: 1))
    #expect(author.lastName == "L")
    #expect(author.born == nil)
    #expect(author.firstName == "Orig")
  }
}
