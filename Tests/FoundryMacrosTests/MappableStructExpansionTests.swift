import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@Mappable expansion: structs")
struct MappableStructExpansionTests {
  @Test func motisUser() {
    expectExpansion(
      """
      @Mappable(keys: .snakeCase, unknownKeys: .reject, nilEncoding: .null, coercion: .strict)
      struct User {
        @Key("user_name") var name: String
        @Key("user_stats.views") var views: Int = 0
        @Key(["id", "uuid"]) let id: String
        @Key("created", .iso8601) var created: Date?
        @Default(0) var count: Int
        @Ignore var cache: [String: Int] = [:]
        var website: URL?
        var followers: [User] = []
      }
      """,
      expandsTo: """
        struct User {
          var name: String
          var views: Int = 0
          let id: String
          var created: Date?
          var count: Int
          var cache: [String: Int] = [:]
          var website: URL?
          var followers: [User] = []
        }

        extension User: Foundry.Mappable, Foundry.MappableValue, Swift.Decodable, Swift.Encodable {
          static let mappingSchema = Foundry.MappingSchema(
            fields: [
              Foundry.FieldKey.path("user_name"),
              Foundry.FieldKey.path("user_stats.views"),
              Foundry.FieldKey.paths(["id", "uuid"]),
              Foundry.FieldKey.path("created"),
              Foundry.FieldKey.property("count"),
              Foundry.FieldKey.property("website"),
              Foundry.FieldKey.property("followers"),
            ],
            keyStrategy: .snakeCase,
            unknownKeys: .reject,
            nilEncoding: .null,
            coercion: .strict
          )

          init(from object: inout Foundry.ObjectReader) throws {
            self.name = try object.decode(at: 0)
            self.views = try object.decode(at: 1, default: 0)
            self.id = try object.decode(at: 2)
            self.created = try object.decodeIfPresent(at: 3, using: .iso8601)
            self.count = try object.decode(at: 4, default: 0)
            self.website = try object.decodeIfPresent(at: 5)
            self.followers = try object.decode(at: 6, default: [])
          }

          mutating func update(from object: inout Foundry.ObjectReader) throws {
            if object.contains(0) {
              try object.update(&self.name, at: 0)
            }
            if object.contains(1) {
              self.views = try object.decode(at: 1, default: 0)
            }
            if object.contains(3) {
              self.created = try object.decodeIfPresent(at: 3, using: .iso8601)
            }
            if object.contains(4) {
              self.count = try object.decode(at: 4, default: 0)
            }
            if object.contains(5) {
              self.website = try object.decodeIfPresent(at: 5)
            }
            if object.contains(6) {
              self.followers = try object.decode(at: 6, default: [])
            }
          }

          func encode(to object: inout Foundry.ObjectWriter) throws {
            try object.encode(self.name, at: 0)
            try object.encode(self.views, at: 1)
            try object.encode(self.id, at: 2)
            try object.encodeIfPresent(self.created, at: 3, using: .iso8601)
            try object.encode(self.count, at: 4)
            try object.encodeIfPresent(self.website, at: 5)
            try object.encode(self.followers, at: 6)
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
}

extension MappableStructExpansionTests {
  @Test func publicStructMembersArePublic() {
    expectExpansion(
      """
      @Mappable
      public struct Tag {
        public var label: String
        public static let shared = Tag(label: "x")
        var upper: String { label.uppercased() }
        lazy var cached: Int = 0
      }
      """,
      expandsTo: """
        public struct Tag {
          public var label: String
          public static let shared = Tag(label: "x")
          var upper: String { label.uppercased() }
          lazy var cached: Int = 0
        }

        extension Tag: Foundry.Mappable, Foundry.MappableValue, Swift.Decodable, Swift.Encodable {
          public static let mappingSchema = Foundry.MappingSchema(
            fields: [
              Foundry.FieldKey.property("label"),
            ]
          )

          public init(from object: inout Foundry.ObjectReader) throws {
            self.label = try object.decode(at: 0)
          }

          public mutating func update(from object: inout Foundry.ObjectReader) throws {
            if object.contains(0) {
              try object.update(&self.label, at: 0)
            }
          }

          public func encode(to object: inout Foundry.ObjectWriter) throws {
            try object.encode(self.label, at: 0)
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

  @Test func genericStructBuildsItsSchemaOnUse() {
    expectExpansion(
      """
      @Mappable
      struct Page<Item> {
        var items: [Item]
        var next: URL?
      }
      """,
      expandsTo: """
        struct Page<Item> {
          var items: [Item]
          var next: URL?
        }

        extension Page: Foundry.Mappable, Foundry.MappableValue, Swift.Decodable, Swift.Encodable where Item: Foundry.MappableValue {
          static var mappingSchema: Foundry.MappingSchema {
            Foundry.MappingSchema.cached(for: Self.self) {
              Foundry.MappingSchema(
                fields: [
                  Foundry.FieldKey.property("items"),
                  Foundry.FieldKey.property("next"),
                ]
              )
            }
          }

          init(from object: inout Foundry.ObjectReader) throws {
            self.items = try object.decode(at: 0)
            self.next = try object.decodeIfPresent(at: 1)
          }

          mutating func update(from object: inout Foundry.ObjectReader) throws {
            if object.contains(0) {
              try object.update(&self.items, at: 0)
            }
            if object.contains(1) {
              self.next = try object.decodeIfPresent(at: 1)
            }
          }

          func encode(to object: inout Foundry.ObjectWriter) throws {
            try object.encode(self.items, at: 0)
            try object.encodeIfPresent(self.next, at: 1)
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

  @Test func unknownKeysBagSwitchesToPreserve() {
    expectExpansion(
      """
      @Mappable
      struct Settings {
        @UnknownKeys var extra: JSONObject = [:]
        var theme: String
      }
      """,
      expandsTo: """
        struct Settings {
          var extra: JSONObject = [:]
          var theme: String
        }

        extension Settings: Foundry.Mappable, Foundry.MappableValue, Swift.Decodable, Swift.Encodable {
          static let mappingSchema = Foundry.MappingSchema(
            fields: [
              Foundry.FieldKey.property("theme"),
            ],
            unknownKeys: .preserve
          )

          init(from object: inout Foundry.ObjectReader) throws {
            self.extra = object.unknownMembers()
            self.theme = try object.decode(at: 0)
          }

          mutating func update(from object: inout Foundry.ObjectReader) throws {
            object.mergeUnknownMembers(into: &self.extra)
            if object.contains(0) {
              try object.update(&self.theme, at: 0)
            }
          }

          func encode(to object: inout Foundry.ObjectWriter) throws {
            try object.encode(self.theme, at: 0)
            object.encodeUnknownMembers(self.extra)
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

  @Test func transformAndFlattenAndInferredTypes() {
    expectExpansion(
      #"""
      @Mappable
      struct Event {
        @Transform(.iso8601) var start: Date
        @Key("", Wrapper()) var location: Location
        @Key(#"version\.major"#) var major = 1
        var title = "untitled"
        var isPublic = false
        var ratio = -0.5
        @Ignore @Default(7) let seed: Int
        @Ignore let note: String?
        var a, b: Int
        var observed: Int = 0 {
          didSet { print(observed) }
        }
      }
      """#,
      expandsTo: #"""
        struct Event {
          var start: Date
          var location: Location
          var major = 1
          var title = "untitled"
          var isPublic = false
          var ratio = -0.5
          let seed: Int
          let note: String?
          var a, b: Int
          var observed: Int = 0 {
            didSet { print(observed) }
          }
        }

        extension Event: Foundry.Mappable, Foundry.MappableValue, Swift.Decodable, Swift.Encodable {
          static let mappingSchema = Foundry.MappingSchema(
            fields: [
              Foundry.FieldKey.property("start"),
              Foundry.FieldKey.path(""),
              Foundry.FieldKey.path(#"version\.major"#),
              Foundry.FieldKey.property("title"),
              Foundry.FieldKey.property("isPublic"),
              Foundry.FieldKey.property("ratio"),
              Foundry.FieldKey.property("a"),
              Foundry.FieldKey.property("b"),
              Foundry.FieldKey.property("observed"),
            ]
          )

          init(from object: inout Foundry.ObjectReader) throws {
            self.start = try object.decode(at: 0, using: .iso8601)
            self.location = try object.decode(at: 1, using: Wrapper())
            self.major = try object.decode(at: 2, default: 1)
            self.title = try object.decode(at: 3, default: "untitled")
            self.isPublic = try object.decode(at: 4, default: false)
            self.ratio = try object.decode(at: 5, default: -0.5)
            self.seed = 7
            self.note = nil
            self.a = try object.decode(at: 6)
            self.b = try object.decode(at: 7)
            self.observed = try object.decode(at: 8, default: 0)
          }

          mutating func update(from object: inout Foundry.ObjectReader) throws {
            if object.contains(0) {
              self.start = try object.decode(at: 0, using: .iso8601)
            }
            if object.contains(1) {
              self.location = try object.decode(at: 1, using: Wrapper())
            }
            if object.contains(2) {
              self.major = try object.decode(at: 2, default: 1)
            }
            if object.contains(3) {
              self.title = try object.decode(at: 3, default: "untitled")
            }
            if object.contains(4) {
              self.isPublic = try object.decode(at: 4, default: false)
            }
            if object.contains(5) {
              self.ratio = try object.decode(at: 5, default: -0.5)
            }
            if object.contains(6) {
              try object.update(&self.a, at: 6)
            }
            if object.contains(7) {
              try object.update(&self.b, at: 7)
            }
            if object.contains(8) {
              self.observed = try object.decode(at: 8, default: 0)
            }
          }

          func encode(to object: inout Foundry.ObjectWriter) throws {
            try object.encode(self.start, at: 0, using: .iso8601)
            try object.encode(self.location, at: 1, using: Wrapper())
            try object.encode(self.major, at: 2)
            try object.encode(self.title, at: 3)
            try object.encode(self.isPublic, at: 4)
            try object.encode(self.ratio, at: 5)
            try object.encode(self.a, at: 6)
            try object.encode(self.b, at: 7)
            try object.encode(self.observed, at: 8)
          }

          init(from decoder: any Swift.Decoder) throws {
            self = try Foundry.MappingCodableBridge.decode(Self.self, from: decoder)
          }

          func encode(to encoder: any Swift.Encoder) throws {
            try Foundry.MappingCodableBridge.encode(self, to: encoder)
          }
        }
        """#
    )
  }
}
