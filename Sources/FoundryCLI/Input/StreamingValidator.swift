import FoundryJSON
import FoundryXML

/// Checks a file in bounded memory, reading it in chunks: what `foundry validate` does with
/// files larger than memory.
///
/// XML is checked whole, every byte by the document parser, in pieces of about 64 KiB (UTF-16
/// XML is read whole instead). JSON streams the top-level array, or the first member of the
/// top-level object that holds an array (`features` in GeoJSON); everything around it is parsed
/// too. A JSON document whose first 64 KiB show neither is read whole.
///
/// ```swift
/// let validator = StreamingValidator(loader: loader)
/// try validator.validate("planet.osm")   // throws InputError when malformed
/// ```
package struct StreamingValidator {
  /// The options, the forced format and standard input come from the loader.
  package var loader: DocumentLoader
  /// How many bytes are read at a time.
  package var bufferSize = ChunkedFile.defaultBufferSize

  package init(loader: DocumentLoader) {
    self.loader = loader
  }

  /// Checks the document at `path` (`-` is standard input, copied to a temporary file first).
  ///
  /// - Throws: ``InputError`` when the file cannot be read or is malformed.
  /// - Complexity: O(*n*) in the size of the file; memory is one chunk plus the largest
  ///   element (or piece of XML) held at once.
  package func validate(_ path: String) throws(InputError) {
    guard let file = try ChunkedFile.open(path, loader: loader, bufferSize: bufferSize) else {
      _ = try loader.load(path)
      return
    }
    switch file.form {
    case .json(let layout):
      var streamOptions = JSONStreamOptions()
      streamOptions.maximumElementSize = Int.max
      var scanner = JSONElementScanner(layout: layout, options: loader.options, streamOptions: streamOptions, sourceName: file.sourceName)
      scanner.limitsMemberCounts = true
      try file.pump(into: &scanner) { scanner in
        while try scanner.next() != nil {}
        return true
      }
    case .xml:
      var streamOptions = XMLStreamOptions()
      streamOptions.maximumElementSize = Int.max
      streamOptions.bufferSize = bufferSize
      var scanner = XMLElementScanner.validating(options: loader.xmlOptions, streamOptions: streamOptions, sourceName: file.sourceName)
      try file.pump(into: &scanner) { scanner in
        while try scanner.next() != nil {}
        return true
      }
    }
  }
}
