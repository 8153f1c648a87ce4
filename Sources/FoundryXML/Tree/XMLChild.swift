/// A piece of an element's content as its parent reads it, for the built value (``XMLContent``)
/// and the parsed tree (``XMLTree/Node``) alike: `joinedText` and `firstElement(named:)` of a
/// sequence of them are their elements' `text` and `firstElement(named:)`.
protocol XMLChild {
  associatedtype ChildElement
  /// The child element, when this is one.
  var childElement: ChildElement? { get }
  /// The text of a text or CDATA section; `nil` for anything else.
  var characterData: String? { get }
  /// The qualified name of `element`, as written.
  static func qualifiedName(of element: ChildElement) -> String
}

extension Sequence where Element: XMLChild {
  /// The text and CDATA joined, without the descendants' text.
  var joinedText: String {
    var result = ""
    for child in self {
      if let text = child.characterData { result += text }
    }
    return result
  }

  /// The first child element whose qualified name is `qualifiedName`.
  func firstElement(named qualifiedName: String) -> Element.ChildElement? {
    for child in self {
      if let element = child.childElement, Element.qualifiedName(of: element) == qualifiedName { return element }
    }
    return nil
  }
}

extension XMLContent: XMLChild {
  var childElement: XMLElementValue? {
    if case .element(let element) = self { element } else { nil }
  }

  var characterData: String? {
    switch self {
    case .text(let text), .cdata(let text): text
    default: nil
    }
  }

  static func qualifiedName(of element: XMLElementValue) -> String { element.name.qualifiedName }
}

extension XMLTree.Node: XMLChild {
  var childElement: XMLTree.Element? {
    if case .element(let element) = self { element } else { nil }
  }

  var characterData: String? {
    switch self {
    case .text(let text), .cdata(let text): text
    default: nil
    }
  }

  static func qualifiedName(of element: XMLTree.Element) -> String { element.qualifiedName }
}
