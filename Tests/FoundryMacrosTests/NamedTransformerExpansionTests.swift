import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("Transformers by name: expansion")
struct NamedTransformerExpansionTests {
  @Test func namesBecomeRegistryLookupsTypedByTheProperty() {
    expectExpansion(
      """
      @Mappable
      struct Photo {
        @Key("piyo", transformer: "url") var link: URL
        @Transform(named: "epoch-ms") var taken: Date?
      }
      """,
      expandsTo: """
        struct Photo {
          var link: URL
          var taken: Date?
        }

        extension Photo: Foundry.Mappable, Foundry.MappableValue, Swift.Decodable, Swift.Encodable {
          static let mappingSchema = Foundry.MappingSchema(
            fields: [
              Foundry.FieldKey.path("piyo"),
              Foundry.FieldKey.property("taken"),
            ]
          )

          init(from object: inout Foundry.ObjectReader) throws {
            self.link = try object.decode(at: 0, using: Foundry.NamedTransformer("url"))
            self.taken = try object.decodeIfPresent(at: 1, using: Foundry.NamedTransformer("epoch-ms"))
          }

          mutating func update(from object: inout Foundry.ObjectReader) throws {
            if object.contains(0) {
              self.link = try object.decode(at: 0, using: Foundry.NamedTransformer("url"))
            }
            if object.contains(1) {
              self.taken = try object.decodeIfPresent(at: 1, using: Foundry.NamedTransformer("epoch-ms"))
            }
          }

          func encode(to object: inout Foundry.ObjectWriter) throws {
            try object.encode(self.link, at: 0, using: Foundry.NamedTransformer("url"))
            try object.encodeIfPresent(self.taken, at: 1, using: Foundry.NamedTransformer("epoch-ms"))
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
