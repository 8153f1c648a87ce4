#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryJSON
import Testing

/// A plain `Codable` type holding `@Mappable` models: the synthesized conformance calls theirs.
private struct Envelope: Codable, Equatable {
  var user: MacroModels.User
  var tags: [MacroModels.PublicTag]
  var gender: MacroModels.Gender
}

@Suite("@Mappable models are Codable")
struct MappableMacroCodableTests {
  @Test func jsonDecoderSeesTheMappedKeys() throws {
    let data = Data(MappableMacroTests.motisJSON.utf8)
    let user = try JSONDecoder().decode(MacroModels.User.self, from: data)
    #expect(user.name == "Ada")
    #expect(user.views == 42)
    #expect(user.avatar == URL(string: "https://example.com/a.png"))
    #expect(user.followers.map(\.name) == ["Bob", "Cy"])
  }

  @Test func jsonEncoderRoundTrip() throws {
    let user = try MappingDecoder().decode(MacroModels.User.self, from: MappableMacroTests.motisJSON)
    let data = try JSONEncoder().encode(user)
    #expect(try JSONDecoder().decode(MacroModels.User.self, from: data) == user)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains(#""user_name":"Ada""#))
    #expect(text.contains(#""user_stats":{"views":42}"#))
  }

  @Test func codableContainerOfModels() throws {
    let envelope = Envelope(user: MacroModels.User(name: "Ada", views: 1), tags: [MacroModels.PublicTag(label: "x")], gender: .male)
    let data = try JSONEncoder().encode(envelope)
    #expect(try JSONDecoder().decode(Envelope.self, from: data) == envelope)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains(#""user_name":"Ada""#))
    #expect(text.contains(#""gender":"male""#))
  }

  @Test func finalClassThroughJSONDecoder() throws {
    let json = #"{"name": "root", "children": [{"name": "a"}]}"#
    let root = try JSONDecoder().decode(MacroModels.Node.self, from: Data(json.utf8))
    #expect(root.children.map(\.name) == ["a"])
    let back = try JSONDecoder().decode(MacroModels.Node.self, from: JSONEncoder().encode(root))
    #expect(back == root)
  }

  @Test func genericModelThroughJSONDecoder() throws {
    let page = MacroModels.Page(items: [1, 2], next: nil, total: 2)
    let data = try JSONEncoder().encode(page)
    #expect(try JSONDecoder().decode(MacroModels.Page<Int>.self, from: data) == page)
  }

  @Test func mappingErrorsSurfaceAsDecodingErrors() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(MacroModels.StrictPoint.self, from: Data(#"{"x": 1, "y": 2, "z": 3}"#.utf8))
    }
  }

  @Test func foundryDecoderReadsCodableContainers() throws {
    let json = #"{"user": {"user_name": "Ada"}, "tags": [{"label": "t"}], "gender": "female"}"#
    let envelope = try JSONDecoder().decode(Envelope.self, from: Data(json.utf8))
    #expect(envelope.user == MacroModels.User(name: "Ada"))
    #expect(envelope.gender == .female)
  }
}
