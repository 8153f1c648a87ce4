@testable import FoundryCLI
import FoundryJSON
import Testing

/// `foundry format` (and `convert --to json`) of a large JSON file reads it twice along its
/// array, an element at a time: it must write what writing the document whole writes, and
/// write whole what the stream cannot.
@Suite("foundry format, JSON streamed")
struct FormatStreamingTests {
  static func loader(lenient: Bool = false) -> DocumentLoader {
    DocumentLoader(options: lenient ? .lenient : .init(), console: Console(columns: 80, standardInput: { [] }) { _, _ in })
  }

  /// What the stream writes for `document`, or `nil` when it has no plan for it.
  static func streamed(_ document: String, options: JSONWritingOptions, bufferSize: Int, lenient: Bool = false) throws -> String? {
    let directory = try TemporaryDirectory()
    let file = try directory.write(document, to: "document.json")
    let loader = loader(lenient: lenient)
    guard let writing = try StreamedJSONWriting.plan(ChunkedSource(path: file, loader: loader, bufferSize: bufferSize), options: options) else { return nil }
    var bytes: [UInt8] = []
    try writing.write { bytes += $0 }
    return String(decoding: bytes, as: UTF8.self)
  }

  static let documents = [
    #"[1, "two", {"three": [3, 3.0e0]}, null, true, [], {}]"#,
    #"{"type": "FeatureCollection", "features": [{"id": 1, "geometry": {"coordinates": [1.5, -2]}}, {"id": 2}], "bbox": [0, 1]}"#,
    #"{"items": [{"k": "é/\u00e9"}, 2], "after": {"deep": [1]}, "z": false}"#,
    #"{"items": [], "meta": {}}"#,
    "[]",
  ]

  @Test("streamed in pieces of any size, the text is the whole document's, for every layout and escape", arguments: documents)
  func sameAsWhole(document: String) throws {
    let whole = try JSONDocument(string: document)
    var escaping = JSONWritingOptions.pretty
    escaping.escapesSlashes = true
    escaping.escapesNonASCII = true
    for options in [JSONWritingOptions(), .pretty, escaping] {
      let expected = whole.root.makeJSONString(options: options)
      #expect(try Self.streamed(document, options: options, bufferSize: 64 << 10) == expected)
      // A first piece too short to show the array leaves the document to be read whole.
      for bufferSize in [1, 7, 19] {
        let streamed = try Self.streamed(document, options: options, bufferSize: bufferSize)
        #expect(streamed == nil || streamed == expected, "buffer \(bufferSize)")
      }
    }
  }

  @Test("comments and trailing commas, accepted with --lenient, are dropped as when read whole")
  func lenient() throws {
    let document = "{\"items\": [1, /* two */ 2,], // n\n \"n\": 2,}"
    let whole = try JSONDocument(string: document, options: .lenient).root.makeJSONString(options: .pretty)
    #expect(try Self.streamed(document, options: .pretty, bufferSize: 64, lenient: true) == whole)
  }

  @Test(
    "no plan where the whole document decides: sorted keys, a key repeated beside the array, no array",
    arguments: [
      (#"{"b": 1, "items": [1], "a": 2}"#, true),
      (#"{"n": 1, "items": [1], "n": 2}"#, false),
      (#"{"items": [1], "items": [2]}"#, false),
      (#"{"n": {"m": 1}}"#, false),
    ])
  func noPlan(document: String, sortsKeys: Bool) throws {
    var options = JSONWritingOptions()
    options.sortsKeys = sortsKeys
    #expect(try Self.streamed(document, options: options, bufferSize: 8) == nil)
  }

  @Test("format and convert stream a file over the threshold to the whole document's text; a bad element fails before anything is written")
  func commandStreams() throws {
    let features = (0..<25_000).map { #"{"id":\#($0),"mag":\#(Double($0) / 8),"place":"p\#($0)"}"# }
    let document = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + #"],"bbox":[1,2]}"#
    #expect(document.utf8.count > DocumentLoader.streamingThreshold)
    let directory = try TemporaryDirectory()
    let file = try directory.write(document, to: "quakes.json")
    let expected = try JSONDocument(string: document).root.makeJSONString(options: .pretty) + "\n"
    #expect(foundry("format", file) == CommandResult(status: 0, output: expected, error: ""))
    #expect(foundry("convert", file, "--to", "json") == CommandResult(status: 0, output: expected, error: ""))
    #expect(foundry("format", "-", input: document) == CommandResult(status: 0, output: expected, error: ""))
    let bad = try directory.write(document.replacingCharacters(at: 19_000), to: "bad.json")
    let result = foundry("format", bad, "-o", directory.path + "/out.json")
    #expect(result.status == 1)
    #expect(result.error.contains("--> \(bad):19000:"), "\(result.error)")
    #expect(directory.contents(of: "out.json") == nil)
  }
}

extension String {
  /// The document with the feature on line `line` (one-based) cut short after its `id`.
  fileprivate func replacingCharacters(at line: Int) -> String {
    var lines = split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if let brace = lines[line - 1].firstIndex(of: ",") { lines[line - 1] = String(lines[line - 1][..<brace]) + ",,}," }
    return lines.joined(separator: "\n")
  }
}
