// swift-format-ignore-file
// The Swift blocks of the FoundryJSON and FoundryXML articles, run.

// doc: Sources/FoundryJSON/FoundryJSON.docc/FoundryJSON.md #1
import FoundryJSON
// end doc
// doc: Sources/FoundryJSON/FoundryJSON.docc/ReadingJSON.md #2
import FoundryJSON
// end doc
// doc: Sources/FoundryXML/FoundryXML.docc/FoundryXML.md #1
import FoundryXML
// end doc
// doc: Sources/FoundryXML/FoundryXML.docc/ReadingAndWritingXML.md #1
import FoundryXML
// end doc
import Foundation
import Testing

/// The articles read the package's `Examples` by a path from its root, where `swift test` runs.
private func requireExamples() throws {
  try #require(FileManager.default.fileExists(atPath: "Examples/earthquakes.json"), "run from the package's root, as swift test is")
}

/// A file of `text` in a directory of its own, removed at `body`'s end.
private func withFile<T>(_ name: String, _ text: String, _ body: (String) async throws -> T) async throws -> T {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-doc-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let url = directory.appendingPathComponent(name)
  try Data(text.utf8).write(to: url)
  return try await body(url.path)
}

@Suite("Doc snippets: the FoundryJSON and FoundryXML articles")
struct DocumentArticleSnippetTests {
  @Test("JSON overview")
  func jsonOverview() throws {
    try requireExamples()
    // doc: Sources/FoundryJSON/FoundryJSON.docc/FoundryJSON.md #1
    let document = try JSONDocument(contentsOfFile: "Examples/earthquakes.json")
    for feature in document.root["features"]?.elements ?? .empty {
      let magnitude = feature[path: "properties.mag"]?.double
      let place = feature[path: "properties.place"]?.string
      print(place ?? "?", magnitude ?? .nan)
    }
    // end doc
    #expect(document.root["features"]?.count == 10)
  }

  @Test("reading JSON")
  func readingJSON() throws {
    try requireExamples()
    // doc: Sources/FoundryJSON/FoundryJSON.docc/ReadingJSON.md #2
    let document = try JSONDocument(contentsOfFile: "Examples/earthquakes.json")
    let root = document.root                                   // a JSONNode: a cursor, not a copy

    _ = root["metadata"]?["title"]?.string                         // "USGS All Earthquakes, Past Day"
    _ = root["features"]?.count                                    // 10
    _ = root[path: "features.0.properties.mag"]?.double            // 2.31
    _ = root[path: "features.-1.geometry.coordinates.2"]?.double   // the last feature's depth

    for feature in root["features"]?.elements ?? .empty {
      let place = feature[path: "properties.place"]?.string ?? "?"
      let tz = feature[path: "properties.tz"]               // present but null in some features
      print(place, tz?.isNull == true ? "no tz" : "tz \(tz?.int ?? 0)")
    }

    for (key, value) in root.members {                      // document order, repeated keys included
      print(key, value.kind)                                // type .string, metadata .object, ...
    }
    // end doc
    #expect(root["metadata"]?["title"]?.string == "USGS All Earthquakes, Past Day")
    #expect(root["features"]?.count == 10)
    #expect(root[path: "features.0.properties.mag"]?.double == 2.31)
    #expect(root[path: "features.-1.geometry.coordinates.2"]?.double != nil)
  }

  @Test("errors and options")
  func errorsAndOptions() throws {
    var printed: [String] = []
    func print(_ values: Any...) { printed.append(values.map { "\($0)" }.joined(separator: " ")) }
    // doc: Sources/FoundryJSON/FoundryJSON.docc/ErrorsAndOptions.md #1
    do {
      _ = try JSONDocument(string: "{\"a\": 1,}", sourceName: "payload.json")
    } catch let error as JSONParsingError where error.code == .unexpectedCharacter {
      print(error.message)   // unexpected character '}' after ','
      if let line = error.line, let column = error.column { print(line, column) }   // 1 9 (none for an unreadable file)
    }
    // end doc
    #expect(printed == ["unexpected character '}' after ','", "1 9"])
    let payload = Data("\u{FEFF}{\"a\": [1, 2,], /* note */ \"b\": 2,}".utf8)
    // doc: Sources/FoundryJSON/FoundryJSON.docc/ErrorsAndOptions.md #2
    var options = JSONParsingOptions()
    options.allowsComments = true          // // line and /* block */
    options.allowsTrailingCommas = true    // [1, 2,] and {"a": 1,}
    options.allowsByteOrderMark = true     // a leading EF BB BF
    options.duplicateKeys = .reject        // or .keepLast (default), .keepFirst
    options.loneSurrogates = .replace      // "\uD800" as U+FFFD; the default .reject fails
    options.maximumDepth = 64              // default 512
    options.maximumInputSize = 1 << 20     // bytes; documents are limited to 4 GiB by their offsets
    options.maximumNumberLength = 100      // bytes of one number's text; default 10,000
    options.maximumStringLength = 1 << 16  // bytes of one string or key; default: the input size
    options.maximumMemberCount = 10_000    // values of one array or object; default: the input size
    let document = try JSONDocument(data: payload, options: options)
    // or: JSONParsingOptions.lenient (comments, trailing commas, byte order mark)
    // end doc
    #expect(document.root["a"]?.count == 2 && document.root["b"]?.int == 2)
    #expect(throws: JSONParsingError.self) { try JSONDocument(string: #"{"a": 1, "a": 2}"#, options: options) }
  }

