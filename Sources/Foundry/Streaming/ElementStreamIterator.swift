import FoundryJSON
import FoundryXML

/// The iterator of a format's element sequence, as the mapping layer streams it: how many
/// elements went by, whether the scan ended in an error, and what a model is decoded from.
///
/// `JSONElementSequence`'s and `XMLElementSequence`'s iterators conform, so one
/// ``MappedElementStream`` and one ``LossyElementStream`` decode both. Public only because
/// those types are generic over it; the requirements are underscored and no other type needs
/// to conform.
///
/// ```swift
/// func count<Elements>(_ stream: MappedElementStream<Quake, Elements>) async throws -> Int {
///   try await stream.reduce(0) { count, _ in count + 1 }
/// }
/// ```
public protocol ElementStreamIterator: AsyncIteratorProtocol {
  /// The number of elements handed out (or rejected as malformed) so far.
  var _elementCount: Int { get }
  /// Whether an error has ended the scan (as opposed to one malformed element).
  var _isFailed: Bool { get }
  /// The next element already complete in what was read, without reading more; `nil` when the
  /// next one needs more input.
  mutating func _nextBuffered() throws -> Element?
  /// The node `decoder` maps an element from.
  static func _root(of element: Element, decoder: MappingDecoder) -> JSONNode
  /// The nodes `decoder` maps a run of elements from, in order: what a format can build once
  /// for elements read together, it does here.
  static func _roots(of elements: [Element], decoder: MappingDecoder) -> [JSONNode]
  /// The element's own name, where an error path names it; `nil` where the path does.
  static func _name(of element: Element) -> String?
  /// `error` as a `.malformedDocument` ``MappingError`` when it is the format's parsing error;
  /// `nil` for any other error (the chunk source's).
  static func _malformed(_ error: any Error, sourceName: String?) -> MappingError?
}

extension ElementStreamIterator {
  /// Each element's ``_root(of:decoder:)``.
  public static func _roots(of elements: [Element], decoder: MappingDecoder) -> [JSONNode] {
    elements.map { _root(of: $0, decoder: decoder) }
  }
}

extension JSONElementSequence.AsyncIterator: ElementStreamIterator {
  /// The elements handed out so far.
  public var _elementCount: Int { elementCount }
  /// Whether an error has ended the scan.
  public var _isFailed: Bool { isFailed }
  /// The next element complete in what was read.
  public mutating func _nextBuffered() throws -> JSONDocument? { try nextBuffered() }

  /// The document's root.
  public static func _root(of element: JSONDocument, decoder: MappingDecoder) -> JSONNode { element.root }

  /// Each document's root.
  public static func _roots(of elements: [JSONDocument], decoder: MappingDecoder) -> [JSONNode] { elements.map(\.root) }

  /// None: the path names a JSON element.
  public static func _name(of element: JSONDocument) -> String? { nil }

  /// A `JSONParsingError` as a mapping error.
  public static func _malformed(_ error: any Error, sourceName: String?) -> MappingError? {
    (error as? JSONParsingError).map { MappingDecoder.malformed($0, sourceName: sourceName) }
  }
}

extension XMLElementSequence.AsyncIterator: ElementStreamIterator {
  /// The elements handed out so far.
  public var _elementCount: Int { elementCount }
  /// Whether an error has ended the scan.
  public var _isFailed: Bool { isFailed }
  /// The next element complete in what was read.
  public mutating func _nextBuffered() throws -> XMLTree.Element? { try nextBuffered() }

  /// The element in the decoder's XML view.
  public static func _root(of element: XMLTree.Element, decoder: MappingDecoder) -> JSONNode {
    XMLJSONView.document(of: element, options: decoder.xmlViewOptions).root
  }

  /// The elements in the decoder's XML view: those parsed in one batch (one small document)
  /// share one view document, built in one pass.
  public static func _roots(of elements: [XMLTree.Element], decoder: MappingDecoder) -> [JSONNode] {
    let options = decoder.xmlViewOptions
    var roots: [JSONNode] = []
    roots.reserveCapacity(elements.count)
    var start = 0
    while start < elements.count {
      var end = start + 1
      while end < elements.count, elements[end].isInSameDocument(as: elements[start]) { end += 1 }
      if end - start > 1, let batch = XMLJSONView.batchDocument(of: elements[start..<end], options: options) {
        roots.append(contentsOf: batch.root.elements)
      } else {
        for element in elements[start..<end] { roots.append(XMLJSONView.document(of: element, options: options).root) }
      }
      start = end
    }
    return roots
  }

  /// The element's qualified name.
  public static func _name(of element: XMLTree.Element) -> String? { element.qualifiedName }

  /// An `XMLParsingError` as a mapping error.
  public static func _malformed(_ error: any Error, sourceName: String?) -> MappingError? {
    (error as? XMLParsingError).map { MappingDecoder.malformed($0, sourceName: sourceName) }
  }
}
