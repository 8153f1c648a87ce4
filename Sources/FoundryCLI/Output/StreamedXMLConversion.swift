import Foundry
import FoundryJSON
import FoundryXML

/// `convert --to json` of a large XML file in bounded memory: the root's children are read one
/// at a time, twice. The first pass (``plan(_:options:)``) groups their names as the
/// root's JSON view groups them (in order of first appearance, a repeated name an array) and
/// checks the whole document; the second (``write(to:)``) writes the view a child at a time,
/// as it comes.
///
/// The view the stream writes is the whole document's, byte for byte. When it needs the
/// root's whole content (`#text` or `#content`: text directly in the root, or a name that comes
/// back after another), or the root has no child, there is no plan, and the caller converts the
/// document read whole.
///
/// ```swift
/// if let conversion = try StreamedXMLConversion.plan(ChunkedSource(path: "planet.osm", loader: loader), options: .pretty) {
///   try conversion.write { piece in output.write(piece) }
/// }
/// ```
package struct StreamedXMLConversion {
  private let source: ChunkedSource
  private let options: JSONWritingOptions
  /// The root's children's names, grouped.
  private let groups: XMLChildGroups

  /// Reads the XML document `source` names (its path `-` is standard input) once, grouping the
  /// names of the root's children; `nil` when the stream cannot write the whole document's
  /// view, or the document is not XML that streams (read it whole then).
  ///
  /// - Throws: ``InputError`` when the file cannot be read or is malformed.
  /// - Complexity: O(*n*) in the size of the file; memory is one chunk and one child.
  package static func plan(_ source: ChunkedSource, options: JSONWritingOptions) throws(InputError) -> StreamedXMLConversion? {
    guard let file = try source.open(), case .xml = file.form else { return nil }
    var scanner = file.rootChildScanner(loader: source.loader)
    var groups = XMLChildGroups()
    try file.pump(into: &scanner) { scanner in
      while let child = try scanner.next() { groups.add(child.qualifiedName) }
      return !groups.losesOrder && !scanner.hasTextBesideElements
    }
    guard !groups.names.isEmpty, !groups.losesOrder, !scanner.hasTextBesideElements else { return nil }
    return StreamedXMLConversion(source: source, options: options, groups: groups)
  }

  /// Reads the document again and hands its JSON view to `emit` a piece at a time.
  ///
  /// - Throws: ``InputError`` when the file cannot be read again.
  /// - Complexity: O(*n*) in the size of the file; memory is one chunk and one child.
  package func write(to emit: ([UInt8]) -> Void) throws(InputError) {
    let file = try source.reopen()
    let bufferSize = source.bufferSize
    var scanner = file.rootChildScanner(loader: source.loader)
    var writer = JSONWriter(options: options)
    var group = -1
    var written = 0
    try file.pump(into: &scanner) { scanner in
      while let child = try scanner.next() {
        if group < 0 { Self.writeRoot(child.documentRoot, to: &writer) }
        if written == 0 {
          group += 1
          guard group < groups.names.count else { throw InputError.unreadable(sourceName: file.sourceName, reason: "changed while being converted") }
          writer.writeKey(groups.names[group].name)
          if groups.names[group].count > 1 { writer.beginArray() }
        }
        XMLJSONView.document(of: child, options: Self.childOptions).root._write(with: &writer, chunkSize: bufferSize, flush: emit)
        written += 1
        if written == groups.names[group].count {
          if written > 1 { writer.endArray() }
          written = 0
        }
        writer.drain(ifAtLeast: bufferSize, into: emit)
      }
      return true
    }
    writer.endObject()
    writer.endObject()
    writer.drain(ifAtLeast: 1, into: emit)
  }

  /// The view of each child: its namespace declarations kept, as `convert` keeps them.
  private static var childOptions: XMLJSONView.Options {
    var options = XMLJSONView.Options.conversion
    options.wrapsRoot = false
    return options
  }

  /// Opens the wrapper and the root's object, and writes the root's attributes: the members of
  /// its view (as the stream holds it, with its first child) that start with `@`.
  private static func writeRoot(_ root: XMLTree.Element, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.writeKey(root.qualifiedName)
    writer.beginObject()
    let view = XMLJSONView.document(of: root, options: Self.childOptions)
    for (key, value) in view.root.members where key.hasPrefix("@") {
      writer.writeKey(key)
      writer.write(value)
    }
  }
}