  @Test("values and numbers")
  func valuesAndNumbers() throws {
    // doc: Sources/FoundryJSON/FoundryJSON.docc/ValuesAndNumbers.md #1
    let value: JSONValue = ["name": "Ada", "tags": ["math", "engines"], "born": 1815, "note": nil]
    _ = value["tags"]?[1]?.string          // "engines"
    _ = value[path: "tags.-1"]             // .string("engines")
    _ = value["missing"]                   // nil — and value["note"] is .null: absent and null differ

    if case .object(let object) = value {
      _ = object.keys                      // ["name", "tags", "born", "note"]: key order is kept
    }
    _ = try JSONDocument(string: #"{"b": 1, "a": 2}"#).value == ["a": 2, "b": 1]   // true: order is not identity
    // end doc
    #expect(value["tags"]?[1]?.string == "engines")
    #expect(value[path: "tags.-1"] == .string("engines"))
    #expect(value["missing"] == nil && value["note"] == .null)
    #expect(try JSONDocument(string: #"{"b": 1, "a": 2}"#).value == ["a": 2, "b": 1])
    // doc: Sources/FoundryJSON/FoundryJSON.docc/ValuesAndNumbers.md #2
    let big = try JSONDocument(string: "[18446744073709551615, 9007199254740993, 0.1, 1e2, 1.5]").root
    _ = big[0]?.uint64     // 18446744073709551615  (no Double on the way)
    _ = big[1]?.int64      // 9007199254740993      (2^53 + 1, exact)
    _ = big[2]?.double     // 0.1                   (correctly rounded)
    _ = big[2]?.decimal    // 0.1                   (exact, not 0.1000000000000000055511...)
    _ = big[3]?.int        // 100                   (an integral value written with an exponent)
    _ = big[4]?.int        // nil                   (a fraction is never truncated)
    _ = big[4]?.isInteger  // false                 (read from the tape: written with '.' or 'e')
    // end doc
    #expect(big[0]?.uint64 == 18_446_744_073_709_551_615)
    #expect(big[1]?.int64 == 9_007_199_254_740_993)
    #expect(big[2]?.double == 0.1)
    #expect(big[2]?.decimal == Decimal(string: "0.1"))
    #expect(big[3]?.int == 100)
    #expect(big[4]?.int == nil)
    #expect(big[4]?.isInteger == false)
    let root = try JSONDocument(string: #"{"headers": {"content.type": "text/plain"}}"#).root
    // doc: Sources/FoundryJSON/FoundryJSON.docc/ValuesAndNumbers.md #3
    _ = root[path: #"headers.content\.type"#]     // the key "content.type" inside "headers"
    // end doc
    #expect(root[path: #"headers.content\.type"#]?.string == "text/plain")
  }

  @Test("writing JSON")
  func writingJSON() throws {
    let document = try JSONDocument(string: #"{"a": [1, 2.50, "\u00e9"]}"#)
    // doc: Sources/FoundryJSON/FoundryJSON.docc/WritingJSON.md #1
    let value: JSONValue = ["name": "Ada", "ratio": 0.1, "path": "a/b", "tags": []]
    _ = value.makeJSONString()                              // {"name":"Ada","ratio":0.1,"path":"a/b","tags":[]}

    var options = JSONWritingOptions.pretty              // 2-space indent
    options.sortsKeys = true                            // by UTF-8 bytes, i.e. code point order
    options.escapesNonASCII = true                      // \u00E9, surrogate pairs above U+FFFF
    options.escapesSlashes = true                       // "a\/b", safe inside <script>
    print(value.makeJSONString(options: options))

    let bytes: [UInt8] = document.root.makeJSON()       // straight from the tape, no JSONValue
    // end doc
    #expect(value.makeJSONString() == #"{"name":"Ada","ratio":0.1,"path":"a/b","tags":[]}"#)
    #expect(value.makeJSONString(options: options).contains(#""a\/b""#))
    #expect(String(decoding: bytes, as: UTF8.self) == #"{"a":[1,2.50,"é"]}"#)
  }

  @Test("streaming JSON")
  func streamingJSON() async throws {
    let magnitudes = try await withFile("quakes.json", #"{"features": [{"properties": {"mag": 2.31}}, {"properties": {"mag": 1.5}}]}"#) { quakesPath in
      var magnitudes: [Double] = []
      func print(_ value: Double) { magnitudes.append(value) }
      // doc: Sources/FoundryJSON/FoundryJSON.docc/Streaming.md #1
      let reader = try JSONElementReader(contentsOfFile: quakesPath, layout: .array(at: "features"))
      while let quake = try reader.next() {
        print(quake.root[path: "properties.mag"]?.double ?? .nan)
      }
      // end doc
      return magnitudes
    }
    #expect(magnitudes == [2.31, 1.5])
  }

  @Test("XML overview")
  func xmlOverview() throws {
    try requireExamples()
    // doc: Sources/FoundryXML/FoundryXML.docc/FoundryXML.md #1
    let tree = try XMLTree(contentsOfFile: "Examples/podcast.rss")
    let channel = tree.root.firstElement(named: "channel")
    print(channel?.firstElement(named: "title")?.text ?? "?")
    for item in channel?.elements(named: "item") ?? [] {
      print(item.firstElement(named: "title")?.text ?? "?")
    }
    // end doc
    #expect(channel?.firstElement(named: "title")?.text == "Shop Talk")
  }

  @Test("reading and writing XML")
  func readingAndWritingXML() throws {
    try requireExamples()
    // doc: Sources/FoundryXML/FoundryXML.docc/ReadingAndWritingXML.md #1
    let tree = try XMLTree(contentsOfFile: "Examples/podcast.rss")
    let channel = tree.root.firstElement(named: "channel")
    _ = channel?.firstElement(named: "title")?.text                       // "Shop Talk"
    _ = channel?.elements(named: "item").count                            // 2
    let image = channel?.elements(localName: "image", namespaceURI: "http://www.itunes.com/dtds/podcast-1.0.dtd").first
    _ = image?["href"]                                                    // "https://example.com/art.png"
    _ = tree.root.attributes.map(\.name.qualifiedName)                   // ["version", "xmlns:itunes", ...] in order
    // end doc
    #expect(channel?.elements(named: "item").count == 2)
    #expect(image?["href"] == "https://example.com/art.png")
    #expect(tree.root.attributes.map(\.name.qualifiedName).prefix(2) == ["version", "xmlns:itunes"])
    // doc: Sources/FoundryXML/FoundryXML.docc/ReadingAndWritingXML.md #2
    var feed = XMLElementValue("feed", namespaceURI: "http://www.w3.org/2005/Atom")
    feed.append(XMLElementValue("title", namespaceURI: "http://www.w3.org/2005/Atom", text: "Fish & Chips"))
    _ = try feed.makeXMLString(options: .pretty)
    // <?xml version="1.0" encoding="UTF-8"?>
    // <feed xmlns="http://www.w3.org/2005/Atom">
    //   <title>Fish &amp; Chips</title>
    // </feed>
    // end doc
    #expect(try feed.makeXMLString(options: .pretty) == """
      <?xml version="1.0" encoding="UTF-8"?>
      <feed xmlns="http://www.w3.org/2005/Atom">
        <title>Fish &amp; Chips</title>
      </feed>
      """)
  }

  @Test("streaming XML")
  func streamingXML() async throws {
    let feed = "<rss><channel><item><title>One</title></item><item><title>Two</title></item></channel></rss>"
    let (ids, titles) = try await withFile("map.osm", #"<osm><node id="1" lat="2" lon="3"/><node id="4" lat="5" lon="6"/></osm>"#) { mapPath in
      try await withFile("feed.rss", feed) { feedPath in
        var ids: [String] = []
        var titles: [String] = []
        func print(_ values: String...) { if values.count == 3 { ids.append(values[0]) } else { titles.append(values[0]) } }
        // doc: Sources/FoundryXML/FoundryXML.docc/Streaming.md #1
        let reader = try XMLElementReader(contentsOfFile: mapPath, at: "node")
        while let node = try reader.next() {
          print(node["id"] ?? "?", node["lat"] ?? "?", node["lon"] ?? "?")
        }

        for try await item in XMLElementSequence(contentsOfFile: feedPath, at: "channel.item") {
          print(item.firstElement(named: "title")?.text ?? "")
        }
        // end doc
        return (ids, titles)
      }
    }
    #expect(ids == ["1", "4"])
    #expect(titles == ["One", "Two"])
  }
}
