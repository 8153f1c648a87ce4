@testable import FoundryJSON
import Testing

/// The stream scanner finds the same elements as the whole-document parser, however the input
/// is cut into chunks.
@Suite("JSON streaming: elements")
struct JSONElementScannerTests {
  /// Strings with brackets, quotes, escapes and non-ASCII text; nested arrays and objects; every
  /// kind of scalar as a whole element.
  static let tricky = #"""
    [
      {"id": 1, "name": "[not] {an} \"array\"", "tags": ["a]", "b[", "\\"], "nested": {"deep": [[1, [2]], {"x": "}"}]}},
      "plain \u00e9 string with \"quotes\" and \\ slashes \/",
      -12.5e+3, 0, 123456789012345678901234567890, true, false, null,
      [], {}, [[]], [{}], "",
      {"ünïcödé": "日本語 🎉", "esc": "\n\t\r\b\f\u0000\uD83D\uDE00"}
    ]
    """#

  @Test func everyByteBoundaryGivesTheWholeDocumentsElements() {
    let bytes = Array(Self.tricky.utf8)
    let expected = wholeDocument(bytes)
    #expect(expected.values.count == 14)
    for (cuts, outcome) in everyChunking(bytes) {
      #expect(outcome == expected, "cut \(cuts)")
    }
  }

  /// The capture skips string bytes and the bytes between tokens sixteen at a time, then eight:
  /// a quote, backslash or bracket at every place in a block or word, after runs of every
  /// length, must still end each element where the parser does, wherever the input is cut.
  @Test(arguments: 0..<34)
  func stopsAtEveryPlaceInAWord(run: Int) {
    let text = String(repeating: "a", count: run)
    let blank = String(repeating: " ", count: run)
    let json = #"[{"\#(text)": "\#(text)\"[{\#(text)\\\\", "k":\#(blank)[\#(blank){"x": "}\#(text)]"\#(blank)}\#(blank)]}, "\#(text)\\\"\#(text)"]"#
    let bytes = Array(json.utf8)
    let expected = wholeDocument(bytes)
    #expect(expected.values.count == 2)
    for (cuts, outcome) in everyChunking(bytes) {
      #expect(outcome == expected, "run \(run), cut \(cuts)")
    }
  }

  @Test func everyPairOfBoundaries() {
    let bytes = Array(#"{"a": ["x\"]", {"b": [1, "}"]}, -1.5, true], "z": "]"}"#.utf8)
    let expected = wholeDocument(bytes, keyPath: "a")
    #expect(expected.values.count == 4)
    for first in bytes.indices.dropFirst() {
      for second in (first + 1)..<bytes.count {
        let outcome = stream(bytes, layout: .array(at: "a"), cuts: [first, second])
        #expect(outcome == expected, "cuts \(first), \(second)")
      }
    }
  }

  @Test(arguments: [
    ("features", #"{"type": "FeatureCollection", "features": [{"id": "a"}, {"id": "b"}], "bbox": [1, 2]}"#),
    ("data.items", #"{"meta": {"items": [9]}, "data": {"count": 2, "items": [1, [2, 3]], "next": null}}"#),
    (#"a\.b"#, #"{"a": {"b": [0]}, "a.b": ["dotted"]}"#),
    ("0", #"{"0": [true]}"#),
    ("", #"  [ "top" ]  "#),
  ])
  func keyPaths(keyPath: String, json: String) {
    let bytes = Array(json.utf8)
    let expected = wholeDocument(bytes, keyPath: keyPath)
    #expect(!expected.values.isEmpty)
    for (cuts, outcome) in everyChunking(bytes, layout: .array(at: keyPath)) {
      #expect(outcome == expected, "cut \(cuts)")
    }
  }

  @Test func keysAreComparedDecoded() {
    let outcome = streamBytewise(#"{"fe\u0061tures": [1]}"#, layout: .array(at: "features"))
    #expect(outcome == StreamOutcome(values: [1]))
  }

  @Test func skippedMembersMayHoldAnything() {
    let json = #"{"a": {"features": [0]}, "b": ["features", {"features": [0]}], "c": "features", "features": [1, 2]}"#
    #expect(streamBytewise(json, layout: .array(at: "features")) == StreamOutcome(values: [1, 2]))
  }

  @Test func theFirstOfRepeatedPathKeysIsStreamed() {
    let json = #"{"items": [1], "items": [2]}"#
    #expect(streamBytewise(json, layout: .array(at: "items")) == StreamOutcome(values: [1]))
  }

  @Test(arguments: ["[]", " [ ] ", "[\n]", #"{"features": []}"#, #"{"x": 1, "features": [ ], "y": [2]}"#])
  func emptyArrays(json: String) {
    let layout: JSONStreamLayout = json.hasPrefix("{") ? .array(at: "features") : .array()
    for (cuts, outcome) in everyChunking(Array(json.utf8), layout: layout) {
      #expect(outcome == StreamOutcome(), "cut \(cuts)")
    }
  }

  @Test func lenientInputWithCommentsAndTrailingCommas() {
    let json = """
      // leading comment [
      {"items": [1, /* ] " */ 2, // ]
        {"a": [3, /* } */ 4,],}, "s/*", 5,], /* after */ "z": 0,}
      """
    let bytes = Array(json.utf8)
    let expected = wholeDocument(bytes, keyPath: "items", options: .lenient)
    #expect(expected.values.count == 5)
    for (cuts, outcome) in everyChunking(bytes, layout: .array(at: "items"), options: .lenient) {
      #expect(outcome == expected, "cut \(cuts)")
    }
  }

  @Test func byteOrderMarkWhenAllowed() {
    var options = JSONParsingOptions()
    options.allowsByteOrderMark = true
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[1, 2]".utf8)
    for (cuts, outcome) in everyChunking(bytes, options: options) {
      #expect(outcome == StreamOutcome(values: [1, 2]), "cut \(cuts)")
    }
  }

  @Test func elementsKeepTheirPlaceInTheInput() throws {
    var scanner = JSONElementScanner(layout: .array(at: "items"))
    let bytes = Array("{\"items\": [\n  1,\n  {\"a\": 2}\n]}".utf8)
    scanner.append(bytes)
    scanner.finish()
    _ = try scanner.next()
    let second = try #require(try scanner.next())
    #expect(second.root["a"]?.int == 2)
    #expect(try scanner.next() == nil)
    #expect(scanner.elementCount == 2)
    #expect(scanner.byteOffset == bytes.count)
  }

  /// Elements parsed where they stand in a chunk share its copy: each is its own span of it,
  /// keeps it alive after later chunks replace it, and places its nodes in the whole input.
  @Test func elementsReadInPlaceKeepTheirBytesAndPlaces() throws {
    var scanner = JSONElementScanner(layout: .array(at: "items"))
    scanner.append(Array("{\"items\": [\n  {\"a\": \"x\"},\n  {\"b\": [1, 2]}".utf8))
    let first = try #require(try scanner.next())
    let second = try #require(try scanner.next())
    #expect(try scanner.next() == nil)
    scanner.append(Array(",\n  {\"c\": true}\n]}".utf8))
    scanner.finish()
    let third = try #require(try scanner.next())
    #expect(try scanner.next() == nil)
    #expect([first.byteCount, second.byteCount, third.byteCount] == [10, 13, 11])
    #expect([first.value, second.value, third.value] == [["a": "x"], ["b": [1, 2]], ["c": true]])
    let two = try #require(second.root["b"]?[1])
    let place = two.sourceLocation(ofOffset: two.byteOffset)
    #expect([place.line, place.column, place.offset] == [3, 13, 38])
    let isTrue = try #require(third.root["c"])
    let truePlace = isTrue.sourceLocation(ofOffset: isTrue.byteOffset)
    #expect([truePlace.line, truePlace.column, truePlace.offset] == [4, 9, 51])
  }

  /// An element the chunk cuts waits for the next chunk and is parsed where it stands then,
  /// not copied aside; asked again before more input, the scanner neither parses nor copies.
  @Test func anElementCutByTheChunkWaitsForTheNext() throws {
    var scanner = JSONElementScanner(layout: .array())
    scanner.append(Array(#"[{"a": 1}, {"b": "#.utf8))
    #expect(try scanner.next()?.root["a"]?.int == 1)
    #expect(try scanner.next() == nil)
    #expect(try scanner.next() == nil)
    #expect(scanner.pending.isEmpty)
    #expect(scanner.byteOffset == 11)
    scanner.append(Array(#"2}, {"c": 3}]"#.utf8))
    let second = try #require(try scanner.next())
    #expect(second.root["b"]?.int == 2)
    #expect(scanner.pending.isEmpty)
    let two = try #require(second.root["b"])
    #expect(two.sourceLocation(ofOffset: two.byteOffset).column == 18)
    scanner.finish()
    #expect(try scanner.next()?.root["c"]?.int == 3)
    #expect(try scanner.next() == nil)
    #expect(scanner.elementCount == 3)
  }

  /// A malformed element before the end of what was added waits too: the next chunk (or the
  /// end of the input) brings its error, placed in the whole input, and the elements after it.
  @Test func aMalformedElementWaitsThenFailsAlone() throws {
    var scanner = JSONElementScanner(layout: .array())
    scanner.append(Array("[{\"a\": 1},\n {\"b\": tru}, {\"c\": 3}".utf8))
    #expect(try scanner.next()?.root["a"]?.int == 1)
    #expect(try scanner.next() == nil)
    scanner.append(Array("]".utf8))
    scanner.finish()
    #expect {
      try scanner.next()
    } throws: { error in
      guard let error = error as? JSONParsingError else { return false }
      return error.kind == .invalidLiteral("true") && error.line == 2 && error.column == 8
    }
    #expect(try scanner.next()?.root["c"]?.int == 3)
    #expect(try scanner.next() == nil)
    #expect(scanner.elementCount == 3)
  }

  @Test func aMalformedElementDoesNotStopTheStream() {
    let json = #"[1, {"a": tru}, 3, [4,], 5]"#
    let outcome = stream(Array(json.utf8), cuts: [], continuing: true)
    #expect(outcome.values == [1, 3, 5])
    #expect(outcome.errors.map(\.message) == ["invalid literal, expected 'true'", "unexpected character ']' after ','"])
  }

  @Test func aBrokenStructureStopsTheStream() {
    let json = #"[1, 2 3, 4]"#
    let outcome = stream(Array(json.utf8), cuts: [], continuing: true)
    #expect(outcome.values == [1, 2])
    #expect(outcome.errors.count == 1)
  }

  @Test func nextAfterTheEndStaysNil() throws {
    var scanner = JSONElementScanner()
    scanner.append(Array("[7".utf8))
    #expect(try scanner.next() == nil)  // `7` may go on
    scanner.append(Array("]".utf8))
    #expect(try scanner.next()?.root.int == 7)
    #expect(try scanner.next() == nil)
    scanner.finish()
    #expect(try scanner.next() == nil)
    #expect(try scanner.next() == nil)
  }
}
