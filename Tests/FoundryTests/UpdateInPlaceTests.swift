import Foundation
import Foundry
import FoundryJSON
import Testing

/// `MappingDecoder.update(_:from:)`: a payload changes the fields it has, the others stay.
enum UpdateModels {
  @Mappable struct Address: Equatable {
    var city: String
    var street: String = ""
  }

  @Mappable(unknownKeys: .preserve) struct User: Equatable {
    let id: Int
    var name: String
    var views: Int = 0
    var nickname: Presence<String> = .absent
    var email: String?
    var address: Address
    var tags: [String] = []
    @Key("stats.score") var score: Double = 0
    @UnknownKeys var extra: JSONObject = [:]
  }

  @Mappable final class Counter {
    var count: Int = 0
    var label: String = ""
    init() {}
  }
}

@Suite struct UpdateInPlaceTests {
  typealias User = UpdateModels.User
  let decoder = MappingDecoder()
  let full = #"{"id": 1, "name": "Ada", "views": 5, "email": "a@x", "address": {"city": "London", "street": "Baker"}, "tags": ["a"], "stats": {"score": 2.5}, "x": 1}"#

  @Test func onlyPresentFieldsChange() throws {
    var user = try decoder.decode(User.self, from: full)
    try decoder.update(&user, from: #"{"views": 6, "stats": {"score": 3}}"#)
    #expect(user.views == 6)
    #expect(user.score == 3)
    #expect(user.name == "Ada")
    #expect(user.email == "a@x")
    #expect(user.tags == ["a"])
    #expect(user.address == UpdateModels.Address(city: "London", street: "Baker"))
  }

  @Test func nestedModelsMergeAndNullsClear() throws {
    var user = try decoder.decode(User.self, from: full)
    try decoder.update(&user, from: #"{"address": {"city": "Paris"}, "email": null, "tags": []}"#)
    #expect(user.address == UpdateModels.Address(city: "Paris", street: "Baker"))
    #expect(user.email == nil)
    #expect(user.tags == [])
  }

  @Test func letPropertiesNeverChange() throws {
    var user = try decoder.decode(User.self, from: full)
    try decoder.update(&user, from: #"{"id": 99, "name": "Grace"}"#)
    #expect(user.id == 1)
    #expect(user.name == "Grace")
  }

  @Test func presenceFieldsFollowTheirThreeStates() throws {
    var user = try decoder.decode(User.self, from: full)
    try decoder.update(&user, from: #"{"nickname": "A"}"#)
    #expect(user.nickname == .value("A"))
    try decoder.update(&user, from: #"{"views": 1}"#)
    #expect(user.nickname == .value("A"))
    try decoder.update(&user, from: #"{"nickname": null}"#)
    #expect(user.nickname == .null)
  }

  @Test func unknownMembersMergeIntoTheBag() throws {
    var user = try decoder.decode(User.self, from: full)
    try decoder.update(&user, from: #"{"y": 2, "x": 3}"#)
    #expect(user.extra == ["x": 3, "y": 2])
  }

  @Test func aFailedUpdateLeavesAStructAsItWas() throws {
    let before = try decoder.decode(User.self, from: full)
    var user = before
    let error = #expect(throws: MappingError.self) {
      try decoder.update(&user, from: #"{"name": "Grace", "address": {"city": [1]}}"#)
    }
    #expect(error?.path.description == "$.address.city")
    #expect(user == before)
    #expect(throws: MappingError.self) { try decoder.update(&user, from: #"{"address": null}"#) }
    #expect(user == before)
  }

  @Test func lossyUpdateReportsAndKeepsGoing() throws {
    var user = try decoder.decode(User.self, from: full)
    let result = decoder.updateLossy(&user, from: #"{"name": "Grace", "views": "many"}"#)
    #expect(result.error == nil)
    #expect(user.name == "Grace")
    #expect(user.views == 0)  // a bad field with a default takes it, as in lossy decoding
    #expect(result.issues.map(\.path.description) == ["$.views"])
  }

  @Test func classesAndXML() throws {
    let counter = UpdateModels.Counter()
    var reference = counter
    try decoder.update(&reference, fromXML: "<counter><count>4</count></counter>")
    #expect(counter.count == 4)
    #expect(counter.label == "")
    var user = try decoder.decode(User.self, from: full)
    try decoder.update(&user, fromXML: "<user><name>Grace</name><address><street>Elm</street></address></user>")
    #expect(user.name == "Grace")
    #expect(user.address == UpdateModels.Address(city: "London", street: "Elm"))
  }
}
