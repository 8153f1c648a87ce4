import FoundryInternals

extension JSONStorage {
  /// Decodes the string node at `index`, resolving escapes when it has any.
  func string(at index: Int) -> String {
    let raw = rawBytes(of: index)
    guard nodes[index].has(TapeNode.hasEscapes) else {
      guard hasValidatedText else { return String(decoding: raw, as: UTF8.self) }
      // Unchecked: the parser validated these bytes as UTF-8 (`scanString`) before the
      // storage was handed out, and nothing writes them since (ARCHITECTURE.md, Invariants:
      // "Validated text"). Checking again cost a third of making a string of non-ASCII text.
      return String(copying: unsafe UTF8Span(unchecked: raw.span))
    }
    // Unescaping never lengthens a string: `\uXXXX` (6 bytes) gives at most 3 bytes of UTF-8
    // and a surrogate pair (12 bytes) gives 4.
    return String(unsafeUninitializedCapacity: raw.count) { output in
      Self.unescape(raw, into: output)
    }
  }

  /// Whether the string node at `index` equals `key` (given as UTF-8).
  ///
  /// Inlined into the member scans: most keys compared differ in length, which the tape
  /// answers without a call.
  @inline(__always)
  func stringEquals(_ index: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
    let node = nodes[index]
    guard !node.has(TapeNode.hasEscapes) else { return escapedStringEquals(index, key) }
    guard Int(node.payload) == key.count else { return false }
    let raw = rawBytes(of: index)
    // Keys (most of them short) compare inline, a word at a time; a library call costs more.
    guard raw.count <= 64, let left = raw.baseAddress, let right = key.baseAddress else { return POSIX.equal(raw, key) }
    return ByteSearch.equal(left, right, count: raw.count)
  }

  /// ``stringEquals(_:_:)`` for a string with escapes: decoded first.
  @inline(never)
  private func escapedStringEquals(_ index: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
    var decoded = string(at: index)
    return decoded.withUTF8 { POSIX.equal($0, key) }
  }

  private static func unescape(_ raw: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
    var read = 0
    var written = 0
    func put(_ byte: UInt8) {
      output[written] = byte
      written += 1
    }
    while read < raw.count {
      let byte = raw[read]
      guard byte == Byte.backslash, read + 1 < raw.count else {
        put(byte)
        read += 1
        continue
      }
      let escaped = raw[read + 1]
      read += 2
      switch escaped {
      case UInt8(ascii: "b"): put(0x08)
      case UInt8(ascii: "f"): put(0x0C)
      case UInt8(ascii: "n"): put(0x0A)
      case UInt8(ascii: "r"): put(0x0D)
      case UInt8(ascii: "t"): put(0x09)
      case Byte.u:
        var scalar = UInt32(hexQuad(raw, at: read))
        read += 4
        if (0xD800...0xDBFF).contains(scalar), read + 6 <= raw.count, raw[read] == Byte.backslash,
          raw[read + 1] == Byte.u
        {
          let low = UInt32(hexQuad(raw, at: read + 2))
          if (0xDC00...0xDFFF).contains(low) {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            read += 6
          }
        }
        // The parser only lets a lone surrogate through under `.replace`.
        let value = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        for unit in UTF8.encode(value) ?? UTF8.encodedReplacementCharacter { put(unit) }
      default: put(escaped)  // `"`, `\` and `/`
      }
    }
    return written
  }

  private static func hexQuad(_ raw: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt16 {
    var value: UInt16 = 0
    for offset in index..<min(index + 4, raw.count) {
      value = value << 4 | UInt16(JSONParser.hexValue(raw[offset]) ?? 0)
    }
    return value
  }
}
