import FoundryJSON
internal import FoundryInternals

/// A document read by a command, in whichever format it came.
///
/// FoundryXML adds `case xml(...)` here; every command then handles it where it switches.
package enum LoadedDocument: Sendable {
  case json(JSONDocument)
}

/// Reads the files named on the command line: `-` is standard input, the format comes from the
/// extension or the content, and every failure is an ``InputError`` ready to print.
///
/// ```swift
/// let loader = DocumentLoader(options: .lenient, console: .standard)
/// switch try loader.load("Examples/earthquakes.json") {
/// case .json(let document): print(document.root.count)
/// }
/// ```
package struct DocumentLoader {
  /// How JSON is parsed.
  package var options: JSONParsingOptions
  /// The format to assume, or `nil` to detect it per file.
  package var format: DocumentFormat?
  /// Where `-` reads from.
  package var console: Console

  package init(options: JSONParsingOptions = .init(), format: DocumentFormat? = nil, console: Console) {
    self.options = options
    self.format = format
    self.console = console
  }

  /// The name diagnostics print for `path`: `<stdin>` for `-`, the path as given otherwise.
  package static func sourceName(for path: String) -> String { path == "-" ? "<stdin>" : path }

  /// Reads and parses the document at `path`.
  ///
  /// - Throws: ``InputError`` when the file cannot be read, is malformed, or is in a format
  ///   this build does not read.
  /// - Complexity: O(*n*) in the size of the file.
  package func load(_ path: String) throws(InputError) -> LoadedDocument {
    let sourceName = Self.sourceName(for: path)
    let bytes = try read(path, sourceName: sourceName)
    switch format ?? DocumentFormat.detect(path: path, bytes: bytes) {
    case .json:
      do {
        return .json(try JSONDocument.parse(bytes: bytes, options: options, sourceName: sourceName))
      } catch {
        throw .json(error)
      }
    case .xml:
      throw .unsupported(.xml, sourceName: sourceName)
    }
  }

  private func read(_ path: String, sourceName: String) throws(InputError) -> [UInt8] {
    if path == "-" {
      do {
        return try console.readInput()
      } catch {
        throw .unreadable(sourceName: sourceName, reason: error.reason)
      }
    }
    do {
      return try FileReader.read(path)
    } catch {
      throw .unreadable(sourceName: sourceName, reason: error.reason)
    }
  }
}
