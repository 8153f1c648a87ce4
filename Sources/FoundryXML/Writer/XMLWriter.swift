/// A streaming writer of XML text into UTF-8 bytes.
///
/// Call the primitives in document order; the writer escapes text and attribute values, adds
/// the namespace declarations that names need, closes empty elements as `<a/>`, and indents
/// ``XMLWritingOptions/isPretty`` output. Encoders build on these primitives;
/// ``write(_:)-(XMLElementValue)``, ``write(_:)-(XMLTree.Element)`` and their document
/// counterparts write whole trees.
///
/// ```swift
/// var writer = XMLWriter(options: .pretty)
/// try writer.beginElement(XMLName("feed", namespaceURI: "http://www.w3.org/2005/Atom"))
/// try writer.beginElement(XMLName("title", namespaceURI: "http://www.w3.org/2005/Atom"))
/// try writer.writeText("Fish & Chips")
/// writer.endElement()
/// try writer.beginElement(XMLName("link", namespaceURI: "http://www.w3.org/2005/Atom"),
///                         attributes: [XMLAttributeValue("href", value: "https://example.com/")])
/// writer.endElement()
/// writer.endElement()
/// String(decoding: writer.bytes, as: UTF8.self)
/// // <?xml version="1.0" encoding="UTF-8"?>
/// // <feed xmlns="http://www.w3.org/2005/Atom">
/// //   <title>Fish &amp; Chips</title>
/// //   <link href="https://example.com/"/>
/// // </feed>
/// ```
///
/// The writer checks what it is given (names, characters, comments, namespaces) and throws
/// ``XMLWritingError`` naming the element path; after an error the output is incomplete.
/// It does not check the order of the calls: an element left open is simply not closed.
public struct XMLWriter: Sendable {
  /// The layout, declaration and character handling this writer applies.
  ///
  /// ```swift
  /// XMLWriter(options: .pretty).options.isPretty  // true
  /// ```
  public let options: XMLWritingOptions

  /// The UTF-8 text written so far.
  ///
  /// The start tag of the innermost element stays open (without its `>`) until its content
  /// or its end comes; read the bytes once the writing is complete.
  ///
  /// ```swift
  /// var writer = XMLWriter(options: .fragment)
  /// try writer.writeComment(" hi ")
  /// String(decoding: writer.bytes, as: UTF8.self)  // <!-- hi -->
  /// ```
  public internal(set) var bytes: [UInt8] = []

  /// The open elements, outermost first.
  var frames: [Frame] = []
  /// The qualified names of the open elements, back to back (for end tags and error paths).
  var openNames: [UInt8] = []
  /// The namespace bindings in force.
  var scope = XMLNamespaceScope()
  /// The names of the parsed document written last, laid out for writing.
  var tapeNames: XMLTapeNameCache?
  /// Whether the innermost start tag still lacks its `>` (or `/>`).
  var isStartTagOpen = false
  /// A newline and enough spaces for the deepest indentation so far.
  private var indentation: [UInt8] = []
  let indentWidth: Int

  /// An open element.
  struct Frame {
    /// Where its qualified name starts in ``openNames``.
    var nameStart: Int
    /// The number of namespace bindings before its own.
    var scopeMark: Int
    /// Whether child markup goes on its own, indented line.
    var indentsContent: Bool
    /// Whether `xml:space="preserve"` is in force.
    var preservesSpace: Bool
    /// Whether anything was written inside it.
    var hasContent = false
  }

  /// A writer with empty output.
  ///
  /// ```swift
  /// var writer = XMLWriter(options: .pretty(indent: 4))
  /// ```
  ///
  /// - Parameter options: Layout, declaration and character handling; compact with a
  ///   declaration by default.
  public init(options: XMLWritingOptions = .init()) {
    self.options = options
    indentWidth = min(16, max(0, options.indentWidth))
  }

  /// Reserves room for at least `byteCount` bytes of output.
  ///
  /// ```swift
  /// var writer = XMLWriter()
  /// writer.reserveCapacity(1 << 20)
  /// ```
  ///
  /// - Parameters:
  ///   - byteCount: The number of bytes to make room for.
  /// - Complexity: O(*n*) in the bytes already written.
  public mutating func reserveCapacity(_ byteCount: Int) {
    bytes.reserveCapacity(max(0, byteCount))
  }

  /// The number of open elements.
  ///
  /// ```swift
  /// var writer = XMLWriter()
  /// try writer.beginElement(XMLName("a"))
  /// writer.depth  // 1
  /// ```
  public var depth: Int { frames.count }

  // MARK: - Declaration and elements

  /// Writes the XML declaration, if nothing has been written yet.
  ///
  /// The encoding is always `UTF-8`; the version is the declaration's when it reads `1.x`.
  /// With ``XMLWritingOptions/includesDeclaration`` the writer calls this itself (with the
  /// default declaration) before the first node.
  ///
  /// ```swift
  /// var writer = XMLWriter(options: .fragment)
  /// writer.writeDeclaration(XMLDeclaration(standalone: true))
  /// // <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
  /// ```
  /// - Parameters:
  ///   - declaration: The version, encoding and `standalone` to declare.
  public mutating func writeDeclaration(_ declaration: XMLDeclaration = XMLDeclaration()) {
    guard bytes.isEmpty else { return }
    appendLiteral("<?xml version=\"")
    let version = declaration.version
    let isVersion = version.hasPrefix("1.") && version.utf8.count > 2 && version.utf8.dropFirst(2).allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    if isVersion { appendString(version) } else { appendLiteral("1.0") }
    appendLiteral("\" encoding=\"UTF-8\"")
    if let standalone = declaration.standalone {
      appendLiteral(standalone ? " standalone=\"yes\"" : " standalone=\"no\"")
    }
    appendLiteral("?>")
  }

