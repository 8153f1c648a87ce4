import Testing

@Suite("foundry inspect")
struct InspectCommandTests {
  static let quakes = """
    {"type": "FeatureCollection", "features": [
      {"properties": {"mag": 2.5, "tz": null, "felt": 3}, "geometry": {"coordinates": [-116.7, 33.6, 12]}},
      {"properties": {"mag": 5, "tz": -480}, "geometry": {"coordinates": [122.2, 23.9, 24.5]}}
    ]}
    """

  @Test func printsTheMergedShapeAsATree() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write(Self.quakes, to: "quakes.json")
    #expect(
      foundry("inspect", file)
        == CommandResult(
          status: 0,
          output: """
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
            }

            """,
          error: ""
        )
    )
  }

  @Test func optionsShapeTheTree() {
    let result = foundry("inspect", "--depth", "1", "--no-examples", "-", input: Self.quakes)
    #expect(
      result
        == CommandResult(
          status: 0,
          output: """
            {
              type: string
              features: [{...}]  // 2 items, 2 fields
            }

            """,
          error: ""
        )
    )
    let ids = #"{"1": {"a": 1, "b": 2}, "2": {"a": 3, "b": 4}}"#
    #expect(foundry("inspect", "-", input: ids).output == "{<id>: {  // 2 keys\n  a: int\n  b: int\n}}\n")
    #expect(
      foundry("inspect", "--all-keys", "-", input: ids).output
        == "{\n  1: {\n    a: int\n    b: int\n  }\n  2: {...}  // same as 1\n}\n"
    )
    #expect(
      foundry("inspect", "--all-keys", "--expand-repeats", "-", input: ids).output
        == "{\n  1: {\n    a: int\n    b: int\n  }\n  2: {\n    a: int\n    b: int\n  }\n}\n"
    )
  }

  @Test func printsTheShapeAsJSONForPrograms() {
    let result = foundry("inspect", "--format", "json", "-", input: #"[{"a": 1}, {"a": 2.5, "b": "x"}, {"a": 3, "c": {"1": []}}]"#)
    #expect(result.status == 0)
    #expect(result.error == "")
    #expect(
      result.output == """
        {
          "types": {
            "array": 1
          },
          "length": {
            "min": 3,
            "max": 3
          },
          "items": {
            "types": {
              "object": 3
            },
            "fields": {
              "a": {
                "optional": false,
                "presence": 3,
                "types": {
                  "int": 2,
                  "double": 1
                }
              },
              "b": {
                "optional": true,
                "presence": 1,
                "types": {
                  "string": 1
                },
                "example": "x"
              },
              "c": {
                "optional": true,
                "presence": 1,
                "types": {
                  "object": 1
                },
                "keys": {
                  "pattern": "<id>",
                  "min": 1,
                  "max": 1
                },
                "values": {
                  "types": {
                    "array": 1
                  },
                  "length": {
                    "min": 0,
                    "max": 0
                  }
                }
              }
            }
          }
        }

        """
    )
  }

  @Test func malformedInputExitsOne() {
    let result = foundry("inspect", "-", input: #"{"a": tru}"#)
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(result.error.hasPrefix("error: invalid literal, expected 'true'\n--> <stdin>:1:7\n"))
  }

  @Test func usageErrors() {
    #expect(foundry("inspect").status == 64)
    #expect(foundry("inspect", "--depth", "-1", "x.json").status == 64)
    #expect(foundry("inspect", "--format", "yaml", "x.json").status == 64)
    #expect(foundry("inspect", "a.json", "b.json").status == 64)
  }
}
