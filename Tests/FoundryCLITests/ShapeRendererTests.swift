import FoundryCLI
import FoundryJSON
import Testing

@Suite("Shape rendering")
struct ShapeRendererTests {
  static let sizes = #"{"sizes": {"small": {"w": 1, "h": 2}, "large": {"w": 3, "h": 4}}, "thumb": {"w": 5, "h": 6}}"#

  @Test func theDocumentedExampleRendersAsDocumented() throws {
    let json = """
      {"type": "FeatureCollection",
       "features": [{"properties": {"mag": 2.5, "tz": null, "felt": 3}, "geometry": {"coordinates": [1.5, 2, 3]}},
                    {"properties": {"mag": 5, "tz": 60}, "geometry": {"coordinates": [1.5, 2, 3.5]}}],
       "events": {"138586341": {"name": "Pleyel", "ids": [1]}, "138586345": {"name": "Bercy", "ids": []}}}
      """
    #expect(
      try shapeText(json) == """
        {
          type: string                     // e.g. "FeatureCollection"
          features: [{                     // 2 items
            properties: {
              mag: int | double
              tz: null | int
              felt?: int                   // in 1 of 2
            }
            geometry: {
              coordinates: [int | double]  // 3 items
            }
          }]
          events: {<id>: {                 // 2 keys
            name: string                   // e.g. "Pleyel"
            ids: [int]                     // 0...1 items
          }}
        }
        """
    )
  }

  @Test func repeatedStructuresPointToTheFirst() throws {
    #expect(
      try shapeText(Self.sizes) == """
        {
          sizes: {
            small: {
              w: int
              h: int
            }
            large: {...}  // same as small
          }
          thumb: {...}    // same as sizes.small
        }
        """
    )
  }

  @Test func repeatedStructuresCanPrintInFull() throws {
    var options = ShapeRenderer.Options()
    options.abbreviatesRepeats = false
    #expect(
      try shapeText(#"{"a": {"w": 1, "h": 2}, "b": {"w": 3, "h": 4}}"#, rendering: options) == """
        {
          a: {
            w: int
            h: int
          }
          b: {
            w: int
            h: int
          }
        }
        """
    )
  }

  @Test func optionalityMakesStructuresDiffer() throws {
    let json = #"{"a": [{"w": 1, "h": 2}], "b": [{"w": 3, "h": 4}, {"w": 5}]}"#
    #expect(
      try shapeText(json) == """
        {
          a: [{      // 1 item
            w: int
            h: int
          }]
          b: [{      // 2 items
            w: int
            h?: int  // in 1 of 2
          }]
        }
        """
    )
  }

  @Test func depthLimitCollapsesDeeperObjects() throws {
    var options = ShapeRenderer.Options()
    options.maximumDepth = 1
    #expect(
      try shapeText(Self.sizes, rendering: options) == """
        {
          sizes: {...}  // 2 fields
          thumb: {...}  // 2 fields
        }
        """
    )
    options.maximumDepth = 0
    #expect(try shapeText(Self.sizes, rendering: options) == "{...}  // 2 fields")
  }

  @Test func examplesCanBeLeftOut() throws {
    var options = ShapeRenderer.Options()
    options.showsExamples = false
    #expect(
      try shapeText(#"{"name": "Ada", "tags": ["x"]}"#, rendering: options) == """
        {
          name: string
          tags: [string]  // 1 item
        }
        """)
  }

  @Test func keysThatAreNotNamesAreQuoted() throws {
    let json = #"{"content-type": 1, "a b": 2, "": 3, "a.b": 4, "<id>": 5, "été": 6, "$ref": 7}"#
    #expect(
      try shapeText(json) == """
        {
          content-type: int
          "a b": int
          "": int
          "a.b": int
          "<id>": int
          été: int
          $ref: int
        }
        """
    )
  }

  @Test func commentsLineUpButLongLinesPushTheirOwn() throws {
    var options = ShapeRenderer.Options()
    options.commentColumn = 12
    #expect(
      try shapeText(#"{"a": [1], "a_much_longer_key": [2]}"#, rendering: options) == """
        {
          a: [int]  // 1 item
          a_much_longer_key: [int]  // 1 item
        }
        """
    )
  }

  @Test func largeCountsAreGrouped() throws {
    let json = "[" + Array(repeating: "0", count: 12_345).joined(separator: ",") + "]"
    #expect(try shapeText(json) == "[int]  // 12,345 items")
  }

  @Test func unionsOfArraysAndObjectsPrintBothBlocks() throws {
    let json = #"[{"a": [{"x": 1}]}, {"a": {"y": "z"}}, {"a": null}]"#
    #expect(
      try shapeText(json) == """
        [{              // 3 items
          a: null | [{  // 1 item
            x: int
          }] | {
            y: string   // e.g. "z"
          }
        }]
        """
    )
  }
}
