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
    var index = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    func skipSpace() {
      while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }
    skipSpace()
    guard index < bytes.count else { return nil }
    if bytes[index] == Byte.openBracket { return .array() }
    guard bytes[index] == Byte.openBrace else { return nil }
    index += 1
    var seen: Set<[UInt8]> = []
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == Byte.quote else { return nil }
      let keyStart = index + 1
      guard let keyEnd = bytes[keyStart...].firstIndex(of: Byte.quote) else { return nil }
      let key = Array(bytes[keyStart..<keyEnd])
      // Escapes would need decoding; such keys are rare enough to read the file whole.
      guard !key.contains(Byte.backslash) else { return nil }
      index = keyEnd + 1
      skipSpace()
      guard index < bytes.count, bytes[index] == Byte.colon else { return nil }
      index += 1
      skipSpace()
      guard index < bytes.count else { return nil }
      if bytes[index] == Byte.openBracket {
        // A key seen before would make the scanner stream the first value, not this one.
        guard !seen.contains(key) else { return nil }
        guard key.first != Byte.openBrace else { return nil }
        var path = ""
        for scalar in String(decoding: key, as: UTF8.self).unicodeScalars {
          if scalar == "." || scalar == "\\" { path.unicodeScalars.append("\\") }
          path.unicodeScalars.append(scalar)
        }
        return .array(at: path)
      }
      seen.insert(key)
      guard skipValue(bytes, from: &index) else { return nil }
      skipSpace()
      guard index < bytes.count, bytes[index] == Byte.comma else { return nil }
      index += 1
    }
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
