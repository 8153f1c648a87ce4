import FoundryXML
import Testing

/// Encoding detection (XML 1.0 Appendix F) and conversion to UTF-8.
@Suite("XMLScanner: encodings")
struct XMLScannerEncodingTests {
  static func utf16(_ text: String, bigEndian: Bool, byteOrderMark: Bool) -> [UInt8] {
    var bytes: [UInt8] = byteOrderMark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
    for unit in text.utf16 {
      let high = UInt8(unit >> 8)
      let low = UInt8(unit & 0xFF)
      bytes += bigEndian ? [high, low] : [low, high]
    }
    return bytes
  }

  static func failure(_ bytes: [UInt8]) -> XMLParsingError? {
    do {
      _ = try XMLTree(bytes: bytes)
      return nil
    } catch let error as XMLParsingError {
      return error
    } catch {
      return nil
    }
  }

  @Test("UTF-16 with a byte order mark, in both byte orders", arguments: [true, false])
  func utf16WithByteOrderMark(bigEndian: Bool) throws {
    let bytes = Self.utf16("<a b='é'>x 😀</a>", bigEndian: bigEndian, byteOrderMark: true)
    let tree = try XMLTree(bytes: bytes)
    #expect(tree.root["b"] == "é")
    #expect(tree.root.text == "x 😀")
  }

  @Test("UTF-16 without a byte order mark is read through its encoding declaration", arguments: [true, false])
  func utf16WithDeclaration(bigEndian: Bool) throws {
    let bytes = Self.utf16("<?xml version='1.0' encoding='UTF-16'?><a>ü</a>", bigEndian: bigEndian, byteOrderMark: false)
    #expect(try XMLTree(bytes: bytes).root.text == "ü")
  }

  @Test("ISO-8859-1 and its aliases are converted to UTF-8", arguments: ["ISO-8859-1", "latin1", "iso_8859-1"])
  func latin1(name: String) throws {
    let bytes = Array("<?xml version='1.0' encoding='\(name)'?><a>".utf8) + [0xE9, 0xFF] + Array("</a>".utf8)
    #expect(try XMLTree(bytes: bytes).root.text == "éÿ")
  }

  @Test("US-ASCII is accepted when it is ASCII")
  func ascii() throws {
    #expect(try XMLTree(bytes: Array("<?xml version='1.0' encoding='US-ASCII'?><a>x</a>".utf8)).root.text == "x")
  }

  @Test("Bytes that are not US-ASCII are an error at their place")
  func notASCII() {
    let error = Self.failure(Array("<?xml version='1.0' encoding='us-ascii'?>\n<a>".utf8) + [0xE9] + Array("</a>".utf8))
    #expect(error?.code == .encoding)
    #expect(error?.message == "byte 0xE9 is not US-ASCII")
    #expect(error?.line == 2)
    #expect(error?.column == 4)
  }

