import Foundry
import FoundryJSON

// Conformances written by hand, exactly as `@Mappable` generates them, so the runtime is
// tested on its own.

struct Account: Mappable, Equatable {
  var id: Int
  var name: String
  var email: String?
  var score: Double = 0
  var tags: [String] = []

  static let mappingSchema = MappingSchema(fields: [
    .path("id"), .path("profile.name"), .property("email"), .property("score"), .property("tags"),
  ])

  init(id: Int, name: String, email: String? = nil, score: Double = 0, tags: [String] = []) {
    self.id = id
    self.name = name
    self.email = email
    self.score = score
    self.tags = tags
  }

  init(from object: inout ObjectReader) throws {
    id = try object.decode(Int.self, at: 0)
    name = try object.decode(String.self, at: 1)
    email = try object.decodeIfPresent(String.self, at: 2)
    score = try object.decode(Double.self, at: 3, default: 0)
    tags = try object.decode([String].self, at: 4, default: [])
  }

  func encode(to object: inout ObjectWriter) throws {
    try object.encode(id, at: 0)
    try object.encode(name, at: 1)
    try object.encodeIfPresent(email, at: 2)
    try object.encode(score, at: 3)
    try object.encode(tags, at: 4)
  }
}

/// Motis's after-mapping example: `c` is derived from `a` and `b`, and must not be negative.
struct Sum: Mappable, Equatable {
  var a: Int
  var b: Int
  var c = 0

  static let mappingSchema = MappingSchema(fields: [.property("a"), .property("b")])

  init(from object: inout ObjectReader) throws {
    a = try object.decode(Int.self, at: 0)
    b = try object.decode(Int.self, at: 1)
  }

  func encode(to object: inout ObjectWriter) throws {
    try object.encode(a, at: 0)
    try object.encode(b, at: 1)
  }

  mutating func didMap() throws {
    c = a + b
    guard c >= 0 else { throw MappingError.invalid("a + b must not be negative, got \(c)") }
  }
}

/// Strict about unknown keys, fallback keys, a three-state field, snake_case names.
struct Patch: Mappable, Equatable {
  var id: String
  var displayName: Presence<String>

  static let mappingSchema = MappingSchema(
    fields: [.paths(["id", "uuid"]), .property("displayName")],
    keyStrategy: .snakeCase,
    unknownKeys: .reject
  )

  init(id: String, displayName: Presence<String>) {
    self.id = id
    self.displayName = displayName
  }

  init(from object: inout ObjectReader) throws {
    id = try object.decode(String.self, at: 0)
    displayName = try object.decode(Presence<String>.self, at: 1)
  }

  func encode(to object: inout ObjectWriter) throws {
    try object.encode(id, at: 0)
    try object.encode(displayName, at: 1)
  }
}

enum Status: String, MappableValue, MappingKey, CaseIterable {
  case active, banned
}

/// Flattening: `Address`'s fields sit on the parent object.
struct Address: Mappable, Equatable {
  var city: String
  var zip: String

  static let mappingSchema = MappingSchema(fields: [.property("city"), .property("zip")])

  init(city: String, zip: String) {
    self.city = city
    self.zip = zip
  }

  init(from object: inout ObjectReader) throws {
    city = try object.decode(String.self, at: 0)
    zip = try object.decode(String.self, at: 1)
  }

  func encode(to object: inout ObjectWriter) throws {
    try object.encode(city, at: 0)
    try object.encode(zip, at: 1)
  }
}

struct Customer: Mappable, Equatable {
  var name: String
  var address: Address
  var status: Status

  static let mappingSchema = MappingSchema(fields: [.property("name"), .path(""), .property("status")])

  init(name: String, address: Address, status: Status) {
    self.name = name
    self.address = address
    self.status = status
  }

  init(from object: inout ObjectReader) throws {
    name = try object.decode(String.self, at: 0)
    address = try object.decode(Address.self, at: 1)
    status = try object.decode(Status.self, at: 2)
  }

  func encode(to object: inout ObjectWriter) throws {
    try object.encode(name, at: 0)
    try object.encode(address, at: 1)
    try object.encode(status, at: 2)
  }
}

/// Per-field validators.
struct Person: Mappable, Equatable {
  var age: Int
  var nickname: String?
  var tags: [String] = []

  static let mappingSchema = MappingSchema(fields: [
    .property("age").validated(by: .range(0...150)),
    .property("nickname").validated(String.self, by: .nonEmpty),
    .property("tags").validated([String].self, by: .count(0...2)),
  ])

  init(from object: inout ObjectReader) throws {
    age = try object.decode(Int.self, at: 0)
    nickname = try object.decodeIfPresent(String.self, at: 1)
    tags = try object.decode([String].self, at: 2, default: [])
  }

  func encode(to object: inout ObjectWriter) throws {
    try object.encode(age, at: 0)
    try object.encodeIfPresent(nickname, at: 1)
    try object.encode(tags, at: 2)
  }
}

/// An array index inside a key path, read and written.
struct Profile: Mappable, Equatable {
  var avatar: String
  var lastTag: String?

  static let mappingSchema = MappingSchema(fields: [.path("avatars.0.url"), .path("tags.-1")])

  init(avatar: String, lastTag: String?) {
    self.avatar = avatar
    self.lastTag = lastTag
  }

  init(from object: inout ObjectReader) throws {
    avatar = try object.decode(String.self, at: 0)
    lastTag = try object.decodeIfPresent(String.self, at: 1)
  }

  func encode(to object: inout ObjectWriter) throws {
    try object.encode(avatar, at: 0)
    try object.encodeIfPresent(lastTag, at: 1)
  }
}
