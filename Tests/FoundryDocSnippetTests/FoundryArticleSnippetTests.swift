// swift-format-ignore-file
// The Swift blocks of the Foundry module's articles (Sources/Foundry/Foundry.docc), run.

// doc: Sources/Foundry/Foundry.docc/Foundry.md #1
import Foundry
// end doc
// doc: Sources/Foundry/Foundry.docc/StreamingModels.md #1
import Foundry
// end doc
// doc: Sources/Foundry/Foundry.docc/TypedModels.md #1
import Foundry
// end doc
import Foundation
import FoundryJSON
import FoundryXML
import Testing

/// The overview's model.
enum FoundryOverviewDoc {
  // doc: Sources/Foundry/Foundry.docc/Foundry.md #1
  @Mappable
  struct User {
    @Key("user_name") var name: String
    @Key("user_stats.views") var views: Int = 0
    @Key("created_at", .twitter) var createdAt: Date?
    @Validate(.range(0...150)) var age: Int?
    var website: URL?
  }
  // end doc
}

/// TypedModels' first model (a macro's extension of a nested type sees top-level names only:
/// `Gender` is declared below, at the top level).
enum TypedModelsDoc {
  // doc: Sources/Foundry/Foundry.docc/TypedModels.md #1
  @Mappable
  struct User: Equatable {
    @Key("user_name") var name: String
    @Key("user_stats.views") var views: Int = 0                 // nested key path, default
    @Key("user_avatars.0.image_url") var avatar: URL?           // array index inside a path
    @Key("creation_date", .date(format: "yyyy-MM-dd HH:mm:ss")) var createdAt: Date?
    @Key("user_gender", .values(["male": Gender.male, "female": .female], default: .undefined))
    var gender: Gender = .undefined                             // value table, default for unknown/missing
    @Key("user_followers") var followers: [User] = []           // arrays of models
    @Key(["id", "uuid"]) var id: String = ""                   // fallback keys: first present wins
    @Validate(.range(0...150)) var age: Int?                    // per-field validation
    var website: URL?                                           // key = property name (or key strategy)
  }

  // end doc

  /// The factory of the hooks' block.
  final class SkipDrafts: MappingFactory {
    // doc: Sources/Foundry/Foundry.docc/TypedModels.md #2
    func creation<T: Mappable>(of type: T.Type, forKey key: String?, from value: ValueReader) throws -> MappingCreation<T> {
      try value.member("draft")?.bool() == true ? .skip : .create   // key: "posts", "pinned", ...
    }
    // end doc
  }

  @Mappable struct Post { var title: String }
  @Mappable struct Blog { var posts: [Post]; var pinned: Post? }

  /// The update block's model.
  @Mappable struct Profile {
    var name: String
    var views: Int = 0
    var address: Address
  }
  @Mappable struct Address { var street: String; var city: String }
}

// doc: Sources/Foundry/Foundry.docc/TypedModels.md #1
@Mappable enum Gender: String { case male, female, undefined }
// end doc

/// The errors article's model.
enum LossyDoc {
  @Mappable struct User {
    @Key("user_name") var name: String
    @Key("user_stats.views") var views: Int = 0
    @Validate(.range(0...150)) var age: Int?
  }
}

/// CodableInterop's types.
enum CodableInteropDoc {
  struct Feed: Decodable { var title: String; var entries: [String] }

  // doc: Sources/Foundry/Foundry.docc/CodableInterop.md #2
  @Mappable final class Person: MappedEquatable, MappedCopyable {
    static let mappedKeys: Set<String>? = ["name", "friends"]   // optional: what takes part
    var name: String
    var friends: [Person] = []
    var mentor: Person?
    var lastSeen: Date? = nil                                  // left out of ==, hash and copies
    init(name: String) { self.name = name }
  }
  // end doc
}

/// Transformers' model.
enum TransformersDoc {
  // doc: Sources/Foundry/Foundry.docc/Transformers.md #1
  @Mappable(formats: ValueFormats(dates: [.rfc1123, .secondsSince1970], data: .base64URL))
  struct Event { var at: Date; var token: Data }   // writes the first date format
  // end doc
}

