import Foundry
import FoundryGraph
import FoundryJSON
import PropertyBased
import Testing

/// Random library payloads (see ``LibrarySchema``): authors with books, books with tags and
/// publishers, identities drawn from small ranges so that objects recur and are shared.
enum GraphPayloadGenerator {
  /// Text that starts and ends with a letter or digit (an XML import trims whitespace around
  /// text) and holds spaces, quotes, markup and non-ASCII characters.
  static let text = zip(Gen.letterOrNumber, Gen<Character?>.element(of: Array("ab Z9\"'<>&é漢🙂")).array(of: 0...8), Gen.letterOrNumber)
    .map { first, middle, last in String(first) + String(middle.compactMap { $0 }) + String(last) }

  static let book = zip(
    Gen.int64(in: 1...40), text, Gen.int32(in: -3_000...3_000).optional, Gen.int(in: 0...99_999).optional,
    text.array(of: 0...3), Gen.int64(in: 1...5).optional
  ).map { id, title, year, cents, tags, publisher -> JSONValue in
    var members: [(String, JSONValue)] = [("book_id", .number(JSONNumber(id))), ("title", .string(title))]
    if let year { members.append(("year", .number(JSONNumber(Int64(year))))) }
    if let cents { members.append(("pricing", .object(JSONObject([("retail_price", .string("\(cents / 100).\(cents % 100)"))])))) }
    members.append(("tags", .array(tags.map { .string($0) })))
    if let publisher { members.append(("publisher_id", .number(JSONNumber(publisher)))) }
    return .object(JSONObject(members))
  }

  static let author = zip(
    Gen.int64(in: 1...20), text, text.optional, Gen.int(in: 1_000...2_999).optional, Gen.int16(in: .min ... .max),
    book.array(of: 0...4)
  ).map { id, first, last, year, rating, books -> JSONValue in
    var members: [(String, JSONValue)] = [("author_id", .number(JSONNumber(id))), ("firstName", .string(first))]
    if let last { members.append(("lastName", .string(last))) }
    if let year { members.append(("born", .string("\(year)-0\(year % 9 + 1)-1\(year % 9)"))) }
    members += [("rating", .number(JSONNumber(Int64(rating)))), ("books", .array(books))]
    return .object(JSONObject(members))
  }

  /// `{"authors": [...]}` with up to six authors.
  static let payload = author.array(of: 0...6).map { authors -> [UInt8] in
    Array(JSONValue.object(JSONObject([("authors", .array(authors))])).makeJSONString().utf8)
  }
}

/// Random object graphs export and import back to the same graph: the same objects of each
/// entity, with the same values and relationships (PropertyBased: a failure prints its input,
/// shrunk, and the seed that repeats it).
@Suite("Property: graphs round-trip through export and import")
struct GraphPropertyTests {
  /// Objects per entity.
  static func counts(_ objects: [ManagedObject]) -> [String: Int] {
    Dictionary(objects.map { ($0.entity.name, 1) }, uniquingKeysWith: +)
  }

  /// `roots` and every object their relationships reach: what an export of `roots` holds. (A
  /// book met again with another publisher or other tags leaves the old ones unreachable.)
  static func reachable(from roots: [ManagedObject]) throws -> [ManagedObject] {
    var seen = Set(roots.map(ObjectIdentifier.init))
    var found = roots
    var pending = roots
    while let object = pending.popLast() {
      for relationship in object.entity.relationships {
        for next in try object.related(forKey: relationship.name) where seen.insert(ObjectIdentifier(next)).inserted {
          found.append(next)
          pending.append(next)
        }
      }
    }
    return found
  }

  @Test("export → import gives the same graph", arguments: ["json", "xml"])
  func roundTrip(format: String) async throws {
    let schema = try LibrarySchema.make()
    await propertyCheck(count: 100, input: GraphPayloadGenerator.payload) { payload in
      let graph = ObjectGraph(schema: schema)
      try graph.importJSON(payload, entity: "Author", root: "authors")
      let authors = try graph.objects(of: "Author")
      let copy = ObjectGraph(schema: schema)
      if format == "json" {
        try copy.importJSON(try graph.exportJSON(authors, root: "authors"), entity: "Author", root: "authors")
      } else {
        try copy.importXML(try graph.exportXML(authors, root: "author", rootElement: "library"), entity: "Author", root: "author")
      }
      let exported = try Self.reachable(from: authors)
      #expect(Self.counts(copy.objects) == Self.counts(exported))
      #expect(GraphSnapshot(copy.objects) == GraphSnapshot(exported), "\(String(decoding: payload, as: UTF8.self))")
    }
  }
}
