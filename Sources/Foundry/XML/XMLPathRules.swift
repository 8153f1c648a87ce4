import FoundryInternals
import FoundryJSON

/// What key-path segments name in the XML view (``XMLJSONView``): every walk over an XML
/// payload (`@Mappable` fields, graph key paths, import roots, subentity key paths,
/// `JSONNode[path:]`) steps through these rules.
///
/// - `@name` is the attribute, and nothing else.
/// - `#text` is the element's text; an element with nothing but text is a string in the view,
///   and `#text` is that string itself.
/// - `{namespace-uri}local` is the child element `prefix:local` for whichever prefix the
///   document binds to the URI (`local` for the default namespace), else the attribute.
/// - Any other name is the child element of that name, else the attribute of that name.
struct XMLPathRules: MarkupPathRules {
  /// Namespace URI by prefix as first seen in the document (`""` for the default namespace).
  let prefixes: [String: String]

  func child(of node: JSONNode, for segment: PathSegment) -> JSONNode? {
    switch segment.kind {
    case .key:
      if let found = node[segment.name] { return found }
      return segment.attributeName.flatMap { node[$0] }
    case .attribute:
      return node[segment.name]
    case .text:
      return node.kind == .string ? node : node[segment.name]
    case .qualified(let namespaceURI, let localName):
      for key in keys(localName: localName, namespaceURI: namespaceURI) {
        if let found = node[key] ?? node["@" + key] { return found }
      }
      return nil
    }
  }

  /// The keys a `{namespace-uri}local` name may appear under: `prefix:local` for each prefix
  /// bound to the URI (`local` for the default namespace), in a stable order.
  private func keys(localName: String, namespaceURI: String) -> [String] {
    prefixes.filter { $0.value == namespaceURI }.map { $0.key.isEmpty ? localName : $0.key + ":" + localName }.sorted()
  }
}
