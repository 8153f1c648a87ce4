import FoundryJSON
import FoundryXML

/// What `inspect` says about an XML document besides the shape of its JSON view: the root
/// element, the namespaces declared, and how many elements of each name there are.
///
/// ```swift
/// let tree = try XMLTree(string: #"<osm><node id="1"><tag k="a"/></node><node id="2"/></osm>"#)
/// XMLSummary(of: tree).headerLines
/// // ["// root <osm>, 4 elements, 3 attributes, 3 levels",
/// //  "// elements: osm 1, node 2, tag 1"]
/// ```
package struct XMLSummary: Sendable {
  /// A namespace declaration: its prefix (`nil` for the default namespace) and URI.
  package struct Namespace: Sendable, Hashable {
    package var prefix: String?
    package var uri: String

    /// The declaration as written: `xmlns:atom="http://www.w3.org/2005/Atom"`.
    package var declaration: String {
      (prefix.map { "xmlns:" + $0 } ?? "xmlns") + "=" + JSONValue.string(uri).makeJSONString()
    }
  }

  /// The qualified name of the root element.
  package var rootName: String
  /// Every distinct declaration, in document order.
  package var namespaces: [Namespace] = []
  /// Elements by qualified name, in order of first appearance.
  package var elementCounts: [(name: String, count: Int)] = []
  /// All the elements, the root included.
  package var elementCount = 0
  /// All the attributes, namespace declarations left out.
  package var attributeCount = 0
  /// The deepest nesting of elements; 1 for a lone root.
  package var depth = 0

  /// Positions in ``elementCounts`` by name.
  private var positions: [String: Int] = [:]
  private var declared: Set<Namespace> = []

  /// Walks every element of `tree` once, with an explicit stack.
  ///
  /// - Complexity: O(*n*) in the number of elements and attributes.
  package init(of tree: XMLTree) {
    self.init(rootName: tree.root.qualifiedName)
    add(tree.root, level: 1)
  }

  /// An empty summary of a document whose root is `rootName`, for a reader that adds its
  /// elements as it meets them (a streamed document).
  ///
  /// ```swift
  /// var summary = XMLSummary(rootName: "osm")
  /// summary.add(root, level: 1, descending: false)
  /// summary.add(node, level: 2)
  /// ```
  package init(rootName: String) {
    self.rootName = rootName
  }

  /// Counts `element`, at nesting `level` (1: the root), and unless `descending` is `false`
  /// every element below it.
  ///
  /// - Complexity: O(*n*) in the number of elements and attributes counted.
  package mutating func add(_ element: XMLTree.Element, level: Int, descending: Bool = true) {
    var stack: [(element: XMLTree.Element, level: Int)] = [(element, level)]
    while let (element, level) = stack.popLast() {
      elementCount += 1
      depth = max(depth, level)
      let name = element.qualifiedName
      if let position = positions[name] {
        elementCounts[position].count += 1
      } else {
        positions[name] = elementCounts.count
        elementCounts.append((name, 1))
      }
      for attribute in element.attributes {
        guard attribute.name.isNamespaceDeclaration else {
          attributeCount += 1
          continue
        }
        let namespace = Namespace(prefix: attribute.name.prefix == nil ? nil : attribute.name.localName, uri: attribute.value)
        if declared.insert(namespace).inserted { namespaces.append(namespace) }
      }
      // Reversed, so that the first child is walked next and names count in document order.
      if descending { stack.append(contentsOf: element.elements.reversed().map { ($0, level + 1) }) }
    }
  }

  // MARK: - Rendering

  /// The comment lines `inspect` prints above the shape: the root and the totals, one line
  /// per namespace declaration, then the element counts wrapped at `width` columns.
  package func headerLines(width: Int = 100) -> [String] {
    var lines = [
      "// root <\(rootName)>, \(RenderWalk.count(elementCount, "element")), "
        + "\(RenderWalk.count(attributeCount, "attribute")), \(RenderWalk.count(depth, "level"))"
    ]
    lines += namespaces.map { "// " + $0.declaration }
    var line = "// elements:"
    for (position, entry) in elementCounts.enumerated() {
      let piece = " \(entry.name) \(RenderWalk.number(entry.count))" + (position + 1 < elementCounts.count ? "," : "")
      if line.count + piece.count > width, line.count > 3 {
        lines.append(line)
        line = "//  "
      }
      line += piece
    }
    lines.append(line)
    return lines
  }

  /// The summary as the `"xml"` member of `inspect --format json`.
  ///
  /// ```json
  /// {"root": "osm", "elements": 4, "attributes": 3, "depth": 3,
  ///  "namespaces": [{"prefix": "dc", "uri": "http://purl.org/dc/elements/1.1/"}],
  ///  "counts": {"osm": 1, "node": 2, "tag": 1}}
  /// ```
  package func makeJSONValue() -> JSONValue {
    var object = JSONObject()
    object["root"] = .string(rootName)
    object["elements"] = .number(JSONNumber(elementCount))
    object["attributes"] = .number(JSONNumber(attributeCount))
    object["depth"] = .number(JSONNumber(depth))
    object["namespaces"] = .array(
      namespaces.map { namespace in
        var member = JSONObject()
        member["prefix"] = namespace.prefix.map(JSONValue.string) ?? .null
        member["uri"] = .string(namespace.uri)
        return .object(member)
      })
    var counts = JSONObject()
    for entry in elementCounts { counts[entry.name] = .number(JSONNumber(entry.count)) }
    object["counts"] = .object(counts)
    return .object(object)
  }
}
