@testable import FoundryCLI
import FoundryXML
import Testing

/// `foundry format` of a large XML file reads it a child of the root at a time, twice: it must
/// write what writing the document whole writes, and write whole what the stream cannot.
@Suite("foundry format, XML streamed")
struct FormatXMLStreamingTests {
  static func loader(keepsMarkup: Bool = true, whitespace: XMLParsingOptions.Whitespace = .dropBlank) -> DocumentLoader {
    var options = XMLParsingOptions()
    options.keepsComments = keepsMarkup
    options.keepsProcessingInstructions = keepsMarkup
    options.whitespace = whitespace
    return DocumentLoader(xmlOptions: options, console: Console(columns: 80, standardInput: { [] }) { _, _ in })
  }

  /// The writer options `format` uses, with `hasDeclaration` deciding the declaration.
  static func writing(_ options: XMLWritingOptions, hasDeclaration: Bool) -> XMLWritingOptions {
    var options = options
    options.includesDeclaration = hasDeclaration
    return options
  }

  /// The whole document written as `format` writes it.
  static func whole(_ document: String, options: XMLWritingOptions, loader: DocumentLoader) throws -> String {
    let tree = try XMLTree(string: document, options: loader.xmlOptions)
    var bytes: [UInt8] = []
    try tree.writeXML(options: writing(options, hasDeclaration: tree.declaration != nil)) { bytes += $0 }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// What the stream writes for `document`, or `nil` when it has no plan for it.
  static func streamed(_ document: String, options: XMLWritingOptions, bufferSize: Int, loader: DocumentLoader = loader()) throws -> String? {
    let directory = try TemporaryDirectory()
    let file = try directory.write(document, to: "document.xml")
    let source = ChunkedSource(path: file, loader: loader, bufferSize: bufferSize)
    guard let writing = try StreamedXMLWriting.plan(source, options: { writing(options, hasDeclaration: $0) }) else { return nil }
    var bytes: [UInt8] = []
    let refusal = try writing.write { bytes += $0 }
    #expect(refusal == nil)
    return String(decoding: bytes, as: UTF8.self)
  }

  static let streamedDocuments = [
    #"<?xml version="1.0" standalone="yes"?><!-- before --><?style x?><osm version="0.6"><bounds minlat="1"/><node id="1"><tag k="a" v="b"/></node><node id="2"/></osm>"#,
    "\u{FEFF}<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:dc=\"urn:dc\"><title>t &amp; &lt;u&gt;</title><entry><dc:creator>a</dc:creator><p>mixed <b>bold</b> text</p></entry><entry/></feed>",
    #"<!DOCTYPE r [<!ATTLIST a v CDATA "d"><!ENTITY e "E">]><r xmlns:p="urn:p" p:k="1"><a>&e;</a><p:a p:x="2"><![CDATA[<c>]]></p:a></r>"#,
    "<r xml:space=\"default\">\n  <a>\n    <b> spaced </b>\n  </a>\n  <a xml:space=\"preserve\">  <c/>  </a>\n</r>\n<!-- after, dropped -->",
  ]

  @Test("streamed in pieces of any size, the text is the whole document's, pretty, compact and expanded", arguments: streamedDocuments)
  func sameAsWhole(document: String) throws {
    // The last document has a comment after the root: it streams only when comments are dropped.
    let loader = Self.loader(keepsMarkup: document != Self.streamedDocuments.last)
    var expanded = XMLWritingOptions.pretty(indent: 4)
    expanded.emptyElements = .expanded
    for options in [XMLWritingOptions.pretty, .compact, expanded] {
      let expected = try Self.whole(document, options: options, loader: loader)
      for bufferSize in [1, 7, 64 << 10] {
        #expect(try Self.streamed(document, options: options, bufferSize: bufferSize, loader: loader) == expected, "buffer \(bufferSize)")
      }
    }
  }

  @Test(
    "no plan where the whole document decides: text, kept comments or instructions beside the children or after the root, preserved space, no child",
    arguments: [
      "<r><a/> text <a/></r>",
      "<r><a/><![CDATA[x]]></r>",
      "<r><a/><!-- c --><a/></r>",
      "<r>\n <!-- c --><a/></r>",
      "<r><a/><?pi x?></r>",
      "<r><a/></r><!-- after -->",
      "<r xml:space=\"preserve\"> <a/> </r>",
      #"<r x="1"/>"#,
      "<r>hi</r>",
    ])
  func noPlan(document: String) throws {
    for bufferSize in [1, 16, 64 << 10] {
      #expect(try Self.streamed(document, options: .pretty, bufferSize: bufferSize) == nil, "buffer \(bufferSize)")
    }
  }

  @Test("comments and instructions beside the children stream when they are dropped; kept white space never streams")
  func markupDropped() throws {
    let document = "<r>\n<a/><!-- c --><?pi x?>\n<a>1</a></r><!-- after -->"
    let dropping = Self.loader(keepsMarkup: false)
    let expected = try Self.whole(document, options: .pretty, loader: dropping)
    #expect(try Self.streamed(document, options: .pretty, bufferSize: 5, loader: dropping) == expected)
    #expect(try Self.streamed(document, options: .pretty, bufferSize: 5, loader: Self.loader(whitespace: .keep)) == nil)
  }

  @Test("the command streams a file over the threshold, and standard input, to the whole document's text")
  func commandStreams() throws {
    let document = #"<?xml version="1.0"?>"# + "\n<!-- export -->\n" + ConvertStreamingTests.osm(nodes: 15_000)
    #expect(document.utf8.count > DocumentLoader.streamingThreshold)
    let directory = try TemporaryDirectory()
    let file = try directory.write(document, to: "city.osm")
    for flags in [[], ["--compact"], ["--indent", "4", "--expand-empty-elements"], ["--drop-comments"]] {
      var options = flags.contains("--compact") ? XMLWritingOptions.compact : .pretty(indent: flags.contains("--indent") ? 4 : 2)
      if flags.contains("--expand-empty-elements") { options.emptyElements = .expanded }
      let loader = Self.loader(keepsMarkup: !flags.contains("--drop-comments"))
      let expected = try Self.whole(document, options: options, loader: loader) + "\n"
      #expect(foundry(["format", file] + flags) == CommandResult(status: 0, output: expected, error: ""), "\(flags)")
    }
    let expected = try Self.whole(document, options: .pretty, loader: Self.loader()) + "\n"
    #expect(foundry("format", "-", input: document) == CommandResult(status: 0, output: expected, error: ""))
  }

  @Test("a malformed child far into a large file fails at its line before anything is written")
  func malformedWritesNothing() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write(ConvertStreamingTests.osm(nodes: 15_000, badNode: 13_000), to: "bad.osm")
    let result = foundry("format", file, "-o", directory.path + "/out.osm")
    #expect(result.status == 1)
    #expect(result.error.contains("--> \(file):13003:"), "\(result.error)")
    #expect(directory.contents(of: "out.osm") == nil)
  }
}
