import FoundryJSON
@_spi(FoundryTape) import FoundryXML

/// The JSON view of an XML element: the one convention both the mapping layer and
/// `foundry convert` use, so what a model's key paths see is what `convert --to json` prints.
///
/// - An element with no attributes and no child elements is its text: `<title>Notes</title>`
///   → `"Notes"` (`""` when empty).
/// - Otherwise it is an object: attributes first as `"@name"` (in document order), then child
///   elements grouped by qualified name in order of first appearance (a name that repeats
///   becomes an array), then `"#text"` with the element's direct text when there is any.
/// - When grouping would lose the order of the content (text between child elements, or a
///   name that comes back after another), the object also gets `"#content"`: the content in
///   order, text as strings and each child element as a one-member object. Below it, the
///   children by name leave out their own `"#content"`, and the children in order are their
///   `"#content"` alone wherever they have one, so the view stays proportional to the XML
///   however deep mixed content nests.
///
/// ```swift
/// let tree = try XMLTree(string: #"<node id="7"><tag k="a"/><tag k="b"/></node>"#)
/// let json = XMLJSONView.document(of: tree.root).value
/// // {"@id": "7", "tag": [{"@k": "a"}, {"@k": "b"}]}
/// ```
public enum XMLJSONView {
  /// What the view includes beyond the convention's core.
  public struct Options: Sendable, Hashable {
    /// Whether `xmlns` and `xmlns:prefix` attributes appear as `"@xmlns..."` members (kept by
    /// `convert` so that converting back restores them; left out for mapping).
    public var includesNamespaceDeclarations = false
    /// Whether the outermost value is wrapped as `{"root-name": ...}` (what `convert` prints)
    /// rather than being the root element's own value (what a model maps).
    public var wrapsRoot = false
    /// Whether an element's text loses its leading and trailing whitespace as a whole, CDATA
    /// sections included: what mapping does when the document is parsed with
    /// `XMLParsingOptions.Whitespace.trim` (its default), so that text written plainly and in
    /// CDATA reads alike (and encoding, which writes plain text, reads back equal).
    ///
    /// ```swift
    /// var options = XMLJSONView.Options()
    /// options.trimsText = true   // <b><![CDATA[\n Hi \n]]></b> reads "Hi"
    /// ```
    public var trimsText = false

    /// The mapping defaults: no namespace declarations, root unwrapped.
    public init() {}

    /// The `foundry convert` settings: namespace declarations kept and the root wrapped.
    public static var conversion: Options {
      var options = Options()
      options.includesNamespaceDeclarations = true
      options.wrapsRoot = true
      return options
    }
  }

  /// The view of `element` as a JSON document whose locations point into the XML text.
  ///
  /// - Parameters:
  ///   - element: The element.
  ///   - options: How the view is built (the mapping defaults, or the conversion form).
  /// - Complexity: O(*n*) in the element's nodes.
  public static func document(of element: XMLTree.Element, options: Options = .init()) -> JSONDocument {
    element.withTapeReader { tape in
      let index = element.tapeIndex
      // Up to three view nodes per tape node (an element with attributes and text is a key,
      // an object, and a key and value for its text; an attribute is a key and a value), and
      // about as many bytes as the source: enough that the buffers rarely grow (a copy, with
      // both buffers alive). Two per tape node grew once on every RSS feed.
      let extent = tape.end(of: index) - index
      var builder = XMLViewBuilder(
        tape: tape, options: options, estimatedNodes: 3 * extent + 8, estimatedBytes: tape.approximateTextLength(of: index) + 64
      )
      builder.emitView(of: element)
      return builder.json.document(
        source: element.sourceText, pathRules: XMLPathRules(prefixes: builder.prefixes), locator: element.sourceLocator
      )
    }
  }

  /// The views of elements of one document (a batch of a stream) as the items of one array,
  /// each the view ``document(of:options:)`` gives it alone: one builder, one allocation and
  /// one set of interned keys for all of them.
  ///
  /// `nil` when the elements are not all of one document, or when one prefix table would not
  /// read each of them as its own does: a prefix bound to two namespaces, or a default
  /// namespace (an element without one would then answer `{uri}local` for its plain names).
  static func batchDocument(of elements: ArraySlice<XMLTree.Element>, options: Options) -> JSONDocument? {
    guard let first = elements.first else { return nil }
    // Tape indices alone: a loop over the elements copied each (a retain of its document).
    var indices: [Int] = []
    indices.reserveCapacity(elements.count)
    for position in elements.indices {
      guard elements[position].isInSameDocument(as: first) else { return nil }
      indices.append(elements[position].tapeIndex)
    }
    return first.withTapeReader { tape -> JSONDocument? in
      var extent = 0
      var textLength = 0
      for index in indices {
        extent += tape.end(of: index) - index
        textLength += tape.approximateTextLength(of: index)
      }
      var builder = XMLViewBuilder(tape: tape, options: options, estimatedNodes: 2 * extent + 8 * elements.count, estimatedBytes: textLength + 64)
      let array = builder.json.beginArray(sourceOffset: first.byteOffset)
      for index in indices {
        builder.emitView(ofElementAt: index)
        // Given up as soon as it shows (a feed in a default namespace: at the first element).
        guard !builder.bindsPrefixesAmbiguously, builder.prefixes[""] == nil else { return nil }
      }
      builder.json.close(array, count: elements.count)
      return builder.json.document(source: first.sourceText, pathRules: XMLPathRules(prefixes: builder.prefixes), locator: first.sourceLocator)
    }
  }
}
