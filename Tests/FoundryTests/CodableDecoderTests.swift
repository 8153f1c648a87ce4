#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryJSON
import Testing

/// Decodes with Foundry and with `JSONDecoder` and expects the same value.
private func expectSameAsJSONDecoder<T: Decodable & Equatable>(
  _ type: T.Type, _ json: String, snakeCase: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  var options = MappingOptions()
  let foundation = JSONDecoder()
  if snakeCase {
    options.codableKeys = .convertFromSnakeCase
    foundation.keyDecodingStrategy = .convertFromSnakeCase
  }
  let ours = try MappingDecoder(options: options).decode(T.self, from: json)
  let theirs = try foundation.decode(T.self, from: Data(json.utf8))
  #expect(ours == theirs, sourceLocation: sourceLocation)
}

@Suite("Codable: Decodable models through Foundry's Decoder")
struct CodableDecoderTests {
  static let person = """
    {"name": "Ada", "age": 36, "email": null, "tags": ["math", "engines"],
     "address": {"street": "St James's Square", "zip": "SW1Y"},
     "scores": {"analysis": 9.5, "poetry": 7}, "ranks": {"1": "first", "2": "second"},
     "role": "admin", "level": 2,
     "friends": [{"name": "Charles", "age": 41, "tags": [], "address": {"street": "Dorset Street"},
                  "scores": {}, "ranks": {}, "role": "member", "level": 1, "matrix": [],
                  "nicknames": [], "ratio": 0.1, "small": -128}],
     "matrix": [[1, 2], [3], []], "nicknames": ["Enchantress"], "ratio": 1.5, "small": 127}
    """

  @Test func nestedModelsArraysOptionalsDictionariesAndEnums() throws {
    try expectSameAsJSONDecoder(CodableModels.Person.self, Self.person)
    let person = try MappingDecoder().decode(CodableModels.Person.self, from: Self.person)
    #expect(person.friends?.first?.address.zip == nil)
    #expect(person.ranks == [1: "first", 2: "second"])
    #expect(person.level == .high)
  }

