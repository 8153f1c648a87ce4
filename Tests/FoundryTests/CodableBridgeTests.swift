#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryJSON
import Testing

@Suite("Codable: Codable fields in mapped models, mapped models as Codable")
struct CodableBridgeTests {
  static let orderJSON = #"{"id": 7, "price": {"amount": 1250, "currency": "EUR"}, "discount": null}"#
  static let order = CodableModels.Order(id: 7, price: CodableModels.Money(amount: 1250, currency: "EUR"))

  // MARK: - Codable fields in hand-written mapped models

  @Test func codableFieldsDecodeThroughTheMappingRuntime() throws {
    #expect(try MappingDecoder().decode(CodableModels.Order.self, from: Self.orderJSON) == Self.order)
    let full = #"{"id": 1, "price": {"amount": 1, "currency": "USD"}, "discount": {"amount": 2, "currency": "USD"}, "shipping": {"amount": 3, "currency": "USD"}}"#
    let order = try MappingDecoder().decode(CodableModels.Order.self, from: full)
    #expect(order.discount == CodableModels.Money(amount: 2, currency: "USD"))
    #expect(order.shipping.amount == 3)
  }

  @Test func codableFieldsEncodeThroughTheMappingRuntime() throws {
    var order = Self.order
    order.discount = CodableModels.Money(amount: 5, currency: "EUR")
    let value = try MappingEncoder().encodeToValue(order)
    #expect(
      value == [
        "id": 7, "price": ["amount": 1250, "currency": "EUR"], "discount": ["amount": 5, "currency": "EUR"],
        "shipping": ["amount": 0, "currency": "EUR"],
      ])
    #expect(try MappingDecoder().decode(CodableModels.Order.self, from: MappingEncoder().encode(order)) == order)
  }

  @Test func codableFieldErrorsKeepTheFieldPath() throws {
    let json = #"[{"id": 1, "price": {"amount": 1, "currency": "EUR"}}, {"id": 2, "price": {"amount": "lots", "currency": "EUR"}}]"#
    let error = try #require(throws: MappingError.self) { try MappingDecoder().decode([CodableModels.Order].self, from: json) }
    #expect(error.message == #"$[1].price.amount: expected Int, found string "lots""#)
    let missing = try #require(throws: MappingError.self) { try MappingDecoder().decode(CodableModels.Order.self, from: #"{"id": 1}"#) }
    #expect(missing.code == .keyNotFound)
    #expect(missing.path.description == "$.price")
  }

  // MARK: - Mapped models through Foundation's coders

  @Test func mappedModelThroughJSONEncoderAndDecoder() throws {
    let data = try JSONEncoder().encode(Self.order)
    #expect(try JSONDecoder().decode(CodableModels.Order.self, from: data) == Self.order)
    #expect(try JSONDecoder().decode(CodableModels.Order.self, from: Data(Self.orderJSON.utf8)) == Self.order)
  }

  @Test func mappedFinalClassThroughJSONDecoder() throws {
    let account = try JSONDecoder().decode(CodableModels.Account.self, from: Data(#"{"account_id": 3, "owner": {"name": "Ada"}}"#.utf8))
    #expect(account == CodableModels.Account(id: 3, owner: "Ada"))
    let back = try JSONDecoder().decode(CodableModels.Account.self, from: JSONEncoder().encode(account))
    #expect(back == account)
    #expect(try MappingDecoder().decode(CodableModels.Account.self, from: #"{"account_id": 3, "owner": {"name": "Ada"}}"#) == account)
  }

  @Test func mappedModelsInsideCodableTypes() throws {
    let ledger = CodableModels.Ledger(orders: [Self.order], account: CodableModels.Account(id: 1, owner: "Bob"), note: ["tags": ["a"], "n": 1.5])
    let data = try JSONEncoder().encode(ledger)
    #expect(try JSONDecoder().decode(CodableModels.Ledger.self, from: data) == ledger)
    #expect(try MappingDecoder().decode(CodableModels.Ledger.self, from: data) == ledger)
    #expect(try MappingDecoder().decode(CodableModels.Ledger.self, from: MappingEncoder().encode(ledger)) == ledger)
  }

  @Test func mappedModelErrorsInsideCodableTypes() throws {
    let json = #"{"orders": [{"id": "x", "price": {"amount": 1, "currency": "EUR"}}], "account": {"account_id": 1, "owner": {"name": "A"}}, "note": null}"#
    let error = try #require(throws: MappingError.self) { try MappingDecoder().decode(CodableModels.Ledger.self, from: json) }
    #expect(error.message == #"$.orders[0].id: expected Int, found string "x""#)
    let foreign = try #require(throws: DecodingError.self) { try JSONDecoder().decode(CodableModels.Ledger.self, from: Data(json.utf8)) }
    guard case .dataCorrupted(let context) = foreign else {
      Issue.record("expected dataCorrupted, got \(foreign)")
      return
    }
    #expect(context.debugDescription == #"$.id: expected Int, found string "x""#)
    #expect(context.codingPath.map(\.stringValue) == ["orders", "Index 0", "id"])
  }

  @Test func mappedModelThroughPropertyListCoders() throws {
    let data = try PropertyListEncoder().encode(Self.order)
    #expect(try PropertyListDecoder().decode(CodableModels.Order.self, from: data) == Self.order)
  }

  @Test func withObjectReader() throws {
    struct Wrapper: Decodable {
      var order: CodableModels.Order
      init(from decoder: any Decoder) throws {
        order = try MappingCodableBridge.withObjectReader(for: CodableModels.Order.self, from: decoder) { try CodableModels.Order(from: &$0) }
      }
    }
    #expect(try JSONDecoder().decode(Wrapper.self, from: Data(Self.orderJSON.utf8)).order == Self.order)
    #expect(try MappingDecoder().decode(Wrapper.self, from: Self.orderJSON).order == Self.order)
  }

  // MARK: - JSONValue and the encoder

  @Test func jsonValueIsCodable() throws {
    let value: JSONValue = ["a": [1, 2.5, "x", true, nil], "b": ["c": .number(JSONNumber(UInt64.max))]]
    let data = try JSONEncoder().encode(value)
    #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
    #expect(try MappingDecoder().decode([JSONValue].self, from: "[1e400, 0.1]") == [.number(JSONNumber(text: "1e400") ?? 0), 0.1])
  }

  @Test func encoderMatchesJSONEncoder() throws {
    let person = try MappingDecoder().decode(CodableModels.Person.self, from: CodableDecoderTests.person)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let theirs = try JSONDocument(data: encoder.encode(person)).value
    let ours = try JSONDocument(bytes: MappingEncoder().encode(person)).value
    #expect(ours == theirs)
    let stamps = CodableModels.Stamps(
      date: Date(timeIntervalSinceReferenceDate: 10), url: URL(string: "https://a.b/c")!, price: Decimal(string: "1.25")!,
      blob: Data([1, 2, 3]), id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)
    #expect(try JSONDocument(bytes: MappingEncoder().encode(stamps)).value == JSONDocument(data: encoder.encode(stamps)).value)
    let dog = CodableModels.Dog(name: "Lassie", breed: "collie")
    #expect(try MappingEncoder().encodeToValue(dog) == ["breed": "collie", "super": ["name": "Lassie"]])
    #expect(try MappingDecoder().decode(CodableModels.Dog.self, from: MappingEncoder().encode(dog)) == dog)
  }

  @Test func encoderErrorsCarryPaths() throws {
    struct Reading: Encodable { var values: [Double] }
    let error = try #require(throws: MappingError.self) { try MappingEncoder().encode(Reading(values: [1, .nan])) }
    #expect(error.path.description == "$.values[1]")
  }
}
