import Foundation
import Foundry
import FoundryGraph
import FoundrySQLite
import FoundryStore

/// A value kept whole in one attribute, as JSON the store's JSON functions can read.
@Mappable
struct Settings: Equatable, Sendable {
  var theme: String
  var tags: [String] = []
}

/// The store tests' schema: every attribute type, every way of keeping a relationship
/// (foreign key, inverse foreign key, ordered join, many-to-many, one-way, one-to-one) and a
/// family with subentities.
enum Library {
  static let schema = try! Schema {
    author

    Entity("Book", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("title", .string)
      Attribute("price", .decimal, optional: true)
      Relationship("author", to: "Author", inverse: "books")
      Relationship("tags", to: "Tag", toMany: true, inverse: "books")
      Relationship("publisher", to: "Publisher", inverse: "books")
      Relationship("related", to: "Book", toMany: true)
    }
    Entity("Tag", identity: ["label"]) {
      Attribute("label", .string)
      Relationship("books", to: "Book", toMany: true, inverse: "tags")
    }
    Entity("Publisher", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("name", .string, optional: true)
      Relationship("books", to: "Book", toMany: true, inverse: "publisher", deleteRule: .deny)
    }
    Entity("Portrait", identity: ["id"]) {
      Attribute("id", .integer64)
      Relationship("author", to: "Author", inverse: "portrait")
    }
    Entity("Value", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("short", .integer16, optional: true)
      Attribute("medium", .integer32, optional: true)
      Attribute("long", .integer64, optional: true)
      Attribute("double", .double, optional: true)
      Attribute("float", .float, optional: true)
      Attribute("decimal", .decimal, optional: true)
      Attribute("flag", .boolean, optional: true)
      Attribute("date", .date, optional: true)
      Attribute("data", .binary, optional: true)
      Attribute("uuid", .uuid, optional: true)
      Attribute("url", .uri, optional: true)
      Attribute("json", .transformable, optional: true)
      Attribute("text", .string, optional: true)
    }
    Entity("Media", abstract: true, identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("title", .string)
    }
    Entity("Film", parent: "Media") { Attribute("minutes", .integer32, optional: true) }
    Entity("Album", parent: "Media") { Attribute("tracks", .integer32, optional: true) }
  }

  /// Authors, with an index on a key path inside their settings.
  static var author: Entity {
    var author = Entity("Author", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("name", .string)
      Attribute("rating", .integer16, default: 3)
      Attribute("settings", .value(GraphValueType(Settings.self)), optional: true)
      Relationship("books", to: "Book", toMany: true, ordered: true, inverse: "author", deleteRule: .cascade)
      Relationship("portrait", to: "Portrait", inverse: "author", deleteRule: .cascade)
    }
    author.indexedKeyPaths = ["settings.theme", "name"]
    return author
  }

  static let payload = """
    {"authors": [
      {"id": 101, "name": "William Shakespeare", "settings": {"theme": "dark", "tags": ["drama"]},
       "books": [
         {"id": 3001, "title": "The Tempest", "price": "12.50", "tags": ["drama", "fantasy"], "publisher": 7},
         {"id": 3002, "title": "Hamlet", "tags": ["drama"], "publisher": 7}
       ]},
      {"id": 106, "name": "Mark Twain", "rating": 5,
       "books": [{"id": 3501, "title": "A Connecticut Yankee", "tags": [{"label": "satire"}]}]}
    ]}
    """
}

/// A store file in a fresh temporary directory, removed with the value.
final class TemporaryStore: Sendable {
  let directory: URL
  var path: String { directory.appendingPathComponent("store.sqlite").path }

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-store-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  func open(_ schema: Schema = Library.schema) throws -> Store { try Store(path: path, schema: schema) }
}
