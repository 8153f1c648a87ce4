import FoundryJSON
import Testing

/// The parser skips a line break's indentation a word at a time: every length of indentation,
/// mixed with tabs and carriage returns, up to the end of the input, must parse as the compact
/// text does, and errors after it must keep their column.
@Suite("JSON whitespace")
struct JSONWhitespaceTests {
  @Test("indentation of every length before values, keys, closers and the end of the input", arguments: 0...19)
  func indentation(width: Int) throws {
    let indent = String(repeating: " ", count: width)
    for tail in ["", "\t", " \r", "\t "] {
      let text = "{\n\(indent)\(tail)\"a\":\n\(indent)[\n\(indent)1,\n\(indent)\(tail)true\n\(indent)]\n\(indent)\(tail)}\n\(indent)"
      let parsed = try JSONDocument(string: text).value
      #expect(parsed == (try JSONDocument(string: #"{"a":[1,true]}"#).value), "\(text.debugDescription)")
    }
  }

  @Test("an error after indentation is at its column", arguments: [0, 3, 8, 9, 16, 17])
  func errorColumn(width: Int) {
    let text = "[\n" + String(repeating: " ", count: width) + "x]"
    #expect {
      try JSONDocument(string: text)
    } throws: { error in
      guard let error = error as? JSONParsingError else { return false }
      return error.line == 2 && error.column == width + 1
    }
  }
}
