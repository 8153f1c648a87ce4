import FoundryJSON
import FoundryXML
internal import FoundryInternals

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
  /// The options, the forced format and standard input (read whole) come from the loader.
  package var loader: DocumentLoader
  /// How many bytes are read at a time.
  package var bufferSize = 64 << 10

  package init(loader: DocumentLoader) {
    self.loader = loader
  }

  /// Checks the document at `path` (`-` is standard input, read whole).
  ///
  /// - Throws: ``InputError`` when the file cannot be read or is malformed.
  /// - Complexity: O(*n*) in the size of the file; memory is one chunk plus the largest
  ///   element (or piece of XML) held at once.
  package func validate(_ path: String) throws(InputError) {
    guard path != "-" else {
      _ = try loader.load(path)
      return
    }
    let sourceName = DocumentLoader.sourceName(for: path)
    let file: FileChunkReader
    let first: [UInt8]
    do {
      file = try FileChunkReader(path: path, bufferSize: bufferSize)
      first = try file.next() ?? []
    } catch {
      throw .unreadable(sourceName: sourceName, reason: error.reason)
    }
    switch loader.format ?? DocumentFormat.detect(path: path, bytes: first) {
    case .json:
      guard let layout = JSONStreamLayout.guessed(from: first) else {
        _ = try loader.load(path)
        return
      }
      var streamOptions = JSONStreamOptions()
      streamOptions.maximumElementSize = Int.max
      var scanner = JSONElementScanner(layout: layout, options: loader.options, streamOptions: streamOptions, sourceName: sourceName)
      try feed(first, rest: file, sourceName: sourceName, append: { scanner.append($0) }, finish: { scanner.finish() }) {
        while try scanner.next() != nil {}
      } malformed: {
        ($0 as? JSONParsingError).map(InputError.json)
      }
    case .xml:
      if first.count >= 2, first[0] == 0 || first[1] == 0 || first.starts(with: [0xFE, 0xFF]) || first.starts(with: [0xFF, 0xFE]) {
        _ = try loader.load(path)
        return
      }
      var streamOptions = XMLStreamOptions()
      streamOptions.maximumElementSize = Int.max
      streamOptions.bufferSize = bufferSize
      var scanner = XMLElementScanner.validating(options: loader.xmlOptions, streamOptions: streamOptions, sourceName: sourceName)
      try feed(first, rest: file, sourceName: sourceName, append: { scanner.append($0) }, finish: { scanner.finish() }) {
        while try scanner.next() != nil {}
      } malformed: {
        ($0 as? XMLParsingError).map(InputError.xml)
      }
    }
  }

  /// Hands `first` and then every chunk of `rest` to a scanner, draining it after each; a
  /// scanner's error is what `malformed` makes of it (its parsing error), or an unreadable file.
  private func feed(
    _ first: [UInt8], rest: FileChunkReader, sourceName: String,
    append: ([UInt8]) -> Void, finish: () -> Void, drain: () throws -> Void, malformed: (any Error) -> InputError?
  ) throws(InputError) {
    do {
      try pump(first, rest: rest, sourceName: sourceName, append: append, finish: finish, drain: drain)
    } catch let error as InputError {
      throw error
    } catch {
      throw malformed(error) ?? .unreadable(sourceName: sourceName, reason: "\(error)")
    }
  }

  private func pump(
    _ first: [UInt8], rest: FileChunkReader, sourceName: String,
    append: ([UInt8]) -> Void, finish: () -> Void, drain: () throws -> Void
  ) throws {
    append(first)
    try drain()
    while true {
      let chunk: [UInt8]?
      do {
        chunk = try rest.next()
      } catch {
        throw InputError.unreadable(sourceName: sourceName, reason: error.reason)
      }
      guard let chunk else { break }
      append(chunk)
      try drain()
    }
    finish()
    try drain()
  }
}
