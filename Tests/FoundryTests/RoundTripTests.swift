#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryJSON
import Testing

enum RoundTripModels {
  enum Level: Int, MappableValue, MappingKey, Equatable { case low = 1, high = 2 }
  enum Mood: String, MappableValue, MappingKey, Equatable { case calm, busy }

  /// One field of every supported type.
  @Mappable
  struct Everything: Equatable {
    var string: String
    var bool: Bool
    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var double: Double
    var float: Float
    var decimal: Decimal
    var url: URL
    var uuid: UUID
    var date: Date
    var data: Data
    var number: JSONNumber
    var json: JSONValue
    var object: JSONObject
    var level: Level
    var mood: Mood
    var optional: String?
    var array: [Int]
    var set: Set<String>
    var byString: [String: Double]
    var byInt: [Int: String]
    var byEnum: [Mood: Level]
    var nested: [[String: [Int]]]
    var presence: Presence<Int> = .absent
  }

  @Mappable(keys: .snakeCase)
  struct Snake: Equatable { var userID: Int; var createdAtDate: String }

  @Mappable(keys: .kebabCase)
  struct Kebab: Equatable { var userID: Int; var createdAtDate: String }

  @Mappable(keys: .custom { $0.uppercased() })
  struct Shout: Equatable { var name: String }
}

@Suite("Round trips: every type and key strategy")
struct RoundTripTests {
  static let everything = RoundTripModels.Everything(
    string: "é \"quoted\" \n", bool: true, int: -42, int8: -128, int16: 32767, int32: -2_147_483_648,
    int64: 9_223_372_036_854_775_807, uint: 7, uint8: 255, uint16: 65535, uint32: 4_294_967_295,
    uint64: 18_446_744_073_709_551_615, double: 0.1, float: 0.1, decimal: Decimal(string: "123456789.000000001") ?? 0,
    url: URL(string: "https://example.com/a?b=c") ?? URL(fileURLWithPath: "/"), uuid: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID(),
    date: Date(timeIntervalSince1970: 1_700_000_000.25), data: Data([0, 1, 2, 250, 255]), number: JSONNumber(text: "1.50e3") ?? 0,
    json: ["a": [1, nil, true]], object: ["k": "v"], level: .high, mood: .busy, optional: nil,
    array: [1, 2, 3], set: ["x", "y"], byString: ["pi": 3.14], byInt: [1: "one"], byEnum: [.calm: .low],
    nested: [["a": [1]], [:]], presence: .value(5)
  )

  @Test func everySupportedTypeRoundTrips() throws {
    let bytes = try MappingEncoder().encode(Self.everything)
    let decoded = try MappingDecoder().decode(RoundTripModels.Everything.self, from: bytes)
    #expect(decoded == Self.everything)
    // And once more through the tree form and pretty printing.
    var options = EncodingOptions()
    options.writing = .pretty
    let pretty = try MappingEncoder(options: options).encodeToString(decoded)
    #expect(try MappingDecoder().decode(RoundTripModels.Everything.self, from: pretty) == Self.everything)
  }

  @Test func keyStrategiesNameKeysAndRoundTrip() throws {
    let snake = RoundTripModels.Snake(userID: 1, createdAtDate: "d")
    #expect(try MappingEncoder().encodeToString(snake) == #"{"user_id":1,"created_at_date":"d"}"#)
    #expect(try MappingDecoder().decode(RoundTripModels.Snake.self, from: MappingEncoder().encode(snake)) == snake)
    let kebab = RoundTripModels.Kebab(userID: 1, createdAtDate: "d")
    #expect(try MappingEncoder().encodeToString(kebab) == #"{"user-id":1,"created-at-date":"d"}"#)
    #expect(try MappingDecoder().decode(RoundTripModels.Kebab.self, from: MappingEncoder().encode(kebab)) == kebab)
    let shout = RoundTripModels.Shout(name: "n")
    #expect(try MappingEncoder().encodeToString(shout) == #"{"NAME":"n"}"#)
    #expect(try MappingDecoder().decode(RoundTripModels.Shout.self, from: MappingEncoder().encode(shout)) == shout)
  }

  @Test func strictModeReadsWhatItWrites() throws {
    var options = MappingOptions()
    options.coercion = .strict
    let bytes = try MappingEncoder().encode(Self.everything)
    #expect(try MappingDecoder(options: options).decode(RoundTripModels.Everything.self, from: bytes) == Self.everything)
  }
}
