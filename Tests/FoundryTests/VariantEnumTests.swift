import Foundation
import Foundry
import FoundryJSON
import Testing

/// Enums whose cases carry payloads: chosen by a discriminator member, a wrapping key, or by
/// trying cases in order; from JSON and XML, strict and lossy, and back.
enum VariantModels {
  @Mappable struct Image: Equatable {
    var url: String
    var width: Int = 0
  }

  @Mappable(unknownKeys: .reject) struct Video: Equatable {
    var url: String
    var seconds: Double
  }

  @Mappable(discriminator: "type")
  enum Attachment: Equatable {
    case image(Image)
    @Key(["video", "movie"]) case video(Video)
    case deleted
    @DefaultCase case other(JSONValue)
  }

  @Mappable(discriminator: "kind", keys: .snakeCase)
  enum Strict: Equatable {
    case stillImage(Image)
    case video(clip: Video)
  }

  @Mappable(variants: .wrapped)
  enum Event: Equatable {
    case created(Image)
    case renamed(String)
    case cleared
  }

  @Mappable(variants: .untagged)
  enum Identifier: Equatable {
    case number(Int)
    case text(String)
    case image(Image)
  }

  protocol Shape {}
  @Mappable struct Circle: Shape, Equatable { var radius: Double }
  @Mappable struct Square: Shape, Equatable { var side: Double }

  @Mappable struct Drawing {
    @Key("shape", .variants(of: (any VariantModels.Shape).self, discriminator: "kind", ["circle": VariantModels.Circle.self, "square": VariantModels.Square.self]))
    var shape: any Shape
    @Key("more", .each(.variants(of: (any VariantModels.Shape).self, discriminator: "kind", ["circle": VariantModels.Circle.self, "square": VariantModels.Square.self])))
    var more: [any Shape] = []
  }

  @Mappable struct Post: Equatable {
    var attachments: [Attachment] = []
    var strict: [Strict] = []
  }

  @Mappable struct Log: Equatable {
    var events: [Event] = []
  }
}

@Suite struct VariantEnumTests {
  typealias Attachment = VariantModels.Attachment
  let decoder = MappingDecoder()

