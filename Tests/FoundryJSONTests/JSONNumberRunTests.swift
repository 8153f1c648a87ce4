import FoundryJSON
import Testing

/// The parser finds the end of a run of digits eight bytes at a time: every length of run, in
/// the integer part, the fraction and the exponent, before every kind of byte that can end it
/// (and the end of the input), must give the number's exact text.
@Suite("JSON numbers: runs of digits")
struct JSONNumberRunTests {
  /// The text of the number `node` holds.
  static func text(_ node: JSONNode?) -> String? {
    guard case .number(let number)? = node?.value else { return nil }
    return number.text
  }

  @Test("every run length in every part keeps the number's text", arguments: 1...19)
  func runLengths(length: Int) throws {
    let digits = String((0..<length).map { Character(String(($0 * 7 + 3) % 10)) })
    let leading = "9" + digits.dropFirst()
    for text in [leading, "-\(leading)", "0.\(digits)", "-1.\(digits)e\(digits)", "2E-\(digits)", "\(leading).5e+1"] {
      for after in ["", " ", "\n", ",0", "\t,0", "}"] {
        let object = try? JSONDocument(string: #"{"n":"# + text + (after == "}" ? "" : after.hasSuffix("0") ? after.replacing(",0", with: #","m":0"#) : after) + "}")
        #expect(Self.text(object?.root["n"]) == text, "\(text)\(after)")
        let array = try? JSONDocument(string: "[\(text)\(after == "}" ? "" : after)]")
        #expect(Self.text(array?.root[0]) == text, "\(text)\(after)")
      }
      // Top level: the number ends at the end of the input or at trailing whitespace.
      for after in ["", " ", "\n"] { #expect(Self.text(try JSONDocument(string: text + after).root) == text) }
      for after in [",", "]", ":", "/", "\u{7F}", "x"] { #expect(throws: JSONParsingError.self) { try JSONDocument(string: text + after) } }
    }
  }

  @Test("a run of digits stops at bytes on either side of the digits", arguments: [0x2F, 0x3A, 0x3F, 0x40, 0xFA, 0xFF, 0x00] as [UInt8])
  func stopsAtNeighbours(byte: UInt8) {
    for length in 1...17 {
      let bytes = Array(String(repeating: "5", count: length).utf8) + [byte]
      #expect(throws: JSONParsingError.self) { try JSONDocument(bytes: bytes) }
      // The same digits in an array end where the byte starts: the error is at it.
      #expect {
        try JSONDocument(bytes: [0x5B] + bytes + [0x5D])
      } throws: { error in
        (error as? JSONParsingError)?.offset == 1 + length
      }
    }
  }
}
