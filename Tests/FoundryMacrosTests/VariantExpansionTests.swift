import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@Mappable expansion: enums whose cases carry payloads")
struct VariantExpansionTests {
  @Test func discriminatedEnum() {
    expectExpansion(
      """
      @Mappable(discriminator: "type")
      public enum Attachment {
        case image(Image)
        @Key(["video", "movie"]) case video(clip: Video)
        case deleted
        @DefaultCase case other(JSONValue)
      }
      """,
      expandsTo: """
        public enum Attachment {
          case image(Image)
          case video(clip: Video)
          case deleted
          case other(JSONValue)
        }

        extension Attachment: Foundry.MappableValue, Swift.Decodable, Swift.Encodable {
          public static func read(from value: Foundry.ValueReader) throws -> Self {
            let _$variant = try Foundry.VariantReader(value, discriminator: "type")
            if _$variant.tag == "image" {
              return .image(try _$variant.payload())
            }
            if _$variant.tag == "video" || _$variant.tag == "movie" {
              return .video(clip: try _$variant.payload())
            }
            if _$variant.tag == "deleted" {
              return .deleted
            }
            return .other(_$variant.unknown(keptAs: "other"))
          }

          public func write(to writer: inout Foundry.ValueWriter) throws {
            switch self {
            case .image(let _$payload):
              try writer.writeVariant(_$payload, discriminator: "type", tag: "image")
            case .video(let _$payload):
              try writer.writeVariant(_$payload, discriminator: "type", tag: "video")
            case .deleted:
              writer.writeVariant(discriminator: "type", tag: "deleted")
            case .other(let _$payload):
              try writer.encode(_$payload)
            }
          }

          public static var markupSchema: Foundry.MappingSchema? {
            Foundry.VariantReader.markupSchema(naming: ["type"])
          }

          public init(from decoder: any Swift.Decoder) throws {
            self = try Foundry.MappingCodableBridge.decode(Self.self, from: decoder)
          }

          public func encode(to encoder: any Swift.Encoder) throws {
            try Foundry.MappingCodableBridge.encode(self, to: encoder)
          }
        }
        """
    )
  }

  @Test func wrappedAndUntaggedEnumsWithAKeyStrategy() {
    expectExpansion(
      """
      @Mappable(variants: .wrapped, keys: .snakeCase)
      enum Event {
        case itemCreated(Item)
        case cleared
      }
      """,
      expandsTo: """
        enum Event {
          case itemCreated(Item)
          case cleared
        }

        extension Event: Foundry.MappableValue, Swift.Decodable, Swift.Encodable {
          static func read(from value: Foundry.ValueReader) throws -> Self {
            let _$variant = try Foundry.VariantReader(wrapped: value)
            if _$variant.tag == (.snakeCase as Foundry.KeyStrategy).key(for: "itemCreated") {
              return .itemCreated(try _$variant.payload())
            }
            if _$variant.tag == (.snakeCase as Foundry.KeyStrategy).key(for: "cleared") {
              return .cleared
            }
            throw _$variant.unknownTag(expected: [(.snakeCase as Foundry.KeyStrategy).key(for: "itemCreated"), (.snakeCase as Foundry.KeyStrategy).key(for: "cleared")])
          }

          func write(to writer: inout Foundry.ValueWriter) throws {
            switch self {
            case .itemCreated(let _$payload):
              try writer.writeVariant(_$payload, wrappedIn: (.snakeCase as Foundry.KeyStrategy).key(for: "itemCreated"))
            case .cleared:
              writer.writeVariant(wrappedIn: (.snakeCase as Foundry.KeyStrategy).key(for: "cleared"))
            }
          }

          static var markupSchema: Foundry.MappingSchema? {
            Foundry.VariantReader.markupSchema(naming: [(.snakeCase as Foundry.KeyStrategy).key(for: "itemCreated"), (.snakeCase as Foundry.KeyStrategy).key(for: "cleared")])
          }

          init(from decoder: any Swift.Decoder) throws {
            self = try Foundry.MappingCodableBridge.decode(Self.self, from: decoder)
          }

          func encode(to encoder: any Swift.Encoder) throws {
            try Foundry.MappingCodableBridge.encode(self, to: encoder)
          }
        }
        """
    )
  }