/// Variants' table of models, at the top level, where the macros' extensions see them.
protocol Shape: Mappable {}
@Mappable struct Circle: Shape { var radius: Double }
@Mappable struct Square: Shape { var side: Double }

/// Variants' models.
enum VariantsDoc {
  @Mappable struct Image { var url: String }
  @Mappable struct Video { var url: String; var seconds: Int }
  @Mappable struct Item { var name: String }

  // doc: Sources/Foundry/Foundry.docc/Variants.md #1
  @Mappable(discriminator: "type")                  // {"type": "image", "url": "a.png"}
  enum Attachment {
    case image(Image)                               // Image is a @Mappable model
    @Key(["video", "movie"]) case video(Video)      // several names; the first is written
    case deleted                                    // {"type": "deleted"}
    @DefaultCase case other(JSONValue)              // any other type: kept whole, written back as is
  }
  @Mappable(variants: .wrapped)                     // {"created": {...}}, {"renamed": "b"}
  enum Event { case created(Item), renamed(String) }
  @Mappable(variants: .untagged)                    // 42, "A-42": the first case that reads it
  enum Identifier { case number(Int), text(String) }
  // end doc

  @Mappable struct Drawing {
    // doc: Sources/Foundry/Foundry.docc/Variants.md #2
    @Key("shape", .variants(of: (any Shape).self, discriminator: "kind", ["circle": Circle.self, "square": Square.self]))
    var shape: any Shape                              // .each(.variants(...)) for [any Shape]
    // end doc
  }
}

/// XMLModels' models.
enum XMLModelsDoc {
  // doc: Sources/Foundry/Foundry.docc/XMLModels.md #1
  @Mappable struct Channel {
    var title: String
    @Key("itunes:author") var author: String?                                   // prefix as written
    @Key("{http://www.itunes.com/dtds/podcast-1.0.dtd}image.@href") var art: URL? // or {namespace}local
    @Key("item") var items: [Item]                                              // every <item>; none is []
  }
  @Mappable struct Item {
    var title: String
    @Key("pubDate", DateTransformer.rfc1123) var published: Date
    var enclosure: Enclosure?
  }
  @Mappable struct Enclosure { var url: URL; var length: Int; var type: String }   // attributes
  // end doc
  @Mappable struct Feed { var channel: Channel }
}

/// XMLModels' types with XML-only facts (top level: the block extends them by their names).
@Mappable struct Node { var id: Int64; var lat: Double; var lon: Double }
@Mappable struct Show {
  var title: String
  @Key("itunes:author") var author: String
}

// doc: Sources/Foundry/Foundry.docc/XMLModels.md #2
extension Node: XMLMappable {
  static let xmlMapping = XMLMapping(root: "node", attributes: ["id", "lat", "lon"])
}
extension Show: XMLMappable {       // @Key("itunes:author") var author: String
  static let xmlMapping = XMLMapping(root: "channel", namespaces: ["itunes": "http://www.itunes.com/dtds/podcast-1.0.dtd"])
}
// end doc

/// Streaming's models.
enum StreamingDoc {
  @Mappable struct Quake {
    @Key("properties.place") var place: String
    @Key("properties.mag") var magnitude: Double
  }
  @Mappable struct Event { var name: String }
  @Mappable struct OSMNode {
    @Key("@id") var id: Int64
    @Key("@lat") var lat: Double
    @Key("@lon") var lon: Double
  }
  @Mappable struct Item { var title: String }

