import FoundryInternals
import FoundryXML

/// The errors of reading an Xcode model: at a file, at a place in it, or taken over from the
/// XML reader.
extension GraphError {
  /// An error in the file at `path`, at `source` when the failure is at a place in it.
  init(_ code: Code, _ message: String, path: String, source: SourceLocation? = nil, location: String? = nil) {
    self.init(
      code, message, location: location, file: FilePosition(path: path, line: source?.line, column: source?.column),
      source: source, rendered: nil)
  }

  /// An error at the start tag of `element`.
  init(_ code: Code, _ message: String, path: String, at element: XMLTree.Element) {
    let source = element.sourceText.withUnsafeBufferPointer { SourceLocation(offset: element.byteOffset, in: $0) }
    self.init(code, message, path: path, source: source)
  }

  /// An XML parsing failure, rendered as the XML reader renders it, at the same place.
  init(wrapping error: XMLParsingError, path: String) {
    self.init(
      .malformedXML, error.message, location: nil, file: FilePosition(path: path, line: error.line, column: error.column),
      source: nil, rendered: error.description)
  }

  /// This schema error placed in a model file: at `source`, the element that declares the
  /// entity or property it names.
  func placed(inFile path: String, at source: SourceLocation?) -> GraphError {
    GraphError(code, message, path: path, source: source, location: location)
  }
}
