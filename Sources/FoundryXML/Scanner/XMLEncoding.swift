import FoundryInternals

/// Detects a document's encoding (XML 1.0 Appendix F) and converts it to UTF-8.
///
/// Supported: UTF-8 (a byte order mark is kept; the scanner skips it, so offsets still match the
/// input), UTF-16 in either byte order (with a byte order mark, or an encoding declaration written
/// in UTF-16), ISO-8859-1 and US-ASCII. Anything else is an ``XMLParsingError/Code/encoding``
/// error naming the encoding, as are bytes that are not valid in the encoding.
enum XMLEncoding {
  /// The encodings the reader converts from.
  enum Family: Equatable {
    case utf8, utf16, latin1, ascii
  }

  /// The document as UTF-8.
  ///
  /// - Throws: ``XMLParsingError`` with code `.encoding` for an unsupported encoding, a declaration
  ///   that contradicts the detected encoding, or invalid bytes.
  /// - Complexity: O(*n*); valid UTF-8 input is returned without a copy.
  static func utf8(from bytes: [UInt8], sourceName: String?) throws(XMLParsingError) -> [UInt8] {
    let count = bytes.count
    func byte(_ index: Int) -> UInt8 { index < count ? bytes[index] : 0xAA }

    // UCS-4 and UTF-32, in any byte order, with or without a byte order mark.
    let first4 = (byte(0), byte(1), byte(2), byte(3))
    if count >= 4 {
      switch first4 {
      case (0, 0, 0xFE, 0xFF), (0xFF, 0xFE, 0, 0), (0, 0, 0xFF, 0xFE), (0xFE, 0xFF, 0, 0),
        (0, 0, 0, 0x3C), (0x3C, 0, 0, 0), (0, 0, 0x3C, 0), (0, 0x3C, 0, 0):
        throw failure("UCS-4 (UTF-32) documents are not supported", sourceName: sourceName)
      case (0x4C, 0x6F, 0xA7, 0x94):
        throw failure("EBCDIC documents are not supported", sourceName: sourceName)
      default: break
      }
    }
    if count >= 2, byte(0) == 0xFE, byte(1) == 0xFF {
      return try fromUTF16(bytes, start: 2, bigEndian: true, hasByteOrderMark: true, sourceName: sourceName)
    }
    if count >= 2, byte(0) == 0xFF, byte(1) == 0xFE {
      return try fromUTF16(bytes, start: 2, bigEndian: false, hasByteOrderMark: true, sourceName: sourceName)
    }
    if count >= 4, first4 == (0, 0x3C, 0, 0x3F) {
      return try fromUTF16(bytes, start: 0, bigEndian: true, hasByteOrderMark: false, sourceName: sourceName)
    }
    if count >= 4, first4 == (0x3C, 0, 0x3F, 0) {
      return try fromUTF16(bytes, start: 0, bigEndian: false, hasByteOrderMark: false, sourceName: sourceName)
    }

    let hasByteOrderMark = count >= 3 && byte(0) == 0xEF && byte(1) == 0xBB && byte(2) == 0xBF
    let declaration = bytes.withUnsafeBufferPointer { self.declaration(in: $0, from: hasByteOrderMark ? 3 : 0) }
    var family = Family.utf8
    if let declaration {
      let declared = declaration.name
      guard let named = self.family(named: declared) else {
        throw failure(
          "encoding '\(declared)' is not supported (use UTF-8, UTF-16, ISO-8859-1 or US-ASCII)", at: declaration.offset, in: bytes,
          sourceName: sourceName)
      }
      if named == .utf16 {
        throw failure(
          "the document declares encoding '\(declared)' but is not encoded in UTF-16", at: declaration.offset, in: bytes, sourceName: sourceName)
      }
      if hasByteOrderMark, named != .utf8 {
        throw failure(
          "the document starts with a UTF-8 byte order mark but declares encoding '\(declared)'", at: declaration.offset, in: bytes,
          sourceName: sourceName)
      }
      family = named
    }
    switch family {
    case .latin1: return fromLatin1(bytes)
    case .ascii: try validateASCII(bytes, sourceName: sourceName)
    default: try validateUTF8(bytes, sourceName: sourceName)
    }
    return bytes
  }

