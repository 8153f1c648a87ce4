import Foundry
import FoundryJSON
import FoundryXML

/// The shape of an XML document's JSON view read a child of the root at a time, holding one
/// child (and the chunk being read): what `foundry inspect` prints for a large XML file whose
/// root holds a long run of elements, such as an OpenStreetMap export.
///
/// The root's view is rebuilt from its children as `XMLJSONView` builds it: the attributes
/// first, then the children grouped by name in order of first appearance, a name met more than
/// once becoming an array. When the view would need the root's whole content (text directly in
/// the root, or a name that comes back after another, which give `#text` and `#content`), the
/// reader says so and the caller reads the document whole.
///
/// ```swift
/// var shape = StreamedXMLShape(options: ShapeOptions())
/// shape.add(node)   // each child of the root, in order
/// let (tree, summary) = shape.finish()
/// ```
package struct StreamedXMLShape {
  private var builder: ShapeBuilder
  /// The children's names in order of first appearance and how many there were.
  private var groups = XMLChildGroups()
  /// For each group, the node its children's views merge into.
  private var groupNodes: [Shape.NodeID] = []
  /// The root element's counts, started with the first child.
  private var summary: XMLSummary?
  /// Set when a child's name came back after another's: the root's view has `#content` then.
  var losesOrder: Bool { groups.losesOrder }

  init(options: ShapeOptions) {
    builder = ShapeBuilder(options: options)
  }

  /// Adds the next child of the root.
  mutating func add(_ child: XMLTree.Element) {
    if summary == nil { addRoot(child.documentRoot) }
    let position = groups.add(child.qualifiedName)
    if position == groupNodes.count { groupNodes.append(builder.shape.makeNode()) }
    builder.observe(XMLJSONView.document(of: child).root, into: groupNodes[position])
    summary?.add(child, level: 2)
  }

  /// The shape and the summary, once every child was added; `nil` when none was (the caller
  /// reads such a document whole).
  mutating func finish() -> (Shape, XMLSummary)? {
    guard let summary else { return nil }
    for (group, values) in zip(groups.names, groupNodes) {
      var node = values
      if group.count > 1 {
        node = builder.shape.makeNode()
        builder.shape.nodes[node].counts[.array] = 1
        builder.shape.nodes[node].lengths = group.count...group.count
        builder.shape.nodes[node].element = values
      }
      builder.shape.appendField(group.name, node: node, to: Shape.rootID)
    }
    let members = builder.shape.nodes[Shape.rootID].fields.count
    builder.shape.nodes[Shape.rootID].memberCounts = members...members
    return (builder.shape, summary)
  }

  /// Counts the root element and adds its attributes, as its view spells them (`@name`).
  private mutating func addRoot(_ root: XMLTree.Element) {
    var summary = XMLSummary(rootName: root.qualifiedName)
    summary.add(root, level: 1, descending: false)
    self.summary = summary
    builder.shape.nodes[Shape.rootID].counts[.object] += 1
    // The view of the root as the stream holds it (its start tag and the children read with
    // the first one), of which only the attributes count here.
    let view = XMLJSONView.document(of: root)
    for (key, value) in view.root.members where key.hasPrefix("@") {
      let node = builder.shape.makeNode()
      builder.shape.appendField(key, node: node, to: Shape.rootID)
      builder.observe(value, into: node)
    }
  }
}

extension StreamedXMLShape {
  /// The shape of the XML `file` and its summary, streamed a child of the root at a time;
  /// `nil` when the root's view needs its whole content or the root has no child (read the
  /// document whole then).
  ///
  /// ```swift
  /// let (shape, summary) = try StreamedXMLShape.read(file, loader: loader, options: ShapeOptions()) ?? whole()
  /// ```
  ///
  /// - Throws: ``InputError`` when the file cannot be read or is malformed.
  /// - Complexity: O(*n*) in the size of the file; memory is one chunk, one child and the shape.
  package static func read(_ file: ChunkedFile, loader: DocumentLoader, options: ShapeOptions) throws(InputError) -> (Shape, XMLSummary)? {
    var scanner = file.rootChildScanner(loader: loader)
    var shape = StreamedXMLShape(options: options)
    try file.pump(into: &scanner) { scanner in
      while let child = try scanner.next() { shape.add(child) }
      return !shape.losesOrder && !scanner.hasTextBesideElements
    }
    guard !shape.losesOrder, !scanner.hasTextBesideElements else { return nil }
    return shape.finish()
  }
}
