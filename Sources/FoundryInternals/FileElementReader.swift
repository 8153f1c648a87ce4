/// A streaming scanner fed from a file a chunk at a time: the body of JSON's and XML's
/// synchronous element readers, whose public classes hold one and add their own options.
///
/// ```swift
/// var reader = try FileElementReader(path: "quakes.json", bufferSize: 64 << 10, scanner: scanner, failingWith: JSONParsingError.self)
/// while let element = try reader.next() { handle(element) }
/// ```
package struct FileElementReader<Scanner: ChunkedScanner, Failure: UnreadableInputError> {
  @usableFromInline let file: FileChunkReader
  @usableFromInline var scanner: Scanner

  /// Opens the file at `path` (`-` is standard input) for `scanner`, which should name the
  /// file as its source.
  ///
  /// - Throws: `Failure` when the file cannot be opened.
  package init(path: String, bufferSize: Int, scanner: Scanner, failingWith _: Failure.Type) throws(Failure) {
    do throws(FileReader.Failure) {
      file = try FileChunkReader(path: path, bufferSize: bufferSize)
    } catch {
      throw Failure(_unreadable: path, reason: error.reason)
    }
    self.scanner = scanner
  }

  /// The next element, or `nil` after the last one once the whole file checked out.
  @inlinable
  package mutating func next() throws -> Scanner.Element? {
    let file = self.file
    let path = scanner.sourceName ?? Diagnostic.anonymousSource
    return try scanner.next {
      do throws(FileReader.Failure) {
        return try file.next()
      } catch {
        throw Failure(_unreadable: path, reason: error.reason)
      }
    }
  }

  /// Up to `count` next elements; empty after the last one.
  @inlinable
  package mutating func next(upTo count: Int) throws -> [Scanner.Element] {
    var batch: [Scanner.Element] = []
    while batch.count < count, let element = try next() { batch.append(element) }
    return batch
  }

  /// The number of elements handed out (or rejected as malformed) so far.
  package var elementCount: Int { scanner.elementCount }

  /// The number of bytes of the file read so far.
  package var byteOffset: Int { scanner.byteOffset }
}
