import Foundation
import FoundryGraph
import FoundryJSON
import Testing

/// The Core Data model fixtures under `Fixtures/Models` (see the README there).
enum ModelFixtures {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures").appendingPathComponent("Models")

  /// The fixture at `path`, relative to `Fixtures/Models`.
  static func url(_ path: String) -> URL { directory.appendingPathComponent(path) }
}

@Suite("Model files: versions, vocabularies, types and schemas")
struct ModelFileTests {
  // MARK: - Choosing the file

  @Test("a bundle is read at the version .xccurrentversion names")
  func currentVersion() throws {
    let model = try ModelFile(contentsOf: ModelFixtures.url("Library.xcdatamodeld"))
    #expect(model.versionName == "Library 2")
    #expect(model.versionNames == ["Library", "Library 2"])
    #expect(model.contentsURL.path == ModelFixtures.url("Library.xcdatamodeld/Library 2.xcdatamodel/contents").path)
    #expect(model.entities.map(\.name) == ["Author", "Book", "Publisher", "Tag"])
  }

  @Test("a version directory, or its contents file, is read alone")
  func versionDirectoryAndContentsFile() throws {
    let version = try ModelFile(contentsOf: ModelFixtures.url("Library.xcdatamodeld/Library.xcdatamodel"))
    #expect(version.versionName == "Library")
    #expect(version.versionNames == ["Library"])
    #expect(version.entities.map(\.name) == ["Author", "Book"])
    let contents = try ModelFile(contentsOf: ModelFixtures.url("Library.xcdatamodeld/Library 2.xcdatamodel/contents"))
    #expect(contents.versionName == "Library 2")
    #expect(contents.entities.map(\.name) == ["Author", "Book", "Publisher", "Tag"])
  }

  @Test("a bundle with one version and no .xccurrentversion reads that version")
  func loneVersion() throws {
    let model = try ModelFile(contentsOf: ModelFixtures.url("Characters.xcdatamodeld"))
    #expect(model.versionName == "Characters")
    #expect(model.versionNames == ["Characters"])
  }

  @Test("folder and file names with spaces")
  func spacesInNames() throws {
    let url = ModelFixtures.url("Kitchen Sink Models/Kitchen Sink.xcdatamodel")
    let model = try ModelFile(contentsOf: url)
    #expect(model.url == url)
    #expect(model.versionName == "Kitchen Sink")
    #expect(model.entities.map(\.name) == ["Circle", "Part", "Sample", "Shape", "Square"])
  }

  // MARK: - User info vocabularies

  @Test("Modelmatic: jsonKeyPath and externalKeyPath; identity from uniqueness constraints and identityAttribute")
  func modelmaticVocabulary() throws {
    let model = try ModelFile(contentsOf: ModelFixtures.url("Library.xcdatamodeld"))
    let author = Entity("Author", identity: ["id"]) {
      Attribute("born", .date, optional: true, transformer: "date:yyyy-MM-dd")
      Attribute("firstName", .string)
      Attribute("id", .integer64, default: 0, keyPath: "author_id", userInfo: ["jsonKeyPath": "author_id"])
      Attribute("lastName", .string, optional: true)
      Attribute("rating", .integer16, default: 3)
      Relationship("books", to: "Book", toMany: true, ordered: true, inverse: "author", deleteRule: .cascade)
    }
    #expect(model.entities.first == author)
    let book = try #require(model.entities.first { $0.name == "Book" })
    #expect(book.identity == ["id"])
    #expect(book.attributes.map(\.payloadKeyPath) == ["book_id", "keywords", "pricing.retail_price", "title", "year"])
    #expect(book.attributes[2].userInfo == ["externalKeyPath": "pricing.retail_price"])
    #expect(book.attributes[1].type == .transformable)
    #expect(book.relationships.map(\.payloadKeyPath) == ["author", "publisher_id", "tags"])
    let publisher = try #require(model.entities.first { $0.name == "Publisher" })
    #expect(publisher.identity == ["id"])
    #expect(publisher.userInfo == ["identityAttribute": "id"])
    #expect(model.entities.last?.identity == ["label"])
  }

