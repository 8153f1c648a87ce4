import FoundryInternals

/// One name of a streaming element path (`channel`, `item`, `*`, `{uri}local`), prepared once:
/// a start tag's name is compared as bytes before its namespaces are known (``mayMatch(_:)``),
/// and a parsed element's name after (``matches(_:)``).
///
/// ```swift
/// let step = XMLPathStep("{http://www.w3.org/2005/Atom}entry")
/// Array("atom:entry".utf8).withUnsafeBufferPointer { step.mayMatch($0) }   // true: the namespace is decided later
/// ```
struct XMLPathStep: Sendable {
  /// The name as written in the path.
  let name: String
  private let kind: Kind
  /// The bytes a qualified name must equal, or the local part of `{uri}local`.
  private let bytes: [UInt8]

  private enum Kind: Sendable { case any, qualified, namespaced }

  init(_ name: String) {
    self.name = name
    if name == "*" {
      kind = .any
      bytes = []
    } else if name.utf8.first == UInt8(ascii: "{"), let close = name.utf8.lastIndex(of: UInt8(ascii: "}")) {
      kind = .namespaced
      bytes = Array(name.utf8[name.utf8.index(after: close)...])
    } else {
      kind = .qualified
      bytes = Array(name.utf8)
    }
  }

  /// The qualified name the step matches, when it matches one name as written (not `*` or
  /// `{uri}local`): what a search of the raw bytes can look for.
  ///
  /// ```swift
  /// XMLPathStep("item").literalName   // Array("item".utf8)
  /// ```
  var literalName: [UInt8]? { kind == .qualified ? bytes : nil }

  /// Whether an element written `qualifiedName` may be the one this step names (`{uri}local`
  /// compares the local part; its namespace is decided once the element is parsed).
  func mayMatch(_ qualifiedName: UnsafeBufferPointer<UInt8>) -> Bool {
    switch kind {
    case .any:
      return true
    case .qualified:
      return ByteSearch.equal(bytes, qualifiedName)
    case .namespaced:
      guard let colon = qualifiedName.lastIndex(of: UInt8(ascii: ":")) else { return ByteSearch.equal(bytes, qualifiedName) }
      return ByteSearch.equal(bytes, UnsafeBufferPointer(rebasing: qualifiedName[(colon + 1)...]))
    }
  }

  /// Whether this step names `name`: any name, its qualified name, or `{uri}local`.
  func matches(_ name: XMLName) -> Bool {
    switch kind {
    case .any: true
    case .qualified: name.qualifiedName == self.name
    case .namespaced: name.clarkNotation == self.name
    }
  }
}
