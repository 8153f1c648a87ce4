// swift-format-ignore-file
// The README's Swift blocks, run (DocSnippetSyncTests checks that they are the README's words).

// doc: README.md #1
import Foundry
// end doc
// doc: README.md #3
import FoundryGraph
// end doc
// doc: README.md #4
import FoundrySQLite
import FoundryStore
// end doc
// doc: README.md #8
import FoundryPostgres
// end doc
// doc: README.md #10
import FoundryJSON
// end doc
import Foundation
import FoundryXML
import Testing

// The README's XML types, at the top level, where the block's extension names them.
// doc: README.md #2
@Mappable struct Channel {
  var title: String
  @Key("itunes:author") var author: String?                                   // prefix as written
  @Key("{http://www.itunes.com/dtds/podcast-1.0.dtd}image.@href") var art: URL? // or {namespace}local
  @Key("item") var items: [Item]                                              // every <item>; none is []
}
@Mappable struct Feed { var channel: Channel }                                // the <rss> root's content
extension Feed: XMLMappable {                                                 // XML-only facts, for writing
  static let xmlMapping = XMLMapping(root: "rss", namespaces: ["itunes": "http://www.itunes.com/dtds/podcast-1.0.dtd"])
}
// end doc
@Mappable struct Item { var title: String }

/// The types the README's blocks declare, apart from the other documents' of the same names.
enum Readme {
  // doc: README.md #1
  @Mappable
  struct User: Equatable {
    @Key("user_name") var name: String
    @Key("user_stats.views") var views: Int = 0                 // nested key path, default
    @Key("creation_date", .date(format: "yyyy-MM-dd HH:mm:ss")) var createdAt: Date?
    @Key(["id", "uuid"]) var id: String = ""                   // fallback keys: first present wins
    @Validate(.range(0...150)) var age: Int?                    // per-field validation
    var website: URL?                                           // key = property name (or key strategy)
  }
  // end doc


  @Mappable struct Quake {
    @Key("properties.place") var place: String
  }

  @Mappable struct OSMNode {
    @Key("@id") var id: Int64
  }

  static let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples/Library.xcdatamodeld")

  /// A store file in a directory of its own, removed by `body`'s end.
  static func withStorePath<T>(_ body: (String) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-readme-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory.appendingPathComponent("library.sqlite").path)
  }
}