  @Test("Groot: JSONKeyPath, JSONTransformerName, identityAttributes, entityMapperName, subentities")
  func grootVocabulary() throws {
    let model = try ModelFile(contentsOf: ModelFixtures.url("Characters.xcdatamodeld"))
    let character = Entity(
      "Character", abstract: true, identity: ["id", "region"], entityMapper: "characterMapper",
      userInfo: ["entityMapperName": "characterMapper", "identityAttributes": "id, region"]
    ) {
      Attribute(
        "born", .date, optional: true, keyPath: "birth.date", transformer: "date:yyyy-MM-dd",
        userInfo: ["JSONKeyPath": "birth.date", "JSONTransformerName": "date:yyyy-MM-dd"])
      Attribute("id", .integer64, default: 0, keyPath: "id", userInfo: ["JSONKeyPath": "id"])
      Attribute("name", .string, keyPath: "name", userInfo: ["JSONKeyPath": "name"])
      Attribute("region", .string, keyPath: "region_code", userInfo: ["JSONKeyPath": "region_code"])
      Relationship("powers", to: "Power", toMany: true, inverse: "characters", keyPath: "powers", userInfo: ["JSONKeyPath": "powers"])
    }
    #expect(model.entities.first == character)
    let hero = try #require(model.entities.first { $0.name == "Hero" })
    #expect(hero.parent == "Character")
    #expect(!hero.isAbstract)
    #expect(hero.identity == [])
    #expect(hero.userInfo == ["subentityValue": "hero"])
    #expect(hero.attributes == [Attribute("secretIdentity", .string, optional: true, keyPath: "secret_identity", userInfo: ["JSONKeyPath": "secret_identity"])])
    let power = try #require(model.entities.first { $0.name == "Power" })
    #expect(power.identity == ["name"])
  }

  @Test("Foundry: identityScope, subentityKeyPath, keyedBy; key path precedence")
  func foundryVocabulary() throws {
    let model = try ModelFile(contentsOf: ModelFixtures.url("Kitchen Sink Models/Kitchen Sink.xcdatamodel"))
    let entities = Dictionary(uniqueKeysWithValues: model.entities.map { ($0.name, $0) })
    let part = try #require(entities["Part"])
    #expect(part.identity == ["code"])
    #expect(part.isIdentityScopedToParent)
    #expect(part.userInfo == ["identityAttributes": "code", "identityScope": "parent"])
    #expect(entities["Sample"]?.isIdentityScopedToParent == false)
    #expect(entities["Sample"]?.relationships.first?.keyedBy == "code")
    let shape = try #require(entities["Shape"])
    #expect(shape.isAbstract)
    #expect(shape.subentityKeyPath == "kind")
    #expect(shape.entityMapperName == nil)
    // jsonKeyPath wins over externalKeyPath; both stay in the user info.
    #expect(shape.attributes.first?.keyPath == "colour")
    #expect(shape.attributes.first?.userInfo == ["externalKeyPath": "style.color", "jsonKeyPath": "colour"])
    #expect(entities["Circle"]?.parent == "Shape")
  }

  // MARK: - Types, defaults and relationships

