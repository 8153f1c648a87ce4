// Which array of a document to stream when the caller does not say: what lets `foundry
// validate` check a large document in bounded memory.
extension JSONStreamLayout {
  /// The layout that streams the largest part of a document most likely, judged from its first
  /// bytes: the top-level array, or the first member of the top-level object whose value is an
  /// array (`features` in GeoJSON, `data` in many API dumps); `nil` when the first bytes show
  /// neither (a scalar, an object whose first array member starts later, a key with escapes).
  ///
  /// ```swift
  /// JSONStreamLayout.guessed(from: Array(#"{"type": "x", "features": ["#.utf8))   // array at 'features'
  /// ```
  ///
  /// - Complexity: O(*n*) in the bytes given.
  package static func guessed(from bytes: [UInt8]) -> JSONStreamLayout? {
    var reader = GuessReader(bytes: bytes)
    if reader.skip(Byte.openBracket) { return .array() }
    guard reader.skip(Byte.openBrace), let key = reader.firstArrayKey() else { return nil }
    return .array(at: key)
  }

  /// The same guess one object down, for `convert`'s wrapped form of XML: the first member whose
  /// value is an array in the object that is the only member's value of the top-level object
  /// (`{"osm": {"@version": "0.6", "node": [`); `nil` when the first bytes show none.
  ///
  /// ```swift
  /// JSONStreamLayout.guessedInWrapper(from: Array(#"{"osm": {"@version": "0.6", "node": ["#.utf8))   // array at 'osm.node'
  /// ```
  ///
  /// - Complexity: O(*n*) in the bytes given.
  package static func guessedInWrapper(from bytes: [UInt8]) -> JSONStreamLayout? {
    var reader = GuessReader(bytes: bytes)
    guard reader.skip(Byte.openBrace), let wrapper = reader.key(), reader.skip(Byte.openBrace), let key = reader.firstArrayKey() else { return nil }
    return .array(at: wrapper + "." + key)
  }
}

/// Reads the first bytes of a document as far as a guess needs: keys without escapes, and values
/// skipped over.
private struct GuessReader {
  let bytes: [UInt8]
  var index = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
  }

  /// Moves past whitespace and `byte`; `false` when another byte (or none) comes first.
  mutating func skip(_ byte: UInt8) -> Bool {
    while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  /// The key path component of the first member, from here, whose value is an array, with the
  /// reader at that array; `nil` when the bytes show none.
  mutating func firstArrayKey() -> String? {
    var seen: Set<[UInt8]> = []
    while true {
      guard let key = rawKey() else { return nil }
      if skip(Byte.openBracket) {
        // A key seen before would make the scanner stream the first value, not this one.
        guard !seen.contains(key) else { return nil }
        return Self.pathComponent(key)
      }
      seen.insert(key)
      guard Self.skipValue(bytes, from: &index), skip(Byte.comma) else { return nil }
    }
  }

  /// The key path component of the member's key here, with the reader past its colon.
  mutating func key() -> String? {
    rawKey().flatMap(Self.pathComponent)
  }

  /// The bytes of the member's key here, with the reader past its colon; `nil` for a key with
  /// escapes (which would need decoding: rare enough to read the file whole).
  private mutating func rawKey() -> [UInt8]? {
    guard skip(Byte.quote) else { return nil }
    let keyStart = index
    guard let keyEnd = bytes[keyStart...].firstIndex(of: Byte.quote) else { return nil }
    let key = Array(bytes[keyStart..<keyEnd])
    guard !key.contains(Byte.backslash) else { return nil }
    index = keyEnd + 1
    return skip(Byte.colon) ? key : nil
  }

  /// `key` as a key path component (dots and backslashes escaped); `nil` for a key a path
  /// would read as a namespace (`{uri}local`).
  private static func pathComponent(_ key: [UInt8]) -> String? {
    guard key.first != Byte.openBrace else { return nil }
    var path = ""
    for scalar in String(decoding: key, as: UTF8.self).unicodeScalars {
      if scalar == "." || scalar == "\\" { path.unicodeScalars.append("\\") }
      path.unicodeScalars.append(scalar)
    }
    return path
  }

  /// Moves past one value (strings and nesting respected); `false` when the bytes end first.
  private static func skipValue(_ bytes: [UInt8], from index: inout Int) -> Bool {
    var depth = 0
    var inString = false
    var escaped = false
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if inString {
        if escaped {
          escaped = false
        } else if byte == Byte.backslash {
          escaped = true
        } else if byte == Byte.quote {
          inString = false
          if depth == 0 { return true }
        }
        continue
      }
      switch byte {
      case Byte.quote:
        inString = true
      case Byte.openBrace, Byte.openBracket:
        depth += 1
      case Byte.closeBrace, Byte.closeBracket:
        depth -= 1
        if depth <= 0 { return depth == 0 }
      case Byte.comma where depth == 0:
        index -= 1
        return true
      default:
        if depth == 0, [0x20, 0x0A, 0x0D, 0x09].contains(byte) { return true }
      }
    }
    return false
  }
}
