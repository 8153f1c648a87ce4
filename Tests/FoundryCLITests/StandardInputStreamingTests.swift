#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import FoundryCLI
import FoundryJSON
import Testing

/// Standard input streams as a file does: `validate`, `inspect` and `import --store` copy it to
/// a temporary file a chunk at a time, read that in chunks, and read it whole from there when
/// they must.
@Suite("standard input, streamed")
struct StandardInputStreamingTests {
  static let osm = osm(brokenAt: nil)

  /// 2,000 nodes, one a line from line 2; the one with id `broken` has its id twice.
  static func osm(brokenAt broken: Int?) -> String {
    let nodes = (0..<2_000).map { #"<node id="\#($0)"\#($0 == broken ? #" id="x""# : "")><tag k="a" v="b"/></node>"# }
    return "<osm>\n" + nodes.joined(separator: "\n") + "\n</osm>\n"
  }
  static let quakes = #"{"type":"FeatureCollection","features":["# + (0..<500).map { #"{"id":\#($0),"mag":\#(Double($0) / 10)}"# }.joined(separator: ",") + "]}"

  /// A loader whose standard input is `input`.
  static func loader(input: String) -> DocumentLoader {
    DocumentLoader(console: Console(columns: 80, standardInput: { Array(input.utf8) }) { _, _ in })
  }

  @Test("- opens in chunks, as a file does, for JSON along its array and for XML")
  func opensInChunks() throws {
    let json = try #require(try ChunkedFile.open("-", loader: Self.loader(input: Self.quakes), bufferSize: 256))
    guard case .json = json.form else { Issue.record("not streamed as JSON: \(json.form)"); return }
    #expect(json.sourceName == "<stdin>")
    let loader = Self.loader(input: Self.osm)
    let xml = try #require(try ChunkedFile.open("-", loader: loader, bufferSize: 256))
    let shape = try #require(try StreamedXMLShape.read(xml, loader: loader, options: ShapeOptions()))
    #expect(shape.1.headerLines().contains("// elements: osm 1, node 2,000, tag 2,000"))
  }

  @Test("the copy is a file while the console lives, read whole by the loader after streaming, and removed after")
  func copyIsRemoved() throws {
    var path = ""
    do {
      let loader = Self.loader(input: Self.quakes)
      path = try loader.chunkedPath(for: "-")
      #expect(FileManager.default.fileExists(atPath: path))
      #expect(try loader.chunkedPath(for: "-") == path)
      guard case .json(let document) = try loader.load("-") else { Issue.record("not JSON"); return }
      #expect(document.root["features"]?.count == 500)
    }
    #expect(!path.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test("inspect and validate of - print what they print for the file, errors at the line in <stdin>")
  func sameAsFile() throws {
    let directory = try TemporaryDirectory()
    for (document, name) in [(Self.osm, "city.osm"), (Self.quakes, "quakes.json")] {
      let file = try directory.write(document, to: name)
      #expect(foundry("inspect", file) == foundry("inspect", "-", input: document))
      #expect(foundry("validate", "-", input: document) == CommandResult(status: 0, output: "<stdin>: ok\n", error: ""))
    }
    let result = foundry("validate", "-", input: Self.osm(brokenAt: 1_999))
    #expect(result.status == 1)
    #expect(result.error.contains("--> <stdin>:2001:"), "\(result.error)")
  }

  @Test("a failure reading standard input is reported as for a file, before anything streams")
  func readFailure() {
    let result = foundry("inspect", "-", inputFailure: "Input/output error")
    #expect(result.status == 1)
    #expect(result.error.contains("<stdin>"), "\(result.error)")
    #expect(result.error.contains("Input/output error"), "\(result.error)")
  }

  @Test("import --store streams XML from - with --root; a bad element fails at its line in <stdin> and writes nothing")
  func importStreams() throws {
    let library = ImportStoreTests.library
    let directory = try TemporaryDirectory()
    let store = directory.path + "/library.sqlite"
    let options = ["--store", store] + ImportCommandTests.options(root: "author")
    let failed = foundry(["import", "-"] + options, input: library("yesterday"))
    #expect(failed.status == 1)
    #expect(failed.error.contains("<stdin>:5:"), "\(failed.error)")
    let result = foundry(["import", "-"] + options, input: library("1906-12-09"))
    #expect(result.error == "")
    #expect(result.output.hasSuffix("imported <stdin>: 2 Author (inserted 5, updated 0, deleted 0)\nobjects: Author 2, Book 1, Tag 2\n"), "\(result.output)")
  }
}
