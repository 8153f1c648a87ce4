import Foundry
import FoundryJSON
import FoundryXML

/// `convert --to xml` of a large JSON file in bounded memory: `convert`'s wrapped form,
/// `{"osm": {"@version": "0.6", "node": [...]}}`, read twice along the first array in the root
/// element's object, an element at a time. The first pass (``plan(_:options:)``) converts and
/// writes everything without keeping it, which checks the document and the conversion; the
/// second (``write(to:)``) writes it as it comes: the root's start tag, each element, the
/// members around the array as children in their place.
///
/// The XML is the whole document's conversion, byte for byte. Where it could differ, there is
/// no plan and the caller converts the document read whole: an attribute (`"@name"`) after the
/// root's first child, `"#text"` or `"#content"` in the root, a key repeated in the root or a
/// member beside it in the wrapper, or a conversion that fails (read whole, its error names its
/// place in the JSON text).
///
/// ```swift
/// if let conversion = try StreamedJSONConversion.plan(ChunkedSource(path: "planet.json", loader: loader), options: .pretty) {
///   try conversion.write { piece in output.write(piece) }
/// }
/// ```
package struct StreamedJSONConversion {
  private let source: ChunkedSource
  private let options: XMLWritingOptions

  /// Reads the JSON document `source` names (its path `-` is standard input) once, converting it
  /// without keeping the XML; `nil` when the stream cannot write the whole document's
  /// conversion (convert it read whole then).
  ///
  /// - Throws: ``InputError`` when the file cannot be read or is malformed.
  /// - Complexity: O(*n*) in the size of the file; memory is one chunk, one element and the
  ///   root's other members.
  package static func plan(_ source: ChunkedSource, options: XMLWritingOptions) throws(InputError) -> StreamedJSONConversion? {
    let source = ChunkedSource(path: source.path, loader: source.loader, bufferSize: source.bufferSize, guess: .inWrapper)
    guard let file = try source.open() else { return nil }
    let conversion = StreamedJSONConversion(source: source, options: options)
    return try conversion.convert(file) { _ in } ? conversion : nil
  }

  /// Reads the document again and hands its XML to `emit` a piece at a time.
  ///
  /// - Throws: ``InputError`` when the file cannot be read again.
  /// - Complexity: O(*n*) in the size of the file; memory is one chunk, one element and the
  ///   root's other members.
  package func write(to emit: ([UInt8]) -> Void) throws(InputError) {
    let file = try source.reopen()
    guard try convert(file, emit: emit) else {
      throw .unreadable(sourceName: file.sourceName, reason: "changed while being read")
    }
  }

  /// Converts `file` along its array, handing the XML to `emit`; `false` when the stream
  /// cannot write what converting the whole document writes.
  private func convert(_ file: ChunkedFile, emit: ([UInt8]) -> Void) throws(InputError) -> Bool {
    guard case .json(let layout) = file.form, layout.keyPath.count == 2 else { return false }
    var scanner = StreamedJSONWriting.makeScanner(file, layout: layout, loader: source.loader)
    var root = StreamedRootElement(name: layout.keyPath[0], arrayKey: layout.keyPath[1], options: options)
    let bufferSize = source.bufferSize
    try file.pump(into: &scanner) { scanner in
      while true {
        let element = try scanner.next()
        for part in scanner.takeSurroundings() { root.add(part, chunkSize: bufferSize, emit: emit) }
        guard let element, root.streams else { return root.streams }
        root.addElement(element.value, chunkSize: bufferSize, emit: emit)
        root.writer.drain(ifAtLeast: bufferSize, into: emit)
      }
    }
    root.finish()
    guard root.streams else { return false }
    if !root.writer.bytes.isEmpty { emit(root.writer.bytes) }
    return true
  }
}

/// The root element of a streamed conversion: its attributes until its start tag is written,
/// the keys met in its object, and the writer, open inside it.
private struct StreamedRootElement {
  let name: String
  let arrayKey: String
  var writer: XMLWriter
  /// Whether the conversion can still go on streamed.
  private(set) var streams = true
  /// The root's `"@"` members, until its start tag is written.
  private var attributes: [(String, JSONValue)] = []
  /// The namespace declarations among them, which each child's names resolve against.
  private var declarations: [(String, JSONValue)] = []
  private var isOpen = false
  private var keys: Set<String> = []

  init(name: String, arrayKey: String, options: XMLWritingOptions) {
    self.name = name
    self.arrayKey = arrayKey
    writer = XMLWriter(options: options)
  }

  /// Takes a member of the wrapper or the root, or the array's opening.
  mutating func add(_ part: JSONElementScanner.Surrounding, chunkSize: Int, emit: ([UInt8]) -> Void) {
    guard streams else { return }
    switch part {
    case .member(let path, let value):
      // A second member of the wrapper, or a key of the root met before.
      guard path.count == 2, let key = path.last, keys.insert(key).inserted else { return giveUp() }
      if key == "#text" || key == "#content" { return giveUp() }
      if key.hasPrefix("@") {
        guard !isOpen else { return giveUp() }
        attributes.append((key, value.value))
        if key == "@xmlns" || key.hasPrefix("@xmlns:") { declarations.append((key, value.value)) }
      } else {
        write(key, value.value, chunkSize: chunkSize, emit: emit)
      }
    case .arrayStart:
      guard keys.insert(arrayKey).inserted else { return giveUp() }
      open()
    }
  }

  /// Writes an element of the array.
  mutating func addElement(_ value: JSONValue, chunkSize: Int, emit: ([UInt8]) -> Void) {
    // An array inside the array: XML has no form for it, and the whole conversion says where.
    if case .array = value { return giveUp() }
    write(arrayKey, value, chunkSize: chunkSize, emit: emit)
  }

  /// Closes the root, opening it first when nothing did.
  mutating func finish() {
    open()
    guard streams else { return }
    writer.endElement()
  }

  /// Writes the child elements the member `key: value` of the root stands for, as the whole
  /// conversion builds them: in a root that holds only the namespace declarations and it.
  private mutating func write(_ key: String, _ value: JSONValue, chunkSize: Int, emit: ([UInt8]) -> Void) {
    open()
    guard streams else { return }
    do {
      let built = try XMLJSONView.element(named: name, from: .object(JSONObject(declarations + [(key, value)])))
      for case .element(let child) in built.children {
        try child._write(with: &writer, chunkSize: chunkSize, flush: emit)
      }
    } catch {
      giveUp()
    }
  }

  /// Writes the start tag with the attributes met so far, once.
  private mutating func open() {
    guard streams, !isOpen else { return }
    isOpen = true
    do {
      let element = try XMLJSONView.element(named: name, from: .object(JSONObject(attributes)))
      try writer.beginElement(element.name, attributes: element.attributes)
    } catch {
      giveUp()
    }
  }

  private mutating func giveUp() {
    streams = false
  }
}
