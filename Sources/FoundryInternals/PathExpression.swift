/// A key path such as `user_avatars.0.image_url`, parsed once into segments.
///
/// The one key-path language of every layer (`@Mappable` keys, graph key paths, import roots,
/// subentity key paths, document lookups): dots separate segments, `\.` is a literal dot, `\\`
/// a literal backslash, and the empty string is the current node. A segment in braces,
/// `{namespace-uri}local`, keeps the dots of its URI.
///
/// ```swift
/// let path = PathExpression("user_avatars.-1.image_url")
/// path.segments.map(\.index)   // [nil, -1, nil]
/// PathExpression(#"headers.content\.type"#).segments.map(\.name)   // ["headers", "content.type"]
/// ```
///
/// Parsing knows no document type: walkers (``PathNavigable``) and builders decide what a
/// segment means in their documents, so a store can compile the same segments into SQL.
package struct PathExpression: Sendable, Hashable, CustomStringConvertible {
  /// The path as written.
  package let text: String
  /// The segments in order; empty for the current node.
  package let segments: [PathSegment]

  /// Parses `text`.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  package init(_ text: String) {
    self.text = text
    segments = Self.split(text).map(PathSegment.init(name:))
  }

  /// A path of one segment named `key` exactly (no dots or escapes read): a property's name.
  package init(key: String) {
    text = key
    segments = [PathSegment(name: key)]
  }

  /// Whether the path names the current node.
  package var isEmpty: Bool { segments.isEmpty }

  package var description: String { text }

  /// Splits at unescaped dots outside braces, resolving `\.` and `\\`.
  private static func split(_ path: String) -> [String] {
    if path.isEmpty { return [] }
    var names: [String] = []
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
        names.append(String(current))
        current = String.UnicodeScalarView()
      } else {
        current.append(scalar)
      }
    }
    if escaping { current.append("\\") }
    names.append(String(current))
    return names
  }
}

/// One step of a ``PathExpression``.
///
/// Every segment names a member by ``name``; what else it may mean is decided here, once:
/// a plain decimal integer without leading zeros or a sign (`0`, `12`), or one with a leading
/// `-` counting from the end (`-1` is the last), also indexes an array. `01`, `+1`, `-0` and
/// `1.5` are keys only. In markup views `@name` is an attribute, `#text` the text, and
/// `{namespace-uri}local` a child in that namespace under whatever prefix the document binds.
package struct PathSegment: Sendable, Hashable {
  /// What a segment names besides a member of that name.
  package enum Kind: Sendable, Hashable {
    /// A plain key (in markup: a child element, `prefix:local` as written, else the
    /// attribute of that name).
    case key
    /// `@name`: an attribute.
    case attribute
    /// `#text`: an element's text.
    case text
    /// `{namespace-uri}local`: a child element (else attribute) in that namespace.
    case qualified(namespaceURI: String, localName: String)
  }

  /// The segment as written, escapes resolved (`a\.b` becomes `a.b`): the member key.
  package let name: String
  /// The array index the segment names (`0`, `-1` for the last element); `nil` for keys.
  package let index: Int?
  package let kind: Kind
  /// `@` and ``name``: the attribute a plain key falls back to in markup; `nil` for names
  /// that are not plain (`@id`, `#text`, `#content`, `{uri}local`, the empty name).
  package let attributeName: String?

  /// Classifies the segment `name` (escapes already resolved).
  package init(name: String) {
    self.name = name
    index = Self.arrayIndex(name)
    let kind = Self.kind(of: name)
    self.kind = kind
    let first = name.utf8.first
    let isPlain = kind == .key && first != nil && first != UInt8(ascii: "#") && first != UInt8(ascii: "@")
    attributeName = isPlain ? "@" + name : nil
  }

  /// `-`? then digits, no leading zero (`0` itself excepted), and not `-0`.
  private static func arrayIndex(_ text: String) -> Int? {
    let utf8 = text.utf8
    let isNegative = utf8.first == UInt8(ascii: "-")
    let digits = isNegative ? utf8.dropFirst() : utf8[...]
    guard let lead = digits.first, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
    if lead == UInt8(ascii: "0") && (digits.count > 1 || isNegative) { return nil }
    return Int(text)
  }

  private static func kind(of name: String) -> Kind {
    if name == "#text" { return .text }
    let utf8 = name.utf8
    guard let first = utf8.first else { return .key }
    if first == UInt8(ascii: "@") { return utf8.count > 1 ? .attribute : .key }
    guard first == UInt8(ascii: "{"), let close = utf8.firstIndex(of: UInt8(ascii: "}")) else { return .key }
    let uri = utf8[utf8.index(after: utf8.startIndex)..<close]
    let local = utf8[utf8.index(after: close)...]
    guard !uri.isEmpty, !local.isEmpty, let uriText = String(uri), let localText = String(local) else { return .key }
    return .qualified(namespaceURI: uriText, localName: localText)
  }
}
