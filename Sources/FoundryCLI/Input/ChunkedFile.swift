import FoundryJSON
import FoundryXML
internal import FoundryInternals

/// A file opened to be read in chunks through a streaming scanner: its first chunk read, its
/// format known, and what of it can stream. What `validate` and `inspect` share for files larger
/// than memory.
///
/// ```swift
/// guard let file = try ChunkedFile.open("planet.osm", loader: loader) else { return try loader.load(path) }
/// if case .xml = file.form { ... }
/// ```
package struct ChunkedFile {
  /// How the file can be read in chunks.
  package enum Form {
    /// JSON with an array to stream along (the top-level array, or `features` of GeoJSON).
    case json(JSONStreamLayout)
    /// XML in UTF-8 (or a charset the parser reads byte-wise).
    case xml
  }

  /// Which array of a JSON document streams.
  package enum ArrayGuess: Sendable {
    /// The top-level array, or the first array member of the top-level object
    /// (`JSONStreamLayout.guessed(from:)`).
    case outermost
    /// The first array member one object down in `convert`'s wrapped form
    /// (`JSONStreamLayout.guessedInWrapper(from:)`).
    case inWrapper
  }

  /// How many bytes are read at a time unless a reader says otherwise.
  package static let defaultBufferSize = 64 << 10

  package let form: Form
  /// The name errors print.
  package let sourceName: String
  private let first: [UInt8]
  private let rest: FileChunkReader

  /// Opens the file at `path` and reads its first `bufferSize` bytes; `nil` when it must be read
  /// whole: UTF-16 XML, JSON whose first chunk shows no array to stream.
  ///
  /// Standard input (`-`) is first copied to a temporary file a chunk at a time
  /// (``Console/standardInputFile()``), so that it streams too, and so that a reader that gives
  /// up on streaming can still read it whole with ``DocumentLoader/load(_:)``.
  ///
  /// - Throws: ``InputError/unreadable(sourceName:reason:)`` when the file cannot be read.
  package static func open(
    _ path: String,
    loader: DocumentLoader,
    bufferSize: Int = defaultBufferSize,
    guess: ArrayGuess = .outermost
  ) throws(InputError) -> ChunkedFile? {
    let sourceName = DocumentLoader.sourceName(for: path)
    let file: FileChunkReader
    let first: [UInt8]
    let readPath = try loader.chunkedPath(for: path)
    do {
      file = try FileChunkReader(path: readPath, bufferSize: bufferSize)
      first = try file.next() ?? []
    } catch {
      throw .unreadable(sourceName: sourceName, reason: error.reason)
    }
    switch loader.format ?? DocumentFormat.detect(path: path, bytes: first) {
    case .json:
      let layout = guess == .outermost ? JSONStreamLayout.guessed(from: first) : JSONStreamLayout.guessedInWrapper(from: first)
      guard let layout else { return nil }
      return ChunkedFile(form: .json(layout), sourceName: sourceName, first: first, rest: file)
    case .xml:
      let isUTF16 = first.count >= 2 && (first[0] == 0 || first[1] == 0 || first.starts(with: [0xFE, 0xFF]) || first.starts(with: [0xFF, 0xFE]))
      guard !isUTF16 else { return nil }
      return ChunkedFile(form: .xml, sourceName: sourceName, first: first, rest: file)
    }
  }

  /// Hands every chunk to `scanner`, calling `drain` after each (and after the end) to take out
  /// what is complete, until `drain` returns `false`; a scanner's error becomes its
  /// ``InputError``.
  func pump<Scanner: ChunkedScanner>(into scanner: inout Scanner, drain: (inout Scanner) throws -> Bool) throws(InputError) {
    do {
      scanner.append(first)
      guard try drain(&scanner) else { return }
      while let chunk = try nextChunk() {
        scanner.append(chunk)
        guard try drain(&scanner) else { return }
      }
      scanner.finish()
      _ = try drain(&scanner)
    } catch let error as InputError {
      throw error
    } catch let error as JSONParsingError {
      throw .json(error)
    } catch let error as XMLParsingError {
      throw .xml(error)
    } catch {
      throw .unreadable(sourceName: sourceName, reason: "\(error)")
    }
  }

  /// A scanner of the root's children (`*`), taking any size of child, that notes text beside
  /// them: what rebuilds the root's JSON view a child at a time.
  ///
  /// ```swift
  /// var scanner = file.rootChildScanner(loader: loader)
  /// try file.pump(into: &scanner) { scanner in while let child = try scanner.next() { add(child) }; return true }
  /// ```
  func rootChildScanner(loader: DocumentLoader) -> XMLElementScanner {
    var streamOptions = XMLStreamOptions()
    streamOptions.maximumElementSize = Int.max
    var scanner = XMLElementScanner(at: "*", options: loader.xmlOptions, streamOptions: streamOptions, sourceName: sourceName)
    scanner.tracksTextBesideElements = true
    return scanner
  }

  private func nextChunk() throws(InputError) -> [UInt8]? {
    do {
      return try rest.next()
    } catch {
      throw .unreadable(sourceName: sourceName, reason: error.reason)
    }
  }
}

/// A document read in two passes: where it is and how it is read, to open it once to plan and
/// again to write.
///
/// ```swift
/// let source = ChunkedSource(path: "planet.osm", loader: loader)
/// guard let file = try source.open() else { return nil }   // first pass
/// let again = try source.reopen()                           // second pass
/// ```
package struct ChunkedSource {
  package let path: String
  package let loader: DocumentLoader
  package let bufferSize: Int
  package let guess: ChunkedFile.ArrayGuess

  package init(path: String, loader: DocumentLoader, bufferSize: Int = ChunkedFile.defaultBufferSize, guess: ChunkedFile.ArrayGuess = .outermost) {
    self.path = path
    self.loader = loader
    self.bufferSize = bufferSize
    self.guess = guess
  }

  /// The file opened in chunks, or `nil` when it must be read whole (see ``ChunkedFile/open(_:loader:bufferSize:guess:)``).
  func open() throws(InputError) -> ChunkedFile? {
    try ChunkedFile.open(path, loader: loader, bufferSize: bufferSize, guess: guess)
  }

  /// The file opened again, for a second pass after a first one found that it streams.
  ///
  /// - Throws: ``InputError/unreadable(sourceName:reason:)`` when it cannot be read, or reads
  ///   differently now.
  func reopen() throws(InputError) -> ChunkedFile {
    guard let file = try open() else {
      throw .unreadable(sourceName: DocumentLoader.sourceName(for: path), reason: "changed while being read")
    }
    return file
  }
}
