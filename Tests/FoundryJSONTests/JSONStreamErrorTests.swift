import FoundryJSON
import Testing

/// Bad input is rejected by a stream exactly as by the whole-document parser: the same message
/// at the same line, column and offset of the whole input, however the input is cut.
@Suite("JSON streaming: errors")
struct JSONStreamErrorTests {
  // MARK: - Same as the parser

  static let malformedArrays: [String] = [
    // Before, between and after elements.
    "", "  ", "x", "[", "[1", "[1,", "[1, ", "[,1]", "[1,,2]", "[1 2]", "[1, 2,]", "[1}", "[1] x", "[1] ]", "[1][2]",
    "[1]\n\n   ,", "[/* c */ 1]", "[1 // c\n]", "\u{FEFF}[1]",
    // Inside elements.
    #"[{"a":1]]"#, #"[{"a" 1}]"#, #"[{"a":1,}]"#, #"[{"a":}]"#, #"[{1: 2}]"#, #"["abc]"#, #"["a\x"]"#, #"["\u12G4"]"#,
    #"["\uD800"]"#, "[\"\u{1}\"]", "[tru]", "[truex]", "[nul, 1]", "[fals", "[-]", "[-x]", "[1.]", "[1.e5]", "[01]",
    "[1.5.3]", "[1e5e]", "[1-2]", "[1x]", "[1e]", "[1e+]", "[-", "[1.", #"[{"a":"#, #"["a"#, #"[{"a": [1, {"b": ]}]}]"#,
    // Lines and columns: CRLF, lone CR, tabs and non-ASCII text before the error.
    "[\r\n  {\"a\": 1},\r\n  {\"a\": 2,}\r\n]", "[\r1,\r2x]", "[\t\"é\", \"日本\", x]", "[\n\"ü\",\n  1 2]",
    // A long line, so the excerpt is a window.
    "[" + String(repeating: "\"abcdefghij\", ", count: 20) + "{\"k\": nope}]",
  ]

  @Test(arguments: malformedArrays)
  func topLevelArray(json: String) throws {
    let bytes = Array(json.utf8)
    let expected = try #require(wholeDocument(bytes).error)
    for (cuts, outcome) in everyChunking(bytes) {
      #expect(outcome.error == expected, "cut \(cuts)")
    }
  }

  static let malformedObjects: [String] = [
    #"{"a": tru, "features": []}"#, #"{"a" 1, "features": []}"#, #"{"a": 1 "features": []}"#, #"{,"features": []}"#,
    #"{"features" [1]}"#, #"{"features": [1, 2}"#, #"{"features": [1], }"#, #"{"features": [1]] "#,
    #"{"features": [1], "b": {"c": [1,}}"#, #"{"features": [1]} []"#, #"{"features": [1]"#, #"{"features": [1],"#,
    #"{"f\u00"#, #"{"x": "\ud800", "features": []}"#, "{\"features\": [\n{\"id\": 1},\n{\"id\": 2 \"x\"}\n]}",
  ]

  @Test(arguments: malformedObjects)
  func arrayAtAKeyPath(json: String) throws {
    let bytes = Array(json.utf8)
    let expected = try #require(wholeDocument(bytes, keyPath: "features").error)
    for (cuts, outcome) in everyChunking(bytes, layout: .array(at: "features")) {
      #expect(outcome.error == expected, "cut \(cuts)")
    }
  }

  static let malformedLenient: [String] = [
    "[1 /x]", "[1, /* never ends", "[1] /", "[1] /* */ x", "[/]", #"{"features": [1] / }"#, "[1, // fine\n 2,, 3]",
  ]

  @Test(arguments: malformedLenient)
  func lenientInput(json: String) throws {
    let bytes = Array(json.utf8)
    let keyPath = json.hasPrefix("{") ? "features" : ""
    let expected = try #require(wholeDocument(bytes, keyPath: keyPath, options: .lenient).error)
    for (cuts, outcome) in everyChunking(bytes, layout: .array(at: keyPath), options: .lenient) {
      #expect(outcome.error == expected, "cut \(cuts)")
    }
  }

  @Test func invalidUTF8() {
    let utf32: [[UInt8]] = [[0xFF, 0xFE, 0x00, 0x00, 0x5B, 0, 0, 0], [0x00, 0x00, 0xFE, 0xFF, 0, 0, 0, 0x5B], [0xFF, 0xFE, 0x00]]
    for bytes: [UInt8] in [[0x5B, 0x22, 0xC3, 0x22, 0x5D], [0x5B, 0x31, 0x2C, 0xFF, 0x5D], [0xFF, 0xFE, 0x5B], [0x5B, 0x22, 0xE6, 0x97]] + utf32 {
      let expected = wholeDocument(bytes).error
      #expect(expected != nil)
      for (cuts, outcome) in everyChunking(bytes) {
        #expect(outcome.error == expected, "\(bytes) cut \(cuts)")
      }
    }
  }

  @Test func depthLimit() {
    var options = JSONParsingOptions()
    options.maximumDepth = 3
    for json in ["[[[1]]]", "[[[[1]]]]", "[1, [[[]]]]", #"{"a": {"features": [[1]]}}"#, #"{"features": [[[1]]]}"#, #"{"x": [[[1]]], "features": []}"#] {
      let bytes = Array(json.utf8)
      let keyPath = json.hasPrefix("{") ? "features" : ""
      let whole = wholeDocument(bytes, keyPath: keyPath, options: options)
      guard whole.error != nil else { continue }
      for (cuts, outcome) in everyChunking(bytes, layout: .array(at: keyPath), options: options) {
        #expect(outcome.error == whole.error, "\(json) cut \(cuts)")
      }
    }
    let outcome = streamBytewise("[[[[1]]]]", options: options)
    #expect(outcome.error?.message == "nesting depth exceeds the limit of 3")
  }

