/// An object key compared the way JSON compares keys: code point by code point.
///
/// `String ==` treats canonically equivalent strings as equal (`"\u{E9}"` and `"e\u{301}"`),
/// but to JSON they are two different keys. Every place that matches, hashes or uniques object
/// keys goes through this type, so a parsed object never loses or merges a member.
struct JSONKey: Hashable {
  let string: String

  init(_ string: String) { self.string = string }

  static func == (lhs: JSONKey, rhs: JSONKey) -> Bool { sameKey(lhs.string, rhs.string) }

  func hash(into hasher: inout Hasher) {
    var string = string
    string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }

  /// Whether two keys have the same code points. `==` rejects most unequal keys quickly; the
  /// byte comparison then rules out canonical equivalence.
  @inline(__always)
  static func sameKey(_ lhs: String, _ rhs: String) -> Bool {
    lhs == rhs && lhs.utf8.elementsEqual(rhs.utf8)
  }
}