  /// The family an encoding name (case-insensitive, IANA names and common aliases) belongs to.
  static func family(named name: String) -> Family? {
    switch name.uppercased() {
    case "UTF-8", "UTF8": .utf8
    case "UTF-16", "UTF16", "UTF-16LE", "UTF-16BE", "ISO-10646-UCS-2", "UCS-2", "CSUNICODE": .utf16
    case "ISO-8859-1", "ISO_8859-1", "ISO8859-1", "ISO_8859-1:1987", "LATIN1", "LATIN-1", "L1", "ISO-IR-100", "CP819",
      "IBM819", "CSISOLATIN1":
      .latin1
    case "US-ASCII", "ASCII", "US", "ANSI_X3.4-1968", "ANSI_X3.4-1986", "ISO646-US", "ISO_646.IRV:1991", "IBM367", "CP367",
      "CSASCII", "ISO-IR-6":
      .ascii
    default: nil
    }
  }

  // MARK: - The encoding declaration

  /// The encoding name of an XML declaration at `start`, read leniently (the scanner checks the
  /// declaration's syntax later); `nil` without a declaration or an encoding in it.
  static func declaredEncoding(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> String? {
    declaration(in: bytes, from: start)?.name
  }

  /// The encoding name of an XML declaration and the offset where it starts.
  struct Declared {
    var name: String
    var offset: Int
  }

  /// The encoding an XML declaration at `start` names, with its offset (see ``declaredEncoding(in:from:)``).
  static func declaration(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Declared? {
    // Compared in place: an array made per position cost a dozen allocations a declaration,
    // paid by every batch of a stream (each parses the prolog again).
    let prefix: StaticString = "<?xml"
    guard bytes.count >= start + 6, matches(prefix, in: bytes, at: start), XMLCharacters.isSpace(bytes[start + 5]) else {
      return nil
    }
    // The declaration is short; stop at `?>` or after a generous window.
    var end = start + 5
    let limit = min(bytes.count, start + 512)
    while end + 1 < limit, !(bytes[end] == UInt8(ascii: "?") && bytes[end + 1] == UInt8(ascii: ">")) { end += 1 }
    let keyword: StaticString = "encoding"
    var index = start + 5
    while index + keyword.utf8CodeUnitCount <= end {
      guard matches(keyword, in: bytes, at: index) else {
        index += 1
        continue
      }
      var cursor = index + keyword.utf8CodeUnitCount
      while cursor < end, XMLCharacters.isSpace(bytes[cursor]) { cursor += 1 }
      guard cursor < end, bytes[cursor] == UInt8(ascii: "=") else { return nil }
      cursor += 1
      while cursor < end, XMLCharacters.isSpace(bytes[cursor]) { cursor += 1 }
      guard cursor < end, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") else { return nil }
      let quote = bytes[cursor]
      let nameStart = cursor + 1
      var nameEnd = nameStart
      while nameEnd < end, bytes[nameEnd] != quote, bytes[nameEnd] < 0x80 { nameEnd += 1 }
      guard nameEnd < end, bytes[nameEnd] == quote else { return nil }
      // Not an EncName: a syntax error the scanner reports, not an encoding to look up.
      let name = bytes[nameStart..<nameEnd]
      func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
      guard let first = name.first, isLetter(first),
        name.allSatisfy({ isLetter($0) || (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x5F || $0 == 0x2D })
      else { return nil }
      return Declared(name: String(decoding: name, as: UTF8.self), offset: nameStart)
    }
    return nil
  }

  /// Whether `bytes` hold `word` at `index` (the caller checked that they reach that far).
  private static func matches(_ word: StaticString, in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    word.withUTF8Buffer { word in
      word.indices.allSatisfy { bytes[index + $0] == word[$0] }
    }
  }

  // MARK: - Conversions

  /// Checks that `bytes` are UTF-8 (no overlong forms, surrogates or values past U+10FFFF).
  static func validateUTF8(_ bytes: [UInt8], sourceName: String?) throws(XMLParsingError) {
    let bad: Int? = bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return nil }
      let count = buffer.count
      var index = 0
      while index < count {
        // Thirty-two ASCII bytes at a time (four words, one test), then eight.
        while index + 32 <= count {
          let raw = UnsafeRawPointer(base + index)
          let words =
            raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            | raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
          if words & 0x8080_8080_8080_8080 != 0 { break }
          index += 32
        }
        while index + 8 <= count {
          let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
          if word & 0x8080_8080_8080_8080 != 0 { break }
          index += 8
        }
        guard index < count else { break }
        if buffer[index] < 0x80 {
          index += 1
          continue
        }
        guard let (_, length) = XMLCharacters.scalar(in: buffer, at: index, end: count) else { return index }
        index += length
      }
      return nil
    }
    if let bad {
      let value = bytes[bad]
      throw failure("invalid UTF-8 byte 0x\(hex(value))", at: bad, in: bytes, sourceName: sourceName)
    }
  }

  /// Checks that every byte is ASCII.
  static func validateASCII(_ bytes: [UInt8], sourceName: String?) throws(XMLParsingError) {
    if let bad = bytes.firstIndex(where: { $0 >= 0x80 }) {
      throw failure("byte 0x\(hex(bytes[bad])) is not US-ASCII", at: bad, in: bytes, sourceName: sourceName)
    }
  }

  /// ISO-8859-1 maps each byte to the scalar of the same value.
  static func fromLatin1(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.contains(where: { $0 >= 0x80 }) else { return bytes }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + bytes.count / 8)
    for byte in bytes {
      if byte < 0x80 {
        output.append(byte)
      } else {
        output.append(0xC0 | byte >> 6)
        output.append(0x80 | byte & 0x3F)
      }
    }
    return output
  }