  @Test("attribute types and default values")
  func typesAndDefaults() throws {
    let model = try ModelFile(contentsOf: ModelFixtures.url("Kitchen Sink Models/Kitchen Sink.xcdatamodel"))
    let sample = try #require(model.entities.first { $0.name == "Sample" })
    let expected: [(String, AttributeType, GraphValue?)] = [
      ("anything", .transformable, nil),
      ("blob", .binary, nil),
      ("count16", .integer16, -7),
      ("count32", .integer32, 70_000),
      ("count64", .integer64, 9_000_000_000),
      ("created", .date, .date(Date(timeIntervalSinceReferenceDate: 0))),
      ("epoch", .date, .date(Date(timeIntervalSince1970: 0))),
      ("flagNo", .boolean, false),
      ("flagOne", .boolean, true),
      ("flagYes", .boolean, true),
      ("flagZero", .boolean, false),
      ("homepage", .uri, .url(try #require(URL(string: "https://example.com/")))),
      ("label", .string, "untitled"),
      ("payload", .transformable, nil),
      ("price", .decimal, .decimal(try #require(Decimal(string: "12.50")))),
      ("ratio", .double, 0.25),
      ("scale", .float, .float(1.5)),
      ("token", .uuid, .uuid(try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")))),
    ]
    #expect(sample.attributes.map(\.name) == expected.map(\.0))
    for (attribute, (name, type, value)) in zip(sample.attributes, expected) {
      #expect(attribute.type == type, "\(name)")
      #expect(attribute.defaultValue == value, "\(name)")
      #expect(attribute.userInfo.isEmpty, "\(name)")
    }
    #expect(sample.attributes.filter(\.isOptional).map(\.name) == ["anything", "blob", "homepage", "payload"])
    #expect(sample.attributes.compactMap(\.transformerName) == ["NSSecureUnarchiveFromDataTransformer"])
    let radius = model.entities.first { $0.name == "Circle" }?.attributes.first
    #expect(radius?.defaultValue == .double(1))
    #expect(model.entities.last?.attributes.first?.defaultValue == .float(2))
  }

  @Test("relationships: to-many, ordered, counts, delete rules, optionality")
  func relationships() throws {
    let model = try ModelFile(contentsOf: ModelFixtures.url("Kitchen Sink Models/Kitchen Sink.xcdatamodel"))
    let sample = try #require(model.entities.first { $0.name == "Sample" })
    #expect(
      sample.relationships == [
        Relationship(
          "parts", to: "Part", toMany: true, ordered: true, inverse: "sample", deleteRule: .deny, optional: false,
          minCount: 1, maxCount: 5, keyedBy: "code", userInfo: ["keyedBy": "code"]),
        Relationship("shape", to: "Shape", deleteRule: .cascade),
      ])
    // A to-one relationship's maxCount="1" is not a count.
    let part = try #require(model.entities.first { $0.name == "Part" })
    #expect(part.relationships == [Relationship("sample", to: "Sample", inverse: "parts", deleteRule: .noAction, optional: false)])
  }

  // MARK: - Schemas

  @Test("the Library bundle resolves into a schema: inverses and identity slots")
  func librarySchema() throws {
    let schema = try Schema(modelAt: ModelFixtures.url("Library.xcdatamodeld"))
    let author = try #require(schema["Author"])
    let book = try #require(schema["Book"])
    #expect(author.identity == ["id"])
    #expect(author.identitySlots == [2])
    #expect(book.identitySlots == [0])
    let books = try #require(author.relationshipSlot(named: "books"))
    #expect(author.destinationIndices[books] == book.index)
    #expect(author.inverseSlots[books] == book.relationshipSlot(named: "author"))
    let publisher = try #require(book.relationshipSlot(named: "publisher"))
    #expect(schema.entities[book.destinationIndices[publisher]].name == "Publisher")
    #expect(schema["Tag"]?.identitySlots == [0])
  }

  @Test("subentities inherit attributes and the parent's identity")
  func charactersSchema() throws {
    let model = try ModelFile(contentsOf: ModelFixtures.url("Characters.xcdatamodeld"))
    let schema = try Schema(model)
    #expect(schema.declarations == model.entities)
    let hero = try #require(schema["Hero"])
    #expect(hero.attributes.map(\.name) == ["born", "id", "name", "region", "secretIdentity"])
    #expect(hero.identity == ["id", "region"])
    #expect(hero.identitySlots == [1, 3])
    #expect(schema["Character"]?.descendantIndices.map { schema.entities[$0].name } == ["Hero", "Villain"])
    let powers = try #require(hero.relationshipSlot(named: "powers"))
    #expect(hero.inverseSlots[powers] == schema["Power"]?.relationshipSlot(named: "characters"))
  }

  @Test("the kitchen sink resolves: keyedBy, counts and scoped identity check out")
  func kitchenSinkSchema() throws {
    let schema = try Schema(modelAt: ModelFixtures.url("Kitchen Sink Models/Kitchen Sink.xcdatamodel"))
    #expect(schema["Part"]?.isIdentityScopedToParent == true)
    #expect(schema["Square"]?.attributes.map(\.name) == ["color", "side"])
    #expect(schema["Sample"]?.hasIdentity == false)
  }

  @Test("what Xcode writes and Core Data accepts loads: derived attributes, \"0.0\" integer defaults, Binary identity, empty transformer names, one-sided inverses")
  func xcodeQuirks() throws {
    let schema = try Schema(modelAt: ModelFixtures.url("Xcode Quirks.xcdatamodel"))
    let dose = try #require(schema["Dose"])
    let attributes = Dictionary(uniqueKeysWithValues: dose.attributes.map { ($0.name, $0) })
    #expect(attributes["insulinType"]?.defaultValue == .integer(0))
    #expect(attributes["summary"]?.userInfo["derivationExpression"] == "canonical:(note)")
    #expect(attributes["note"]?.transformerName == nil)
    #expect(attributes["tint"]?.transformerName == "ColorTransformer")
    #expect(dose.identitySlots == [try #require(dose.attributeSlot(named: "hash_"))])
    // `strayBack` names `Pump.latest`, whose inverse is `lastOf`: read without inverse.
    #expect(dose.inverseSlots[try #require(dose.relationshipSlot(named: "strayBack"))] == nil)
    #expect(dose.inverseSlots[try #require(dose.relationshipSlot(named: "lastOf"))] == schema["Pump"]?.relationshipSlot(named: "latest"))
    // A Binary identity finds the same object again; an unbound transformer keeps the payload's JSON.
    let graph = ObjectGraph(schema: schema)
    let payload = #"[{"hash_": "AAEC", "tint": {"red": 1}, "insulinType": 3}, {"hash_": "AAEC", "summary": "é"}]"#
    try graph.importJSON(Array(payload.utf8), entity: "Dose")
    let doses = try graph.objects(of: "Dose")
    #expect(doses.count == 1)
    #expect(try doses.first?.value(forKey: "tint") == .json(.object(JSONObject([("red", .number(JSONNumber(1)))]))))
    #expect(try doses.first?.value(forKey: "summary") == "é")
  }
}
