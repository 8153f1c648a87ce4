#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryJSON

// Models for the `@Mappable` end-to-end tests, in a namespace so that they do not collide
// with the hand-written models (and so that nested types are covered).
enum MacroModels {
  /// Motis's seed model: nested paths, an index path, followers, an enum, defaults.
  @Mappable
  struct User: Equatable {
    @Key("user_name") var name: String
    @Key("user_stats.views") var views: Int = 0
    @Key("user_avatars.0.image_url") var avatar: URL?
    @Key("user_gender") var gender: Gender = .undefined
    @Key("user_followers") var followers: [User] = []
    var website: URL?
  }

  @Mappable
  enum Gender: String, Equatable {
    case male, female, undefined
  }

  @Mappable(keys: .snakeCase)
  struct Profile: Equatable {
    @Key(["id", "uuid"]) let id: String
    var displayName: String
    var followerCount: Int = 0
    @Default(3) let retryLimit: Int
    @Default("en") var languageCode: String
    var lastSeenAt: String?
    @Ignore var cache: [String: Int] = [:]
    @Ignore var selection: Int?
    var isVerified = false
    var nickname: Presence<String> = .absent
    var computed: String { displayName.uppercased() }
    static let instances = 0
  }

  @Mappable
  struct Address: Equatable {
    var street: String
    var city: String
  }

  /// `@Key("")` puts the address's fields on the shipment object itself.
  @Mappable
  struct Shipment: Equatable {
    var id: Int
    @Key("") var address: Address
  }

  /// A flattened model under `.reject`: its keys are known, others still fail.
  @Mappable(unknownKeys: .reject)
  struct StrictShipment: Equatable {
    var id: Int
    @Key("") var address: Address
  }

  @Mappable(unknownKeys: .reject)
  struct StrictPoint: Equatable {
    var x: Int
    var y: Int
  }

  @Mappable
  struct Settings: Equatable {
    var theme: String
    @UnknownKeys var extra: JSONObject = [:]
  }

  @Mappable(nilEncoding: .null)
  struct NullableNote: Equatable {
    var title: String
    var body: String?
  }

  @Mappable
  struct OmittingNote: Equatable {
    var title: String
    var body: String?
  }

  @Mappable
  struct Page<Item: Equatable>: Equatable {
    var items: [Item]
    var next: URL?
    @Key("meta.total") var total: Int = 0
  }

  @Mappable
  final class Node: Equatable {
    let name: String
    var children: [Node] = []
    var parent: String?

    init(name: String, children: [Node] = []) {
      self.name = name
      self.children = children
    }

    static func == (lhs: Node, rhs: Node) -> Bool {
      lhs.name == rhs.name && lhs.children == rhs.children && lhs.parent == rhs.parent
    }
  }

  @Mappable
  final class Box<Value: Equatable>: Equatable {
    var value: Value
    @Key("meta.label") var label: String?

    init(value: Value, label: String? = nil) {
      self.value = value
      self.label = label
    }

    static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value && lhs.label == rhs.label }
  }

  @Mappable
  public struct PublicTag: Equatable {
    public var label: String
    public init(label: String) { self.label = label }
  }

  @Mappable(coercion: .strict)
  struct StrictCounter: Equatable {
    var count: Int
  }

  @Mappable
  struct Price: Equatable {
    @Key("amount", Cents()) var cents: Int
    @Transform(.uppercased) var currency: String
    @Key("discount", Cents()) var discount: Int?
    @Key(["old", "previous"], Cents()) var previous: Int = 0
  }

  @Mappable
  struct Post: Equatable {
    @Key("created", .iso8601) var created: Date?
    @Transform(.iso8601) var updated: Date
  }

  @Mappable
  struct Library: Equatable {
    var tags: Set<String>
    var byName: [String: Address]
    var shelves: [[Int]]
    var owner: Address?
  }
}

/// Amounts like `12.34` as whole cents.
struct Cents: MappingTransformer {
  func read(from value: ValueReader) throws -> Int {
    Int((try value.double() * 100).rounded())
  }

  func write(_ cents: Int, to writer: inout ValueWriter) throws {
    try writer.write(Double(cents) / 100)
  }
}

/// Upper-cases on the way in, lower-cases on the way out.
struct UppercasedTransformer: MappingTransformer {
  func read(from value: ValueReader) throws -> String { try value.string().uppercased() }
  func write(_ value: String, to writer: inout ValueWriter) throws { writer.write(value.lowercased()) }
}

extension MappingTransformer where Self == UppercasedTransformer {
  static var uppercased: UppercasedTransformer { UppercasedTransformer() }
}

/// `@Validate` on required, defaulted and optional fields.
@Mappable
struct Signup: Equatable {
  @Validate(.range(13...150)) var age: Int
  @Validate(.atLeast(1)) var seats: Int = 1
  @Validate(Validator<String>.nonEmpty) var nickname: String?
}

/// Keys that are not identifiers: a sign, a dash, a keyword, a space, a dot.
@Mappable
struct OddKeys: Equatable {
  @Key("+1") var plusOne: Int
  @Key("end-type") var endType: String
  @Key("class") var className: String
  @Key("with space") var spaced: Bool
  @Key(#"version\.major"#) var major: Int

}

/// Snake-case keys with plural acronyms, `nil` written as `null`, unknown keys kept: the
/// implied `unknownKeys: .preserve` goes where `MappingSchema.init` takes it.
@Mappable(keys: .snakeCase, nilEncoding: .null)
struct Gallery: Equatable {
  var picIDs: [Int] = []
  var imageURLs: [String] = []
  var userID: Int?
  var urlString: String?
  var topURLsForUser: [String]?
  var statusHTTPCode: Int?
  @UnknownKeys var extra: JSONObject = [:]
}
