#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryJSON

/// Plain `Codable` models for the Codable interop tests.
enum CodableModels {
  enum Role: String, Codable, Equatable { case admin, member }
  enum Level: Int, Codable, Equatable { case low = 1, high = 2 }

  struct Address: Codable, Equatable {
    var street: String
    var zip: String?
  }

  /// Every scalar the keyed container reads straight from the tape, required and optional.
  struct Scalars: Codable, Equatable {
    var text: String
    var flag: Bool
    var ratio: Double
    var count: Int
    var small: Int32
    var big: Int64
    var note: String?
    var isOn: Bool?
    var share: Double?
    var total: Int?
    var tiny: Int32?
    var huge: Int64?
  }

  struct Person: Codable, Equatable {
    var name: String
    var age: Int
    var email: String?
    var tags: [String]
    var address: Address
    var scores: [String: Double]
    var ranks: [Int: String]
    var role: Role
    var level: Level
    var friends: [Person]?
    var matrix: [[Int]]
    var nicknames: Set<String>
    var ratio: Float
    var small: Int8
  }

  /// Foundation types through their own `Decodable` or `JSONDecoder`'s special cases.
  struct Stamps: Codable, Equatable {
    var date: Date
    var url: URL
    var price: Decimal
    var blob: Data
    var id: UUID
  }

  struct BigNumbers: Codable, Equatable {
    var max: UInt64
    var min: Int64
    var negative: Int32
  }

  struct SnakeModel: Codable, Equatable {
    var createdAt: String
    var userId: Int
    var isTranslationEnabled: Bool
    var headers: [String: String]
    var _private: Int?
  }

  /// Hand-written containers: nested keyed and unkeyed containers.
  struct Nested: Codable, Equatable {
    var x: Int
    var y: Int
    var labels: [String]

    enum CodingKeys: String, CodingKey { case point, labels }
    enum PointKeys: String, CodingKey { case x, y }

    init(x: Int, y: Int, labels: [String]) {
      self.x = x
      self.y = y
      self.labels = labels
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let point = try container.nestedContainer(keyedBy: PointKeys.self, forKey: .point)
      x = try point.decode(Int.self, forKey: .x)
      y = try point.decode(Int.self, forKey: .y)
      var list = try container.nestedUnkeyedContainer(forKey: .labels)
      var labels: [String] = []
      while !list.isAtEnd { labels.append(try list.decode(String.self)) }
      self.labels = labels
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      var point = container.nestedContainer(keyedBy: PointKeys.self, forKey: .point)
      try point.encode(x, forKey: .x)
      try point.encode(y, forKey: .y)
      var list = container.nestedUnkeyedContainer(forKey: .labels)
      for label in labels { try list.encode(label) }
    }
  }

  class Animal: Codable {
    var name: String
    init(name: String) { self.name = name }
  }

  /// A subclass that keeps its superclass under `"super"`.
  final class Dog: Animal, Equatable {
    var breed: String

    enum CodingKeys: String, CodingKey { case breed }

    init(name: String, breed: String) {
      self.breed = breed
      super.init(name: name)
    }

    required init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      breed = try container.decode(String.self, forKey: .breed)
      try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(breed, forKey: .breed)
      try super.encode(to: container.superEncoder())
    }

    static func == (lhs: Dog, rhs: Dog) -> Bool { lhs.name == rhs.name && lhs.breed == rhs.breed }
  }

  /// Throws its own `DecodingError` for a bad code.
  struct Coded: Codable, Equatable {
    var code: String

    enum CodingKeys: String, CodingKey { case code }

    init(code: String) { self.code = code }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      code = try container.decode(String.self, forKey: .code)
      guard code.count == 3 else {
        throw DecodingError.dataCorruptedError(forKey: .code, in: container, debugDescription: "a code has 3 letters")
      }
    }
  }

  /// Reads three elements from an array.
  struct Triple: Decodable {
    var values: [Int]

    init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      values = [try container.decode(Int.self), try container.decode(Int.self), try container.decode(Int.self)]
    }
  }

  /// Codable only: a field type for hand-written mapped models.
  struct Money: Codable, Equatable {
    var amount: Int
    var currency: String
  }

  /// A hand-written mapped model with `Codable`-only fields, itself `Codable` through the bridge.
  struct Order: Mappable, Codable, Equatable {
    var id: Int
    var price: Money
    var discount: Money?
    var shipping: Money

    static let mappingSchema = MappingSchema(fields: [.path("id"), .path("price"), .path("discount"), .path("shipping")])

    init(id: Int, price: Money, discount: Money? = nil, shipping: Money = Money(amount: 0, currency: "EUR")) {
      self.id = id
      self.price = price
      self.discount = discount
      self.shipping = shipping
    }

    init(from object: inout ObjectReader) throws {
      id = try object.decode(Int.self, at: 0)
      price = try object.decode(Money.self, at: 1)
      discount = try object.decodeIfPresent(Money.self, at: 2)
      shipping = try object.decode(Money.self, at: 3, default: Money(amount: 0, currency: "EUR"))
    }

    func encode(to object: inout ObjectWriter) throws {
      try object.encode(id, at: 0)
      try object.encode(price, at: 1)
      try object.encodeIfPresent(discount, at: 2)
      try object.encode(shipping, at: 3)
    }

    init(from decoder: any Decoder) throws { self = try MappingCodableBridge.decode(Order.self, from: decoder) }
    func encode(to encoder: any Encoder) throws { try MappingCodableBridge.encode(self, to: encoder) }
  }

  /// A final mapped class made `Codable` with an object reader, as a `convenience init` must.
  final class Account: Mappable, Codable, Equatable {
    var id: Int
    var owner: String

    static let mappingSchema = MappingSchema(fields: [.path("account_id"), .path("owner.name")])

    init(id: Int, owner: String) {
      self.id = id
      self.owner = owner
    }

    init(from object: inout ObjectReader) throws {
      id = try object.decode(Int.self, at: 0)
      owner = try object.decode(String.self, at: 1)
    }

    func encode(to object: inout ObjectWriter) throws {
      try object.encode(id, at: 0)
      try object.encode(owner, at: 1)
    }

    convenience init(from decoder: any Decoder) throws {
      var object = try MappingCodableBridge.makeObjectReader(for: Account.self, from: decoder)
      try self.init(from: &object)
      try MappingCodableBridge.finish(&object)
    }

    func encode(to encoder: any Encoder) throws { try MappingCodableBridge.encode(self, to: encoder) }

    static func == (lhs: Account, rhs: Account) -> Bool { lhs.id == rhs.id && lhs.owner == rhs.owner }
  }

  /// A plain `Codable` type holding mapped models.
  struct Ledger: Codable, Equatable {
    var orders: [Order]
    var account: Account
    var note: JSONValue
  }
}