  @Test("Invalid UTF-8 is an error at the bad byte")
  func invalidUTF8() {
    for bad: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82]] {
      let error = Self.failure(Array("<a>\nab".utf8) + bad + Array("</a>".utf8))
      #expect(error?.code == .encoding)
      #expect(error?.message == "invalid UTF-8 byte 0x\(String(bad[0], radix: 16, uppercase: true))")
      #expect(error?.line == 2)
      #expect(error?.column == 3)
    }
  }

  /// ASCII is skipped thirty-two bytes at a time, then eight: a bad byte (or a good
  /// multi-byte scalar before one) at every place of the blocks must still be found there.
  @Test("A bad byte after every run of ASCII is found where it is", arguments: 0..<70)
  func invalidUTF8AfterASCII(run: Int) throws {
    let text = Array(String(repeating: "a", count: run).utf8)
    let bad = Self.failure(Array("<a>".utf8) + text + [0xC3] + Array("</a>".utf8))
    #expect(bad?.message == "invalid UTF-8 byte 0xC3", "run \(run)")
    #expect(bad?.column == 4 + run, "run \(run)")
    let good = Array("é".utf8)
    let later = Self.failure(Array("<a>".utf8) + text + good + text + [0xFF] + Array("</a>".utf8))
    #expect(later?.offset == 3 + run + good.count + run, "run \(run)")
    #expect(try XMLTree(bytes: Array("<a>".utf8) + text + good + text + Array("</a>".utf8)).root.text.utf8.count == 2 * run + 2)
  }

  @Test("A lone UTF-16 surrogate is an error")
  func loneSurrogate() {
    var bytes = Self.utf16("<a>x", bigEndian: true, byteOrderMark: true)
    bytes += [0xD8, 0x00] + Self.utf16("</a>", bigEndian: true, byteOrderMark: false)
    let error = Self.failure(bytes)
    #expect(error?.code == .encoding)
    #expect(error?.message == "unpaired UTF-16 surrogate 0xD800")
    #expect(error?.column == 5)
  }

  static let unsupported: [(bytes: [UInt8], message: String)] = [
    (Array("<?xml version='1.0' encoding='Shift_JIS'?><a/>".utf8), "encoding 'Shift_JIS' is not supported (use UTF-8, UTF-16, ISO-8859-1 or US-ASCII)"),
    (Array("<?xml version='1.0' encoding='windows-1252'?><a/>".utf8), "encoding 'windows-1252' is not supported (use UTF-8, UTF-16, ISO-8859-1 or US-ASCII)"),
    ([0, 0, 0, 0x3C, 0, 0, 0, 0x61], "UCS-4 (UTF-32) documents are not supported"),
    ([0x4C, 0x6F, 0xA7, 0x94], "EBCDIC documents are not supported"),
    (Array("<?xml version='1.0' encoding='UTF-16'?><a/>".utf8), "the document declares encoding 'UTF-16' but is not encoded in UTF-16"),
    (
      [0xEF, 0xBB, 0xBF] + Array("<?xml version='1.0' encoding='ISO-8859-1'?><a/>".utf8),
      "the document starts with a UTF-8 byte order mark but declares encoding 'ISO-8859-1'"
    ),
    (
      utf16("<?xml version='1.0' encoding='UTF-8'?><a/>", bigEndian: false, byteOrderMark: true),
      "the document is encoded in UTF-16 but declares encoding 'UTF-8'"
    ),
    (utf16("<?xml version='1.0'?><a/>", bigEndian: true, byteOrderMark: false), "a UTF-16 document must start with a byte order mark or declare its encoding"),
  ]

  @Test("Unsupported or contradictory encodings are errors", arguments: 0..<unsupported.count)
  func unsupportedEncoding(index: Int) {
    let error = Self.failure(Self.unsupported[index].bytes)
    #expect(error?.code == .encoding)
    #expect(error?.message == Self.unsupported[index].message)
  }

  @Test("An unsupported or contradictory declared encoding is reported at its name")
  func declaredEncodingLocation() {
    let error = Self.failure(Array("<?xml version='1.0'\n  encoding='EBCDIC'?><a/>".utf8))
    #expect(error?.message == "encoding 'EBCDIC' is not supported (use UTF-8, UTF-16, ISO-8859-1 or US-ASCII)")
    #expect(error?.line == 2)
    #expect(error?.column == 13)
    let utf16 = Self.failure(Self.utf16("<?xml version='1.0' encoding='UTF-8'?><a/>", bigEndian: false, byteOrderMark: true))
    #expect(utf16?.line == 1)
    #expect(utf16?.column == 31)
  }

  @Test("Error columns count characters after a byte order mark")
  func columnsAfterByteOrderMark() {
    let error = Self.failure([0xEF, 0xBB, 0xBF] + Array("<a></b>".utf8))
    #expect(error?.code == .mismatchedTag)
    #expect(error?.column == 4)
    #expect(error?.offset == 6)
  }
}
