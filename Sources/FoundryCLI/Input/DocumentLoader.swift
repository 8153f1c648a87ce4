import FoundryJSON
import FoundryXML
internal import FoundryInternals

/// A document read by a command, in whichever format it came.
package enum LoadedDocument: Sendable {
  case json(JSONDocument)
  case xml(XMLTree)

  /// The format the document was read as.
  package var format: DocumentFormat {
    switch self {
    case .json: .json
    case .xml: .xml
    }
  }
}

/// Reads the files named on the command line: `-` is standard input, the format comes from the
/// extension or the content, and every failure is an ``InputError`` ready to print.
///
/// ```swift
/// let loader = DocumentLoader(options: .lenient, console: .standard)
/// switch try loader.load("Examples/feed.rss") {
/// case .json(let document): print(document.root.count)
/// case .xml(let tree): print(tree.root.qualifiedName)
/// }
/// ```
package struct DocumentLoader {
  /// How JSON is parsed.
  package var options: JSONParsingOptions
  /// How XML is parsed.
  package var xmlOptions: XMLParsingOptions
  /// The format to assume, or `nil` to detect it per file.
  package var format: DocumentFormat?
  /// Where `-` reads from.
  package var console: Console

  package init(
    options: JSONParsingOptions = .init(),
    xmlOptions: XMLParsingOptions = .init(),
    format: DocumentFormat? = nil,
    console: Console
  ) {
    self.options = options
    self.xmlOptions = xmlOptions
    self.format = format
    self.console = console
  }

  /// The name diagnostics print for `path`: `<stdin>` for `-`, the path as given otherwise.
  package static func sourceName(for path: String) -> String { path == "-" ? "<stdin>" : path }

  /// The file to read `path` from in chunks: `path` itself, or for `-` a temporary copy of
  /// standard input (``Console/standardInputFile()``), which ``read(_:)`` then reads too.
  ///
  /// ```swift
  /// let file = try FileChunkReader(path: try loader.chunkedPath(for: "-"), bufferSize: 64 << 10)
  /// ```
  ///
  /// - Throws: ``InputError/unreadable(sourceName:reason:)`` when standard input cannot be copied.
  package func chunkedPath(for path: String) throws(InputError) -> String {
    guard path == "-" else { return path }
    do {
      return try console.standardInputFile()
    } catch {
      throw .unreadable(sourceName: Self.sourceName(for: path), reason: error.reason)
    }
  }

  /// The size from which `format` and `convert` stream a document, reading it twice in chunks
  /// (``StreamedJSONWriting``, ``StreamedXMLConversion``) rather than whole.
  package static let streamingThreshold = 1 << 20

  /// Whether the document at `path` (standard input included, copied to a file to be measured)
  /// is at least ``streamingThreshold`` bytes long.
  ///
  /// ```swift
  /// if try loader.isLarge("planet.osm") { ... }
  /// ```
  ///
  /// - Throws: ``InputError/unreadable(sourceName:reason:)`` when standard input cannot be copied.
  package func isLarge(_ path: String) throws(InputError) -> Bool {
    (FileReader.size(of: try chunkedPath(for: path)) ?? 0) >= Self.streamingThreshold
  }

  /// The format to read `path` as when its bytes are in `file` (from ``chunkedPath(for:)``):
  /// ``format`` when set, else the one the extension of `path` or the first 64 KiB of `file`
  /// name.
  ///
  /// ```swift
  /// let format = try loader.format(of: "-", readingFrom: try loader.chunkedPath(for: "-"))
  /// ```
  ///
  /// - Throws: ``InputError/unreadable(sourceName:reason:)`` when `file` cannot be read.
  package func format(of path: String, readingFrom file: String) throws(InputError) -> DocumentFormat {
    if let format = format ?? DocumentFormat(pathExtensionOf: path) { return format }
    do {
      return DocumentFormat.detect(path: path, bytes: try FileChunkReader(path: file, bufferSize: 64 << 10).next() ?? [])
    } catch {
      throw .unreadable(sourceName: Self.sourceName(for: path), reason: error.reason)
    }
  }

  /// Reads and parses the document at `path`.
  ///
  /// - Throws: ``InputError`` when the file cannot be read or is malformed.
  /// - Complexity: O(*n*) in the size of the file.
  package func load(_ path: String) throws(InputError) -> LoadedDocument {
    let sourceName = Self.sourceName(for: path)
    let (bytes, format) = try read(path)
    switch format {
    case .json:
      do {
        return .json(try JSONDocument.parse(bytes: bytes, options: options, sourceName: sourceName))
      } catch {
        throw .json(error)
      }
    case .xml:
      do {
        return .xml(try XMLTree.parse(bytes: bytes, options: xmlOptions, sourceName: sourceName))
      } catch {
        throw .xml(error)
      }
    }
  }

  /// The bytes of the document at `path` (standard input for `-`), unparsed, and the format
  /// to read them as: ``format`` when set, else the one the extension or the content names.
  ///
  /// ```swift
  /// let (bytes, format) = try loader.read("authors.json")   // format: .json
  /// ```
  ///
  /// - Throws: ``InputError/unreadable(sourceName:reason:)`` when the file cannot be read.
  /// - Complexity: O(*n*) in the size of the file.
  package func read(_ path: String) throws(InputError) -> (bytes: [UInt8], format: DocumentFormat) {
    let sourceName = Self.sourceName(for: path)
    let bytes: [UInt8]
    if path == "-" {
      do {
        bytes = try console.readInput()
      } catch {
        throw .unreadable(sourceName: sourceName, reason: error.reason)
      }
    } else {
      do {
        bytes = try FileReader.read(path)
      } catch {
        throw .unreadable(sourceName: sourceName, reason: error.reason)
      }
    }
    return (bytes, format ?? DocumentFormat.detect(path: path, bytes: bytes))
  }
}