  @Test func topLevelCollections() throws {
    try expectSameAsJSONDecoder([CodableModels.Address].self, #"[{"street": "a"}, {"street": "b", "zip": "1"}]"#)
    try expectSameAsJSONDecoder([String: [Int]].self, #"{"a": [1, 2], "b": []}"#)
    try expectSameAsJSONDecoder([Int?].self, "[1, null, 3]")
    try expectSameAsJSONDecoder([[Double]].self, "[[1.5, -2e3], [0.1]]")
  }

  @Test func foundationTypesThroughTheirDecodable() throws {
    let json = """
      {"date": 712345678.5, "url": "https://example.com/a?b=c", "price": 12.345678901234567890,
       "blob": "SGVsbG8=", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}
      """
    try expectSameAsJSONDecoder(CodableModels.Stamps.self, json)
    let stamps = try MappingDecoder().decode(CodableModels.Stamps.self, from: json)
    #expect(stamps.blob == Data("Hello".utf8))
    #expect(stamps.price == Decimal(string: "12.345678901234567890"))
    #expect(stamps.date == Date(timeIntervalSinceReferenceDate: 712_345_678.5))
  }

  @Test func bigIntegersAreExact() throws {
    let json = #"{"max": 18446744073709551615, "min": -9223372036854775808, "negative": -2147483648}"#
    try expectSameAsJSONDecoder(CodableModels.BigNumbers.self, json)
    let numbers = try MappingDecoder().decode(CodableModels.BigNumbers.self, from: json)
    #expect(numbers.max == .max)
    #expect(numbers.min == .min)
  }

  @Test func snakeCaseKeys() throws {
    let json = """
      {"created_at": "2024-01-01", "user_id": 7, "is_translation_enabled": true,
       "headers": {"content_type": "json", "X-Id": "1"}, "_private": 3}
      """
    try expectSameAsJSONDecoder(CodableModels.SnakeModel.self, json, snakeCase: true)
    var options = MappingOptions()
    options.codableKeys = .convertFromSnakeCase
    let model = try MappingDecoder(options: options).decode(CodableModels.SnakeModel.self, from: json)
    #expect(model.headers["content_type"] == "json")
    #expect(model._private == 3)
  }

  @Test func nestedContainers() throws {
    try expectSameAsJSONDecoder(CodableModels.Nested.self, #"{"point": {"x": 1, "y": 2}, "labels": ["a", "b"]}"#)
  }

  @Test func superDecoder() throws {
    let json = #"{"breed": "collie", "super": {"name": "Lassie"}}"#
    try expectSameAsJSONDecoder(CodableModels.Dog.self, json)
  }

  @Test func keysInAnyOrderAndUnknownKeys() throws {
    try expectSameAsJSONDecoder(CodableModels.Address.self, #"{"zip": "1", "extra": [1, {"street": "no"}], "street": "a"}"#)
  }

  static let scalars = [
    #"{"text": "a", "flag": true, "ratio": 0.5, "count": 1, "small": -2, "big": 9223372036854775807, "note": "n", "isOn": false, "share": 2, "total": -3, "tiny": 4, "huge": -9223372036854775808}"#,
    // Out of order, nulls and missing optionals: every lookup after one must still find its key.
    #"{"huge": null, "big": 3, "tiny": null, "small": 2, "total": null, "count": 1, "share": null, "ratio": 1e2, "isOn": null, "flag": false, "note": null, "text": "b"}"#,
    #"{"text": "c\u00e9", "flag": true, "ratio": -0.0, "count": 0, "small": 0, "big": 0, "total": 7}"#,
    // Values the fast path declines, then keys after them.
    #"{"text": 1, "flag": true, "ratio": 1, "count": 1, "small": 1, "big": 1}"#,
    #"{"text": "d", "flag": 1, "ratio": 1, "count": 1, "small": 1, "big": 1}"#,
    #"{"text": "d", "flag": true, "ratio": "1", "count": 1, "small": 1, "big": 1}"#,
    #"{"text": "d", "flag": true, "ratio": 1, "count": 1.5, "small": 1, "big": 1}"#,
    #"{"text": "d", "flag": true, "ratio": 1, "count": 1, "small": 2147483648, "big": 1}"#,
    #"{"text": "d", "flag": true, "ratio": 1, "count": 1, "small": 1, "big": 9223372036854775808}"#,
    #"{"text": "d", "flag": true, "ratio": 1e400, "count": 1, "small": 1, "big": 1}"#,
    #"{"text": null, "flag": true, "ratio": 1, "count": 1, "small": 1, "big": 1}"#,
    #"{"flag": true, "ratio": 1, "count": 1, "small": 1, "big": 1}"#,
    #"{"text": "e", "flag": true, "ratio": 1, "count": 1, "small": 1, "big": 1, "tiny": "x", "note": 3}"#,
  ]

  @Test("scalars read straight from the tape agree with JSONDecoder, or both fail", arguments: scalars)
  func scalarsAgreeWithJSONDecoder(json: String) {
    var strict = MappingOptions()
    strict.coercion = .strict
    let theirs = try? JSONDecoder().decode(CodableModels.Scalars.self, from: Data(json.utf8))
    #expect((try? MappingDecoder(options: strict).decode(CodableModels.Scalars.self, from: json)) == theirs)
    // The default coercions read more (a number as a string, 1 as true), never less.
    if let theirs { #expect((try? MappingDecoder().decode(CodableModels.Scalars.self, from: json)) == theirs) }
  }

  @Test func repeatedKeysKeepTheLastValue() throws {
    let address = try MappingDecoder().decode(CodableModels.Address.self, from: #"{"street": "a", "street": "b"}"#)
    #expect(address.street == "b")
  }

  @Test func mappableTypesKeepTheNativePath() throws {
    // `[Int]` is both MappableValue and Decodable: lenient coercion shows the native path ran.
    #expect(try MappingDecoder().decode([Int].self, from: #"[1, "2"]"#) == [1, 2])
  }

  @Test func decodesFromANode() throws {
    let document = try JSONDecoderTestsSupport.document(#"{"wrapper": {"street": "a"}}"#)
    let node = try #require(document.root["wrapper"])
    #expect(try MappingDecoder().decode(CodableModels.Address.self, from: node) == CodableModels.Address(street: "a"))
  }

  @Test func codingPathIsAvailableWhenAsked() throws {
    struct Probe: Decodable {
      var path: String
      init(from decoder: any Decoder) throws {
        path = decoder.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "/")
      }
    }
    struct Holder: Decodable { var items: [[String: Probe]] }
    let holder = try MappingDecoder().decode(Holder.self, from: #"{"items": [{"a": 1}, {"b": 2}]}"#)
    #expect(holder.items[1]["b"]?.path == "items/1/b")
  }
}

enum JSONDecoderTestsSupport {
  static func document(_ json: String) throws -> JSONDocument { try JSONDocument(string: json) }
}
