import Testing

/// `foundry inspect` of a JSON file streams it along its array (the top-level one, or the first
/// member holding one): it must print what reading the document whole prints.
@Suite("foundry inspect, streamed")
struct InspectStreamingTests {
  /// Documents whose streamed shape must equal the whole document's: members before and after
  /// the array, a top-level array, empty and scalar arrays, keys missing from some elements.
  static let documents = [
    #"{"type": "FeatureCollection", "metadata": {"count": 2, "url": "u"}, "features": [{"id": "a", "mag": 2.5}, {"id": "b", "mag": 3, "felt": null}], "bbox": [-1.5, 2, 3]}"#,
    #"[{"id": 1, "tags": ["x", "y"]}, {"id": 2.5, "tags": []}, {"id": 3, "extra": {"deep": [[1], [2, 3]]}}]"#,
    #"{"data": [], "next": null}"#,
    #"{"data": [1, "two", null, true, 2.5], "data2": {"k": 1}}"#,
    #"[]"#,
    #"  [[1, 2], [3], []]  "#,
    #"{"page": 1, "items": [{"a": 1}], "page_size": 1, "total": 1}"#,
  ]

  @Test("streamed from a file, the shape is the whole document's, as text and as JSON", arguments: documents.indices)
  func sameAsWhole(index: Int) throws {
    let directory = try TemporaryDirectory()
    let document = Self.documents[index]
    let file = try directory.write(document, to: "document.json")
    for format in ["text", "json"] {
      let streamed = foundry("inspect", "--format", format, file)
      let whole = foundry("inspect", "--format", format, "-", input: document)
      #expect(streamed.status == 0, "\(streamed)")
      #expect(streamed == whole, "\(format)")
    }
  }

  @Test("a file of many chunks streams to the whole document's shape")
  func manyChunks() throws {
    // About 300 KB: elements cross the 64 KiB chunks at many places.
    let features = (0..<3_000).map { index in
      let felt = index % 7 == 0 ? #", "felt": \#(index)"# : ""
      let place = String(repeating: "é", count: index % 13)
      return #"{"id": "q\#(index)", "properties": {"mag": \#(Double(index) / 10), "place": "\#(place)"\#(felt)}, "geometry": [\#(index), -\#(index).5]}"#
    }
    let directory = try TemporaryDirectory()
    let document = #"{"type": "FeatureCollection", "features": [\#(features.joined(separator: ",\n"))], "bbox": [0, 1]}"#
    let file = try directory.write(document, to: "quakes.json")
    let streamed = foundry("inspect", file)
    #expect(streamed.status == 0)
    #expect(streamed.output.contains("features: [{") && streamed.output.contains("// 3,000 items"), "\(streamed.output)")
    #expect(streamed == foundry("inspect", "-", input: document))
  }

  @Test("a malformed element far into a streamed file is an error at its line and column in the file")
  func malformedElement() throws {
    let directory = try TemporaryDirectory()
    let lines = (0..<2_000).map { #"{"id": \#($0)},"# } + [#"{"id": tru},"#, #"{"id": 2001}"#]
    let file = try directory.write("[\n" + lines.joined(separator: "\n") + "\n]", to: "items.json")
    let result = foundry("inspect", file)
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(result.error.hasPrefix("error: invalid literal, expected 'true'\n--> \(file):2002:8\n"), "\(result.error)")
  }

  @Test("a file cut short inside its array is an error, not a partial shape")
  func truncated() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write(#"{"features": [{"id": 1}, {"id": 2"#, to: "cut.json")
    let result = foundry("inspect", file)
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(result.error.contains("--> \(file):1:"), "\(result.error)")
  }
}
