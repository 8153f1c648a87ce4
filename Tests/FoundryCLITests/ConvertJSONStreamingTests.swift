import Foundry
@testable import FoundryCLI
import FoundryJSON
import FoundryXML
import Testing

/// `foundry convert --to xml` of a large JSON file reads it twice along the array in the root
/// element's object, an element at a time: it must write what converting the document whole
/// writes, and convert whole what the stream cannot write.
@Suite("foundry convert, JSON to XML streamed")
struct ConvertJSONStreamingTests {
  /// The whole document's conversion, as `convert` writes it.
  static func whole(_ document: String, options: XMLWritingOptions) throws -> String {
    let root = try XMLJSONView.element(fromWrapped: JSONDocument(string: document).value)
    return try XMLDocumentValue(root: root).makeXMLString(options: options)
  }

  /// What the stream writes for `document`, or `nil` when it has no plan for it.
  static func streamed(_ document: String, options: XMLWritingOptions, bufferSize: Int) throws -> String? {
    let directory = try TemporaryDirectory()
    let file = try directory.write(document, to: "document.json")
    let source = ChunkedSource(path: file, loader: FormatStreamingTests.loader(), bufferSize: bufferSize)
    guard let conversion = try StreamedJSONConversion.plan(source, options: options) else { return nil }
    var bytes: [UInt8] = []
    try conversion.write { bytes += $0 }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A layout `convert` writes with: compact, or pretty by `indent` spaces, with the declaration.
  static func layout(indent: Int?) -> XMLWritingOptions {
    var options = indent.map { XMLWritingOptions.pretty(indent: $0) } ?? .compact
    options.includesDeclaration = true
    return options
  }

  static let layouts = [layout(indent: nil), layout(indent: 4)]

  static let documents = [
    #"{"osm": {"@version": "0.6", "bounds": {"@minlat": "1"}, "node": [{"@id": "1", "tag": [{"@k": "a", "@v": "b"}, {"@k": "c"}]}, {"@id": "2"}], "way": {"@id": "1", "nd": [{"@ref": "1"}]}}}"#,
    #"{"feed": {"@xmlns": "urn:atom", "@xmlns:g": "urn:g", "entry": [{"title": "A & B <c>", "g:id": 1}, {"title": null, "g:id": true}]}}"#,
    #"{"r": {"@a": "1", "item": []}}"#,
    ##"{"r": {"item": ["x", 2.50, null, {"#text": "t", "@k": "v"}, {"#content": ["a", {"b": "c"}, "d"]}], "after": "z", "more": [1, 2]}}"##,
    #"{"r": {"@xml:space": "preserve", "i": [" a ", {"j": "b"}]}}"#,
  ]

  @Test("streamed in pieces of any size, the XML is the whole document's conversion, compact and pretty", arguments: documents)
  func sameAsWhole(document: String) throws {
    for options in Self.layouts {
      let expected = try Self.whole(document, options: options)
      #expect(try Self.streamed(document, options: options, bufferSize: 64 << 10) == expected)
      // A first piece too short to show the array leaves the document to be converted whole.
      for bufferSize in [1, 7, 23] {
        let streamed = try Self.streamed(document, options: options, bufferSize: bufferSize)
        #expect(streamed == nil || streamed == expected, "buffer \(bufferSize)")
      }
    }
  }

  @Test("the array streamed is the first array member of the wrapper's object, found in the first bytes")
  func guess() {
    func keyPath(_ text: String) -> [String]? { JSONStreamLayout.guessedInWrapper(from: Array(text.utf8))?.keyPath }
    #expect(keyPath(#"{"osm": {"@version": "0.6", "bounds": {"@a": [1]}, "node": [{"#) == ["osm", "node"])
    #expect(keyPath(#" {"a.b" : { "c": [ "#) == ["a.b", "c"])
    #expect(keyPath(#"{"a": {"c\u0041": ["#) == nil)
    #expect(keyPath(#"{"osm": {"@version": "0.6", "node": {"#) == nil)
    #expect(keyPath(#"{"osm": ["#) == nil)
    #expect(keyPath(#"["#) == nil)
  }

  @Test(
    "no plan where the whole document decides: an attribute after a child, text or ordered content in the root, a repeated key, another wrapper member, a conversion that fails",
    arguments: [
      #"{"r": {"i": [1], "@a": "x"}}"#,
      ##"{"r": {"#text": "x", "i": [1]}}"##,
      ##"{"r": {"i": [1], "#content": []}}"##,
      #"{"r": {"i": [1], "i": [2]}}"#,
      #"{"r": {"j": 1, "i": [1], "j": 2}}"#,
      #"{"r": {"i": [1]}, "s": 1}"#,
      #"{"r": {"i": [[1]]}}"#,
      #"{"r": {"i": [{"p:x": 1}]}}"#,
      #"{"r": {"i": [1], "after": {"@bad": {}}}}"#,
      #"{"r": [1]}"#,
      #"[{"r": 1}]"#,
    ]
  )
  func noPlan(document: String) throws {
    #expect(try Self.streamed(document, options: Self.layouts[0], bufferSize: 64 << 10) == nil)
  }

  @Test("the command streams a file over the threshold, and standard input, and converts back what convert --to json wrote")
  func commandRoundTrip() throws {
    let xml = ConvertStreamingTests.osm(nodes: 15_000)
    let directory = try TemporaryDirectory()
    let osm = try directory.write(xml, to: "city.osm")
    let toJSON = foundry("convert", osm, "--to", "json", "--compact")
    #expect(toJSON.status == 0)
    #expect(toJSON.output.utf8.count > DocumentLoader.streamingThreshold)
    let json = try directory.write(toJSON.output, to: "city.json")
    let expected = try Self.whole(toJSON.output, options: Self.layout(indent: 2)) + "\n"
    #expect(foundry("convert", json, "--to", "xml") == CommandResult(status: 0, output: expected, error: ""))
    #expect(foundry("convert", "-", "--to", "xml", input: toJSON.output) == CommandResult(status: 0, output: expected, error: ""))
    // Back to JSON, the same JSON.
    let back = try directory.write(expected, to: "back.osm")
    #expect(foundry("convert", back, "--to", "json", "--compact").output == toJSON.output)
  }

  /// A large wrapped document whose element `bad` is `bad`'s text.
  static func large(elements: Int, bad: Int, text: String) -> String {
    let items = (0..<elements).map { $0 == bad ? text : #"{"@id": "\#($0)", "v": "n\#($0)"}"# }
    return #"{"r": {"@v": "1", "i": ["# + "\n" + items.joined(separator: ",\n") + "\n]}}\n"
  }

  @Test("a malformed element far into a large file fails at its line before anything is written")
  func malformedWritesNothing() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write(Self.large(elements: 40_000, bad: 30_000, text: #"{"@id": 1,}"#), to: "bad.json")
    let result = foundry("convert", file, "--to", "xml", "-o", directory.path + "/out.xml")
    #expect(result.status == 1)
    #expect(result.error.contains("--> \(file):30002:"), "\(result.error)")
    #expect(directory.contents(of: "out.xml") == nil)
  }

  @Test("an element XML cannot hold, far into a large file, is reported as converting it whole reports it")
  func unconvertibleAsWhole() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write(Self.large(elements: 40_000, bad: 30_000, text: #"{"p:x": 1}"#), to: "bad.json")
    let result = foundry("convert", file, "--to", "xml", "-o", directory.path + "/out.xml")
    #expect(result.status == 1)
    #expect(result.error.contains(#"$.r.i[30000]["p:x"]: cannot convert to XML"#), "\(result.error)")
    #expect(result.error.contains("--> \(file):30002:"), "\(result.error)")
    #expect(directory.contents(of: "out.xml") == nil)
  }
}