  /// Writes a start tag; the element's content follows, then ``endElement()``.
  ///
  /// Adds the namespace declarations the element's and the attributes' names need; an
  /// attribute in a namespace without a usable prefix gets one (`ns1`, `ns2`, ...).
  ///
  /// ```swift
  /// var writer = XMLWriter(options: .fragment)
  /// try writer.beginElement(XMLName("item"), attributes: [XMLAttributeValue("id", value: "7")])
  /// writer.endElement()  // <item id="7"/>
  /// ```
  ///
  /// - Parameters:
  ///   - name: The element's name; a namespace declaration is added where it needs one.
  ///   - attributes: Its attributes, in order.
  /// - Throws: ``XMLWritingError`` for an invalid name or character, a duplicate attribute,
  ///   or a namespace that cannot be declared as asked.
  public mutating func beginElement(_ name: XMLName, attributes: [XMLAttributeValue] = []) throws(XMLWritingError) {
    try beginElement(ValueStartTag(elementName: name, attributes: attributes), checksInput: true, hasText: nil)
  }

  /// Closes the innermost element: `/>` when it is empty, otherwise its end tag (on its own
  /// line in pretty output unless it holds text). Does nothing when no element is open.
  ///
  /// ```swift
  /// var writer = XMLWriter(options: .fragment)
  /// try writer.beginElement(XMLName("a"))
  /// writer.endElement()  // <a/>
  /// ```
  public mutating func endElement() {
    guard let frame = frames.popLast() else { return }
    if isStartTagOpen, options.emptyElements == .selfClosing {
      appendLiteral("/>")
    } else {
      if isStartTagOpen {
        bytes.append(UInt8(ascii: ">"))
      } else if frame.indentsContent, frame.hasContent {
        appendNewline(indentation: frames.count)
      }
      appendLiteral("</")
      bytes.append(contentsOf: openNames[frame.nameStart...])
      bytes.append(UInt8(ascii: ">"))
    }
    isStartTagOpen = false
    openNames.removeSubrange(frame.nameStart...)
    scope.truncate(to: frame.scopeMark)
  }

  // MARK: - Layout

  /// Gets ready for an element, comment or processing instruction: the declaration or a
  /// newline at the top level, the parent's `>` and indentation inside an element.
  mutating func prepareForMarkup() {
    guard let top = frames.indices.last else {
      if bytes.isEmpty, options.includesDeclaration { writeDeclaration() }
      if !bytes.isEmpty { bytes.append(UInt8(ascii: "\n")) }
      return
    }
    closeStartTag()
    frames[top].hasContent = true
    if frames[top].indentsContent { appendNewline(indentation: frames.count) }
  }

  /// Gets ready for text or CDATA: the parent's `>`, and no more indentation in the parent.
  mutating func prepareForText(_ what: String) throws(XMLWritingError) {
    guard let top = frames.indices.last else {
      throw error(.misplacedContent, "\(what) outside the root element")
    }
    closeStartTag()
    frames[top].hasContent = true
    frames[top].indentsContent = false
  }

  @inline(__always)
  mutating func closeStartTag() {
    if isStartTagOpen {
      bytes.append(UInt8(ascii: ">"))
      isStartTagOpen = false
    }
  }

  @inline(__always)
  mutating func appendLiteral(_ text: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  @inline(__always)
  mutating func appendString(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// A newline and `indentWidth` spaces per level, copied from a prefix of ``indentation``.
  @inline(__always)
  mutating func appendNewline(indentation level: Int) {
    let count = 1 + indentWidth * level
    if count > indentation.count { growIndentation(to: count) }
    bytes.append(contentsOf: indentation[0..<count])
  }

  @inline(never)
  private mutating func growIndentation(to count: Int) {
    if indentation.isEmpty { indentation.append(UInt8(ascii: "\n")) }
    indentation.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count - indentation.count + 64))
  }

  // MARK: - Errors

  /// The qualified names of the open elements, outermost first.
  var elementPath: [String] {
    frames.indices.map { index in
      let end = index + 1 < frames.count ? frames[index + 1].nameStart : openNames.count
      return String(decoding: openNames[frames[index].nameStart..<end], as: UTF8.self)
    }
  }

  /// An error at the innermost open element.
  func error(_ code: XMLWritingError.Code, _ message: String) -> XMLWritingError {
    XMLWritingError(code, message, elementPath: elementPath)
  }
}

extension XMLWriter {
  /// Hands the bytes written so far to `flush` and empties them, once they reach `chunkSize`
  /// inside an element: how whole-tree writers stream. Not at the top level, where empty
  /// bytes mean that nothing was written yet.
  @inline(__always)
  package mutating func drain(ifAtLeast chunkSize: Int, into flush: ([UInt8]) -> Void) {
    guard bytes.count >= chunkSize, !frames.isEmpty else { return }
    flush(bytes)
    bytes.removeAll(keepingCapacity: true)
  }
}
