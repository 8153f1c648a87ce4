import SwiftDiagnostics
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// What `@Mappable` reports about the declaration it is attached to; with an error it
/// generates nothing, so the expansion is the declaration without the attribute.
@Suite("@Mappable diagnostics")
struct TypeDiagnosticsTests {
  @Test func protocolsAndActorsAreRejected() {
    expectExpansion(
      """
      @Mappable
      protocol P {}
      @Mappable
      actor A {}
      """,
      expandsTo: """
        protocol P {}
        actor A {}
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "@Mappable applies to structs, final classes and enums with raw values, not to protocol declarations",
          line: 2, column: 1),
        DiagnosticSpec(
          message: "@Mappable applies to structs, final classes and enums with raw values, not to actor declarations",
          line: 4, column: 1),
      ]
    )
  }

  @Test func nonFinalClassGetsAFixIt() {
    expectExpansion(
      """
      @Mappable
      class Node {
        var name: String
      }
      """,
      expandsTo: """
        class Node {
          var name: String
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "@Mappable class 'Node' must be final: its generated initializer cannot be inherited by subclasses",
          line: 2, column: 1, fixIts: [FixItSpec(message: "add 'final'")])
      ],
      fixedSource: """
        @Mappable
        final class Node {
          var name: String
        }
        """
    )
  }

  @Test func nonFinalPublicClassKeepsItsModifiers() {
    expectExpansion(
      """
      @Mappable public class Node {}
      """,
      expandsTo: """
        public class Node {}
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "@Mappable class 'Node' must be final: its generated initializer cannot be inherited by subclasses",
          line: 1, column: 18, fixIts: [FixItSpec(message: "add 'final'")])
      ],
      fixedSource: """
        @Mappable public final class Node {}
        """
    )
  }

  @Test func openClassHasNoFixIt() {
    expectExpansion(
      """
      @Mappable open class Node {}
      """,
      expandsTo: """
        open class Node {}
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "@Mappable class 'Node' must be final: its generated initializer cannot be inherited by subclasses",
          line: 1, column: 16)
      ]
    )
  }

  @Test func enumWithoutRawValues() {
    expectExpansion(
      """
      @Mappable
      enum Gender {
        case male, female
      }
      """,
      expandsTo: """
        enum Gender {
          case male, female
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "@Mappable enum 'Gender' needs a raw type such as String or Int; enums map through their raw values",
          line: 2, column: 6, fixIts: [FixItSpec(message: "add raw type 'String'")])
      ],
      fixedSource: """
        @Mappable
        enum Gender: String {
          case male, female
        }
        """
    )
  }

  @Test func propertyWithoutATypeAnnotation() {
    expectExpansion(
      """
      @Mappable
      struct S {
        var created = Date()
        var count = 0
      }
      """,
      expandsTo: """
        struct S {
          var created = Date()
          var count = 0
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "@Mappable cannot infer the type of 'created'; add a type annotation", line: 3, column: 7,
          fixIts: [FixItSpec(message: "add a type annotation")])
      ],
      fixedSource: """
        @Mappable
        struct S {
          var created: <#Type#> = Date()
          var count = 0
        }
        """
    )
  }

  @Test func letWithAnInitialValue() {
    expectExpansion(
      """
      @Mappable
      struct S {
        let version: Int = 2
      }
      """,
      expandsTo: """
        struct S {
          let version: Int = 2
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'let' property 'version' has an initial value, so it cannot be decoded; make it 'var', or use @Default for a default",
          line: 3, column: 3, fixIts: [FixItSpec(message: "replace 'let' with 'var'")])
      ],
      fixedSource: """
        @Mappable
        struct S {
          var version: Int = 2
        }
        """
    )
  }

  @Test func twoUnknownKeysBags() {
    expectExpansion(
      """
      @Mappable
      struct S {
        @UnknownKeys var a: JSONObject = [:]
        @UnknownKeys var b: JSONObject = [:]
      }
      """,
      expandsTo: """
        struct S {
          var a: JSONObject = [:]
          var b: JSONObject = [:]
        }
        """,
      diagnostics: [
        DiagnosticSpec(message: "only one property can be marked @UnknownKeys", line: 4, column: 3)
      ]
    )
  }

  @Test func rejectedUnknownKeysLeaveTheBagEmpty() {
    expectExpansion(
      """
      @Mappable(unknownKeys: .reject)
      struct S {
        @UnknownKeys var extra: JSONObject = [:]
      }
      """,
      expandsTo: """
        struct S {
          var extra: JSONObject = [:]
        }

        extension S: Foundry.Mappable, Foundry.MappableValue, Swift.Decodable, Swift.Encodable {
          static let mappingSchema = Foundry.MappingSchema(
            fields: [],
            unknownKeys: .reject
          )

          init(from object: inout Foundry.ObjectReader) throws {
            self.extra = object.unknownMembers()
          }

          mutating func update(from object: inout Foundry.ObjectReader) throws {
            object.mergeUnknownMembers(into: &self.extra)
          }

          func encode(to object: inout Foundry.ObjectWriter) throws {
            object.encodeUnknownMembers(self.extra)
          }

          init(from decoder: any Swift.Decoder) throws {
            self = try Foundry.MappingCodableBridge.decode(Self.self, from: decoder)
          }

          func encode(to encoder: any Swift.Encoder) throws {
            try Foundry.MappingCodableBridge.encode(self, to: encoder)
          }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "the @UnknownKeys property stays empty because unknown keys are rejected; use 'unknownKeys: .preserve'",
          line: 1, column: 11, severity: .warning)
      ]
    )
  }
}
