#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryGraph
import FoundryJSON
import Testing

/// The models and payloads of `Examples/Sync` and `Examples/MagicalRecord`, annotated and
/// shaped as those libraries document, read by the repository's path.
enum PeerExamples {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let syncModel = repository.appendingPathComponent("Examples/Sync/Notes.xcdatamodel")
  static let magicalRecordModel = repository.appendingPathComponent("Examples/MagicalRecord/People.xcdatamodel")

  static func payload(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: repository.appendingPathComponent("Examples/" + path)))
  }

  /// The date an ISO 8601 text with time and zone names.
  static func date(_ text: String) throws -> GraphValue {
    .date(try Date(text, strategy: .iso8601))
  }
}

@Suite("Peer models: a Sync-annotated model imports unchanged")
struct SyncModelTests {
  static let schema = try! Schema(modelAt: PeerExamples.syncModel)

  @Test("the model's vocabulary turns on Sync's conventions: snake_case keys, id ↔ remoteID, reserved words, primary-key flags")
  func conventionsFromVocabulary() throws {
    let model = try ModelFile(contentsOf: PeerExamples.syncModel)
    #expect(model.conventions == .sync)
    let user = try #require(Self.schema["User"])
    let keys = Dictionary(uniqueKeysWithValues: user.attributes.map { ($0.name, $0.payloadKeyPath) })
    #expect(keys["remoteID"] == "id")
    #expect(keys["firstName"] == "first_name")
    #expect(keys["userDescription"] == "description")
    #expect(keys["userType"] == "type")
    #expect(keys["htmlURL"] == "html_url")
    #expect(keys["employerName"] == "employer.name")
    #expect(keys["numberOfAttendees"] == "number_of_attendees")
    #expect(user.identity == ["remoteID"])
    #expect(Self.schema["Company"]?.identity == ["identifier"])
    #expect(Self.schema["Company"]?.attributes.first?.payloadKeyPath == "custom_id")
    #expect(Self.schema["Note"]?.attributes.first { $0.name == "noteType" }?.payloadKeyPath == "type")
    let company = try #require(user.relationships.first { $0.name == "company" })
    #expect(company.payloadKeyPaths == ["company", "company_id"])
    let tags = try #require(Self.schema["Note"]?.relationships.first { $0.name == "tags" })
    #expect(tags.payloadKeyPaths == ["tags", "tag_ids"])
    #expect(user.attributes.first { $0.name == "createdAt" }?.transformerName == PayloadConventions.anyDateTransformer)
  }

  @Test("Sync's payload imports as Sync imports it: values, dates in every form, relationships by id, null entries skipped")
  func importsLikeSync() throws {
    let graph = ObjectGraph(schema: Self.schema)
    try graph.importJSON(try PeerExamples.payload("Sync/users.json"), entity: "User")
    let shawn = try #require(try graph.object(of: "User", identity: 6))
    #expect(try shawn.value(forKey: "firstName") == "Shawn")
    #expect(try shawn.value(forKey: "userDescription") == "Runs the café on Grünerløkka")
    #expect(try shawn.value(forKey: "userType") == "admin")
    #expect(try shawn.value(forKey: "createdAt") == PeerExamples.date("2014-02-14T04:30:10Z"))
    #expect(try shawn.value(forKey: "updatedAt") == PeerExamples.date("2015-09-10T00:00:00Z"))
    #expect(try shawn.value(forKey: "birthDate") == PeerExamples.date("1990-02-14T00:00:00Z"))
    #expect(try shawn.value(forKey: "employerName") == "Kaffebrenneriet")
    #expect(try shawn.value(forKey: "numberOfAttendees") == .integer(30))
    #expect(try shawn.value(forKey: "token") == "s3cr3t")
    // `company_id` links a placeholder Company; `tag_ids` link placeholder tags; the `null` note is skipped.
    #expect(try shawn.relatedObject(forKey: "company")?.value(forKey: "identifier") == "ACME")
    let notes = try shawn.related(forKey: "notes")
    #expect(notes.count == 2)
    #expect(try notes[0].related(forKey: "tags").map { try $0.value(forKey: "remoteID") } == [.integer(1), .integer(2)])
    #expect(try notes[0].value(forKey: "noteType") == "todo")
    let ada = try #require(try graph.object(of: "User", identity: 7))
    #expect(try ada.value(forKey: "createdAt") == PeerExamples.date("2014-02-15T10:00:00Z"))
    #expect(try ada.value(forKey: "updatedAt") == PeerExamples.date("2015-09-10T00:00:00Z"))
    #expect(try ada.relatedObject(forKey: "company") === shawn.relatedObject(forKey: "company"))
  }

