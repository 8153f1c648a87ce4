#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryGraph
import FoundryJSON
import Testing

@testable import FoundryCLI

/// What `foundry generate --from-sample` writes for small payloads: names, optionals, types
/// that vary, dates, dictionaries, enums, XML, and its errors.
@Suite("foundry generate --from-sample")
struct GenerateSampleTests {
  /// The source generated for `json` read from standard input, with `arguments` after it.
  func generate(_ json: String, _ arguments: String...) -> CommandResult {
    foundry(["generate", "--from-sample", "-"] + arguments, input: json)
  }

  /// The declaration lines of the source, trimmed, comments and blank lines left out.
  func declarations(_ source: String) -> [String] {
    source.split(separator: "\n").map { String($0.drop(while: \.isWhitespace)) }.filter { !$0.isEmpty && !$0.hasPrefix("//") }
  }

  @Test func nestedTypesAreNamedAfterTheirKeysInTheSingularForArrays() {
    let result = generate(#"{"user": {"name": "a"}, "categories": [{"label": "x"}], "statuses": [{"ok": true}]}"#, "--name", "Page")
    #expect(result.status == 0)
    let lines = declarations(result.output)
    #expect(lines.contains("struct Page: Equatable {"))
    #expect(lines.contains("var user: User"))
    #expect(lines.contains("var categories: [Category] = []"))
    #expect(lines.contains("var statuses: [Status] = []"))
    #expect(lines.contains("struct User: Equatable {"))
    #expect(lines.contains("struct Category: Equatable {"))
    #expect(lines.contains("struct Status: Equatable {"))
  }

  @Test func keysAreKeptThroughTheKeyStrategyOrKey() {
    let result = generate(#"{"user_id": 1, "image_urls": ["https://a.example/x"], "first_name": "a", "e-mail": "b", "default": 2}"#)
    let lines = declarations(result.output)
    #expect(lines.contains("@Mappable(keys: .snakeCase)"))
    #expect(lines.contains("var userID: Int"))
    #expect(lines.contains("var imageURLs: [URL] = []"))
    #expect(lines.contains("var firstName: String"))
    #expect(lines.contains(#"@Key("e-mail") var eMail: String"#))
    #expect(lines.contains("var `default`: Int"))
  }

  @Test func missingKeysAndNullsMakeOptionals() {
    let result = generate(#"[{"a": 1, "b": null, "c": [1]}, {"a": 2, "b": 3}]"#, "--name", "Row")
    let lines = declarations(result.output)
    #expect(lines.contains("var a: Int"))
    #expect(lines.contains("var b: Int?"))
    #expect(lines.contains("var c: [Int] = []"))
    #expect(result.output.contains("/// In 1 of 2."))
    #expect(result.output.contains("/// Null in 1 of 2."))
  }

  @Test func nullableFieldsSayHowOftenTheyAreNull() {
    let result = generate(#"[{"a": null, "b": 1.5}, {"a": 2, "b": null}, {"a": null}]"#, "--name", "Row")
    #expect(result.output.contains("  /// Null in 2 of 3.\n  var a: Int?"))
    #expect(result.output.contains("  /// In 2 of 3; null in 1 of 3.\n  var b: Double?"))
    let always = generate(#"[{"a": null}, {"a": null}]"#, "--name", "Row")
    #expect(always.output.contains("  /// Always null in the samples.\n  var a: JSONValue?"))
  }

  @Test func arraysWithNullElementsHaveOptionalElements() {
    let json = #"{"n": [1, null], "s": [null, "a"], "at": ["2024-05-01T12:00:00Z", null], "items": [{"id": 1}, null], "mixed": [true, {"a": 1}, null]}"#
    let result = generate(json, "--name", "Page")
    let lines = declarations(result.output)
    #expect(lines.contains("var n: [Int?] = []"))
    #expect(lines.contains("var s: [String?] = []"))
    #expect(lines.contains("@Transform(.each(.optional(.iso8601))) var at: [Date?] = []"))
    #expect(lines.contains("var items: [Item?] = []"))
    #expect(lines.contains("var mixed: [JSONValue] = []"))
    #expect(result.output.contains("/// Elements null in 1 of 2."))
  }

  @Test func aTypeThatVariesGetsTheTypeThatReadsAllAndSaysWhatVaries() {
    let result = generate(#"[{"n": 1, "x": 1, "s": "7", "t": 2, "b": true}, {"n": "2", "x": 2.5, "s": 8, "t": "two", "b": "false"}]"#, "--name", "Row")
    let lines = declarations(result.output)
    #expect(lines.contains("var n: Int"))
    #expect(lines.contains("var x: Double"))
    #expect(lines.contains("var s: Int"))
    #expect(lines.contains("var t: String"))
    #expect(lines.contains("var b: Bool"))
    #expect(result.output.contains("/// A number in 1, a numeric string in 1."))
    #expect(result.output.contains("/// Int in 1, double in 1."))
    #expect(result.output.contains("/// A number in 1, a string in 1: read as text."))
  }

  @Test func datesGetTheirTransformers() {
    let json = #"""
      [{"created_at": "2024-05-01T12:00:00Z", "day": "2024-05-01", "modified": "Wed, 01 May 2024 12:35:00 GMT",
        "posted": "Wed May 01 12:30:00 +0000 2024", "updated_at": 1714566600, "seen_ms": 1714566600123, "count": 1714566600},
       {"created_at": "2024-05-02 08:00:00+02:00", "day": "2024-05-02", "modified": "Thu, 02 May 2024 08:00:00 GMT",
        "posted": "Thu May 02 08:00:00 +0000 2024", "updated_at": 1714636800, "seen_ms": 1714636800000, "count": 3}]
      """#
    let lines = declarations(generate(json, "--name", "Event").output)
    #expect(lines.contains("@Transform(.iso8601) var createdAt: Date"))
    #expect(lines.contains("@Transform(.iso8601Date) var day: Date"))
    #expect(lines.contains("@Transform(.rfc1123) var modified: Date"))
    #expect(lines.contains("@Transform(.twitter) var posted: Date"))
    #expect(lines.contains("@Transform(.secondsSince1970) var updatedAt: Date"))
    #expect(lines.contains("@Transform(.millisecondsSince1970) var seenMs: Date"))
    #expect(lines.contains("var count: Int"))
  }

  @Test func datesInSeveralFormatsReadThroughEachInTheOrderSeen() {
    let json = #"""
      [{"modified": "Wed, 01 May 2024 12:35:00 GMT", "posted": "2024-05-01T12:00:00Z", "note": "2024-05-01"},
       {"modified": "2024-05-02T08:00:00Z", "posted": "Thu May 02 08:00:00 +0000 2024", "note": "soon"},
       {"modified": "Thu May 02 08:00:00 +0000 2024", "posted": "2024-05-03", "note": "later"}]
      """#
    let result = generate(json, "--name", "Event")
    let lines = declarations(result.output)
    #expect(lines.contains("@Transform(.date(oneOf: .rfc1123, .iso8601, .twitter)) var modified: Date"))
    #expect(lines.contains("@Transform(.date(oneOf: .iso8601, .twitter)) var posted: Date"))
    #expect(lines.contains("var note: String"))
    #expect(result.output.contains("/// Dates in 3 formats (RFC 1123, ISO 8601, Twitter)."))
  }

  @Test func objectsKeyedByIdsOrDatesAreDictionaries() {
    let result = generate(#"{"users": {"101": {"name": "a"}, "102": {"name": "b"}}, "daily": {"2024-05-01": 3}}"#)
    let lines = declarations(result.output)
    #expect(lines.contains("var users: [String: User] = [:]"))
    #expect(lines.contains("var daily: [String: Int] = [:]"))
    #expect(lines.contains("struct User: Equatable {"))
  }

  @Test func smallClosedSetsOfStringsBecomeEnumsWithEnums() {
    let json = #"[{"state": "in-progress"}, {"state": "done"}, {"state": "done"}, {"state": "in-progress"}]"#
    let plain = declarations(generate(json, "--name", "Task").output)
    #expect(plain.contains("var state: String"))
    let result = generate(json, "--name", "Job", "--enums")
    let lines = declarations(result.output)
    #expect(lines.contains(#"@Transform(.values(["in-progress": State.inProgress, "done": .done], default: .unknown)) var state: State = .unknown"#))
    #expect(lines.contains("enum State: String {"))
    #expect(lines.contains(#"case inProgress = "in-progress""#))
    #expect(lines.contains("case unknown"))
  }

  @Test func oneKeyInSeveralTypesSharesItsEnum() {
    let json = #"[{"lang": "en", "user": {"lang": "fr"}}, {"lang": "en", "user": {"lang": "de"}}, {"lang": "de", "user": {"lang": "fr"}}]"#
    let result = generate(json, "--name", "Post", "--enums")
    let lines = declarations(result.output)
    #expect(lines.filter { $0.hasPrefix("enum ") } == ["enum Lang: String {"])
    // A table lists the values the enum had when it was written; the enum has them all.
    #expect(lines.contains(#"@Transform(.values(["en": Lang.en, "de": .de], default: .unknown)) var lang: Lang = .unknown"#))
    #expect(lines.contains(#"@Transform(.values(["en": Lang.en, "de": .de, "fr": .fr], default: .unknown)) var lang: Lang = .unknown"#))
    #expect(lines.contains("case fr"))
  }

  @Test func xmlAttributesTextAndRepeatedElementsFollowTheXMLView() {
    let xml = #"<shop><item id="1"><price currency="EUR">2.5</price><tag>a</tag><tag>b</tag></item><item id="2"><price currency="USD">3</price><tag>c</tag></item></shop>"#
    let result = foundry("generate", "--from-sample", "-", "--name", "Shop", input: xml)
    let lines = declarations(result.output)
    #expect(lines.contains("var item: [Item] = []"))
    #expect(lines.contains(#"@Key("@id") var id: Int"#))
    #expect(lines.contains(#"@Key("@currency") var currency: String"#))
    #expect(lines.contains(##"@Key("#text") var text: Double"##))
    #expect(lines.contains("var tag: [String] = []"))
    #expect(lines.contains(#"static let xmlMapping = XMLMapping(root: "shop")"#))
  }

  @Test func xmlTextBesideAttributesIsTheRecordsText() {
    let xml = #"<feed><entry><id>1</id></entry><entry><id scheme="urn">2</id></entry></feed>"#
    let lines = declarations(foundry("generate", "--from-sample", "-", "--name", "Feed", input: xml).output)
    #expect(lines.contains("var id: ID"))
    #expect(lines.contains(#"@Key("@scheme") var scheme: String?"#))
    #expect(lines.contains(##"@Key("#text") var text: Int"##))
  }

  @Test func graphWritesEntitiesWithIdentityAndInverses() {
    let json = #"[{"id": 1, "author": {"author_id": 7, "name": "a"}, "pages": [{"n": 1}]}]"#
    let lines = declarations(generate(json, "--name", "Book", "--graph").output)
    #expect(lines.contains(#"@Entity(identity: ["id"])"#))
    #expect(lines.contains(#"@Entity(identity: ["authorID"])"#))
    #expect(lines.contains(#"@Related(inverse: "books") var author: Author?"#))
    #expect(lines.contains(#"@Related(inverse: "author") var books: [Book]"#))
    #expect(lines.contains(#"@Related(inverse: "book", deleteRule: .cascade) var pages: [Page]"#))
    #expect(lines.contains(#"@Related(inverse: "pages") var book: Book?"#))
  }

  @Test func graphDatesInSeveralFormatsKeepEveryFormatByName() {
    let json = #"[{"id": 1, "seen": "2024-05-01T12:00:00Z"}, {"id": 2, "seen": "Thu, 02 May 2024 08:00:00 GMT"}]"#
    let lines = declarations(generate(json, "--name", "Visit", "--graph").output)
    #expect(lines.contains { $0.hasPrefix(#"@Property(transformer: "dates:iso8601|rfc1123") var seen: Date"#) }, "\(lines)")
  }

  @Test("a keyword becomes an inverse's name as written, not in backticks")
  func graphInversesNamedByKeywords() {
    let json = #"{"class": [{"id": 1, "String": {"id": 2}}]}"#
    let lines = declarations(generate(json, "--name", "School", "--graph").output)
    #expect(lines.contains(#"@Related(inverse: "schools") var `class`: [Class]"#))
    #expect(lines.contains(#"@Related(inverse: "class", keyPath: "String") var string: ClassString?"#))
    #expect(lines.contains(#"@Related(inverse: "string") var `class`: [Class]"#))
  }

  /// The model file Xcode opens: read back, it declares the schema `--graph` writes classes for.
  @Test func modelFileWritesTheGraphSchemaAsAnXcodeModel() throws {
    let json = #"[{"id": 1, "created_at": "2024-05-01", "author": {"author_id": 7, "name": "a"}, "pages": [{"n": 1}]}]"#
    let directory = try TemporaryDirectory()
    let path = directory.path + "/Books.xcdatamodel"
    let result = generate(json, "--name", "Book", "--model-file", path)
    #expect(result == CommandResult(status: 0, output: path + "/contents\n", error: ""))
    let read = try Schema(modelAt: URL(fileURLWithPath: path))
    var shapeOptions = ShapeOptions()
    shapeOptions.profilesValues = true
    let shape = Shape(merging: [try JSONDocument(string: json).root], options: shapeOptions)
    let model = try SampleInference(shape: shape, format: .json).infer(rootName: "Book", sampleCount: 1)
    let expected = try SampleGraphSchema(model: model).makeSchema()
    #expect(read.entities.map(\.name) == ["Book", "Author", "Page"])
    for entity in expected.entities {
      let other = try #require(read[entity.name])
      #expect(other.identity == entity.identity)
      #expect(other.declaration.attributes.map(\.name) == entity.declaration.attributes.map(\.name))
      #expect(other.declaration.attributes.map(\.type) == entity.declaration.attributes.map(\.type))
      #expect(other.declaration.attributes.map(\.keyPath) == entity.declaration.attributes.map(\.keyPath))
      #expect(other.declaration.attributes.map(\.transformerName) == entity.declaration.attributes.map(\.transformerName))
      let describe = { (relationship: Relationship) in
        "\(relationship.name) \(relationship.destination) \(relationship.isToMany) \(relationship.inverse ?? "-") "
          + "\(relationship.deleteRule) \(relationship.isOptional) \(relationship.keyPath ?? "-") \(relationship.keyedBy ?? "-")"
      }
      #expect(other.declaration.relationships.map(describe) == entity.declaration.relationships.map(describe))
    }
  }

  @Test func rootPicksTheValueToModel() {
    let result = generate(#"{"data": {"items": [{"id": 1}]}}"#, "--root", "data.items")
    let lines = declarations(result.output)
    #expect(lines.contains("struct Item: Equatable {"))
    #expect(result.output.contains("decode([Item].self, from: data)"))
  }

  @Test func outWritesOneFilePerType() throws {
    let directory = try TemporaryDirectory()
    let result = generate(#"{"user": {"name": "a"}}"#, "--name", "Page", "--out", directory.path)
    #expect(result.status == 0)
    #expect(result.output == directory.path + "/Page.swift\n" + directory.path + "/User.swift\n")
  }

  @Test func errorsSayWhatIsWrong() {
    let scalar = generate("[1, 2]")
    #expect(scalar.status == 1)
    #expect(scalar.error.contains("error: the samples hold no object to make a model of"))
    let noRoot = generate(#"{"a": 1}"#, "--root", "b")
    #expect(noRoot.status == 1)
    #expect(noRoot.error == "error: <stdin>: no value at --root 'b'\n")
    let both = foundry("generate", "--model", "x.xcdatamodel", "--from-sample", "a.json")
    #expect(both.status == 64)
    let neither = foundry("generate")
    #expect(neither.status == 64)
  }

  @Test func singularsAndPropertyNames() {
    #expect(SampleNames.singular("entries") == "entry")
    #expect(SampleNames.singular("addresses") == "address")
    #expect(SampleNames.singular("statuses") == "status")
    #expect(SampleNames.singular("boxes") == "box")
    #expect(SampleNames.singular("children") == "child")
    #expect(SampleNames.singular("news") == "news")
    #expect(SampleNames.propertyName(forKey: "@isPermaLink") == "isPermaLink")
    #expect(SampleNames.propertyName(forKey: "itunes:author") == "itunesAuthor")
    #expect(SampleNames.propertyName(forKey: "HTTPStatus") == "httpStatus")
    #expect(SampleNames.propertyName(forKey: "2fa") == "_2fa")
    #expect(SampleNames.propertyName(forKey: "class") == "`class`")
    #expect(SampleNames.typeName(forKey: "media:content", singular: false) == "MediaContent")
  }
}
