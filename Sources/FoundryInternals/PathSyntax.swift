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
    var inBraces = false
    for scalar in path.unicodeScalars {
      if inBraces {
        // `{namespace-uri}local`: dots inside the braces belong to the URI.
        current.append(scalar)
        if scalar == "}" { inBraces = false }
      } else if scalar == "{", current.isEmpty, !escaping {
        current.append(scalar)
        inBraces = true
      } else if escaping {
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

/// A tree that key paths can walk: arrays by position, objects by key.
package protocol PathNavigable {
  /// Whether positional segments index this node (an array).
  var isPathIndexable: Bool { get }
  subscript(position: Int) -> Self? { get }
  subscript(key: String) -> Self? { get }
}

extension PathNavigable {
  /// Follows `path`: an integer segment indexes an array, any segment names an object key.
  package func walk(_ path: String) -> Self? {
    var current = self
    for segment in PathSyntax.segments(path) {
      if current.isPathIndexable, let position = segment.index {
        guard let next = current[position] else { return nil }
        current = next
      } else {
        guard let next = current[segment.name] else { return nil }
        current = next
      }
    }
    return current
  }
}