  @Test("importing again changes nothing: identities are found, nothing is doubled")
  func reimportDoublesNothing() throws {
    let graph = ObjectGraph(schema: Self.schema)
    let payload = try PeerExamples.payload("Sync/users.json")
    try graph.importJSON(payload, entity: "User")
    try graph.importJSON(try PeerExamples.payload("Sync/companies.json"), entity: "Company")
    let counts = try ["User", "Note", "Tag", "Company"].map { try graph.objects(of: $0).count }
    try graph.importJSON(payload, entity: "User")
    #expect(try ["User", "Note", "Tag", "Company"].map { try graph.objects(of: $0).count } == counts)
    #expect(counts == [2, 2, 2, 1])
    // The placeholder Company was filled by the later payload, not doubled.
    #expect(try graph.object(of: "Company", identity: "ACME")?.value(forKey: "name") == "Acme Corporation")
  }

  @Test("export writes Sync's shape back: snake_case keys, the reserved words, non-exportable attributes left out")
  func exportsInTheSameConventions() throws {
    let graph = ObjectGraph(schema: Self.schema)
    try graph.importJSON(try PeerExamples.payload("Sync/users.json"), entity: "User")
    let exported = try graph.exportValue([try #require(try graph.object(of: "User", identity: 6))])
    let user = try #require(exported.array?.first?.object)
    #expect(user["id"] == .number(6))
    #expect(user["first_name"] == .string("Shawn"))
    #expect(user["description"] == .string("Runs the café on Grünerløkka"))
    #expect(user["created_at"] == .string("2014-02-14T04:30:10Z"))
    #expect(user["token"] == nil)
    #expect(user["employer"]?.object?["name"] == .string("Kaffebrenneriet"))
    // What export writes imports back to the same values.
    let again = ObjectGraph(schema: Self.schema)
    try again.importJSON(try graph.exportJSON(try graph.objects(of: "User")), entity: "User")
    let copy = try #require(try again.object(of: "User", identity: 6))
    for name in ["firstName", "userDescription", "userType", "createdAt", "updatedAt", "birthDate", "htmlURL", "employerName"] {
      #expect(try copy.value(forKey: name) == graph.object(of: "User", identity: 6)?.value(forKey: name), "\(name)")
    }
    #expect(try copy.value(forKey: "token") == nil)
  }

  @Test("relationships export nested, to a depth, as identities, or not at all")
  func relationshipStyles() throws {
    let graph = ObjectGraph(schema: Self.schema)
    try graph.importJSON(try PeerExamples.payload("Sync/users.json"), entity: "User")
    let shawn = [try #require(try graph.object(of: "User", identity: 6))]
    let notes = { (value: JSONValue) in value.array?.first?.object?["notes"]?.array ?? [] }
    let nested = try graph.exportValue(shawn)
    #expect(notes(nested).first?.object?["tags"]?.array == [.number(1), .number(2)])
    let depthOne = try graph.exportValue(shawn, relationships: .nestedToDepth(1))
    #expect(notes(depthOne).first?.object?["text"] == .string("Order more beans"))
    let depthZero = try graph.exportValue(shawn, relationships: .nestedToDepth(0))
    #expect(notes(depthZero) == [.number(301), .number(302)])
    #expect(notes(try graph.exportValue(shawn, relationships: .identities)) == [.number(301), .number(302)])
    let omitted = try graph.exportValue(shawn, relationships: .omitted)
    #expect(omitted.array?.count == 1)
    #expect(omitted.array?.first?.object?["notes"] == nil && omitted.array?.first?.object?["company"] == nil)
    #expect(omitted.array?.first?.object?["first_name"] == .string("Shawn"))
  }

  @Test("XML payloads follow the same conventions")
  func xmlPayload() throws {
    let graph = ObjectGraph(schema: Self.schema)
    let xml = """
      <users><user><id>8</id><first_name>Åsa</first_name><type>guest</type><created_at>1441843200123</created_at>\
      <company_id>ACME</company_id></user></users>
      """
    try graph.importXML(Array(xml.utf8), entity: "User", root: "user")
    let user = try #require(try graph.object(of: "User", identity: 8))
    #expect(try user.value(forKey: "firstName") == "Åsa")
    #expect(try user.value(forKey: "userType") == "guest")
    #expect(try user.value(forKey: "createdAt") == .date(Date(timeIntervalSince1970: 1_441_843_200.123)))
    #expect(try user.relatedObject(forKey: "company")?.value(forKey: "identifier") == "ACME")
  }

  @Test("a placeholder made from an identity only fails the save that would keep it incomplete, naming it")
  func placeholdersFailOnlyWhenStoredIncomplete() throws {
    let schema = try Schema(
      PayloadConventions.sync.applied(to: [
        Entity("Post") {
          Attribute("id", .integer64)
          Relationship("author", to: "Author", inverse: "posts")
        },
        Entity("Author") {
          Attribute("id", .integer64)
          Attribute("name", .string)
          Relationship("posts", to: "Post", toMany: true, inverse: "author")
        },
      ]))
    let graph = ObjectGraph(schema: schema)
    try graph.importJSON(Array(#"[{"id": 1, "author_id": 5}]"#.utf8), entity: "Post")
    let errors = graph.validationErrors()
    #expect(errors.count == 1)
    #expect(errors.first?.location == "Author.name")
    #expect(errors.first.map { "\($0)" }?.contains("Author") == true)
    try graph.importJSON(Array(#"[{"id": 5, "name": "Ada"}]"#.utf8), entity: "Author")
    #expect(graph.validationErrors().isEmpty)
    #expect(try graph.objects(of: "Author").count == 1)
  }
}

@Suite("Peer models: a MagicalRecord-annotated model imports unchanged")
struct MagicalRecordModelTests {
  static let schema = try! Schema(modelAt: PeerExamples.magicalRecordModel)

  @Test("mappedKeyName and its numbered fallbacks, dateFormat, UnixTime, attributeValueClassName, relatedByAttribute")
  func importsLikeMagicalRecord() throws {
    let model = try ModelFile(contentsOf: PeerExamples.magicalRecordModel)
    #expect(model.conventions == .magicalRecord)
    #expect(Self.schema["Person"]?.identity == ["personID"])
    #expect(Self.schema["Address"]?.identity == ["street"])
    let graph = ObjectGraph(schema: Self.schema)
    try graph.importJSON(try PeerExamples.payload("MagicalRecord/people.json"), entity: "Person")
    let grace = try #require(try graph.object(of: "Person", identity: 1))
    #expect(try grace.value(forKey: "fullName") == "Grace Hopper")
    #expect(try grace.value(forKey: "birthday") == PeerExamples.date("1906-12-09T00:00:00Z"))
    #expect(try grace.value(forKey: "joined") == PeerExamples.date("2015-09-10T00:00:00Z"))
    #expect(try grace.value(forKey: "lastSeen") == PeerExamples.date("2015-09-10T00:00:00Z"))
    #expect(try grace.value(forKey: "website") == .url(URL(string: "https://example.com/grace")!))
    #expect(try graph.object(of: "Person", identity: 2)?.value(forKey: "fullName") == "Édouard Lucas")
    #expect(try graph.object(of: "Person", identity: 3)?.value(forKey: "fullName") == "Søren Kierkegaard")
    // Édouard's address is named by its street, the attribute the relationship is related by.
    let shared = try #require(try graph.object(of: "Address", identity: "Rue de la Paix 1"))
    #expect(try shared.value(forKey: "city") == "Paris")
    #expect(try graph.objects(of: "Address").count == 2)
  }

  @Test("useDefaultValueWhenNotPresent: a payload without the key sets the default again")
  func defaultWhenAbsent() throws {
    let graph = ObjectGraph(schema: Self.schema)
    try graph.importJSON(Array(#"[{"personID": 1, "karma": 42, "name": "Grace"}]"#.utf8), entity: "Person")
    #expect(try graph.object(of: "Person", identity: 1)?.value(forKey: "karma") == .integer(42))
    try graph.importJSON(Array(#"[{"personID": 1}]"#.utf8), entity: "Person")
    #expect(try graph.object(of: "Person", identity: 1)?.value(forKey: "karma") == .integer(10))
    // An attribute without the flag keeps its value when its key is absent.
    #expect(try graph.object(of: "Person", identity: 1)?.value(forKey: "fullName") == "Grace")
  }

  @Test("each vocabulary key sets its field: hyper.* and sync.* spellings, transformers, exports, identity")
  func vocabularyKeys() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-vocabulary-\(UUID().uuidString).xcdatamodel")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let contents = """
      <model><entity name="Item"><attribute name="code" attributeType="String"/>\
      <attribute name="labels" optional="YES" attributeType="Transformable"><userInfo><entry key="sync.valueTransformer" value="split:,"/></userInfo></attribute>\
      <attribute name="sizes" optional="YES" attributeType="Transformable"><userInfo><entry key="hyper.valueTransformer" value="split:;"/></userInfo></attribute>\
      <attribute name="secret" optional="YES" attributeType="String"><userInfo><entry key="hyper.nonExportable" value="YES"/></userInfo></attribute>\
      <attribute name="price" optional="YES" attributeType="Decimal"><userInfo><entry key="className" value="NSDecimalNumber"/></userInfo></attribute>\
      <attribute name="link" optional="YES" attributeType="Transformable"><userInfo><entry key="className" value="NSURL"/></userInfo></attribute>\
      <attribute name="color" optional="YES" attributeType="Transformable"><userInfo><entry key="className" value="UIColor"/></userInfo></attribute>\
      <relationship name="parts" optional="YES" toMany="YES" destinationEntity="Part"><userInfo><entry key="sync.nonExportable" value=""/></userInfo></relationship>\
      <userInfo><entry key="relatedByAttribute" value="code"/></userInfo></entity>\
      <entity name="Part"><attribute name="n" attributeType="Integer 16"/></entity></model>
      """
    try Data(contents.utf8).write(to: directory.appendingPathComponent("contents"))
    let model = try ModelFile(contentsOf: directory)
    #expect(model.conventions == .sync)
    let item = try #require(model.entities.first)
    #expect(item.identity == ["code"])
    let byName = Dictionary(uniqueKeysWithValues: item.attributes.map { ($0.name, $0) })
    #expect(byName["labels"]?.transformerName == "split:,")
    #expect(byName["sizes"]?.transformerName == "split:;")
    #expect(byName["secret"]?.isExported == false)
    #expect(byName["price"]?.transformerName == nil)  // only a transformable attribute takes a class's transformer
    #expect(byName["link"]?.transformerName == "url")
    #expect(byName["color"]?.transformerName == nil && byName["color"]?.userInfo["className"] == "UIColor")
    #expect(item.relationships.first?.isExported == false)
    let graph = ObjectGraph(schema: try Schema(model))
    try graph.importJSON(Array(#"[{"code": "A-1", "labels": "x,y", "sizes": "S;M", "secret": "s", "link": "https://example.com"}]"#.utf8), entity: "Item")
    let object = try #require(try graph.object(of: "Item", identity: "A-1"))
    #expect(try object.value([String].self, forKey: "labels") == ["x", "y"])
    #expect(try object.value([String].self, forKey: "sizes") == ["S", "M"])
    #expect(try object.value(forKey: "link") == .url(URL(string: "https://example.com")!))
    #expect(try graph.exportValue([object]).array?.first?.object?["secret"] == nil)
  }

  @Test("relatedByAttribute naming another attribute than the destination's identity is refused, naming both")
  func relatedByConflict() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-related-\(UUID().uuidString).xcdatamodel")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let contents = """
      <model><entity name="A"><relationship name="b" optional="YES" maxCount="1" destinationEntity="B">\
      <userInfo><entry key="relatedByAttribute" value="code"/></userInfo></relationship></entity>\
      <entity name="B"><attribute name="code" attributeType="String"/><attribute name="id" attributeType="Integer 64">\
      <userInfo><entry key="sync.isPrimaryKey" value="true"/></userInfo></attribute></entity></model>
      """
    try Data(contents.utf8).write(to: directory.appendingPathComponent("contents"))
    let error = #expect(throws: GraphError.self) { try ModelFile(contentsOf: directory) }
    #expect(error?.message.contains("\"A.b\" is related by attribute \"code\", but B is identified by id") == true)
  }
}

@Suite("Peer models: conventions and Sync's operations")
struct ConventionRulesTests {
  @Test("snake_case: acronyms, digits, and the singular of …_ids keys")
  func spelling() {
    let cases = [
      ("userID", "user_id"), ("createdAt", "created_at"), ("url", "url"), ("htmlURL", "html_url"), ("address2", "address2"),
      ("line2Text", "line2_text"), ("URLString", "url_string"), ("imageURLs", "image_urls"),
    ]
    for (name, key) in cases { #expect(PayloadConventions.snakeCase(name) == key, "\(name)") }
    let plurals = [("tags", "tag"), ("categories", "category"), ("addresses", "address"), ("boxes", "box"), ("status", "status"), ("people", "people")]
    for (plural, single) in plurals { #expect(PayloadConventions.singular(plural) == single, "\(plural)") }
  }

  @Test("a declared key path, identity or transformer wins; applying twice changes nothing more")
  func conventionsFillOnlyWhatIsOpen() throws {
    let declared = [
      Entity("Item", identity: ["code"]) {
        Attribute("id", .integer64)
        Attribute("code", .string, keyPath: "sku")
        Attribute("madeAt", .date, transformer: "epoch-ms")
        Attribute("shippedAt", .date, optional: true)
      }
    ]
    let once = PayloadConventions.sync.applied(to: declared)
    #expect(PayloadConventions.sync.applied(to: once) == once)
    let item = try #require(once.first)
    #expect(item.identity == ["code"])
    #expect(item.attributes.map(\.payloadKeyPath) == ["id", "sku", "made_at", "shipped_at"])
    #expect(item.attributes.map(\.transformerName) == [nil, nil, "epoch-ms", PayloadConventions.anyDateTransformer])
  }

  @Test("dates by magnitude: seconds, milliseconds and microseconds since 1970, numbers or numeric strings")
  func epochsByMagnitude() throws {
    let schema = try Schema(PayloadConventions(readsAnyDate: true).applied(to: [Entity("E") { Attribute("at", .date) }]))
    let expected = GraphValue.date(Date(timeIntervalSince1970: 1_441_843_200))
    for written in ["1441843200", "1441843200000", "1441843200000000", "\"1441843200000\"", "\"2015-09-10T02:00:00+02:00\"", "\"2015-09-10\""] {
      let graph = ObjectGraph(schema: schema)
      try graph.importJSON(Array("[{\"at\": \(written)}]".utf8), entity: "E")
      #expect(try graph.objects(of: "E").first?.value(forKey: "at") == expected, "\(written)")
    }
    let graph = ObjectGraph(schema: schema)
    #expect(throws: MappingError.self) { try graph.importJSON(Array(#"[{"at": "soon"}]"#.utf8), entity: "E") }
  }

  static let library = try! Schema(
    PayloadConventions.sync.applied(to: [
      Entity("Author") {
        Attribute("id", .integer64)
        Attribute("name", .string, optional: true)
        Relationship("books", to: "Book", toMany: true, inverse: "author", deleteRule: .cascade)
        Relationship("tags", to: "Tag", toMany: true, inverse: "authors")
      },
      Entity("Book") {
        Attribute("id", .integer64)
        Attribute("title", .string, optional: true)
        Attribute("year", .integer32, optional: true)
        Relationship("author", to: "Author", inverse: "books")
      },
      Entity("Tag") {
        Attribute("id", .integer64)
        Relationship("authors", to: "Author", toMany: true, inverse: "tags")
      },
    ]))

  static let seed = #"[{"id": 1, "name": "Ada", "books": [{"id": 10, "title": "Notes"}, {"id": 11, "title": "Letters"}], "tag_ids": [1, 2]}, {"id": 2, "name": "Mary"}]"#

  private func seeded() throws -> ObjectGraph {
    let graph = ObjectGraph(schema: Self.library)
    try graph.importJSON(Array(Self.seed.utf8), entity: "Author")
    return graph
  }

  @Test("operations: without insert new objects are left out and not linked; without update found ones keep their values")
  func operations() throws {
    let graph = try seeded()
    var options = GraphImportOptions()
    options.operations = [.update]
    options.relationshipOperations["Author.books"] = [.update]
    let report = try graph.importJSON(
      Array(#"[{"id": 1, "name": "Ada L.", "books": [{"id": 10, "title": "Notes, 2nd"}, {"id": 12}]}, {"id": 3, "name": "New"}]"#.utf8),
      entity: "Author", options: options)
    #expect(report.objects.count == 1)
    #expect(try graph.object(of: "Author", identity: 3) == nil)
    #expect(try graph.object(of: "Book", identity: 12) == nil)
    #expect(try graph.object(of: "Author", identity: 1)?.value(forKey: "name") == "Ada L.")
    #expect(try graph.object(of: "Book", identity: 10)?.value(forKey: "title") == "Notes, 2nd")
    options.operations = [.insert]
    try graph.importJSON(Array(#"[{"id": 1, "name": "Changed"}, {"id": 4, "name": "Inserted"}]"#.utf8), entity: "Author", options: options)
    #expect(try graph.object(of: "Author", identity: 1)?.value(forKey: "name") == "Ada L.")
    #expect(try graph.object(of: "Author", identity: 4)?.value(forKey: "name") == "Inserted")
  }

  @Test("stale objects: all, those related to a parent, those matching a test; nothing without delete")
  func staleObjects() throws {
    var options = GraphImportOptions()
    options.staleObjects = .all
    var graph = try seeded()
    var report = try graph.importJSON(Array(#"[{"id": 2}]"#.utf8), entity: "Author", options: options)
    #expect(report.deletedCount == 1)
    #expect(try graph.objects(of: "Author").map { try $0.value(forKey: "id") } == [.integer(2)])
    #expect(try graph.objects(of: "Book").isEmpty)  // Ada's books went with her (cascade)

    graph = try seeded()
    options.staleObjects = .related(to: "Author", identity: [1], through: "books")
    report = try graph.importJSON(Array(#"[{"id": 11, "title": "Letters", "author_id": 1}, {"id": 12, "author_id": 1}]"#.utf8), entity: "Book", options: options)
    #expect(report.deletedCount == 1)
    #expect(try graph.objects(of: "Book").map { try $0.value(forKey: "id") } == [.integer(11), .integer(12)])

    graph = try seeded()
    options.staleObjects = .matching { (try? $0.value(forKey: "title")) == "Notes" || (try? $0.value(forKey: "title")) == "Letters" }
    try graph.importJSON(Array(#"[{"id": 11}]"#.utf8), entity: "Book", options: options)
    #expect(try graph.objects(of: "Book").map { try $0.value(forKey: "id") } == [.integer(11)])

    graph = try seeded()
    options.staleObjects = .all
    options.operations = [.insert, .update]
    report = try graph.importJSON(Array(#"[{"id": 2}]"#.utf8), entity: "Author", options: options)
    #expect(report.deletedCount == 0)
    #expect(try graph.objects(of: "Author").count == 2)

    options.operations = .all
    options.staleObjects = .related(to: "Author", identity: [1], through: "name")
    #expect(throws: GraphError.self) { try graph.importJSON(Array("[]".utf8), entity: "Book", options: options) }
  }

  @Test("by kind, as Sync: a one-to-many relationship's missing children are deleted, a many-to-many's only unlinked")
  func mergeByKind() throws {
    let graph = try seeded()
    var options = GraphImportOptions()
    options.toManyMerge = .byKind
    try graph.importJSON(Array(#"[{"id": 1, "books": [{"id": 10}], "tag_ids": [2]}]"#.utf8), entity: "Author", options: options)
    #expect(try graph.objects(of: "Book").map { try $0.value(forKey: "id") } == [.integer(10)])
    #expect(try graph.objects(of: "Tag").count == 2)
    #expect(try graph.object(of: "Author", identity: 1)?.related(forKey: "tags").count == 1)
    // Without delete, the one-to-many relationship unlinks too.
    options.operations = [.insert, .update]
    try graph.importJSON(Array(#"[{"id": 1, "books": []}]"#.utf8), entity: "Author", options: options)
    #expect(try graph.objects(of: "Book").count == 1)
  }

  @Test("null entries in a to-many array are skipped, strict and lossy")
  func nullEntriesSkipped() throws {
    for lossy in [false, true] {
      let graph = ObjectGraph(schema: Self.library)
      var options = GraphImportOptions()
      options.isLossy = lossy
      let report = try graph.importJSON(Array(#"[{"id": 1, "books": [null, {"id": 10}, null], "tag_ids": [null, 3]}]"#.utf8), entity: "Author", options: options)
      #expect(report.issues.isEmpty)
      #expect(try graph.object(of: "Author", identity: 1)?.related(forKey: "books").count == 1)
      #expect(try graph.object(of: "Author", identity: 1)?.related(forKey: "tags").count == 1)
    }
  }
}

@Suite("Peer models: Groot's payload transformers")
struct PayloadTransformerTests {
  static let schema = try! Schema {
    Entity("Account", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("name", .string)
      Relationship("profile", to: "Profile", inverse: "account")
    }
    Entity("Profile") {
      Attribute("bio", .string, optional: true)
      Relationship("account", to: "Account", inverse: "profile")
    }
  }

  static var declared: Schema {
    var entities = schema.declarations
    entities[0].payloadTransformerName = "unwrap"
    entities[1].payloadTransformerName = "unwrap"
    return try! Schema(entities)
  }

  static var options: GraphImportOptions {
    var options = GraphImportOptions()
    options.payloadTransformers["unwrap"] = { payload in
      guard case .object(let members) = payload, let data = members["data"] else { return payload }
      return data
    }
    return options
  }

  @Test("each payload object is read as the transformer returns it, nested ones and a one-to-one updated in place too")
  func rewritesPayloads() throws {
    let graph = ObjectGraph(schema: Self.declared)
    let payload = Array(#"[{"data": {"id": 1, "name": "Ada", "profile": {"data": {"bio": "Counts"}}}}, {"id": 2, "name": "Plain"}]"#.utf8)
    try graph.importJSON(payload, entity: "Account", options: Self.options)
    try graph.importJSON(payload, entity: "Account", options: Self.options)
    #expect(try graph.object(of: "Account", identity: 1)?.value(forKey: "name") == "Ada")
    #expect(try graph.object(of: "Account", identity: 1)?.relatedObject(forKey: "profile")?.value(forKey: "bio") == "Counts")
    #expect(try graph.objects(of: "Profile").count == 1)
    #expect(try graph.objects(of: "Account").count == 2)
  }

  @Test("an unbound transformer fails before anything is imported; a bad rewritten value is placed at the original object")
  func errors() throws {
    let graph = ObjectGraph(schema: Self.declared)
    let unbound = #expect(throws: GraphError.self) { try graph.importJSON(Array("[]".utf8), entity: "Account") }
    #expect(unbound?.code == .unboundTransformer)
    #expect(unbound?.message.contains("payload transformer \"unwrap\" is not bound") == true)
    let bad = #expect(throws: MappingError.self) {
      try graph.importJSON(Array("[\n  {\"data\": {\"id\": \"x\", \"name\": \"A\"}}\n]".utf8), entity: "Account", options: Self.options, sourceName: "a.json")
    }
    #expect(bad?.line == 2)
    #expect(bad?.description.contains("in the object payload transformer \"unwrap\" made of it") == true)
    var returnsArray = GraphImportOptions()
    returnsArray.payloadTransformers["unwrap"] = { _ in .array([]) }
    #expect(throws: MappingError.self) { try graph.importJSON(Array(#"[{"id": 1}]"#.utf8), entity: "Account", options: returnsArray) }
  }

  @Test("a model file's JSONDictionaryTransformerName names the entity's payload transformer")
  func modelFileKey() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-groot-\(UUID().uuidString).xcdatamodel")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let contents = """
      <model><entity name="Account"><attribute name="id" attributeType="Integer 64"/>\
      <userInfo><entry key="JSONDictionaryTransformerName" value="unwrap"/><entry key="identityAttributes" value="id"/></userInfo></entity></model>
      """
    try Data(contents.utf8).write(to: directory.appendingPathComponent("contents"))
    let schema = try Schema(modelAt: directory)
    #expect(schema["Account"]?.declaration.payloadTransformerName == "unwrap")
    #expect(schema["Account"]?.declaration.userInfo["JSONDictionaryTransformerName"] == "unwrap")
  }
}
