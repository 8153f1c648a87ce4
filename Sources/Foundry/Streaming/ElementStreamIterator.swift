import FoundryJSON
import FoundryXML

/// An iterator of a format's element sequence as the mapping layer streams it: how many
/// elements went by, whether the scan ended in an error, and what a model is decoded from.
protocol ElementStreamIterator: AsyncIteratorProtocol {
  /// The format's parsing error.
  associatedtype ParseFailure: ParsingFailure
  /// The number of elements handed out (or rejected as malformed) so far.
  var elementCount: Int { get }
  /// Whether an error has ended the scan (as opposed to one malformed element).
  var isFailed: Bool { get }
  /// The node `decoder` maps an element from.
  static func root(of element: Element, decoder: MappingDecoder) -> JSONNode
  /// The element's own name, where an error path names it; `nil` where the path does.
  static func name(of element: Element) -> String?
}

extension JSONElementSequence.AsyncIterator: ElementStreamIterator {
  typealias ParseFailure = JSONParsingError

  static func root(of element: JSONDocument, decoder: MappingDecoder) -> JSONNode { element.root }

  static func name(of element: JSONDocument) -> String? { nil }
}

extension XMLElementSequence.AsyncIterator: ElementStreamIterator {
  typealias ParseFailure = XMLParsingError

  static func root(of element: XMLTree.Element, decoder: MappingDecoder) -> JSONNode {
    XMLJSONView.document(of: element, options: decoder.xmlViewOptions).root
  }

  static func name(of element: XMLTree.Element) -> String? { element.qualifiedName }
}
