#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryJSON
import Testing

/// The `MappingError` decoding `json` as `T` throws.
private func mappingError<T: Decodable>(_ type: T.Type, _ json: String, options: MappingOptions = .init()) throws -> MappingError {
  do {
    _ = try MappingDecoder(options: options).decode(T.self, from: json, sourceName: "input.json")
  } catch let error as MappingError {
    return error
  }
  Issue.record("decoding succeeded")
  throw CancellationError()
}

private struct Feed: Decodable {
  struct Status: Decodable { var user: User }
  struct User: Decodable { var id: Int }
  var statuses: [Status]
}

@Suite("Codable: errors carry Foundry paths and places")
struct CodableErrorTests {
  @Test func typeMismatchDeepInside() throws {
    let json = """
      {"statuses": [
        {"user": {"id": 1}}, {"user": {"id": 2}}, {"user": {"id": 3}},
        {"user": {"id": "x"}}
      ]}
      """
    let error = try mappingError(Feed.self, json)
    #expect(error.code == .typeMismatch)
    #expect(error.message == #"$.statuses[3].user.id: expected Int, found string "x""#)
    #expect(error.line == 3)
    #expect(error.column == 19)
    #expect(
      error.description == """
        error: $.statuses[3].user.id: expected Int, found string "x"
        --> input.json:3:19
         3 |   {"user": {"id": "x"}}
           |                   ^
        """)
  }

  @Test func missingKey() throws {
    let error = try mappingError(CodableModels.Address.self, #"{"zip": "1"}"#)
    #expect(error.code == .keyNotFound)
    #expect(error.message == "$.street: required key not found, expected String")
  }

  @Test func nullForARequiredValue() throws {
    let error = try mappingError([CodableModels.Address].self, #"[{"street": "a"}, {"street": null}]"#)
    #expect(error.message == "$[1].street: expected String, found null")
  }

  @Test func fractionIntoInteger() throws {
    let error = try mappingError(CodableModels.BigNumbers.self, #"{"max": 1, "min": 1.5, "negative": 0}"#)
    #expect(error.message == "$.min: expected Int64, found number 1.5 (a fraction is never truncated)")
  }

  @Test func strictModeRejectsCoercions() throws {
    var options = MappingOptions()
    options.coercion = .strict
    let error = try mappingError(Feed.User.self, #"{"id": "7"}"#, options: options)
    #expect(error.message == #"$.id: expected Int, found string "7""#)
    #expect(try MappingDecoder().decode(Feed.User.self, from: #"{"id": "7"}"#).id == 7)
  }

  @Test func arrayPastItsEnd() throws {
    let error = try mappingError([CodableModels.Triple].self, "[[1, 2, 3], [1, 2]]")
    #expect(error.message == "$[1][2]: index 2 is past the end of the array (2 elements), expected Int")
  }

  @Test func wrongContainerKind() throws {
    let error = try mappingError(CodableModels.Person.self, #"{"name": "Ada", "age": 1, "tags": {"a": 1}}"#)
    #expect(error.message == "$.tags: expected array, found object (1 member)")
  }

  @Test func nestedContainerPaths() throws {
    let error = try mappingError(CodableModels.Nested.self, #"{"point": {"x": 1, "y": true}, "labels": []}"#)
    #expect(error.message == "$.point.y: expected Int, found bool true")
    let labels = try mappingError(CodableModels.Nested.self, #"{"point": {"x": 1, "y": 2}, "labels": ["a", 2, {}]}"#)
    #expect(labels.message == "$.labels[2]: expected String, found object (0 members)")
  }

  @Test func superDecoderPaths() throws {
    let error = try mappingError(CodableModels.Dog.self, #"{"breed": "collie", "super": {"name": true}}"#)
    #expect(error.message == "$.super.name: expected String, found bool true")
  }

  @Test func decodingErrorsOfTheTypeItself() throws {
    let error = try mappingError([CodableModels.Coded].self, #"[{"code": "abc"}, {"code": "toolong"}]"#)
    #expect(error.code == .invalidValue)
    #expect(error.message == "$[1].code: a code has 3 letters")
    #expect(error.underlying is DecodingError)
  }

  @Test func snakeCasePathsUseDocumentKeys() throws {
    var options = MappingOptions()
    options.codableKeys = .convertFromSnakeCase
    let error = try mappingError(CodableModels.SnakeModel.self, #"{"created_at": "x", "user_id": "seven"}"#, options: options)
    #expect(error.message == #"$.user_id: expected Int, found string "seven""#)
    let missing = try mappingError(CodableModels.SnakeModel.self, #"{"created_at": "x", "user_id": 1, "headers": {}}"#, options: options)
    #expect(missing.message == "$.is_translation_enabled: required key not found, expected Bool")
  }

  @Test func badFoundationValues() throws {
    let json = #"{"date": 0, "url": "", "price": 1, "blob": "SGVsbG8=", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#
    let error = try mappingError(CodableModels.Stamps.self, json)
    #expect(error.message == #"$.url: expected URL, found string """#)
    let badData = #"{"date": 0, "url": "a", "price": 1, "blob": "%%", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#
    let data = try mappingError(CodableModels.Stamps.self, badData)
    #expect(data.message == #"$.blob: expected Data (base64), found string "%%""#)
  }

  @Test func malformedDocument() throws {
    let error = try mappingError(CodableModels.Address.self, #"{"street": }"#)
    #expect(error.code == .malformedDocument)
    #expect(error.line == 1)
  }
}
