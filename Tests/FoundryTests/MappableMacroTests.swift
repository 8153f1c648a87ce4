#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryJSON
import Testing

fileprivate typealias User = MacroModels.User

/// A private model: its generated members are `fileprivate`.
@Mappable
private struct FilePrivateModel: Equatable {
  var id: Int
}

@Suite("@Mappable end to end")
struct MappableMacroTests {
  let decoder = MappingDecoder()
  let encoder = MappingEncoder()

  // MARK: - The Motis seed model

  static let motisJSON = #"""
    {
      "user_name": "Ada",
      "user_stats": {"views": 42},
      "user_avatars": [{"image_url": "https://example.com/a.png"}, {"image_url": "https://example.com/b.png"}],
      "user_gender": "female",
      "user_followers": [{"user_name": "Bob", "user_gender": "male"}, {"user_name": "Cy", "user_stats": {}}],
      "website": "https://ada.dev"
    }
    """#

  fileprivate static let motisUser = User(
    name: "Ada", views: 42, avatar: URL(string: "https://example.com/a.png"), gender: .female,
    followers: [User(name: "Bob", gender: .male), User(name: "Cy")],
    website: URL(string: "https://ada.dev"))

  @Test func decodesTheMotisUser() throws {
    let user = try decoder.decode(User.self, from: Self.motisJSON)
    #expect(user == Self.motisUser)
  }

  @Test func missingRequiredKeyNamesThePath() {
    let json = #"{"user_name": "Ada", "user_followers": [{"user_stats": {"views": 1}}]}"#
    let error = #expect(throws: MappingError.self) { try decoder.decode(User.self, from: json) }
    #expect(error?.code == .keyNotFound)
    #expect(error?.path.components == [.key("user_followers"), .index(0), .key("user_name")])
    #expect(error?.message == "$.user_followers[0].user_name: required key not found, expected String")
  }

  @Test func wrongEnumValueIsAnError() {
    let error = #expect(throws: MappingError.self) {
      try decoder.decode(User.self, from: #"{"user_name": "A", "user_gender": "robot"}"#)
    }
    #expect(error?.path.components == [.key("user_gender")])
  }

  @Test func encodesNestedPathsBack() throws {
    let user = User(name: "Ada", views: 3, gender: .male)
    let text = try encoder.encodeToString(user)
    #expect(text == #"{"user_name":"Ada","user_stats":{"views":3},"user_gender":"male","user_followers":[]}"#)
  }

  @Test func motisUserRoundTrips() throws {
    try expectRoundTrip(Self.motisUser)
  }

  // MARK: - Key strategy, fallback keys, defaults, ignored and computed properties

  @Test func snakeCaseFallbackKeysAndDefaults() throws {
    let json = #"""
      {"uuid": "p1", "display_name": "Ada", "follower_count": 3, "last_seen_at": null,
       "is_verified": true, "nickname": null, "cache": {"a": 1}, "computed": "x", "selection": 4}
      """#
    let profile = try decoder.decode(MacroModels.Profile.self, from: json)
    #expect(profile.id == "p1")
    #expect(profile.displayName == "Ada")
    #expect(profile.followerCount == 3)
    #expect(profile.retryLimit == 3)
    #expect(profile.languageCode == "en")
    #expect(profile.lastSeenAt == nil)
    #expect(profile.cache == [:])
    #expect(profile.selection == nil)
    #expect(profile.isVerified)
    #expect(profile.nickname == .null)
  }

  @Test func firstPresentFallbackKeyWins() throws {
    let json = #"{"id": "first", "uuid": "second", "display_name": "A", "retry_limit": 9, "nickname": "ace"}"#
    let profile = try decoder.decode(MacroModels.Profile.self, from: json)
    #expect(profile.id == "first")
    #expect(profile.retryLimit == 9)
    #expect(profile.nickname == .value("ace"))
    #expect(profile.followerCount == 0)
    #expect(!profile.isVerified)
  }

  @Test func snakeCaseEncodesWithTheFirstKeyAndSkipsIgnoredFields() throws {
    var profile = try decoder.decode(MacroModels.Profile.self, from: #"{"uuid": "p1", "display_name": "Ada"}"#)
    profile.cache = ["x": 1]
    profile.selection = 2
    let text = try encoder.encodeToString(profile)
    #expect(text == #"{"id":"p1","display_name":"Ada","follower_count":0,"retry_limit":3,"language_code":"en","is_verified":false}"#)
    try expectRoundTrip(try decoder.decode(MacroModels.Profile.self, from: text))
  }

  @Test func pluralAcronymsKeepTheirSAndTypeArgumentsMayComeInAnyOrder() throws {
    let json = #"{"pic_ids": [1, 2], "image_urls": ["a"], "user_id": null, "url_string": "u", "top_urls_for_user": [], "status_http_code": 7, "other": true}"#
    let gallery = try decoder.decode(Gallery.self, from: json)
    #expect(gallery.picIDs == [1, 2])
    #expect(gallery.imageURLs == ["a"])
    #expect(gallery.urlString == "u")
    #expect(gallery.topURLsForUser == [] && gallery.statusHTTPCode == 7)
    #expect(gallery.extra["other"] == .bool(true))
    let text = try encoder.encodeToString(gallery)
    #expect(text == #"{"pic_ids":[1,2],"image_urls":["a"],"user_id":null,"url_string":"u","top_urls_for_user":[],"status_http_code":7,"other":true}"#)
  }

  // MARK: - Flattening

  @Test func emptyKeyFlattensANestedModel() throws {
    let json = #"{"id": 1, "street": "Main St", "city": "Paris"}"#
    let shipment = try decoder.decode(MacroModels.Shipment.self, from: json)
    #expect(shipment == MacroModels.Shipment(id: 1, address: MacroModels.Address(street: "Main St", city: "Paris")))
    #expect(try encoder.encodeToString(shipment) == #"{"id":1,"street":"Main St","city":"Paris"}"#)
    try expectRoundTrip(shipment)
  }

  // MARK: - Unknown keys

  @Test func rejectedUnknownKeysAreListed() {
    let error = #expect(throws: MappingError.self) {
      try decoder.decode(MacroModels.StrictPoint.self, from: #"{"x": 1, "y": 2, "z": 3, "w": 4}"#)
    }
    #expect(error?.code == .unknownKeys)
    #expect(error?.message.contains(#""z", "w""#) == true)
    #expect(throws: Never.self) { try decoder.decode(MacroModels.StrictPoint.self, from: #"{"x": 1, "y": 2}"#) }
  }

  @Test func preservedUnknownKeysRoundTrip() throws {
    let json = #"{"theme":"dark","beta":true,"limits":{"max":3}}"#
    let settings = try decoder.decode(MacroModels.Settings.self, from: json)
    #expect(settings.theme == "dark")
    #expect(settings.extra["beta"] == .bool(true))
    #expect(settings.extra["theme"] == nil)
    #expect(try encoder.encodeToString(settings) == json)
    try expectRoundTrip(settings)
  }

  // MARK: - nil encoding

  @Test func nilEncodingNullWritesNull() throws {
    #expect(try encoder.encodeToString(MacroModels.NullableNote(title: "t", body: nil)) == #"{"title":"t","body":null}"#)
    #expect(try encoder.encodeToString(MacroModels.OmittingNote(title: "t", body: nil)) == #"{"title":"t"}"#)
    #expect(try encoder.encodeToString(MacroModels.OmittingNote(title: "t", body: "b")) == #"{"title":"t","body":"b"}"#)
    try expectRoundTrip(MacroModels.NullableNote(title: "t", body: nil))
  }

  // MARK: - Generic types and classes

  @Test func genericPage() throws {
    let json = #"{"items": [{"street": "a", "city": "b"}], "next": "https://x.test/2", "meta": {"total": 10}}"#
    let page = try decoder.decode(MacroModels.Page<MacroModels.Address>.self, from: json)
    #expect(page == MacroModels.Page(items: [MacroModels.Address(street: "a", city: "b")], next: URL(string: "https://x.test/2"), total: 10))
    let numbers = try decoder.decode(MacroModels.Page<Int>.self, from: #"{"items": [1, 2, 3]}"#)
    #expect(numbers == MacroModels.Page(items: [1, 2, 3], next: nil, total: 0))
    try expectRoundTrip(page)
    try expectRoundTrip(numbers)
  }

  @Test func recursiveFinalClass() throws {
    let json = #"{"name": "root", "children": [{"name": "a", "children": [{"name": "a1", "parent": "a"}]}, {"name": "b"}]}"#
    let root = try decoder.decode(MacroModels.Node.self, from: json)
    #expect(root.name == "root")
    #expect(root.children.map(\.name) == ["a", "b"])
    #expect(root.children[0].children[0].parent == "a")
    #expect(try encoder.encodeToString(root) == #"{"name":"root","children":[{"name":"a","children":[{"name":"a1","children":[],"parent":"a"}]},{"name":"b","children":[]}]}"#)
    try expectRoundTrip(root)
  }

  @Test func genericFinalClass() throws {
    let box = try decoder.decode(MacroModels.Box<[Int]>.self, from: #"{"value": [1, 2], "meta": {"label": "two"}}"#)
    #expect(box == MacroModels.Box(value: [1, 2], label: "two"))
    #expect(try encoder.encodeToString(box) == #"{"value":[1,2],"meta":{"label":"two"}}"#)
    try expectRoundTrip(MacroModels.Box(value: MacroModels.Address(street: "s", city: "c")))
  }

  // MARK: - Transformers, coercion, collections

  @Test func inlineTransformers() throws {
    let price = try decoder.decode(MacroModels.Price.self, from: #"{"amount": 12.34, "currency": "eur", "previous": 10.5}"#)
    #expect(price == MacroModels.Price(cents: 1234, currency: "EUR", discount: nil, previous: 1050))
    #expect(try encoder.encodeToString(price) == #"{"amount":12.34,"currency":"eur","old":10.5}"#)
    try expectRoundTrip(MacroModels.Price(cents: 5, currency: "USD", discount: 100, previous: 0))
  }

  @Test func leadingDotTransformers() throws {
    let post = try decoder.decode(MacroModels.Post.self, from: #"{"created": "2024-02-29T12:30:45Z", "updated": "2024-03-01T00:00:00Z"}"#)
    #expect(post.created == Date(timeIntervalSince1970: 1_709_209_845))
    #expect(try encoder.encodeToString(post) == #"{"created":"2024-02-29T12:30:45Z","updated":"2024-03-01T00:00:00Z"}"#)
    #expect(try decoder.decode(MacroModels.Post.self, from: #"{"updated": "2024-03-01T00:00:00Z"}"#).created == nil)
    try expectRoundTrip(post)
  }

  @Test func coercionArgumentOverridesTheDecoder() throws {
    #expect(throws: MappingError.self) { try decoder.decode(MacroModels.StrictCounter.self, from: #"{"count": "5"}"#) }
    #expect(try decoder.decode(MacroModels.StrictCounter.self, from: #"{"count": 5}"#).count == 5)
    #expect(try decoder.decode(MacroModels.Address.self, from: #"{"street": 5, "city": "c"}"#).street == "5")
  }

  @Test func collectionsOfModels() throws {
    let json = #"""
      {"tags": ["a", "b", "a"], "byName": {"home": {"street": "s", "city": "c"}}, "shelves": [[1], [2, 3]],
       "owner": null}
      """#
    let library = try decoder.decode(MacroModels.Library.self, from: json)
    #expect(library.tags == ["a", "b"])
    #expect(library.byName["home"] == MacroModels.Address(street: "s", city: "c"))
    #expect(library.shelves == [[1], [2, 3]])
    #expect(library.owner == nil)
    try expectRoundTrip(library)
    try expectRoundTrip([library, library])
  }

  @Test func publicModel() throws {
    let tag = try decoder.decode(MacroModels.PublicTag.self, from: #"{"label": "x"}"#)
    #expect(tag == MacroModels.PublicTag(label: "x"))
    #expect(MacroModels.PublicTag.mappingSchema.fields.count == 1)
  }

  @Test func filePrivateModel() throws {
    #expect(try decoder.decode(FilePrivateModel.self, from: #"{"id": 3}"#) == FilePrivateModel(id: 3))
  }

  @Test func lossyModeDefaultsBadFields() throws {
    let result = decoder.decodeLossy(User.self, from: #"{"user_name": "A", "user_stats": {"views": "many"}, "website": [7]}"#)
    #expect(result.value == User(name: "A"))
    #expect(result.issues.count == 2)
  }

  // MARK: - Helpers

  /// `decode(encode(value)) == value`.
  private func expectRoundTrip<T: MappableValue & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let text = try encoder.encodeToString(value)
    let back = try decoder.decode(T.self, from: text)
    #expect(back == value, "through \(text)", sourceLocation: sourceLocation)
  }
}
