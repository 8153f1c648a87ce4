/// A value that writes itself as XML text: a built ``XMLElementValue`` or
/// ``XMLDocumentValue``, or a parsed ``XMLTree`` or ``XMLTree/Element`` (straight from the
/// parsed tree, without building values).
///
/// `makeXML(options:)`, `makeXMLString(options:)` and `writeXML(options:chunkSize:to:)` are
/// written once here for all four. The requirements are underscored: only Foundry's own types
/// conform, but generic code can take any of them.
///
/// ```swift
/// func save(_ value: some XMLWritable, to path: String) throws {
///   try Data(value.makeXML(options: .pretty)).write(to: URL(filePath: path))
/// }
/// ```
public protocol XMLWritable {
  /// Writes the value with `writer`, handing the bytes to `flush` (and emptying them) whenever
  /// they reach `chunkSize`.
  func _write(with writer: inout XMLWriter, chunkSize: Int, flush: ([UInt8]) -> Void) throws(XMLWritingError)
  /// A first guess at the size of the text, reserved before writing.
  func _estimatedXMLSize(pretty: Bool) -> Int
}

extension XMLWritable {
  /// The default guess, for values that do not know the size of their source: a few pages,
  /// grown as needed.
  public func _estimatedXMLSize(pretty: Bool) -> Int { 1 << 12 }

  // MARK: - Writing

  /// The value and everything below it as UTF-8 XML text.
  ///
  /// A document writes the declaration (when the options include one, with the document's
  /// version and standalone flag), the prologue, the root and the epilogue, each on its own
  /// line; a parsed tree keeps its comments and processing instructions when the parsing
  /// options kept them, but not its document type declaration. A parsed element adds the
  /// namespace declarations made on its ancestors where needed.
  ///
  /// ```swift
  /// let item = XMLElementValue("item", attributes: ["id": "7"], text: "Fish & Chips")
  /// try item.makeXML(options: .fragment)   // <item id="7">Fish &amp; Chips</item> as bytes
  ///
  /// let document = XMLDocumentValue(root: XMLElementValue("a"), epilogue: [.comment(" end ")])
  /// try document.makeXML()  // <?xml version="1.0" encoding="UTF-8"?>\n<a/>\n<!-- end --> as bytes
  /// ```
  ///
  /// - Parameters:
  ///   - options: Layout, declaration and character handling; compact with a declaration by
  ///     default.
  /// - Returns: The UTF-8 bytes, without a trailing newline.
  /// - Throws: ``XMLWritingError`` for a name, character, comment, processing instruction or
  ///   namespace that XML cannot express, and for text or elements in a document's prologue or
  ///   epilogue; a parsed tree throws only for namespaces that cannot be declared as the names
  ///   ask, which a tree parsed with namespaces resolved never has.
  /// - Complexity: O(*n*) in the size of the output.
  public func makeXML(options: XMLWritingOptions = .init()) throws(XMLWritingError) -> [UInt8] {
    var writer = XMLWriter(options: options)
    writer.reserveCapacity(_estimatedXMLSize(pretty: options.isPretty))
    try _write(with: &writer, chunkSize: .max) { _ in }
    return writer.bytes
  }

  /// The value and everything below it as XML text in a `String`.
  ///
  /// ```swift
  /// let list = XMLElementValue("list", children: [.element(XMLElementValue("entry", text: "one"))])
  /// print(try list.makeXMLString(options: .pretty))
  /// // <?xml version="1.0" encoding="UTF-8"?>
  /// // <list>
  /// //   <entry>one</entry>
  /// // </list>
  ///
  /// let tree = try XMLTree(string: "<a><b>1 &lt; 2</b><c></c></a>")
  /// try tree.makeXMLString(options: .fragment)  // <a><b>1 &lt; 2</b><c/></a>
  /// ```
  ///
  /// - Parameters:
  ///   - options: Layout, declaration and empty-element style.
  /// - Throws: ``XMLWritingError`` as ``makeXML(options:)`` does.
  /// - Complexity: O(*n*) in the size of the output.
  public func makeXMLString(options: XMLWritingOptions = .init()) throws(XMLWritingError) -> String {
    String(decoding: try makeXML(options: options), as: UTF8.self)
  }

  /// Writes the value as XML text, handing it to `output` in pieces, so that memory stays
  /// bounded however large the text grows (pretty-printed deep nesting writes far more than
  /// the input or the tree holds).
  ///
  /// Each piece ends between two nodes, so it is whole UTF-8; together they are the bytes
  /// ``makeXML(options:)`` returns. After an error, the pieces already handed over are all
  /// there is.
  ///
  /// ```swift
  /// let tree = try XMLTree(string: "<a><b/></a>")
  /// var text = ""
  /// try tree.writeXML(options: .pretty) { text += String(decoding: $0, as: UTF8.self) }
  /// ```
  ///
  /// - Parameters:
  ///   - options: Layout, declaration and character handling, as for ``makeXML(options:)``.
  ///   - chunkSize: The size a piece reaches before it is handed over (it may exceed it by
  ///     one node and its indentation).
  ///   - output: Receives each piece in order.
  /// - Throws: ``XMLWritingError`` as ``makeXML(options:)`` does.
  /// - Complexity: O(*n*) in the size of the output; memory O(`chunkSize` + depth) beyond a
  ///   built value's tree.
  public func writeXML(options: XMLWritingOptions = .init(), chunkSize: Int = 1 << 16, to output: ([UInt8]) -> Void) throws(XMLWritingError) {
    var writer = XMLWriter(options: options)
    writer.reserveCapacity(min(max(1, chunkSize), _estimatedXMLSize(pretty: options.isPretty)))
    try _write(with: &writer, chunkSize: max(1, chunkSize), flush: output)
    if !writer.bytes.isEmpty { output(writer.bytes) }
  }
}

extension XMLElementValue: XMLWritable {
  /// Writes the element with `writer`.
  public func _write(with writer: inout XMLWriter, chunkSize: Int, flush: ([UInt8]) -> Void) throws(XMLWritingError) {
    try writer.write(self, chunkSize: chunkSize, flush: flush)
  }
}

extension XMLDocumentValue: XMLWritable {
  /// Writes the document with `writer`.
  public func _write(with writer: inout XMLWriter, chunkSize: Int, flush: ([UInt8]) -> Void) throws(XMLWritingError) {
    try writer.write(self, chunkSize: chunkSize, flush: flush)
  }
}

extension XMLTree: XMLWritable {
  /// Writes the parsed document with `writer`, straight from the tape.
  public func _write(with writer: inout XMLWriter, chunkSize: Int, flush: ([UInt8]) -> Void) throws(XMLWritingError) {
    try writer.write(self, chunkSize: chunkSize, flush: flush)
  }

  /// The parsed bytes, and half again when pretty printing indents them.
  public func _estimatedXMLSize(pretty: Bool) -> Int {
    pretty ? byteCount + byteCount / 2 + 64 : byteCount + 64
  }
}

extension XMLTree.Element: XMLWritable {
  /// Writes the parsed element with `writer`, straight from the tape.
  public func _write(with writer: inout XMLWriter, chunkSize: Int, flush: ([UInt8]) -> Void) throws(XMLWritingError) {
    try writer.write(self, chunkSize: chunkSize, flush: flush)
  }
}
