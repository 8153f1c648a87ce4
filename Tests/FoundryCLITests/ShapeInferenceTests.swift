import FoundryCLI
import FoundryJSON
import Testing

/// The tree `inspect` prints for `json`.
func shapeText(
  _ json: String,
  options: ShapeOptions = .init(),
  rendering: ShapeRenderer.Options = .init()
) throws -> String {
  let document = try JSONDocument(string: json)
  return ShapeRenderer(options: rendering).render(Shape(of: document.root, options: options))
}

@Suite("Shape inference")
struct ShapeInferenceTests {
  @Test(arguments: [
    ("null", "null"),
    ("true", "bool"),
    ("42", "int"),
    ("-0", "int"),
    ("18446744073709551616", "int"),
    ("4.0", "double"),
    ("1e3", "double"),
    (#""Ada""#, #"string  // e.g. "Ada""#),
    (#""""#, "string"),
    ("[]", "[]"),
    ("{}", "{}"),
  ])
  func scalarsAndEmptyContainers(json: String, expected: String) throws {
    #expect(try shapeText(json) == expected)
  }

  @Test func arrayElementsMergeIntoOneShape() throws {
    let json = #"[{"id": 1, "mag": 2.5, "tz": null}, {"id": 2, "mag": 3, "tz": 60, "felt": 4}]"#
    #expect(
      try shapeText(json) == """
        [{            // 2 items
          id: int
          mag: int | double
          tz: null | int
          felt?: int  // in 1 of 2
        }]
        """
    )
  }

  @Test func kindsPrintInAFixedOrder() throws {
    let json = #"[{}, [], "s", 1.5, 1, true, null]"#
    #expect(try shapeText(json) == #"[null | bool | int | double | string | [] | {}]  // 7 × 0 items, e.g. "s""#)
  }

  @Test func countsAKeyOncePerObjectEvenWhenRepeated() throws {
    let json = #"[{"a": 1, "a": 2}, {"b": 3}]"#
    let shape = Shape(of: try JSONDocument(string: json).root)
    let element = try #require(shape.root.element)
    #expect(shape[element].fields.map(\.name) == ["a", "b"])
    #expect(shape[element].fields.map(\.presence) == [1, 1])
    let a = try #require(shape[element].fields.first { $0.name == "a" })
    #expect(shape[a.node].counts[.int] == 2)
  }

  @Test func keysSeenLateGoBeforeTheNextKnownKeyOrLast() throws {
    let json = #"[{"a": 1, "b": 2}, {"a": 1, "c": 3}, {"x": 0, "b": 2, "d": 4}]"#
    #expect(
      try shapeText(json) == """
        [{         // 3 items
          a?: int  // in 2 of 3
          x?: int  // in 1 of 3
          b?: int  // in 2 of 3
          c?: int  // in 1 of 3
          d?: int  // in 1 of 3
        }]
        """
    )
  }

  @Test func keysSeenLateKeepTheirPlaceNextToTheirNeighbours() throws {
    let json = #"[{"a": 1, "d": 4}, {"a": 1, "b": 2, "c": 3, "d": 4}, {"e": 5, "a": 1}]"#
    #expect(
      try shapeText(json) == """
        [{         // 3 items
          e?: int  // in 1 of 3
          a: int
          b?: int  // in 1 of 3
          c?: int  // in 1 of 3
          d?: int  // in 2 of 3
        }]
        """
    )
  }

  @Test func nestedArraysReportEveryLevelsLength() throws {
    #expect(try shapeText("[[1, 2], [3]]") == "[[int]]  // 2 × 1...2 items")
    #expect(try shapeText("[[[1.5, 2], [3, 4]]]") == "[[[int | double]]]  // 1 × 2 × 2 items")
  }

  @Test func examplesAreTheFirstNonEmptyStringShortened() throws {
    var options = ShapeOptions()
    options.maximumExampleLength = 5
    #expect(try shapeText(#"["", "abcdefgh", "x"]"#, options: options) == #"[string]  // 3 items, e.g. "abcde...""#)
    #expect(try shapeText(#"["a\"b\n"]"#) == #"[string]  // 1 item, e.g. "a\"b\n""#)
  }

  @Test func emptyArraysNeedNoComment() throws {
    #expect(
      try shapeText(#"{"tags": [], "ids": [[]]}"#) == """
        {
          tags: []
          ids: [[]]  // 1 × 0 items
        }
        """)
  }

  @Test func deepObjectsAreWrittenInPiecesAsTheyAreLaidOut() throws {
    // 2,000 levels of objects: 4 MB of indentation, the square of the depth.
    let depth = 2_000
    var parsing = JSONParsingOptions()
    parsing.maximumDepth = depth
    let json = String(repeating: #"{"a": "#, count: depth) + "1" + String(repeating: "}", count: depth)
    let shape = Shape(of: try JSONDocument(string: json, options: parsing).root)
    var pieces: [String] = []
    ShapeRenderer().render(shape) { pieces.append($0) }
    #expect(pieces.count > 60)
    #expect(pieces.allSatisfy { $0.utf8.count < 65_536 + 100 })
    let text = pieces.joined()
    #expect(text == ShapeRenderer().render(shape))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 2 * depth + 1)
    #expect(lines[depth] == String(repeating: "  ", count: depth) + "a: int")
    #expect(lines.last == "}")
  }

  @Test func deepNestingIsWalkedWithoutRecursion() throws {
    let depth = 5_000
    let json = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
    var parsing = JSONParsingOptions()
    parsing.maximumDepth = depth
    let shape = Shape(of: try JSONDocument(string: json, options: parsing).root)
    let text = ShapeRenderer().render(shape)
    #expect(text.hasPrefix(String(repeating: "[", count: depth) + "int" + String(repeating: "]", count: depth)))
    #expect(text.hasSuffix("1 item"))
  }
}
