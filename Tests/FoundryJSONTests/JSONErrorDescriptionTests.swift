import FoundryJSON
import FoundryTestSupport
import Testing

/// Lines, columns and the compiler-style rendering of errors.
@Suite("JSON reader: error locations and descriptions")
struct JSONErrorDescriptionTests {
  private func parseError(_ json: String, options: JSONParsingOptions = .init(), sourceName: String? = nil) throws -> JSONParsingError {
    let result = parsing { try JSONDocument(string: json, options: options, sourceName: sourceName) }
    guard case .failure(let error) = result else {
      let none: JSONParsingError? = nil
      return try #require(none, "expected \(json.debugDescription) to be rejected")
    }
    return error
  }

  private func parseError(bytes: [UInt8], options: JSONParsingOptions = .init(), sourceName: String? = nil) throws -> JSONParsingError {
    let result = parsing { try JSONDocument(bytes: bytes, options: options, sourceName: sourceName) }
    guard case .failure(let error) = result else {
      let none: JSONParsingError? = nil
      return try #require(none, "expected the bytes to be rejected")
    }
    return error
  }

  // MARK: - Descriptions

  @Test func descriptionWithASourceName() throws {
    let error = try parseError(#"{"a": 1,}"#, sourceName: "payload.json")
    #expect(
      error.description == """
        error: unexpected character '}' after ','
        --> payload.json:1:9
         1 | {"a": 1,}
           |         ^
        """)
    #expect("\(error)" == error.description)
    #expect(error.sourceName == "payload.json")
  }

