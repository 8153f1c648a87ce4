import FoundryJSON
import PropertyBased
import Testing

/// The parser checks the UTF-8 of strings a run of non-ASCII bytes at a time, the common
/// sequence lengths first: it must accept exactly what the standard library's validation
/// accepts, whatever the mix of lead, continuation and ASCII bytes.
@Suite("JSON strings: UTF-8 validation")
struct JSONUTF8ValidationTests {
  /// Bytes at the edges of every row of the UTF-8 table (Unicode 15, table 3-7), and ASCII.
  static let edgeBytes: [UInt8] = [
    0x61, 0x7E, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1,
    0xF3, 0xF4, 0xF5, 0xFF,
  ]

  /// Characters of one to four bytes, surrogates' neighbours and the table's edges included.
  static let characters: [String] = ["a", "~", "\u{80}", "é", "\u{7FF}", "\u{800}", "漢", "\u{D7FF}", "\u{E000}", "\u{FFFF}", "\u{10000}", "🙂", "\u{10FFFF}"]

  /// Valid text, then up to two bytes replaced by edge bytes and perhaps a cut: mostly valid
  /// around the damage, so that one wrong answer decides the outcome.
  static let bytes = zip(
    Gen<String?>.element(of: characters).array(of: 0...12),
    Gen.int(in: 0...2),
    Gen.int(in: 0...1_000),
    Gen<UInt8?>.element(of: edgeBytes).array(of: 2...2),
    Gen.int(in: 0...3)
  ).map { pieces, damage, seed, replacements, cut -> [UInt8] in
    var bytes = Array(pieces.compactMap { $0 }.joined().utf8)
    for index in 0..<damage where !bytes.isEmpty {
      bytes[(seed * (index + 7)) % bytes.count] = replacements[index] ?? 0x61
    }
    return cut == 0 && !bytes.isEmpty ? Array(bytes.dropLast(1 + seed % min(3, bytes.count))) : bytes
  }

  @Test("a string parses exactly when its bytes are valid UTF-8")
  func agreesWithTheStandardLibrary() async {
    await propertyCheck(count: 3_000, input: Self.bytes) { bytes in
      let valid = String(validating: bytes, as: UTF8.self) != nil
      let parsed = (try? JSONDocument(bytes: [0x22] + bytes + [0x22])) != nil
      #expect(parsed == valid, "\(bytes.map { String($0, radix: 16) })")
    }
  }

  @Test(
    "runs of two-, three- and four-byte characters, cut short at the end of the input",
    arguments: ["é", "漢", "🙂", "aé漢🙂", "Ωñ"]
  )
  func runsAndTruncation(piece: String) throws {
    let text = String(repeating: piece, count: 5)
    #expect(try JSONDocument(string: "\"\(text)\"").root.string == text)
    let bytes = Array(text.utf8)
    for cut in 1..<bytes.count where String(validating: bytes[..<cut], as: UTF8.self) == nil {
      // Unterminated and cut inside a character: an error, never a read past the input.
      #expect(throws: JSONParsingError.self) { try JSONDocument(bytes: [0x22] + bytes[..<cut]) }
      #expect(throws: JSONParsingError.self) { try JSONDocument(bytes: [0x22] + bytes[..<cut] + [0x22]) }
    }
  }
}
