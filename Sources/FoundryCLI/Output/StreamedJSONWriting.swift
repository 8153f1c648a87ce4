import FoundryJSON

/// `format` (and `convert --to json`) of a large JSON file in bounded memory: the document is
/// read twice along its array (the top-level array, or the first member of the top-level
/// object that holds one, as ``ChunkedFile`` finds it), an element at a time. The first pass
/// (``plan(_:options:)``) checks the whole document; the second (``write(to:)``) writes
/// it as it comes: the members around the array, the array's elements, the objects on the way.
///
/// The text is the whole document's, byte for byte. Where it could differ, there is no plan and
/// the caller reads the document whole: keys sorted (`--sort-keys` needs every member), a key
/// repeated beside the array (the last one wins in the whole document), or a path the stream
/// cannot follow.
///
/// ```swift
/// if let writing = try StreamedJSONWriting.plan(ChunkedSource(path: "quakes.geojson", loader: loader), options: .pretty) {
///   try writing.write { piece in output.write(piece) }
/// }
/// ```
package struct StreamedJSONWriting {
  private let source: ChunkedSource
  private let options: JSONWritingOptions

  /// Reads the JSON document `source` names (its path `-` is standard input) once, checking
  /// it; `nil` when the stream cannot write the whole document's text (read it whole then).
  ///
  /// - Throws: ``InputError`` when the file cannot be read or is malformed.
  /// - Complexity: O(*n*) in the size of the file; memory is one chunk and one element.
  package static func plan(_ source: ChunkedSource, options: JSONWritingOptions) throws(InputError) -> StreamedJSONWriting? {
    guard !options.sortsKeys, let file = try source.open(), case .json(let layout) = file.form else { return nil }
    var scanner = makeScanner(file, layout: layout, loader: source.loader)
    var keys = Set<[String]>()
    var repeats = false
    do {
      try file.pump(into: &scanner) { scanner in
        while try scanner.next() != nil {
          for part in scanner.takeSurroundings() { repeats = repeats || !note(part, layout: layout, in: &keys) }
        }
        for part in scanner.takeSurroundings() { repeats = repeats || !note(part, layout: layout, in: &keys) }
        return !repeats
      }
    } catch .json(let error) where error.code == .keyPathNotFound || error.code == .notAnArray {
      // The first chunk promised an array the stream did not find where it looked (a key
      // repeated before it, say): the whole document decides.
      return nil
    }
    return repeats ? nil : StreamedJSONWriting(source: source, options: options)
  }

  /// Reads the document again and hands its text to `emit` a piece at a time.
  ///
  /// - Throws: ``InputError`` when the file cannot be read again.
  /// - Complexity: O(*n*) in the size of the file; memory is one chunk and one element.
  package func write(to emit: ([UInt8]) -> Void) throws(InputError) {
    let file = try source.reopen()
    guard case .json(let layout) = file.form else {
      throw .unreadable(sourceName: file.sourceName, reason: "changed while being read")
    }
    let bufferSize = source.bufferSize
    var scanner = Self.makeScanner(file, layout: layout, loader: source.loader)
    var frame = PathFrame(keys: layout.keyPath, writer: JSONWriter(options: options))
    try file.pump(into: &scanner) { scanner in
      while true {
        let element = try scanner.next()
        for part in scanner.takeSurroundings() { frame.add(part) }
        guard let element else { return true }
        element.root._write(with: &frame.writer, chunkSize: bufferSize, flush: emit)
        frame.writer.drain(ifAtLeast: bufferSize, into: emit)
      }
    }
    for part in scanner.takeSurroundings() { frame.add(part) }
    frame.close(toDepth: 0)
    frame.writer.drain(ifAtLeast: 1, into: emit)
  }

  /// A scanner that keeps the members around the array and counts containers as the whole
  /// document's parser does.
  static func makeScanner(_ file: ChunkedFile, layout: JSONStreamLayout, loader: DocumentLoader) -> JSONElementScanner {
    var streamOptions = JSONStreamOptions()
    streamOptions.maximumElementSize = Int.max
    var scanner = JSONElementScanner(layout: layout, options: loader.options, streamOptions: streamOptions, sourceName: file.sourceName)
    scanner.keepsSurroundings = true
    scanner.limitsMemberCounts = true
    return scanner
  }

  /// Notes the keys `part` puts in its object; `false` when one was there already.
  private static func note(_ part: JSONElementScanner.Surrounding, layout: JSONStreamLayout, in keys: inout Set<[String]>) -> Bool {
    switch part {
    case .member(let path, _):
      return keys.insert(path).inserted
    case .arrayStart:
      let path = layout.keyPath
      return (1...max(1, path.count)).allSatisfy { path.isEmpty || keys.insert(Array(path.prefix($0))).inserted }
    }
  }
}

/// The objects along the key path that are open in the writer, and whether the array is.
private struct PathFrame {
  let keys: [String]
  var writer: JSONWriter
  /// How many objects along the path are open: the top-level object is the first.
  private var openObjects = 0
  private var isInArray = false

  init(keys: [String], writer: JSONWriter) {
    self.keys = keys
    self.writer = writer
  }

  /// Writes `part` where it stands: a member inside the object its path names, or the array's
  /// opening inside the last object of the path.
  mutating func add(_ part: JSONElementScanner.Surrounding) {
    switch part {
    case .member(let path, let value):
      guard let key = path.last else { return }
      close(toDepth: path.count)
      open(toDepth: path.count)
      writer.writeKey(key)
      writer.write(value.root)
    case .arrayStart:
      open(toDepth: keys.count)
      if let key = keys.last { writer.writeKey(key) }
      writer.beginArray()
      isInArray = true
    }
  }

  /// Closes the array if open, then objects until `depth` are open.
  mutating func close(toDepth depth: Int) {
    if isInArray {
      writer.endArray()
      isInArray = false
    }
    while openObjects > depth {
      writer.endObject()
      openObjects -= 1
    }
  }

  /// Opens the objects along the path until `depth` are open.
  private mutating func open(toDepth depth: Int) {
    while openObjects < depth {
      if openObjects > 0 { writer.writeKey(keys[openObjects - 1]) }
      writer.beginObject()
      openObjects += 1
    }
  }
}
