import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@Mappable expansion: classes, enums, nesting")
struct MappableOtherKindsExpansionTests {
  @Test func finalClassGetsMembersInItsBody() {
    expectExpansion(
      """
      @Mappable
      public final class Node {
        let name: String
        var children: [Node] = []
        init(name: String) { self.name = name }
      }
      """,
      expandsTo: """
        public final class Node {
          let name: String
          var children: [Node] = []
          init(name: String) { self.name = name }

          public static let mappingSchema = Foundry.MappingSchema(
            fields: [
              Foundry.FieldKey.property("name"),
              Foundry.FieldKey.property("children"),
            ]
          )

          public init(from object: inout Foundry.ObjectReader) throws {
            self.name = try object.decode(at: 0)
            self.children = try object.decode(at: 1, default: [])
          }

          public func update(from object: inout Foundry.ObjectReader) throws {
            if object.contains(1) {
              self.children = try object.decode(at: 1, default: [])
            }
          }

          public func encode(to object: inout Foundry.ObjectWriter) throws {
            try object.encode(self.name, at: 0)
            try object.encode(self.children, at: 1)
          }
        }

        extension Node: Foundry.Mappable, Foundry.MappableValue, Swift.Decodable, Swift.Encodable {
          public convenience init(from decoder: any Swift.Decoder) throws {
            var _$object = try Foundry.MappingCodableBridge.makeObjectReader(for: Self.self, from: decoder)
            try self.init(from: &_$object)
            try Foundry.MappingCodableBridge.finish(&_$object)
            var _$self = self
            try _$self.didMap()
          }

          public func encode(to encoder: any Swift.Encoder) throws {
            try Foundry.MappingCodableBridge.encode(self, to: encoder)
          }
        }
        """
    )
  }

  @Test func genericFinalClassConstrainsItsMembers() {
    expectExpansion(
      """
      @Mappable
      final class Box<Value> {
        var value: Value
      }
      """,
      expandsTo: """
        final class Box<Value> {
          var value: Value

          static var mappingSchema: Foundry.MappingSchema {
            Foundry.MappingSchema.cached(for: Self.self) {
              Foundry.MappingSchema(
                fields: [
                  Foundry.FieldKey.property("value"),
                ]
              )
            }
          }

          init(from object: inout Foundry.ObjectReader) throws where Value: Foundry.MappableValue {
            self.value = try object.decode(at: 0)
          }

          func update(from object: inout Foundry.ObjectReader) throws where Value: Foundry.MappableValue {
            if object.contains(0) {
              try object.update(&self.value, at: 0)
            }
          }

          func encode(to object: inout Foundry.ObjectWriter) throws where Value: Foundry.MappableValue {
            try object.encode(self.value, at: 0)
          }
        }

        extension Box: Foundry.Mappable, Foundry.MappableValue, Swift.Decodable, Swift.Encodable where Value: Foundry.MappableValue {
          convenience init(from decoder: any Swift.Decoder) throws {
            var _$object = try Foundry.MappingCodableBridge.makeObjectReader(for: Self.self, from: decoder)
            try self.init(from: &_$object)
            try Foundry.MappingCodableBridge.finish(&_$object)
            var _$self = self
            try _$self.didMap()
          }

          func encode(to encoder: any Swift.Encoder) throws {
            try Foundry.MappingCodableBridge.encode(self, to: encoder)
          }
        }
        """
    )
  }

  @Test func enumWithRawValuesOnlyConforms() {
    expectExpansion(
      """
      @Mappable
      enum Gender: String {
        case male, female
      }
      """,
      expandsTo: """
        enum Gender: String {
          case male, female
        }

        extension Gender: Foundry.MappableValue, Swift.Decodable, Swift.Encodable {
        }
        """
    )
  }

  @Test func enumWithExplicitRawValues() {
    expectExpansion(
      """
      @Mappable
      enum Level: Int {
        case low = 1, high = 2
      }
      """,
      expandsTo: """
        enum Level: Int {
          case low = 1, high = 2
        }

        extension Level: Foundry.MappableValue, Swift.Decodable, Swift.Encodable {
        }
        """
    )
  }

  @Test func nestedTypeExtendsTheQualifiedName() {
    expectExpansion(
      """
      enum API {
        @Mappable
        struct Item {
          var id: Int
        }
      }
      """,
      expandsTo: """
        enum API {
          struct Item {
            var id: Int
          }
        }

        extension API.Item: Foundry.Mappable, Foundry.MappableValue, Swift.Decodable, Swift.Encodable {
          static let mappingSchema = Foundry.MappingSchema(
            fields: [
              Foundry.FieldKey.property("id"),
            ]
          )

          init(from object: inout Foundry.ObjectReader) throws {
            self.id = try object.decode(at: 0)
          }

          mutating func update(from object: inout Foundry.ObjectReader) throws {
            if object.contains(0) {
              try object.update(&self.id, at: 0)
            }
          }

          func encode(to object: inout Foundry.ObjectWriter) throws {
            try object.encode(self.id, at: 0)
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

  @Test func emptyStruct() {
    expectExpansion(
      """
      @Mappable
      struct Empty {}
      """,
      expandsTo: """
        struct Empty {}

        extension Empty: Foundry.Mappable, Foundry.MappableValue, Swift.Decodable, Swift.Encodable {
          static let mappingSchema = Foundry.MappingSchema(
            fields: []
          )

          init(from object: inout Foundry.ObjectReader) throws {
          }

          mutating func update(from object: inout Foundry.ObjectReader) throws {
          }

          func encode(to object: inout Foundry.ObjectWriter) throws {
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
