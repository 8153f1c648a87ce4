/// The name of an element or attribute: its prefix and local part as written, and the
/// namespace URI the prefix is bound to.
///
/// ```swift
/// let name = XMLName("itunes:author", namespaceURI: "http://www.itunes.com/dtds/podcast-1.0.dtd")
/// name.prefix          // "itunes"
/// name.localName       // "author"
/// name.clarkNotation   // "{http://www.itunes.com/dtds/podcast-1.0.dtd}author"
/// ```
///
/// Two names are equal when prefix, local name and namespace are all equal. To compare by
/// namespace and local name alone (what a namespace-aware reader means by "the same name"),
/// use ``matches(localName:namespaceURI:)`` or compare ``clarkNotation``.
public struct XMLName: Hashable, Sendable, CustomStringConvertible {
  /// The prefix before the colon, or `nil` for an unprefixed name.
  public let prefix: String?
  /// The part after the colon (the whole name when there is no prefix).
  public let localName: String
  /// The namespace the name is in, or `nil` for no namespace.
  public let namespaceURI: String?

  /// A name from its qualified form (`prefix:local` or `local`).
  /// - Parameters:
  ///   - qualifiedName: The name as written (`atom:link`).
  ///   - namespaceURI: The namespace the name is in, or `nil`.
  public init(_ qualifiedName: String, namespaceURI: String? = nil) {
    // By scalar, not by Character: a combining mark after the colon (`xml:\u{05AE}a`, a
    // NameStartChar) joins it into one Character that is not ":".
    let scalars = qualifiedName.unicodeScalars
    if let colon = scalars.firstIndex(of: ":") {
      prefix = String(scalars[..<colon])
      localName = String(scalars[scalars.index(after: colon)...])
    } else {
      prefix = nil
      localName = qualifiedName
    }
    self.namespaceURI = namespaceURI
  }

  /// A name from its parts.
  /// - Parameters:
  ///   - prefix: The prefix, or `nil`.
  ///   - localName: The part after the colon.
  ///   - namespaceURI: The namespace the name is in, or `nil`.
  public init(prefix: String?, localName: String, namespaceURI: String?) {
    self.prefix = prefix
    self.localName = localName
    self.namespaceURI = namespaceURI
  }

  /// A name in Clark notation, `{namespace-uri}local`, or a plain qualified name.
  ///
  /// ```swift
  /// XMLName(clark: "{http://www.w3.org/2005/Atom}link")?.namespaceURI  // "http://www.w3.org/2005/Atom"
  /// ```
  /// - Parameters:
  ///   - text: `{uri}local`, or a plain name.
  public init?(clark text: String) {
    // By scalar, as in `init(_:namespaceURI:)`: a combining mark may follow either brace.
    let scalars = text.unicodeScalars
    guard scalars.first == "{" else {
      self.init(text)
      return
    }
    guard let close = scalars.firstIndex(of: "}") else { return nil }
    let uri = String(scalars[scalars.index(after: scalars.startIndex)..<close])
    let local = String(scalars[scalars.index(after: close)...])
    guard !local.isEmpty else { return nil }
    self.init(prefix: nil, localName: local, namespaceURI: uri.isEmpty ? nil : uri)
  }

  /// `prefix:local`, or `local` without a prefix: the name as written in the document.
  public var qualifiedName: String {
    guard let prefix else { return localName }
    return prefix + ":" + localName
  }

  /// `{namespace-uri}local`, or just `local` for a name in no namespace.
  public var clarkNotation: String {
    guard let namespaceURI else { return localName }
    return "{" + namespaceURI + "}" + localName
  }

  /// Whether the name has this local part and namespace, whatever its prefix.
  /// - Parameters:
  ///   - localName: The local name.
  ///   - namespaceURI: The namespace, or `nil` for none.
  public func matches(localName: String, namespaceURI: String?) -> Bool {
    self.localName == localName && self.namespaceURI == namespaceURI
  }

  public var description: String { qualifiedName }
}

extension XMLName {
  /// The namespace the `xml:` prefix is always bound to.
  public static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
  /// The namespace of `xmlns` and `xmlns:prefix` attributes.
  public static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

  /// Whether this is a namespace declaration (`xmlns` or `xmlns:prefix`).
  public var isNamespaceDeclaration: Bool {
    prefix == "xmlns" || (prefix == nil && localName == "xmlns")
  }
}