  @Test func descriptionWithoutASourceName() throws {
    let error = try parseError("[1 2]")
    #expect(error.sourceName == nil)
    #expect(
      error.description == """
        error: expected ',' or ']' after array element, found character '2'
        --> <input>:1:4
         1 | [1 2]
           |    ^
        """)
  }

  @Test func sourceNameCanBeChangedAfterwards() throws {
    var error = try parseError("nul")
    error.sourceName = "renamed.json"
    #expect(
      error.description == """
        error: invalid literal, expected 'null'
        --> renamed.json:1:1
         1 | nul
           | ^
        """)
  }

  @Test func descriptionOnALaterLine() throws {
    let json = """
      {
        "name": "Ada",
        "born": tru
      }
      """
    let error = try parseError(json, sourceName: "config.json")
    #expect(error.line == 3)
    #expect(error.column == 11)
    #expect(error.offset == 29)
    #expect(
      error.description == """
        error: invalid literal, expected 'true'
        --> config.json:3:11
         3 |   "born": tru
           |           ^
        """)
  }

  @Test func gutterWidensForTwoDigitLines() throws {
    let json = "[\n" + String(repeating: "1,\n", count: 11) + "x]"
    let error = try parseError(json)
    #expect(error.line == 13)
    #expect(error.column == 1)
    #expect(
      error.description == """
        error: unexpected character 'x' after ','
        --> <input>:13:1
         13 | x]
            | ^
        """)
  }

  @Test func errorAtTheEndOfAnEmptyLastLine() throws {
    let error = try parseError("[1,\n")
    #expect(error.line == 2)
    #expect(error.column == 1)
    #expect(error.offset == 4)
    #expect(error.description == "error: unexpected end of input after ','\n--> <input>:2:1\n 2 | \n   | ^")
  }

  @Test func emptyInput() throws {
    let error = try parseError("", sourceName: "empty.json")
    #expect(error.description == "error: unexpected end of input, expected a value\n--> empty.json:1:1\n 1 | \n   | ^")
  }

  @Test func errorsWithoutAPlacePrintOnlyTheName() throws {
    var options = JSONParsingOptions()
    options.maximumInputSize = 1
    let sized = try parseError("[]", options: options, sourceName: "big.json")
    #expect(sized.description == "error: input of 2 bytes exceeds the limit of 1 bytes\n--> big.json")
    let anonymous = try parseError("[]", options: options)
    #expect(anonymous.description == "error: input of 2 bytes exceeds the limit of 1 bytes\n--> <input>")
  }

  // MARK: - Lines and columns

  @Test func lineFeeds() throws {
    let error = try parseError("[\n  1,\n  x\n]")
    #expect(error.line == 3)
    #expect(error.column == 3)
    #expect(error.offset == 9)
    #expect(error.description.hasSuffix(" 3 |   x\n   |   ^"))
  }

  @Test func crlfLineEnds() throws {
    let error = try parseError("[\r\n  1,\r\n  x\r\n]")
    #expect(error.line == 3)
    #expect(error.column == 3)
    #expect(error.offset == 11)
    #expect(error.description == "error: unexpected character 'x' after ','\n--> <input>:3:3\n 3 |   x\n   |   ^")

    let object = try parseError("{\r\n  \"a\": 1,\r\n}")
    #expect(object.line == 3)
    #expect(object.column == 1)
    #expect(object.message == "unexpected character '}' after ','")
  }

  @Test func loneCarriageReturnsEndLines() throws {
    let error = try parseError("[1,\r2,\rx]")
    #expect(error.line == 3)
    #expect(error.column == 1)
    #expect(error.description.hasSuffix(" 3 | x]\n   | ^"))
  }

  @Test func crlfIsOneLineBreak() throws {
    let error = try parseError("1\r\n2")
    #expect(error.line == 2)
    #expect(error.column == 1)
    #expect(error.offset == 3)
  }

  @Test func tabsCountOneColumnAndAlignTheCaret() throws {
    let error = try parseError("[\n\t\tx]")
    #expect(error.line == 2)
    #expect(error.column == 3)
    #expect(error.description == "error: unexpected character 'x', expected a value\n--> <input>:2:3\n 2 | \t\tx]\n   | \t\t^")
  }

  @Test func columnsCountUnicodeScalars() throws {
    let error = try parseError(#"["é😀", x]"#)
    #expect(error.offset == 11)
    #expect(error.column == 8)
    #expect(
      error.description == """
        error: unexpected character 'x' after ','
        --> <input>:1:8
         1 | ["é😀", x]
           |        ^
        """)

    let combining = try parseError("[\"e\u{301}\", x]")
    #expect(combining.offset == 8)
    #expect(combining.column == 8, "a combining mark is a scalar of its own")
  }

  @Test func lineTextShowsInvalidBytesAndControlsSafely() throws {
    let invalid = try parseError(bytes: [0x5B, 0x22, 0x61, 0xFF, 0x22, 0x5D])
    #expect(invalid.column == 4)
    #expect(invalid.description == "error: invalid UTF-8: byte 0xFF never appears in UTF-8\n--> <input>:1:4\n 1 | [\"a\u{FFFD}\"]\n   |    ^")

    let control = try parseError("\"a\u{1}b\"")
    #expect(control.description == "error: unescaped control character U+0001 in string\n--> <input>:1:3\n 1 | \"a\u{FFFD}b\"\n   |   ^")
  }

  @Test func veryLongLinesAreWindowed() throws {
    let before = String(repeating: "a", count: 100)
    let after = String(repeating: "b", count: 100)
    let error = try parseError("\"\(before)\u{1}\(after)\"")
    #expect(error.line == 1)
    #expect(error.column == 102)
    #expect(error.offset == 101)
    let shown = "..." + String(repeating: "a", count: 60) + "\u{FFFD}" + String(repeating: "b", count: 59) + "..."
    #expect(
      error.description == """
        error: unescaped control character U+0001 in string
        --> <input>:1:102
         1 | \(shown)
           | \(String(repeating: " ", count: 63))^
        """)
  }

  @Test func longLinesAreWindowedOnOneSideOnly() throws {
    let prefix = "[" + String(repeating: "1,", count: 50)
    let start = try parseError(prefix + "x]")
    // 101 characters before the `x`: only the start is cut.
    #expect(start.column == 102)
    let shown = "..." + String(prefix.suffix(60)) + "x]"
    #expect(start.description == "error: unexpected character 'x' after ','\n--> <input>:1:102\n 1 | \(shown)\n   | \(String(repeating: " ", count: 63))^")

    let end = try parseError("[x" + String(repeating: ",1", count: 50) + "]")
    #expect(end.column == 2)
    let tail = "x" + String(repeating: ",1", count: 29) + ",..."
    #expect(end.description == "error: unexpected character 'x', expected a value\n--> <input>:1:2\n 1 | [\(tail)\n   |  ^")
  }

  @Test func windowsCountScalarsNotBytes() throws {
    let before = String(repeating: "é", count: 70)
    let error = try parseError("\"\(before)\\q\"")
    #expect(error.column == 72)
    #expect(error.offset == 141)
    let shown = "..." + String(repeating: "é", count: 60) + "\\q\""
    #expect(error.description.hasSuffix(" 1 | \(shown)\n   | \(String(repeating: " ", count: 63))^"))
  }

  @Test func utf16InputPrintsSafely() throws {
    let error = try parseError(bytes: [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00])
    #expect(
      error.description == """
        error: input starts with a UTF-16 little-endian byte order mark; JSON must be UTF-8
        --> <input>:1:1
         1 | \u{FFFD}\u{FFFD}[\u{FFFD}]\u{FFFD}
           | ^
        """)
  }

  @Test func carriageReturnBeforeCRLF() throws {
    // `\r` alone ends line 1, `\r\n` ends line 2.
    let error = try parseError("[\r\r\nx]")
    #expect(error.line == 3)
    #expect(error.column == 1)
    #expect(error.offset == 4)
  }

  @Test func skippedByteOrderMarkIsNotAColumn() throws {
    var options = JSONParsingOptions()
    options.allowsByteOrderMark = true
    let error = try parseError(bytes: [0xEF, 0xBB, 0xBF] + Array("[1,]".utf8), options: options)
    #expect(error.offset == 6)
    #expect(error.column == 4)
    #expect(error.description == "error: unexpected character ']' after ','\n--> <input>:1:4\n 1 | [1,]\n   |    ^")
  }

  @Test func errorsCompareEqual() throws {
    #expect(try parseError("[1,]") == parseError("[1,]"))
    #expect(try parseError("[1,]") != parseError("[1,,]"))
    #expect(try parseError("[1,]", sourceName: "a.json") != parseError("[1,]", sourceName: "b.json"))
  }

  @Test func nonASCIIOnEarlierLinesDoesNotShiftColumns() throws {
    let error = try parseError("[\"ééé\",\n 😀x]")
    #expect(error.line == 2)
    #expect(error.column == 2)
  }
}
