import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@Mappable diagnostics: types it cannot map")
struct UnmappableTypeDiagnosticsTests {
  @Test(arguments: [
    ("(Int, Int)", "a tuple has no document form"),
    ("() -> Void", "a function has no document form"),
    ("Any", "'Any' cannot be created from a document"),
    ("any Error", "'any' types cannot be created from a document"),
    ("Int.Type", "a metatype has no document form"),
  ])
  func unmappableTypesAreDiagnosedWithAnIgnoreFixIt(type: String, reason: String) {
    expectExpansion(
      """
      @Mappable
      struct S {
        var id: Int
        var bad: \(type)
      }
      """,
      expandsTo: """
        struct S {
          var id: Int
          var bad: \(type)
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "@Mappable cannot map 'bad' of type '\(type)': \(reason); give it a transformer or mark it @Ignore",
          line: 4, column: 12, fixIts: [FixItSpec(message: "add @Ignore")])
      ],
      applyFixIts: ["add @Ignore"],
      fixedSource: """
        @Mappable
        struct S {
          var id: Int
          @Ignore var bad: \(type)
        }
        """
    )
  }
}
