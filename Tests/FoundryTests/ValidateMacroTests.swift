import Foundry
import Testing

@Suite("@Validate")
struct ValidateMacroTests {
  let decoder = MappingDecoder()

  @Test func validValuesMap() throws {
    #expect(try decoder.decode(Signup.self, from: #"{"age": 30, "seats": 2, "nickname": "ada"}"#) == Signup(age: 30, seats: 2, nickname: "ada"))
  }

  @Test(arguments: [
    (#"{"age": 9}"#, "$.age: expected a value in 13...150, found number 9"),
    (#"{"age": 30, "seats": 0}"#, "$.seats: expected a value of at least 1, found number 0"),
    (#"{"age": 30, "nickname": ""}"#, #"$.nickname: expected a non-empty value, found string """#),
  ])
  func invalidValuesFailAtTheirPath(json: String, message: String) {
    let error = #expect(throws: MappingError.self) { try decoder.decode(Signup.self, from: json) }
    #expect(error?.message == message)
  }

  @Test func lossyModeDefaultsInvalidFields() {
    let result = decoder.decodeLossy(Signup.self, from: #"{"age": 30, "seats": -1, "nickname": ""}"#)
    #expect(result.value == Signup(age: 30, seats: 1, nickname: nil))
    #expect(result.issues.count == 2)
  }
}
