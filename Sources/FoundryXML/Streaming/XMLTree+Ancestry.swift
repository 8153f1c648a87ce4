extension XMLTree.Element {
  /// The names of the elements from the root element's child down to this element, both
  /// included: the path an ``XMLElementScanner`` met it at, with each `*` spelled out (empty
  /// for the root element).
  ///
  /// A streamed element's tree holds only its ancestors besides its own subtree, so this costs
  /// a step per level; in a whole document each step looks through one element's children.
  ///
  /// ```swift
  /// let reader = try XMLElementReader(contentsOfFile: "feed.rss", at: "*.item")
  /// let item = try reader.next()
  /// item?.namesBelowRoot.map(\.qualifiedName)  // ["channel", "item"]
  /// ```
  package var namesBelowRoot: [XMLName] {
    var names: [XMLName] = []
    var element = XMLTree.Element(storage: storage, index: storage.rootIndex)
    while element.index < index {
      guard let child = element.elements.first(where: { $0.index <= index && index < Int($0.node.payload) }) else { break }
      names.append(child.name)
      element = child
    }
    return names
  }

  /// The root element of the tree this element is in: for a streamed element, the root's start
  /// tag as written, with its attributes and namespace declarations.
  ///
  /// ```swift
  /// let node = try XMLElementReader(contentsOfFile: "city.osm", at: "node").next()
  /// node?.documentRoot.attributes.count   // the attributes of <osm>
  /// ```
  package var documentRoot: XMLTree.Element { XMLTree.Element(storage: storage, index: storage.rootIndex) }
}

extension XMLTree.Element {
  /// The XML declaration of the document this element is in, if it has one: for a streamed
  /// element, the declaration at the start of the whole input.
  ///
  /// ```swift
  /// let node = try XMLElementReader(contentsOfFile: "city.osm", at: "node").next()
  /// node?.documentDeclaration?.version   // "1.0"
  /// ```
  package var documentDeclaration: XMLDeclaration? { storage.declaration }
}
