import Foundry
import FoundryJSON
import Testing

@Suite("Mapping runtime: scalars and collections")
struct ValueReaderTests {
  @Test func scalarsAndCoercions() throws {
    let decoder = MappingDecoder()
    #expect(try decoder.decode(Int.self, from: "42") == 42)
    #expect(try decoder.decode(Int.self, from: "\"42\"") == 42)
    #expect(try decoder.decode([Int].self, from: "[1, \"2\", 3.0]") == [1, 2, 3])
    #expect(try decoder.decode(String.self, from: "7") == "7")
    #expect(try decoder.decode(Bool.self, from: "\"yes\"") == true)
    #expect(try decoder.decode(UInt64.self, from: "18446744073709551615") == .max)
  }
}