  @Test func duplicatePathKeyUnderReject() {
    var options = JSONParsingOptions()
    options.duplicateKeys = .reject
    let outcome = streamBytewise(#"{"items": [1], "items": [2]}"#, layout: .array(at: "items"), options: options)
    #expect(outcome.values == [1])
    #expect(outcome.error == expected(#"duplicate key "items" in object"#, 1, 16, 15))
  }

  // MARK: - Streaming's own errors

  @Test func missingKeyPath() throws {
    let json = "{\"type\": \"FeatureCollection\",\n \"bbox\": [1, 2]\n}"
    let outcome = streamBytewise(json, layout: .array(at: "features"))
    #expect(outcome.error == expected("key path 'features' not found: the object has no member 'features'", 3, 1, 46))
    let nested = streamBytewise(#"{"data": {"count": 0}}"#, layout: .array(at: "data.items"))
    #expect(nested.error == expected("key path 'data.items' not found: the object has no member 'items'", 1, 21, 20))
  }

  @Test func keyPathThroughAValueThatIsNotAnObject() {
    let outcome = streamBytewise(#"{"data": [{"items": []}]}"#, layout: .array(at: "data.items"))
    #expect(outcome.error == expected("key path 'data.items' not found: 'data' is an array, not an object", 1, 10, 9))
    let top = streamBytewise("[1]", layout: .array(at: "features"))
    #expect(top.error == expected("key path 'features' not found: the top-level value is an array, not an object", 1, 1, 0))
  }

  @Test func keyPathToAValueThatIsNotAnArray() throws {
    for (json, found) in [
      (#"{"features": {"a": 1}}"#, "an object"), (#"{"features": "[]"}"#, "a string"), (#"{"features": 12}"#, "a number"), (#"{"features": null}"#, "null"),
      (#"{"features": false}"#, "a boolean"),
    ] {
      let outcome = streamBytewise(json, layout: .array(at: "features"))
      #expect(outcome.error == expected("expected an array at key path 'features', found \(found)", 1, 14, 13))
    }
    let top = streamBytewise(#" {"a": []}"#)
    #expect(top.error == expected("expected a top-level array, found an object", 1, 2, 1))
  }

  @Test func theCodesOfStreamingErrors() throws {
    var scanner = JSONElementScanner(layout: .array(at: "a"))
    scanner.append(Array(#"{"a": 1}"#.utf8))
    scanner.finish()
    let error = try #require(throws: JSONParsingError.self) { try scanner.next() }
    #expect(error.code == .notAnArray)
    // A failure of the structure is thrown again.
    let again = try #require(throws: JSONParsingError.self) { try scanner.next() }
    #expect(again == error)
  }

  @Test func theDescriptionShowsTheLineOfTheWholeInput() throws {
    var scanner = JSONElementScanner(layout: .array(at: "features"), sourceName: "quakes.json")
    scanner.append(Array("{\"features\": [\n  {\"id\": 1},\n  {\"id\": 2,}\n]}".utf8))
    scanner.finish()
    _ = try scanner.next()
    let error = try #require(throws: JSONParsingError.self) { try scanner.next() }
    #expect(
      error.description == """
        error: unexpected character '}' after ','
        --> quakes.json:3:12
         3 |   {"id": 2,}
           |            ^
        """)
    #expect(error.code == .unexpectedCharacter)
  }

  // MARK: - Limits

  @Test func anElementLargerThanTheLimit() throws {
    var limits = JSONStreamOptions()
    limits.maximumElementSize = 10
    let fits = stream(Array(#"["12345678", [1,2,3,4]]"#.utf8), streamOptions: limits, cuts: [3, 7])
    #expect(fits.values.count == 2 && fits.error == nil)
    let outcome = stream(Array("[1,\n  \"123456789\"]".utf8), streamOptions: limits, cuts: [])
    #expect(outcome.error == expected("element exceeds the limit of 10 bytes (maximumElementSize)", 2, 3, 6))
  }

  @Test func aStringThatNeverEndsStopsAtTheLimit() throws {
    var limits = JSONStreamOptions()
    limits.maximumElementSize = 100
    var scanner = JSONElementScanner(streamOptions: limits)
    scanner.append(Array("[\"".utf8))
    var fed = 2
    var failure: JSONParsingError?
    while fed < 100_000, failure == nil {
      scanner.append(Array(repeating: UInt8(ascii: "a"), count: 7))
      fed += 7
      do {
        _ = try scanner.next()
      } catch let error as JSONParsingError {
        failure = error
      }
    }
    #expect(failure?.code == .sizeLimitExceeded)
    #expect(fed < 120)
  }

  @Test func theParsersInputLimitAlsoBoundsElements() throws {
    var options = JSONParsingOptions()
    options.maximumInputSize = 4
    let outcome = stream(Array("[1234, 12345]".utf8), options: options, cuts: [])
    #expect(outcome.values == [1234])
    #expect(outcome.error?.message == "element exceeds the limit of 4 bytes (maximumElementSize)")
  }

  private func expected(_ message: String, _ line: Int, _ column: Int, _ offset: Int) -> ErrorPlace {
    ErrorPlace(message: message, line: line, column: column, offset: offset)
  }
}
