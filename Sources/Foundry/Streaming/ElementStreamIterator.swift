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
  /// The element's own name, where an error path names it; `nil` where the path does.
  static func _name(of element: Element) -> String?
  /// `error` as a `.malformedDocument` ``MappingError`` when it is the format's parsing error;
  /// `nil` for any other error (the chunk source's).
  static func _malformed(_ error: any Error, sourceName: String?) -> MappingError?
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

  /// The element's qualified name.
  public static func _name(of element: XMLTree.Element) -> String? { element.qualifiedName }

  /// An `XMLParsingError` as a mapping error.
  public static func _malformed(_ error: any Error, sourceName: String?) -> MappingError? {
    (error as? XMLParsingError).map { MappingDecoder.malformed($0, sourceName: sourceName) }
  }
}
