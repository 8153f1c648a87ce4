import FoundryXML

/// `format` of a large XML file in bounded memory: the root's children are read one at a time,
/// twice. The first pass (``plan(_:options:)``) checks the whole document and that the stream
/// can write it; the second (``write(to:)``) writes the declaration, the comments and
/// processing instructions before the root, the root's start tag, then each child as it comes.
///
/// The text is the whole document's, byte for byte. Where it could differ, there is no plan and
/// the caller reads the document whole: text (or, when kept, white space) directly in the
/// root, `xml:space="preserve"` on it, comments or processing instructions kept beside its
/// children or after it, or a root with no child.
///
/// ```swift
/// let source = ChunkedSource(path: "planet.osm", loader: loader)
/// if let writing = try StreamedXMLWriting.plan(source, options: { _ in .pretty }) {
///   if let refusal = try writing.write(to: { piece in output.write(piece) }) { report(refusal) }
/// }
/// ```
package struct StreamedXMLWriting {
  private let source: ChunkedSource
  private let options: XMLWritingOptions

  /// Reads the XML document `source` names (its path `-` is standard input) once, checking it;
  /// `nil` when the stream cannot write the whole document's text (read it whole then).
  ///
  /// - Parameters:
  ///   - source: The document.
  ///   - options: The writer's options, given whether the document has an XML declaration.
  /// - Throws: ``InputError`` when the file cannot be read or is malformed.
  /// - Complexity: O(*n*) in the size of the file; memory is one chunk and one child.
  package static func plan(
    _ source: ChunkedSource, options: (_ hasDeclaration: Bool) -> XMLWritingOptions
  ) throws(InputError) -> StreamedXMLWriting? {
    let parsing = source.loader.xmlOptions
    guard parsing.whitespace != .keep, let file = try source.open(), case .xml = file.form else { return nil }
    let keepsMarkup = parsing.keepsComments || parsing.keepsProcessingInstructions
    var scanner = file.rootChildScanner(loader: source.loader)
    var root: (hasDeclaration: Bool, preservesSpace: Bool)?
    func streams(_ scanner: XMLElementScanner) -> Bool {
      !scanner.hasTextBesideElements && !(keepsMarkup && scanner.hasMarkupBesideElements) && root?.preservesSpace != true
    }
    try file.pump(into: &scanner) { scanner in
      while let child = try scanner.next() {
        guard root == nil else { continue }
        let space = child.documentRoot.attributes.first { $0.name.qualifiedName == "xml:space" }
        root = (child.documentDeclaration != nil, space?.value == "preserve")
      }
      return streams(scanner)
    }
    guard let root, streams(scanner) else { return nil }
    return StreamedXMLWriting(source: source, options: options(root.hasDeclaration))
  }

  /// Reads the document again and hands its text to `emit` a piece at a time.
  ///
  /// - Returns: The writer's refusal (a namespace it cannot declare as asked), after which
  ///   nothing more was written; `nil` when the whole document was written.
  /// - Throws: ``InputError`` when the file cannot be read again.
  /// - Complexity: O(*n*) in the size of the file; memory is one chunk and one child.
  package func write(to emit: ([UInt8]) -> Void) throws(InputError) -> XMLWritingError? {
    let file = try source.reopen()
    let bufferSize = source.bufferSize
    var scanner = file.rootChildScanner(loader: source.loader)
    var writer = XMLWriter(options: options)
    var refusal: XMLWritingError?
    try file.pump(into: &scanner) { scanner in
      while let child = try scanner.next() {
        do throws(XMLWritingError) {
          if writer.depth == 0 { try writer.beginDocument(streamedWith: child) }
          try writer.write(child, chunkSize: bufferSize, flush: emit)
        } catch {
          refusal = error
          return false
        }
        writer.drain(ifAtLeast: bufferSize, into: emit)
      }
      return true
    }
    if let refusal { return refusal }
    writer.endElement()
    if !writer.bytes.isEmpty { emit(writer.bytes) }
    return nil
  }
}
