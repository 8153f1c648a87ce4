import Foundry
import Testing

@Suite("Mapping runtime: validators")
struct ValidatorTests {
  let decoder = MappingDecoder()

  @Test func passingValuesMap() throws {
    let person = try decoder.decode(Person.self, from: #"{"age": 36, "nickname": "Ada", "tags": ["a"]}"#)
    #expect(person.age == 36)
    #expect(person.nickname == "Ada")
  }

  @Test(arguments: [
    (#"{"age": 200}"#, "$.age: expected a value in 0...150, found number 200"),
    (#"{"age": 1, "nickname": ""}"#, #"$.nickname: expected a non-empty value, found string """#),
    (#"{"age": 1, "tags": ["a", "b", "c"]}"#, "$.tags: expected 0...2 elements, found array (3 elements)"),
  ])
  func failuresNameTheFieldAndTheRule(json: String, message: String) {
    let error = #expect(throws: MappingError.self) { try decoder.decode(Person.self, from: json) }
    #expect(error?.code == .validationFailed)
    #expect(error?.message == message)
  }

  @Test func lossyModeDefaultsAFieldThatFailsValidation() {
    let result = decoder.decodeLossy(Person.self, from: #"{"age": 30, "nickname": "", "tags": ["a", "b", "c"]}"#)
    #expect(result.value?.nickname == nil)
    #expect(result.value?.tags == [])
    #expect(
      result.issues.map(\.description) == [
        #"$.nickname: field defaulted because $.nickname: expected a non-empty value, found string """#,
        "$.tags: field defaulted because $.tags: expected 0...2 elements, found array (3 elements)",
      ])
  }
}
