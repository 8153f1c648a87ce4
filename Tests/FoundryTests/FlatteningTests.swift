import Foundry
import Testing

@Suite("Flattened models and unknown keys")
struct FlatteningTests {
  @Test func aFlattenedModelsKeysAreKnownToItsParent() throws {
    let json = #"{"id": 1, "street": "Main St", "city": "Paris"}"#
    let shipment = try MappingDecoder().decode(MacroModels.StrictShipment.self, from: json)
    #expect(shipment.address.city == "Paris")
    let error = #expect(throws: MappingError.self) {
      try MappingDecoder().decode(MacroModels.StrictShipment.self, from: #"{"id": 1, "street": "S", "city": "C", "zip": "1"}"#)
    }
    #expect(error?.message == #"$: unknown key "zip""#)
  }
}

@Suite("Keys that are not identifiers")
struct OddKeyTests {
  @Test func oddKeysReadAndWrite() throws {
    let json = #"{"+1": 1, "end-type": "e", "class": "c", "with space": true, "version.major": 3}"#
    let value = try MappingDecoder().decode(OddKeys.self, from: json)
    #expect(value == OddKeys(plusOne: 1, endType: "e", className: "c", spaced: true, major: 3))
    #expect(try MappingEncoder().encodeToString(value) == #"{"+1":1,"end-type":"e","class":"c","with space":true,"version.major":3}"#)
  }
}
