import FoundryInternals

/// What key-path segments name in a document built from markup: the seam through which the
/// markup side (the XML view, in module Foundry) keeps its conventions (`@name`, `#text`,
/// `{namespace-uri}local`, a plain name falling back to the attribute) to itself.
///
/// A JSON document has none: there every segment that does not index an array is a key.
package protocol MarkupPathRules: Sendable {
  /// The child of `node` that `segment` names (it does not index `node`); `nil` for none.
  func child(of node: JSONNode, for segment: PathSegment) -> JSONNode?
}

extension JSONNode: PathNavigable {
  package var isPathIndexable: Bool { storage.nodes[index].kind == .array }

  /// The member named by `segment`, or in a markup view what the markup's rules say.
  package func pathChild(_ segment: PathSegment) -> JSONNode? {
    if let rules = storage.markup?.pathRules { return rules.child(of: self, for: segment) }
    return self[segment.name]
  }

  /// The value at a key path: dots walk objects, integers index arrays (`-1` is the last
  /// element), `\.` is a literal dot, and the empty path is this node. In the XML view, the
  /// XML conventions apply (`@name`, `#text`, `{namespace-uri}local`).
  ///
  /// ```swift
  /// document.root[path: "user_avatars.0.image_url"]
  /// document.root[path: #"headers.content\.type"#]  // the key "content.type"
  /// ```
  /// - Parameters:
  ///   - path: The key path: `a.b`, `items.0`, `items.-1`, `a\.b` for a dot in a key.
  /// - Complexity: O(*n*) in the length of `path` to parse it, then a lookup per segment.
  public subscript(path path: String) -> JSONNode? { walk(PathExpression(path)) }
}