  /// Converts UTF-16 to UTF-8, then checks that the declaration (if any) names UTF-16.
  static func fromUTF16(
    _ bytes: [UInt8], start: Int, bigEndian: Bool, hasByteOrderMark: Bool, sourceName: String?
  ) throws(XMLParsingError) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = start
    func unit(at index: Int) -> UInt32 {
      bigEndian ? UInt32(bytes[index]) << 8 | UInt32(bytes[index + 1]) : UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index])
    }
    while index + 1 < bytes.count {
      let first = unit(at: index)
      index += 2
      if first < 0xD800 || first > 0xDFFF {
        XMLCharacters.appendUTF8(first, to: &output)
        continue
      }
      guard first < 0xDC00, index + 1 < bytes.count, case let second = unit(at: index), (0xDC00...0xDFFF).contains(second) else {
        throw failure("unpaired UTF-16 surrogate 0x\(hex(first))", at: output.count, in: output, sourceName: sourceName)
      }
      index += 2
      XMLCharacters.appendUTF8(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00), to: &output)
    }
    if index < bytes.count {
      throw failure("the UTF-16 text ends in the middle of a character", at: output.count, in: output, sourceName: sourceName)
    }
    let declaration = output.withUnsafeBufferPointer { self.declaration(in: $0, from: 0) }
    if let declaration {
      let declared = declaration.name
      guard let family = family(named: declared) else {
        throw failure(
          "encoding '\(declared)' is not supported (use UTF-8, UTF-16, ISO-8859-1 or US-ASCII)", at: declaration.offset, in: output,
          sourceName: sourceName)
      }
      guard family == .utf16 else {
        throw failure(
          "the document is encoded in UTF-16 but declares encoding '\(declared)'", at: declaration.offset, in: output, sourceName: sourceName)
      }
    } else if !hasByteOrderMark {
      throw failure("a UTF-16 document must start with a byte order mark or declare its encoding", sourceName: sourceName)
    }
    return output
  }

  // MARK: - Errors

  private static func hex(_ value: some BinaryInteger) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return digits.count % 2 == 1 ? "0" + digits : digits
  }

  private static func failure(_ message: String, sourceName: String?) -> XMLParsingError {
    XMLParsingError(.encoding, message, location: nil, sourceName: sourceName)
  }

  private static func failure(_ message: String, at offset: Int, in bytes: [UInt8], sourceName: String?) -> XMLParsingError {
    let location = bytes.withUnsafeBufferPointer { SourceLocation(offset: offset, in: $0) }
    return XMLParsingError(.encoding, message, location: location, sourceName: sourceName)
  }
}
