import Foundation
import Foundry
import FoundryGraph
import FoundryJSON
import FoundryStore
import Testing

/// Every built-in transformer on every attribute type it may sit on, Transformable included,
/// with edge values: a payload imported into a graph, into a store and fetched, then exported
/// from the store and imported again gives the same values, bit for bit, on each backend.
@Suite("Built-in transformers round-trip through the store")
struct TransformerRoundTripTests {
  /// A transformer spec, an attribute type it sits on, and payload values (JSON texts).
  struct Case: CustomTestStringConvertible, Sendable {
    let spec: String
    let type: AttributeType
    let values: [String]

    var testDescription: String { "\(spec) on \(type)" }
  }

  static let dates = [#""1850-06-01T12:30:45Z""#, #""2150-01-01T00:00:00Z""#, #""2024-02-29T23:59:59.125Z""#, #""1899-12-31T23:59:59Z""#]
  static let cases: [Case] =
    [AttributeType.date, .transformable].flatMap { type in
      [
        Case(spec: "iso8601", type: type, values: dates),
        Case(spec: "rfc3339", type: type, values: dates),
        Case(spec: "iso8601-date", type: type, values: [#""1850-06-01""#, #""2150-12-31""#]),
        Case(spec: "rfc1123", type: type, values: [#""Sun, 06 Nov 1994 08:49:37 GMT""#, #""Mon, 01 Jan 1855 00:00:00 GMT""#]),
        Case(spec: "rfc822", type: type, values: [#""Sun, 06 Nov 1994 08:49:37 +0000""#]),
        Case(spec: "twitter", type: type, values: [#""Wed Aug 27 13:08:45 +0000 2008""#, #""Fri Jan 01 00:00:00 +0000 2155""#]),
        Case(spec: "epoch-seconds", type: type, values: ["-2000000000", "4200000000", "1.5", "0"]),
        Case(spec: "epoch-ms", type: type, values: ["-5000000000000", "1409444955123", "7258118400000"]),
        Case(spec: "date:yyyy-MM-dd", type: type, values: [#""1564-04-01""#, #""2101-12-31""#]),
        Case(spec: "date:dd/MM/yyyy HH:mm", type: type, values: [#""01/04/1564 10:30""#]),
        Case(spec: "dates:iso8601|epoch-seconds", type: type, values: [#""2024-01-01T00:00:00Z""#, "1700000000"]),
      ]
    } + [
      Case(spec: "bool", type: .boolean, values: ["true", "false"]),
      Case(spec: "bool", type: .transformable, values: ["true", "false"]),
      Case(spec: "int", type: .integer16, values: ["-32768", "32767", "0"]),
      Case(spec: "int", type: .integer32, values: ["-2147483648", "2147483647"]),
      Case(spec: "int", type: .integer64, values: ["9007199254740993", "-9223372036854775808", "9223372036854775807"]),
      Case(spec: "int", type: .transformable, values: ["9007199254740993", "-1"]),
      Case(spec: "double", type: .double, values: ["0.1", "-1e300", "5e-324", "9007199254740993"]),
      Case(spec: "double", type: .float, values: ["0.5", "3.25", "-1024"]),
      Case(spec: "double", type: .transformable, values: ["0.1", "1e300"]),
      Case(spec: "string", type: .string, values: [#""é字😀 \"q\" \\""#, #""""#]),
      Case(spec: "string", type: .transformable, values: [#""é字😀""#, #""""#]),
      Case(spec: "url", type: .uri, values: [#""https://example.com/b%C3%BCcher?q=1#x""#, #""mailto:a@example.com""#]),
      Case(spec: "url", type: .transformable, values: [#""https://example.com/a?b=c""#]),
      Case(spec: "uuid", type: .uuid, values: [#""E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#]),
      Case(spec: "uuid", type: .transformable, values: [#""00000000-0000-0000-0000-000000000000""#]),
      Case(spec: "decimal", type: .decimal, values: ["123456789012345678901234.5678", "0.1", "-0.000000000000000001"]),
      Case(spec: "decimal", type: .transformable, values: ["123456789012345678901234.5678"]),
      Case(spec: "decimal-string", type: .decimal, values: [#""12345678901234567890.123456789""#, #""-1""#]),
      Case(spec: "base64", type: .binary, values: [#""AAEC/w==""#, #""""#]),
      Case(spec: "base64", type: .transformable, values: [#""AAEC/w==""#]),
      Case(spec: "base64url", type: .binary, values: [#""AAEC_w""#]),
      Case(spec: "split:,", type: .transformable, values: [#""drama,fantasy""#, #""""#, #""é,字,😀""#, #""one""#]),
      Case(spec: "split:; ", type: .transformable, values: [#""a, b; c""#]),
      Case(spec: "json", type: .transformable, values: [#"{"a": [1, 2.5, "x", null, true]}"#, "[1, 2]", #""text""#, "3"]),
    ]

  @Test("payload → store → fetch → export → payload keeps every value", arguments: cases, StoreBackendKind.available)
  func roundTrip(_ testCase: Case, kind: StoreBackendKind) async throws {
    let schema = try Schema {
      Entity("Item", identity: ["id"]) {
        Attribute("id", .integer64)
        Attribute("value", testCase.type, optional: true, transformer: "T")
      }
    }
    var transformers = TransformerRegistry.standard
    try transformers.bind("T", to: testCase.spec)
    var options = GraphImportOptions()
    options.mapping.transformers = transformers
    let payload = Array(("[" + testCase.values.enumerated().map { #"{"id": \#($0.offset), "value": \#($0.element)}"# }.joined(separator: ", ") + "]").utf8)

    let imported = ObjectGraph(schema: schema)
    try imported.importJSON(payload, entity: "Item", options: options)
    let store = try await kind.makeStore(schema, transformers: transformers).store
    try await store.makeContext().importJSON(payload, entity: "Item", options: options)
    let context = try store.makeContext()
    let fetched = try await context.fetch(FetchRequest(entity: "Item"))
    var encoding = EncodingOptions()
    encoding.transformers = transformers
    let exported = try context.graph.exportJSON(fetched, options: encoding)
    let reimported = ObjectGraph(schema: schema)
    try reimported.importJSON(exported, entity: "Item", options: options)

    let expected = Self.values(try imported.objects(of: "Item"))
    #expect(expected.count == testCase.values.count)
    #expect(Self.values(fetched) == expected, "stored")
    #expect(Self.values(try reimported.objects(of: "Item")) == expected, "exported: \(String(decoding: exported, as: UTF8.self))")
  }

  @Test("a string holding NUL round-trips on SQLite; PostgreSQL, whose text cannot hold it, refuses it", arguments: StoreBackendKind.available)
  func nulInText(kind: StoreBackendKind) async throws {
    let schema = try Schema {
      Entity("Item", identity: ["id"]) {
        Attribute("id", .integer64)
        Attribute("value", .string, optional: true)
      }
    }
    let store = try await kind.makeStore(schema).store
    let payload = Array(#"[{"id": 1, "value": "a\u0000b"}]"#.utf8)
    switch kind {
    case .sqlite:
      try await store.makeContext().importJSON(payload, entity: "Item")
      let fetched = try await store.makeContext().fetch(FetchRequest(entity: "Item"))
      #expect(try fetched.first?.value(forKey: "value") == .string("a\u{0}b"))
    case .postgres:
      await #expect {
        try await store.makeContext().importJSON(payload, entity: "Item")
      } throws: { error in
        (error as? StoreError)?.message == "Item.value: this database's text cannot hold NUL (U+0000)"
      }
      #expect(try await store.makeContext().count(FetchRequest(entity: "Item")) == 0)
    }
  }

  /// Each object's value by id, described so that equal means the same bits.
  private static func values(_ objects: [ManagedObject]) -> [Int64: String] {
    var values: [Int64: String] = [:]
    for object in objects {
      guard case .integer(let id)? = try? object.value(forKey: "id") else { continue }
      values[id] = ((try? object.value(forKey: "value")) ?? nil).map(GraphStoreAgreement.describe) ?? "nil"
    }
    return values
  }
}
