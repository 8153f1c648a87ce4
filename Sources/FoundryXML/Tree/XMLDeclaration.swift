/// The XML declaration at the start of a document (`<?xml version="1.0" encoding="UTF-8"?>`).
///
/// ```swift
/// let tree = try XMLTree(string: #"<?xml version="1.0" standalone="yes"?><a/>"#)
/// tree.declaration?.standalone   // true
/// ```
public struct XMLDeclaration: Sendable, Hashable {
  /// The version, `1.0` (or `1.1`, read with 1.0 rules).
  public var version: String
  /// The encoding the declaration names, as written, if any.
  public var encoding: String?
  /// The standalone flag, if given.
  public var standalone: Bool?

  /// A declaration with these parts.
  /// - Parameters:
  ///   - version: The XML version.
  ///   - encoding: The encoding name to declare, or `nil`.
  ///   - standalone: The `standalone` value to declare, or `nil`.
  public init(version: String = "1.0", encoding: String? = nil, standalone: Bool? = nil) {
    self.version = version
    self.encoding = encoding
    self.standalone = standalone
  }
}