@Suite("Doc snippets: README")
struct ReadmeSnippetTests {
  @Test("typed models")
  func typedModels() throws {
    typealias User = Readme.User
    let data = Data(#"{"user_name": "ada", "user_stats": {"views": 42}, "creation_date": "2024-05-01 12:00:00", "uuid": "u-1", "age": 36}"#.utf8)
    let users = Data(#"[{"user_name": "ada"}, {"user_name": "bob", "age": "old"}, {"age": 3}]"#.utf8)
    // doc: README.md #1
    let user = try MappingDecoder().decode(User.self, from: data)
    let json = try MappingEncoder().encodeToString(user)          // same shape back, key order as declared
    let result = MappingDecoder().decodeLossy([User].self, from: users)  // keeps what maps, reports the rest
    // end doc
    #expect(user.name == "ada" && user.views == 42 && user.id == "u-1" && user.age == 36)
    #expect(try MappingDecoder().decode(User.self, from: json) == user)
    #expect(result.value?.map(\.name) == ["ada", "bob"])
    #expect(result.issues.count == 2)
  }

  @Test("XML")
  func xml() throws {
    let data = Data("""
      <rss xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Shop Talk</title>\
      <itunes:author>Ada</itunes:author><itunes:image href="https://example.com/art.png"/>\
      <item><title>One</title></item><item><title>Two</title></item></channel></rss>
      """.utf8)
    // doc: README.md #2
    let feed = try MappingDecoder().decode(Feed.self, fromXML: data)
    let xml = try MappingEncoder().encodeXMLString(feed)
    // end doc
    #expect(feed.channel.author == "Ada")
    #expect(feed.channel.art?.absoluteString == "https://example.com/art.png")
    #expect(feed.channel.items.map(\.title) == ["One", "Two"])
    #expect(try MappingDecoder().decode(Feed.self, fromXML: xml).channel.items.count == 2)
  }

  @Test("object graphs")
  func objectGraphs() throws {
    let data = Data(#"{"authors": [{"author_id": 106, "name": "Mark Twain", "books": [{"book_id": 1}, {"book_id": 2}]}]}"#.utf8)
    // doc: README.md #3
    let schema = try Schema {
      Entity("Author", identity: ["id"]) {
        Attribute("id", .integer64, keyPath: "author_id")
        Attribute("name", .string)
        Relationship("books", to: "Book", toMany: true, ordered: true, inverse: "author", deleteRule: .cascade)
      }
      Entity("Book", identity: ["id"]) {
        Attribute("id", .integer64, keyPath: "book_id")
        Relationship("author", to: "Author", inverse: "books")
      }
    }
    let graph = ObjectGraph(schema: schema)
    let report = try graph.importJSON(data, entity: "Author", root: "authors")
    let twain = try graph.object(of: "Author", identity: 106)!   // twain.name: dynamic members
    let authorID: Int64 = 106
    let same = try graph.object(of: "Author", identity: .integer(authorID))   // a variable: as a GraphValue
    let json = try graph.exportJSON(try graph.objects(of: "Author"), root: "authors")   // [UInt8]
    print(String(decoding: json, as: UTF8.self))
    // end doc
    #expect(report.objectCounts == ["Author": 1, "Book": 2])
    #expect(twain.name == .string("Mark Twain"))
    #expect(same === twain)
    let again = ObjectGraph(schema: schema)
    try again.importJSON(json, entity: "Author", root: "authors")
    #expect(try again.objects(of: "Book").count == 2)
  }

  @Test("the store")
  func store() async throws {
    let modelURL = Readme.library
    let bytes = Array(#"{"authors": [{"author_id": 7, "firstName": "Ursula", "books": [{"book_id": 70, "title": "Earthsea"}]}]}"#.utf8)
    try await Readme.withStorePath { storePath in
      // doc: README.md #4
      var transformers = TransformerRegistry.standard
      try transformers.bind("ISODay", to: "date:yyyy-MM-dd")                                  // the model's valueTransformerName
      let store = try Store(path: storePath, schema: try Schema(modelAt: modelURL), transformers: transformers)  // created when missing
      let context = try store.makeContext()
      let report = try await context.importJSON(bytes, entity: "Author", root: "authors")   // dryRun: true reports only
      let tag = try context.insert("Tag")                                                   // or insert(Author.self): @Entity classes
      tag.label = "reissue"
      try await context.save()                                                              // or context.rollback()
      // end doc
      #expect(report.changes.count == 2)
      #expect(try await store.makeContext().count(FetchRequest(entity: "Tag")) == 1)
      // doc: README.md #5
      let reopened = try Store(path: storePath)   // the schema and the ISODay binding as the store recorded them
      // end doc
      let born = Array(#"{"authors": [{"author_id": 7, "firstName": "Ursula", "born": "1929-10-21"}]}"#.utf8)
      let datedContext = try reopened.makeContext()
      try await datedContext.importJSON(born, entity: "Author", root: "authors")
      try await datedContext.save()
      let ursula = try datedContext.object(of: "Author", identity: 7)
      guard case .date? = ursula?.born else {
        Issue.record("born is no date: \(String(describing: ursula?.born))")
        return
      }
    }
  }

  @Test("queries")
  func queries() async throws {
    typealias Author = StoreDoc.Author
    typealias Book = StoreDoc.Book
    try await StoreDoc.withStore { _, _, context in
      // doc: README.md #6
      var request = try FetchRequest(entity: "Book", where: "year > 1990 AND author.name BEGINSWITH[c] 'o'")
      request.sortBy = [SortKey("title")]
      let books = try await context.fetch(request)
      let recent = try await context.fetch(
        Book.self, where: \.year > 1990 && \.author?.name == "Ada", sortBy: [.ascending(\.title)], limit: 20)
      let classics = try await context.count(Author.self, where: .any(\.books, \.year < 1900))
      // end doc
      #expect(books.map { $0.title } == [.string("Parable")])
      #expect(recent.map(\.title) == ["Engines"])
      #expect(classics == 2)
    }
  }

  /// Compiled, not run: it connects to the servers it names.
  func postgres(schema: Schema) async throws -> Store {
    // doc: README.md #8
    var configuration = try PostgresStoreConfiguration(url: "postgres://app@db.internal/library?sslmode=verify-full", poolSize: 8)
    configuration.replicas = [try PostgresStoreConfiguration(url: "postgres://app@replica.internal/library?sslmode=verify-full")]
    let store = try await Store(postgres: configuration, schema: schema)
    // end doc
    return store
  }

  @Test("the PostgreSQL block's configuration parses")
  func postgresConfiguration() throws {
    let configuration = try PostgresStoreConfiguration(url: "postgres://app@db.internal/library?sslmode=verify-full", poolSize: 8)
    #expect(configuration.poolSize == 8)
  }

  @Test("streaming")
  func streaming() async throws {
    typealias Quake = Readme.Quake
    typealias OSMNode = Readme.OSMNode
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-readme-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("quakes.json")
    try Data(#"{"features": [{"properties": {"place": "Idyllwild"}}, {"properties": {"place": "Ridgecrest"}}]}"#.utf8).write(to: url)
    let osmURL = directory.appendingPathComponent("map.osm")
    try Data(#"<osm><node id="1"/><node id="2"/></osm>"#.utf8).write(to: osmURL)
    let authorsURL = directory.appendingPathComponent("authors.json")
    try Data(#"{"authors": [{"id": 1, "name": "Ada"}, {"id": 2, "name": "Grace"}]}"#.utf8).write(to: authorsURL)
    let store = try Store(path: directory.appendingPathComponent("library.sqlite").path, schema: try StoreDoc.schema)
    // doc: README.md #9
    let decoder = MappingDecoder()
    for try await quake in decoder.elements(of: Quake.self, at: "features", from: url) { print(quake.place) }
    for try await node in decoder.elements(of: OSMNode.self, at: "node", fromXML: osmURL) { print(node.id) }
    try await store.importJSON(contentsOf: authorsURL, entity: "Author", root: "authors", batchSize: 1_000)
    // end doc
    #expect(try await store.makeContext().count(FetchRequest(entity: "Author")) == 2)
  }

  @Test("documents")
  func documents() throws {
    try #require(FileManager.default.fileExists(atPath: "Examples/earthquakes.json"), "run from the package's root, as swift test is")
    // doc: README.md #10
    let document = try JSONDocument(contentsOfFile: "Examples/earthquakes.json")
    _ = document.root[path: "features.0.properties.mag"]?.double   // 2.31
    let value: JSONValue = ["name": "Ada", "tags": ["math", "engines"]]
    _ = value.makeJSONString()                                     // {"name":"Ada","tags":["math","engines"]}
    // end doc
    #expect(document.root[path: "features.0.properties.mag"]?.double == 2.31)
    #expect(value.makeJSONString() == #"{"name":"Ada","tags":["math","engines"]}"#)
  }
}
