/// One step of a key path such as `user_avatars.0.image_url`.
package struct PathSegment: Sendable, Hashable {
  /// The segment as written, with escapes resolved (`a\.b` becomes `a.b`).
  package var name: String
  /// The array index the segment names when it is an integer (`0`, `-1` for the last element).
  package var index: Int?

  package init(name: String) {
    self.name = name
    self.index = Self.integer(name)
  }

  private static func integer(_ text: String) -> Int? {
    let utf8 = text.utf8
    guard let first = utf8.first else { return nil }
    let digits = first == UInt8(ascii: "-") ? utf8.dropFirst() : utf8[...]
    // Only plain decimal digits index: `+1` and `01` stay keys.
    guard let lead = digits.first, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      lead != 0x30 || digits.count == 1
    else { return nil }
    return Int(text)
  }
}

/// Parses the key-path language shared by every format: dots separate segments, `\.` is a
/// literal dot, `\\` a literal backslash, and the empty string is the current node.
package enum PathSyntax {
  package static func segments(_ path: String) -> [PathSegment] {
    if path.isEmpty { return [] }
    var segments: [PathSegment] = []
    var current = String.UnicodeScalarView()
    var escaping = false
    for scalar in path.unicodeScalars {
      if escaping {
        if scalar != "." && scalar != "\\" { current.append("\\") }
        current.append(scalar)
        escaping = false
      } else if scalar == "\\" {
        escaping = true
      } else if scalar == "." {
        segments.append(PathSegment(name: String(current)))
        current = String.UnicodeScalarView()
      } else {
        current.append(scalar)
      }
    }
    if escaping { current.append("\\") }
    segments.append(PathSegment(name: String(current)))
    return segments
  }
}
