import SwiftDiagnostics
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The field attributes' own checks. The types here are not `@Mappable`, so the expansions
/// only show the attributes removed.
@Suite("Field attribute diagnostics")
struct FieldDiagnosticsTests {
  @Test func keyOnAComputedProperty() {
    expectExpansion(
      """
      struct S {
        @Key("a") var a: Int { 1 }
      }
      """,
      expandsTo: """
        struct S {
          var a: Int { 1 }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "@Key applies to stored instance properties, not to computed properties", line: 2, column: 3,
          fixIts: [FixItSpec(message: "remove @Key")])
      ],
      fixedSource: """
        struct S {
          var a: Int { 1 }
        }
        """
    )
  }

  @Test func defaultOnAStaticProperty() {
    expectExpansion(
      """
      struct S {
        @Default(1) static var shared: Int
      }
      """,
      expandsTo: """
        struct S {
          static var shared: Int
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "@Default applies to stored instance properties, not to static properties", line: 2, column: 3,
          fixIts: [FixItSpec(message: "remove @Default")])
      ],
      fixedSource: """
        struct S {
          static var shared: Int
        }
        """
    )
  }

  @Test func transformAndIgnoreOnLazyAndComputedProperties() {
    expectExpansion(
      """
      struct S {
        @Transform(.iso8601) lazy var date: Date = .now
        @Ignore var b: Int { get { 1 } set {} }
      }
      """,
      expandsTo: """
        struct S {
          lazy var date: Date = .now
          var b: Int { get { 1 } set {} }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "@Transform applies to stored instance properties, not to lazy properties", line: 2, column: 3,
          fixIts: [FixItSpec(message: "remove @Transform")]),
        DiagnosticSpec(
          message: "@Ignore applies to stored instance properties, not to computed properties", line: 3, column: 3,
          fixIts: [FixItSpec(message: "remove @Ignore")]),
      ]
    )
  }

  @Test func attributeOnAFunction() {
    expectExpansion(
      """
      struct S {
        @Key("a") func a() {}
      }
      """,
      expandsTo: """
        struct S {
          func a() {}
        }
        """,
      diagnostics: [
        DiagnosticSpec(message: "@Key applies to stored properties of a @Mappable type", line: 2, column: 3)
      ]
    )
  }

  @Test func twoKeysOnOneProperty() {
    expectExpansion(
      """
      struct S {
        @Key("a") @Key("b") var a: Int
      }
      """,
      expandsTo: """
        struct S {
          var a: Int
        }
        """,
      diagnostics: [
        DiagnosticSpec(message: "a property can have only one @Key", line: 2, column: 13, fixIts: [FixItSpec(message: "remove @Key")])
      ],
      fixedSource: """
        struct S {
          @Key("a") var a: Int
        }
        """
    )
  }

  @Test func keyWithIgnore() {
    expectExpansion(
      """
      struct S {
        @Key("a") @Ignore var a: Int = 0
      }
      """,
      expandsTo: """
        struct S {
          var a: Int = 0
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "@Key has no effect on an @Ignore property", line: 2, column: 3, severity: .warning,
          fixIts: [FixItSpec(message: "remove @Key")])
      ],
      fixedSource: """
        struct S {
          @Ignore var a: Int = 0
        }
        """
    )
  }

  @Test func twoTransformers() {
    expectExpansion(
      """
      struct S {
        @Key("a", .iso8601) @Transform(.iso8601) var a: Date
      }
      """,
      expandsTo: """
        struct S {
          var a: Date
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "a property can have only one transformer: pass it in @Key or in @Transform, not both", line: 2, column: 23)
      ]
    )
  }

  @Test func defaultLiteralOfTheWrongType() {
    expectExpansion(
      """
      struct S {
        @Default("zero") var count: Int
        @Default(1.5) var limit: Int
        @Default(nil) var name: String
        @Default(0) var ratio: Double
        @Default([]) var tags: [String]
        @Default(.none) var level: Level
      }
      """,
      expandsTo: """
        struct S {
          var count: Int
          var limit: Int
          var name: String
          var ratio: Double
          var tags: [String]
          var level: Level
        }
        """,
      diagnostics: [
        DiagnosticSpec(message: "@Default value is a string literal, but 'count' is Int", line: 2, column: 12),
        DiagnosticSpec(message: "@Default value is a floating-point literal, but 'limit' is Int", line: 3, column: 12),
        DiagnosticSpec(message: "@Default value is nil, but 'name' is String", line: 4, column: 12),
      ]
    )
  }

  @Test func defaultWithAnInitialValue() {
    expectExpansion(
      """
      struct S {
        @Default(1) var count: Int = 2
      }
      """,
      expandsTo: """
        struct S {
          var count: Int = 2
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'count' has both an initial value and @Default; @Default wins, remove one", line: 2, column: 3,
          severity: .warning, fixIts: [FixItSpec(message: "remove @Default")])
      ],
      fixedSource: """
        struct S {
          var count: Int = 2
        }
        """
    )
  }

  @Test func ignoreWithoutAValue() {
    let source = """
      struct S {
        @Ignore var cache: [String: Int]
      }
      """
    let diagnostics = [
      DiagnosticSpec(
        message: "@Ignore property 'cache' needs an initial value or an optional type: decoding does not set it",
        line: 2, column: 3,
        fixIts: [FixItSpec(message: "add an initial value"), FixItSpec(message: "make the type optional")])
    ]
    let expanded = """
      struct S {
        var cache: [String: Int]
      }
      """
    expectExpansion(
      source, expandsTo: expanded, diagnostics: diagnostics, applyFixIts: ["add an initial value"],
      fixedSource: """
        struct S {
          @Ignore var cache: [String: Int] = <#value#>
        }
        """)
    expectExpansion(
      source, expandsTo: expanded, diagnostics: diagnostics, applyFixIts: ["make the type optional"],
      fixedSource: """
        struct S {
          @Ignore var cache: [String: Int]?
        }
        """)
  }

  @Test func ignoreOnOptionalsAndWithDefaultsIsFine() {
    expectExpansion(
      """
      struct S {
        @Ignore var a: Int?
        @Ignore @Default(1) let b: Int
        @Ignore var c: Optional<Int>
      }
      """,
      expandsTo: """
        struct S {
          var a: Int?
          let b: Int
          var c: Optional<Int>
        }
        """
    )
  }
}
