#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryJSON
import Testing

// The examples of the documents Foundry grew from, in Swift.

enum SeedModels {
  /// Motis: key paths with an array index, a value table with a default, followers.
  @Mappable
  struct MotisUser: Equatable {
    @Key("user_name") var name: String
    @Key("user_id") var userID: Int
    @Key("creation_date", .date(format: "yyyy-MM-dd HH:mm:ss")) var creationDate: Date?
    @Key("website") var website: URL?
    @Key("user_stats.views") var views: Int = 0
    @Key("user_stats.ranking") var ranking: Int = 0
    @Key("user_avatars.0.image_url") var avatar: URL?
    @Key("user_gender", .values(["male": SeedModels.Gender.male, "female": .female], default: .undefined)) var gender: Gender = .undefined
    @Key("user_followers") var followers: [MotisUser] = []
  }

  enum Gender: Equatable, Sendable { case undefined, male, female }

  /// Motis: `c` computed after mapping.
  @Mappable
  struct CustomObject: Equatable {
    var a: Int
    var b: Int
    @Ignore var c = 0

    mutating func didMap() throws { c = a + b }
  }

  /// The Mantle-style keymap of seed 001: property → key, and transformers by name.
  @Mappable
  struct Keymapped: Equatable {
    @Key("hoge") var hogeString: String
    @Key("fuga") var fugaNumber: Int
    @Key("piyo", transformer: "url") var piyoURL: URL
    @Key("updated", transformer: "date:yyyy/MM/dd") var updated: Date
  }

  /// MoltenCore (seed 000): arrays whose elements are transformed into models, dictionaries
  /// left as they are, turned into a model, or with transformed values.
  @Mappable
  struct Catalog: Equatable {
    var items: [Item]
    var raw: JSONObject
    var owner: Owner
    @Key("stamps", .eachValue(.secondsSince1970, keyedBy: String.self)) var stamps: [String: Date]
    @Key("releases", .each(.iso8601Date)) var releases: [Date]
  }

  @Mappable
  struct Item: Equatable {
    var sku: String
    var price: Decimal
  }

  @Mappable
  struct Owner: Equatable {
    var name: String
  }

  /// Motis's MTSMotisObject: equality, hashing and copying from the mapping.
  @Mappable
  final class Person: MappedEquatable, MappedCopyable {
    var name: String
    var friends: [Person] = []
    @Ignore var scratch = 0

    init(name: String, friends: [Person] = []) {
      self.name = name
      self.friends = friends
    }
  }
}

@Suite("Seed examples")
struct SeedExampleTests {
  let decoder = MappingDecoder()

  @Test func motisUser() throws {
    let json = """
      {
        "user_name": "john.doe", "user_id": 42, "creation_date": "1979-11-07 17:23:51",
        "website": "http://www.domain.com",
        "user_stats": {"views": 431, "ranking": 12},
        "user_avatars": [{"avatar_type": "standard", "image_url": "http://www.avatars.com/john.doe"},
                         {"avatar_type": "large", "image_url": "http://www.avatars.com/john.doe/large"}],
        "user_gender": "male",
        "user_followers": [{"user_name": "william", "user_id": 55, "user_gender": "robot"},
                           {"user_name": "jenny", "user_id": 14}]
      }
      """
    let user = try decoder.decode(SeedModels.MotisUser.self, from: json)
    #expect(user.name == "john.doe")
    #expect(user.userID == 42)
    #expect(user.creationDate == Date(timeIntervalSince1970: 310_843_431))
    #expect(user.views == 431 && user.ranking == 12)
    #expect(user.avatar == URL(string: "http://www.avatars.com/john.doe"))
    #expect(user.gender == .male)
    #expect(user.followers.map(\.name) == ["william", "jenny"])
    #expect(user.followers.map(\.gender) == [.undefined, .undefined])  // unknown and missing: the default
    let again = try decoder.decode(SeedModels.MotisUser.self, from: MappingEncoder().encode(user))
    #expect(again == user)
  }

  @Test func motisAfterMappingHook() throws {
    #expect(try decoder.decode(SeedModels.CustomObject.self, from: #"{"a": 2, "b": 5}"#).c == 7)
  }

  @Test func mantleKeymapWithNamedTransformers() throws {
    let json = #"{"hoge": "text", "fuga": 3, "piyo": "https://example.com/p", "updated": "2013/05/04"}"#
    let model = try decoder.decode(SeedModels.Keymapped.self, from: json)
    #expect(model.hogeString == "text")
    #expect(model.fugaNumber == 3)
    #expect(model.piyoURL == URL(string: "https://example.com/p"))
    #expect(try MappingEncoder().encodeToString(model) == #"{"hoge":"text","fuga":3,"piyo":"https://example.com/p","updated":"2013/05/04"}"#)
  }

  @Test func unknownTransformerNameIsAnErrorAtTheField() {
    var options = MappingOptions()
    options.transformers = TransformerRegistry()
    let error = #expect(throws: MappingError.self) {
      try MappingDecoder(options: options).decode(SeedModels.Keymapped.self, from: #"{"hoge": "t", "fuga": 1, "piyo": "x", "updated": "y"}"#)
    }
    #expect(error?.path.description == "$.piyo")
    #expect(error?.message.hasPrefix("$.piyo: transformer \"url\": ") == true)
  }

  @Test func moltenCoreTransformedArraysAndDictionaries() throws {
    let json = """
      {"items": [{"sku": "a", "price": 1.10}, {"sku": "b", "price": "2.25"}],
       "raw": {"anything": [1, {"goes": true}]},
       "owner": {"name": "Molten"},
       "stamps": {"created": 0, "updated": 86400},
       "releases": ["2024-01-02", "2024-03-04"]}
      """
    let catalog = try decoder.decode(SeedModels.Catalog.self, from: json)
    #expect(catalog.items == [SeedModels.Item(sku: "a", price: Decimal(string: "1.10") ?? 0), SeedModels.Item(sku: "b", price: Decimal(string: "2.25") ?? 0)])
    #expect(catalog.raw["anything"]?[1]?["goes"] == true)
    #expect(catalog.owner.name == "Molten")
    #expect(catalog.stamps == ["created": Date(timeIntervalSince1970: 0), "updated": Date(timeIntervalSince1970: 86400)])
    #expect(catalog.releases.count == 2)
    #expect(try decoder.decode(SeedModels.Catalog.self, from: MappingEncoder().encode(catalog)) == catalog)
  }

  @Test func mappedEqualityHashingAndCopying() throws {
    let ada = SeedModels.Person(name: "Ada", friends: [SeedModels.Person(name: "Grace")])
    let twin = SeedModels.Person(name: "Ada", friends: [SeedModels.Person(name: "Grace")])
    twin.scratch = 99  // ignored: not part of the mapping
    #expect(ada == twin)
    #expect(ada.hashValue == twin.hashValue)
    #expect(Set([ada, twin]).count == 1)
    let copy = try ada.mappedCopy()
    #expect(copy == ada && copy !== ada && copy.friends[0] !== ada.friends[0])
    copy.friends[0].name = "Hedy"
    #expect(ada.friends[0].name == "Grace")
    #expect(copy != ada)
  }
}