  @Test func untaggedEnumTriesEachCase() {
    expectExpansion(
      """
      @Mappable(variants: .untagged)
      enum Identifier {
        case number(Int)
        case text(String)
      }
      """,
      expandsTo: """
        enum Identifier {
          case number(Int)
          case text(String)
        }

        extension Identifier: Foundry.MappableValue, Swift.Decodable, Swift.Encodable {
          static func read(from value: Foundry.ValueReader) throws -> Self {
            let _$variant = Foundry.VariantReader(untagged: value)
            if let _$case = _$variant.attempt(Self.number) {
              return _$case
            }
            if let _$case = _$variant.attempt(Self.text) {
              return _$case
            }
            throw _$variant.unknownTag(expected: ["Int", "String"])
          }

          func write(to writer: inout Foundry.ValueWriter) throws {
            switch self {
            case .number(let _$payload):
              try writer.encode(_$payload)
            case .text(let _$payload):
              try writer.encode(_$payload)
            }
          }

          init(from decoder: any Swift.Decoder) throws {
            self = try Foundry.MappingCodableBridge.decode(Self.self, from: decoder)
          }

          func encode(to encoder: any Swift.Encoder) throws {
            try Foundry.MappingCodableBridge.encode(self, to: encoder)
          }
        }
        """
    )
  }

  // MARK: - Misuse

  @Test func payloadsWithoutAStyleOfferADiscriminator() {
    expectExpansion(
      """
      @Mappable
      enum Shape {
        case circle(radius: Double)
      }
      """,
      expandsTo: """
        enum Shape {
          case circle(radius: Double)
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            #"@Mappable enum 'Shape' has cases with payloads; say how a payload names its case: @Mappable(discriminator: "type"), @Mappable(variants: .wrapped) or @Mappable(variants: .untagged)"#,
          line: 2, column: 6, fixIts: [FixItSpec(message: #"add 'discriminator: "type"'"#)])
      ],
      fixedSource: """
        @Mappable(discriminator: "type")
        enum Shape {
          case circle(radius: Double)
        }
        """
    )
  }

  @Test func discriminatorOnAStructIsRemoved() {
    expectExpansion(
      """
      @Mappable(keys: .snakeCase, discriminator: "type")
      struct Image {
        var url: String
      }
      """,
      expandsTo: """
        struct Image {
          var url: String
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'discriminator:' applies to enums whose cases carry payloads", line: 1, column: 29,
          fixIts: [FixItSpec(message: "remove 'discriminator:'")])
      ],
      fixedSource: """
        @Mappable(keys: .snakeCase)
        struct Image {
          var url: String
        }
        """
    )
  }

  @Test func misusedCases() {
    expectExpansion(
      """
      @Mappable(variants: .untagged)
      enum Value {
        case pair(Int, Int)
        case none
        @Key(name) case named(String)
        @DefaultCase case other(String)
      }
      """,
      expandsTo: """
        enum Value {
          case pair(Int, Int)
          case none
          case named(String)
          case other(String)
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "case 'pair' carries several values; a variant case carries one payload (a @Mappable struct holding them) or none",
          line: 3, column: 8),
        DiagnosticSpec(
          message: "case 'none' has no payload, so trying cases in order cannot choose it; give it a value or use a discriminator",
          line: 4, column: 8),
        DiagnosticSpec(message: #"@Key on a case takes its names only: @Key("name") or @Key(["name", "other"])"#, line: 5, column: 3),
        DiagnosticSpec(message: "@DefaultCase case 'other' keeps the payload no case reads: give it one value of type JSONValue", line: 6, column: 21),
      ]
    )
  }

  @Test func defaultCaseOutsideAnEnum() {
    expectExpansion(
      """
      struct Image {
        @DefaultCase var url: String
      }
      """,
      expandsTo: """
        struct Image {
          var url: String
        }
        """,
      diagnostics: [
        DiagnosticSpec(message: "@DefaultCase applies to a case of an enum marked @Mappable(discriminator:) or @Mappable(variants:)", line: 2, column: 3)
      ]
    )
  }
}