  @Test func discriminatorChoosesTheCase() throws {
    let json = #"""
      [{"type": "image", "url": "a.png", "width": 3},
       {"type": "movie", "url": "b.mp4", "seconds": 1.5},
       {"type": "deleted"},
       {"type": "poll", "question": "?"}]
      """#
    let attachments = try decoder.decode([Attachment].self, from: json)
    #expect(
      attachments == [
        .image(.init(url: "a.png", width: 3)),
        .video(.init(url: "b.mp4", seconds: 1.5)),
        .deleted,
        .other(["type": "poll", "question": "?"]),
      ])
  }

  @Test func discriminatorIsNotAnUnknownKeyOfThePayload() throws {
    // Video rejects unknown keys; its "type" member is the discriminator, not unknown.
    let video = try decoder.decode(Attachment.self, from: #"{"url": "b", "seconds": 2, "type": "video"}"#)
    #expect(video == .video(.init(url: "b", seconds: 2)))
    let error = #expect(throws: MappingError.self) {
      try decoder.decode(Attachment.self, from: #"{"type": "video", "url": "b", "seconds": 2, "extra": 1}"#)
    }
    #expect(error?.code == .unknownKeys)
  }

  @Test func encodesBackToTheSameShape() throws {
    let attachments: [Attachment] = [
      .image(.init(url: "a.png", width: 3)), .video(.init(url: "b", seconds: 1)), .deleted, .other(["type": "poll", "n": 1]),
    ]
    let text = try MappingEncoder().encodeToString(attachments)
    #expect(text == #"[{"type":"image","url":"a.png","width":3},{"type":"video","url":"b","seconds":1},{"type":"deleted"},{"type":"poll","n":1}]"#)
    #expect(try decoder.decode([Attachment].self, from: text) == attachments)
  }

  @Test func keyStrategyNamesTheCasesAndLabelsAreKept() throws {
    let json = #"[{"kind": "still_image", "url": "a"}, {"kind": "video", "url": "b", "seconds": 3}]"#
    let values = try decoder.decode([VariantModels.Strict].self, from: json)
    #expect(values == [.stillImage(.init(url: "a")), .video(clip: .init(url: "b", seconds: 3))])
    #expect(try MappingEncoder().encodeToString(values).contains(#""kind":"still_image""#))
  }

  @Test func unknownDiscriminatorWithoutDefaultSaysWhereAndWhat() throws {
    let error = #expect(throws: MappingError.self) {
      try decoder.decode(VariantModels.Post.self, from: #"{"strict": [{"kind": "video", "url": "b", "seconds": 1}, {"kind": "gif"}]}"#)
    }
    #expect(error?.code == .unknownVariant)
    #expect(error?.path.description == "$.strict[1].kind")
    #expect(error?.message.contains(#"case "gif""#) == true)
    #expect(error?.message.contains(#""still_image""#) == true)
  }

  @Test func missingDiscriminatorIsAnError() throws {
    let error = #expect(throws: MappingError.self) { try decoder.decode(Attachment.self, from: #"{"url": "a"}"#) }
    #expect(error?.code == .keyNotFound)
    #expect(error?.path.description == "$.type")
  }

  @Test func lossyModeReportsUnknownDiscriminatorsWithTheirPaths() throws {
    let json = #"{"strict": [{"kind": "gif"}, {"kind": "video", "url": "b", "seconds": 1}], "attachments": [{"type": "poll"}]}"#
    let result = decoder.decodeLossy(VariantModels.Post.self, from: json)
    #expect(result.value?.strict == [.video(clip: .init(url: "b", seconds: 1))])
    #expect(result.value?.attachments == [.other(["type": "poll"])])
    let dropped = result.issues.first { $0.kind == .elementDropped }
    #expect(dropped?.path.description == "$.strict[0]")
    #expect(dropped?.error?.path.description == "$.strict[0].kind")
    let kept = result.issues.first { $0.kind == .unknownVariant }
    #expect(kept?.path.description == "$.attachments[0].type")
  }

  @Test func wrappingKeyNamesTheCase() throws {
    let json = #"[{"created": {"url": "a"}}, {"renamed": "b"}, {"cleared": {}}]"#
    let events = try decoder.decode([VariantModels.Event].self, from: json)
    #expect(events == [.created(.init(url: "a")), .renamed("b"), .cleared])
    let text = try MappingEncoder().encodeToString(events)
    #expect(text == #"[{"created":{"url":"a","width":0}},{"renamed":"b"},{"cleared":{}}]"#)
    let error = #expect(throws: MappingError.self) { try decoder.decode(VariantModels.Event.self, from: #"{"created": {"width": 1}}"#) }
    #expect(error?.path.description == "$.created.url")
    #expect(throws: MappingError.self) { try decoder.decode(VariantModels.Event.self, from: #"{"a": 1, "b": 2}"#) }
  }

  @Test func untaggedCasesAreTriedInOrder() throws {
    let values = try decoder.decode([VariantModels.Identifier].self, from: #"[42, "A-42", {"url": "x"}]"#)
    #expect(values == [.number(42), .text("A-42"), .image(.init(url: "x"))])
    #expect(try MappingEncoder().encodeToString(values) == #"[42,"A-42",{"url":"x","width":0}]"#)
    let error = #expect(throws: MappingError.self) { try decoder.decode(VariantModels.Identifier.self, from: "[1]") }
    #expect(error?.code == .unknownVariant)
  }

  @Test func untaggedAttemptsAreStrictInLossyMode() throws {
    // Lossy reading would default Image's bad width, and lenient reading would take "7" as
    // an Int: attempts are strict, so each value goes to the case whose type it has.
    let result = decoder.decodeLossy([VariantModels.Identifier].self, from: #"["7", {"url": "x", "width": "wide"}, 8]"#)
    #expect(result.value == [.text("7"), .number(8)])
    #expect(result.issues.map(\.kind) == [.elementDropped])
    #expect(result.issues.first?.path.description == "$[1]")
  }

  @Test func worksFromXMLWithTheDiscriminatorAsAttributeOrElement() throws {
    let xml = """
      <post>
        <attachments type="image"><url>a.png</url><width>3</width></attachments>
        <attachments><type>deleted</type></attachments>
      </post>
      """
    let post = try decoder.decode(VariantModels.Post.self, fromXML: xml)
    #expect(post.attachments == [.image(.init(url: "a.png", width: 3)), .deleted])
    let written = try MappingEncoder().encodeXMLString(post, rootElement: "post")
    #expect(written.contains(#"<attachments type="image">"#))
    #expect(try decoder.decode(VariantModels.Post.self, fromXML: written) == post)
  }

  @Test func xmlElementsWhoseOneChildNamesTheCaseAreOneValueNotAWrapper() throws {
    // The discriminator as the element's only child: one attachment, not a wrapper of <type>s.
    let single = try decoder.decode(VariantModels.Post.self, fromXML: "<post><attachments><type>deleted</type></attachments></post>")
    #expect(single.attachments == [.deleted])
    // A wrapped enum: <created> names the case, it does not stand for repeated elements.
    let one = try decoder.decode(VariantModels.Log.self, fromXML: "<log><events><created><url>a.png</url></created></events></log>")
    #expect(one.events == [.created(.init(url: "a.png"))])
    let xml = "<log><events><created><url>a.png</url></created></events><events><renamed>b</renamed></events></log>"
    let log = try decoder.decode(VariantModels.Log.self, fromXML: xml)
    #expect(log.events == [.created(.init(url: "a.png")), .renamed("b")])
    let written = try MappingEncoder().encodeXMLString(log, rootElement: "log")
    #expect(try decoder.decode(VariantModels.Log.self, fromXML: written) == log)
    // A real wrapper still reads as one: its child is no case's name.
    let wrapped = try decoder.decode(VariantModels.Post.self, fromXML: #"<post><attachments><a type="deleted"/><a type="deleted"/></attachments></post>"#)
    #expect(wrapped.attachments == [.deleted, .deleted])
  }

  @Test func codableThroughTheBridge() throws {
    let value = Attachment.image(.init(url: "a", width: 1))
    let data = try JSONEncoder().encode(value)
    #expect(try JSONDecoder().decode(Attachment.self, from: data) == value)
  }

  @Test func protocolTypedFieldsThroughATable() throws {
    let json = #"{"shape": {"kind": "square", "side": 2}, "more": [{"kind": "circle", "radius": 1}, {"kind": "square", "side": 3}]}"#
    let drawing = try decoder.decode(VariantModels.Drawing.self, from: json)
    #expect(drawing.shape as? VariantModels.Square == .init(side: 2))
    #expect(drawing.more.count == 2)
    #expect(drawing.more.first as? VariantModels.Circle == .init(radius: 1))
    let text = try MappingEncoder().encodeToString(drawing)
    #expect(text == #"{"shape":{"kind":"square","side":2},"more":[{"kind":"circle","radius":1},{"kind":"square","side":3}]}"#)
  }

  @Test func protocolTypedFieldsReportUnknownNames() throws {
    let error = #expect(throws: MappingError.self) {
      try decoder.decode(VariantModels.Drawing.self, from: #"{"shape": {"kind": "blob"}}"#)
    }
    #expect(error?.code == .unknownVariant)
    #expect(error?.path.description == "$.shape.kind")
    let result = decoder.decodeLossy(VariantModels.Drawing.self, from: #"{"shape": {"kind": "circle", "radius": 1}, "more": [{"kind": "blob"}]}"#)
    #expect(result.value?.more.isEmpty == true)
    #expect(result.issues.first?.error?.path.description == "$.more[0].kind")
  }
}
