import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@Validate expansion")
struct ValidateExpansionTests {
  @Test func validatorsJoinTheSchemaThroughKeyPaths() {
    expectExpansion(
      """
      @Mappable
      struct Signup {
        @Validate(.range(13...150)) var age: Int
        @Key("nick") @Validate(Validator<String>.nonEmpty) var nickname: String?
      }
      """,
      expandsTo: """
        struct Signup {
          var age: Int
          var nickname: String?
        }

        extension Signup: Foundry.Mappable, Foundry.MappableValue, Swift.Decodable, Swift.Encodable {
          static let mappingSchema = Foundry.MappingSchema(
            fields: [
              Foundry.FieldKey.property("age").validated(\\Self.age, by: .range(13 ... 150)),
              Foundry.FieldKey.path("nick").validated(\\Self.nickname, by: Validator<String>.nonEmpty),
            ]
          )

          init(from object: inout Foundry.ObjectReader) throws {
            self.age = try object.decode(at: 0)
            self.nickname = try object.decodeIfPresent(at: 1)
          }

          mutating func update(from object: inout Foundry.ObjectReader) throws {
            if object.contains(0) {
              try object.update(&self.age, at: 0)
            }
            if object.contains(1) {
              self.nickname = try object.decodeIfPresent(at: 1)
            }
          }

          func encode(to object: inout Foundry.ObjectWriter) throws {
            try object.encode(self.age, at: 0)
            try object.encodeIfPresent(self.nickname, at: 1)
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

  @Test func validateOnAComputedPropertyIsAnError() {
    expectExpansion(
      """
      struct S {
        @Validate(.atLeast(0)) var total: Int { 0 }
      }
      """,
      expandsTo: """
        struct S {
          var total: Int { 0 }
        }
        """,
      diagnostics: [
        DiagnosticSpec(message: "@Validate applies to stored instance properties, not to computed properties", line: 2, column: 3, fixIts: [FixItSpec(message: "remove @Validate")])
      ]
    )
  }
}