  /// A directory of the articles' files, removed at `body`'s end.
  static func withFiles<T>(_ files: [String: String], _ body: (URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-doc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
    return try await body(directory)
  }
}

@Suite("Doc snippets: the Foundry module's articles")
struct FoundryArticleSnippetTests {
  @Test("overview")
  func overview() throws {
    typealias User = FoundryOverviewDoc.User
    let data = Data(#"{"user_name": "ada", "user_stats": {"views": 3}, "created_at": "Wed Aug 27 13:08:45 +0000 2008", "age": 36}"#.utf8)
    // doc: Sources/Foundry/Foundry.docc/Foundry.md #1
    let user = try MappingDecoder().decode(User.self, from: data)
    let json = try MappingEncoder().encodeToString(user)
    // end doc
    #expect(user.views == 3 && user.createdAt != nil)
    #expect(try MappingDecoder().decode(User.self, from: json).name == "ada")
  }

  @Test("typed models")
  func typedModels() throws {
    typealias User = TypedModelsDoc.User
    let data = Data(#"""
      {"user_name": "ada", "user_avatars": [{"image_url": "https://example.com/a.png"}], "user_gender": "female",
       "user_followers": [{"user_name": "bob", "user_gender": "robot"}], "id": "u-1"}
      """#.utf8)
    // doc: Sources/Foundry/Foundry.docc/TypedModels.md #1
    let user = try MappingDecoder().decode(User.self, from: data)
    let json = try MappingEncoder().encodeToString(user)          // same shape back, key order as declared
    // end doc
    #expect(user.avatar?.absoluteString == "https://example.com/a.png")
    #expect(user.gender == .female && user.followers.first?.gender == .undefined)
    #expect(try MappingDecoder().decode(User.self, from: json) == user)
  }

  @Test("a factory skips drafts")
  func hooks() throws {
    let blog = try MappingDecoder().decode(
      TypedModelsDoc.Blog.self, from: #"{"posts": [{"title": "a"}, {"title": "b", "draft": true}], "pinned": {"title": "c", "draft": true}}"#,
      factory: TypedModelsDoc.SkipDrafts())
    #expect(blog.posts.map(\.title) == ["a"])
    #expect(blog.pinned == nil)
  }

  @Test("updating in place")
  func update() throws {
    typealias User = TypedModelsDoc.Profile
    let decoder = MappingDecoder()
    let full = #"{"name": "ada", "views": 1, "address": {"street": "Main", "city": "Rome"}}"#
    // doc: Sources/Foundry/Foundry.docc/TypedModels.md #3
    var user = try decoder.decode(User.self, from: full)
    try decoder.update(&user, from: #"{"views": 12, "address": {"city": "Paris"}}"#)
    // views and address.city change; name, address.street and the rest stay
    // end doc
    #expect(user.name == "ada" && user.views == 12 && user.address.city == "Paris" && user.address.street == "Main")
  }

  @Test("lossy decoding reports what it did")
  func lossy() {
    typealias User = LossyDoc.User
    let data = Data(#"""
      [{"user_name": "ada", "user_stats": {"views": "42"}}, {"user_name": "bob", "age": "old"},
       {"user_name": 7, "age": 200}, {"age": 3}]
      """#.utf8)
    var printed: [String] = []
    func print(_ issue: MappingIssue) { printed.append("\(issue)") }
    // doc: Sources/Foundry/Foundry.docc/ErrorsAndLossyDecoding.md #1
    let result = MappingDecoder().decodeLossy([User].self, from: data)
    _ = result.value?.map(\.name)   // ["ada", "bob", "7"]: every user that mapped
    for issue in result.issues { print(issue) }
    // $[0].user_stats.views: value coerced: string "42" read as Int
    // $[1].age: field defaulted because $[1].age: expected Int, found string "old"
    // $[2].user_name: value coerced: number 7 read as String
    // $[2].age: field defaulted because $[2].age: expected a value in 0...150, found number 200
    // $[3]: element dropped because $[3].user_name: required key not found, expected String
    // end doc
    #expect(result.value?.map(\.name) == ["ada", "bob", "7"])
    #expect(printed == [
      #"$[0].user_stats.views: value coerced: string "42" read as Int"#,
      #"$[1].age: field defaulted because $[1].age: expected Int, found string "old""#,
      #"$[2].user_name: value coerced: number 7 read as String"#,
      #"$[2].age: field defaulted because $[2].age: expected a value in 0...150, found number 200"#,
      #"$[3]: element dropped because $[3].user_name: required key not found, expected String"#,
    ])
  }

  @Test("Codable interop")
  func codable() throws {
    typealias Feed = CodableInteropDoc.Feed
    typealias Person = CodableInteropDoc.Person
    let data = Data(#"{"title": "News", "entries": ["a", "b"]}"#.utf8)
    // doc: Sources/Foundry/Foundry.docc/CodableInterop.md #1
    let feed = try MappingDecoder().decode(Feed.self, from: data)   // Feed: Decodable only
    // end doc
    #expect(feed.entries == ["a", "b"])
    let ada = Person(name: "Ada")
    let grace = Person(name: "Grace")
    // doc: Sources/Foundry/Foundry.docc/CodableInterop.md #2
    ada.friends = [grace]; grace.friends = [ada]                 // a cycle
    let copy = try ada.mappedCopy()   // copy.friends[0].friends[0] === copy; copy == ada
    // end doc
    #expect(copy.friends[0].friends[0] === copy)
    #expect(copy == ada && copy !== ada)
  }

  @Test("transformers: several date formats")
  func transformers() throws {
    let event = try MappingDecoder().decode(TransformersDoc.Event.self, from: #"{"at": 1700000000, "token": "AQID"}"#)
    #expect(event.token == Data([1, 2, 3]))
    #expect(try MappingEncoder().encodeToString(event).contains("GMT"))
  }

  @Test("variants")
  func variants() throws {
    let attachments = try MappingDecoder().decode(
      [VariantsDoc.Attachment].self, from: #"[{"type": "image", "url": "a.png"}, {"type": "movie", "url": "b.mp4", "seconds": 3}, {"type": "deleted"}, {"type": "poll", "q": 1}]"#)
    #expect(attachments.count == 4)
    guard case .video(let video) = attachments[1], case .other = attachments[3] else {
      Issue.record("cases: \(attachments)")
      return
    }
    #expect(video.seconds == 3)
    let events = try MappingDecoder().decode([VariantsDoc.Event].self, from: #"[{"created": {"name": "a"}}, {"renamed": "b"}]"#)
    #expect(events.count == 2)
    let identifiers = try MappingDecoder().decode([VariantsDoc.Identifier].self, from: #"[42, "A-42"]"#)
    #expect(identifiers.count == 2)
    let drawing = try MappingDecoder().decode(VariantsDoc.Drawing.self, from: #"{"shape": {"kind": "square", "side": 2}}"#)
    #expect((drawing.shape as? Square)?.side == 2)
  }

  @Test("XML models")
  func xmlModels() throws {
    typealias Feed = XMLModelsDoc.Feed
    let data = Data("""
      <rss xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Shop Talk</title>
      <itunes:author>Ada</itunes:author><itunes:image href="https://example.com/art.png"/>
      <item><title>One</title><pubDate>Wed, 01 May 2024 12:00:00 GMT</pubDate>
      <enclosure url="https://example.com/1.mp3" length="1024" type="audio/mpeg"/></item></channel></rss>
      """.utf8)
    // doc: Sources/Foundry/Foundry.docc/XMLModels.md #1
    let feed = try MappingDecoder().decode(Feed.self, fromXML: data)
    // end doc
    #expect(feed.channel.items.first?.enclosure?.length == 1024)
    let show = Show(title: "Shop Talk", author: "Ada")
    // doc: Sources/Foundry/Foundry.docc/XMLModels.md #2
    _ = try MappingEncoder().encodeXMLString(show, writing: .fragment)
    // <channel xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><title>Shop Talk</title><itunes:author>Ada</itunes:author></channel>
    // end doc
    #expect(try MappingEncoder().encodeXMLString(show, writing: .fragment) == #"<channel xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><title>Shop Talk</title><itunes:author>Ada</itunes:author></channel>"#)
    let node = try MappingDecoder().decode(Node.self, fromXML: #"<node id="1" lat="2.5" lon="3.5"/>"#)
    #expect(node.lat == 2.5)
  }

  @Test("streaming JSON")
  func streamingJSON() async throws {
    typealias Quake = StreamingDoc.Quake
    typealias Event = StreamingDoc.Event
    let files = [
      "quakes.json": #"{"features": [{"properties": {"place": "Idyllwild", "mag": 2.31}}, {"properties": {"place": "Ridgecrest", "mag": 1.1}}]}"#,
      "events.ndjson": "{\"name\": \"a\"}\n{\"name\": \"b\"}\n",
    ]
    let (handled, batches) = try await StreamingDoc.withFiles(files) { directory in
      let url = directory.appendingPathComponent("quakes.json")
      let ndjsonURL = directory.appendingPathComponent("events.ndjson")
      var handled: [String] = []
      var batches: [Int] = []
      func handle(_ event: Event) { handled.append(event.name) }
      func store(_ batch: [JSONDocument]) throws { batches.append(batch.count) }
      // doc: Sources/Foundry/Foundry.docc/StreamingModels.md #1
      let decoder = MappingDecoder()
      for try await quake in decoder.elements(of: Quake.self, at: "features", from: url) {
        print(quake.place, quake.magnitude)
      }
      for try await event in decoder.lines(of: Event.self, from: ndjsonURL) { handle(event) }

      // Lossy: a result per element; a bad element is reported and the stream goes on.
      for try await result in decoder.elements(of: Quake.self, at: "features", from: url).lossy {
        if let error = result.error { print(error) }   // $.features[812].properties.mag: ... --> quakes.json:9741:20
      }

      // Documents without models, synchronously, in batches (a command-line import):
      let reader = try JSONElementReader(contentsOfFile: url.path, layout: .array(at: "features"))
      while case let batch = try reader.next(upTo: 1000), !batch.isEmpty { try store(batch) }
      // end doc
      return (handled, batches)
    }
    #expect(handled == ["a", "b"])
    #expect(batches == [2])
  }

  @Test("streaming XML")
  func streamingXML() async throws {
    typealias OSMNode = StreamingDoc.OSMNode
    typealias Item = StreamingDoc.Item
    let files = [
      "map.osm": #"<osm><node id="1" lat="1.5" lon="2.5"/><node id="2" lat="3" lon="4"/><way id="9"/></osm>"#
    ]
    let body = AsyncStream<[UInt8]> { continuation in
      continuation.yield(Array("<rss><channel><item><title>One</title></item>".utf8))
      continuation.yield(Array("<item><title>Two</title></item></channel></rss>".utf8))
      continuation.finish()
    }
    let (titles, batches) = try await StreamingDoc.withFiles(files) { directory in
      let url = directory.appendingPathComponent("map.osm")
      let decoder = MappingDecoder()
      var titles: [String] = []
      var batches: [Int] = []
      func store(_ batch: [XMLTree.Element]) throws { batches.append(batch.count) }
      // doc: Sources/Foundry/Foundry.docc/StreamingModels.md #2
      for try await node in decoder.elements(of: OSMNode.self, at: "node", fromXML: url) {
        print(node.id, node.lat, node.lon)
      }
      for try await item in decoder.elements(of: Item.self, at: "channel.item", fromXML: body, sourceName: "feed") { titles.append(item.title) }

      // Lossy: a result per element; an element that does not map, or is malformed in itself
      // (an undefined entity, a duplicate attribute), is reported and the stream goes on.
      for try await result in decoder.elements(of: OSMNode.self, at: "node", fromXML: url).lossy {
        if let error = result.error { print(error) }   // $.node[41].lat: ... --> map.osm:44:21
      }

      // Elements without models, synchronously, in batches:
      let reader = try XMLElementReader(contentsOfFile: url.path, at: "way")
      while case let batch = try reader.next(upTo: 1000), !batch.isEmpty { try store(batch) }
      // end doc
      return (titles, batches)
    }
    #expect(titles == ["One", "Two"])
    #expect(batches == [1])
  }
}
