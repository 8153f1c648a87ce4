import FoundryInternals

/// Builds a ``JSONDocument`` from another markup, for package code (module Foundry builds the
/// JSON view of an XML element with it).
///
/// Strings are copied into the document's own bytes (keys once each); every node also records
/// the byte offset of what it came from in the *original* source (in a field of the node
/// itself, see `TapeNode.markupSourceOffset`), and the finished document
/// resolves locations against that source, so mapping errors point into the XML.
/// Documents built here are "markup": their strings are untyped text, which the mapping layer
/// reads as numbers or Booleans without calling it a coercion.
package struct JSONDocumentBuilder {
  /// The strings and the nodes, in buffers the finished document takes over.
  private let bytes: GrowableBuffer<UInt8>
  private let nodes: GrowableBuffer<TapeNode>
  /// Offsets of keys already in `bytes`, so each distinct key is stored once.
  private var keyOffsets: [String: Int] = [:]
  /// Keys the caller numbers itself (see ``key(slot:sourceOffset:spelling:)``): offset and
  /// length in `bytes`, or -1 when not stored yet.
  private var slots: [(offset: Int, length: Int)] = []

  /// A builder; `estimatedNodes` and `estimatedBytes` size the first allocations.
  package init(estimatedNodes: Int = 64, estimatedBytes: Int = 256) {
    nodes = GrowableBuffer(capacity: estimatedNodes)
    bytes = GrowableBuffer(capacity: estimatedBytes)
  }

  /// The number of nodes so far (the index the next node gets).
  package var nodeCount: Int { nodes.count }

  /// Appends a string value.
  package mutating func string(_ text: UnsafeBufferPointer<UInt8>, sourceOffset: Int) {
    let offset = bytes.count
    bytes.append(contentsOf: text)
    append(TapeNode(.string, flags: TapeNode.isRawText, offset: offset, payload: text.count), sourceOffset: sourceOffset)
  }

  /// Appends a string value given as a Swift string.
  package mutating func string(_ text: String, sourceOffset: Int) {
    var text = text
    text.withUTF8 { string($0, sourceOffset: sourceOffset) }
  }

  /// Appends an object key (stored once per distinct key).
  package mutating func key(_ key: String, sourceOffset: Int) {
    let offset: Int
    let length = key.utf8.count
    if let known = keyOffsets[key] {
      offset = known
    } else {
      offset = bytes.count
      var key = key
      key.withUTF8 { bytes.append(contentsOf: $0) }
      keyOffsets[key] = offset
    }
    append(TapeNode(.string, flags: TapeNode.isRawText, offset: offset, payload: length), sourceOffset: sourceOffset)
  }

  /// Appends an object key the caller knows by a small number `slot` (a name id, say): the
  /// first time, `spelling` gives its text; afterwards the stored bytes are reused without
  /// hashing. `leading` keys come before an object's other members, and the mapping layer's
  /// lookups search them apart (``JSONNode/ObjectLayout/contentStart``).
  package mutating func key(slot: Int, sourceOffset: Int, leading: Bool = false, spelling: () -> String) {
    appendKey(slot: slot, sourceOffset: sourceOffset, leading: leading) { bytes in
      var text = spelling()
      text.withUTF8 { bytes.append(contentsOf: $0) }
    }
  }

  /// ``key(slot:sourceOffset:leading:spelling:)`` with the text given as UTF-8, after an
  /// optional one-byte `marker` (`@` before an attribute's name): no `String` is made.
  package mutating func key(slot: Int, sourceOffset: Int, leading: Bool = false, marker: UInt8? = nil, utf8 text: UnsafeBufferPointer<UInt8>) {
    appendKey(slot: slot, sourceOffset: sourceOffset, leading: leading) { bytes in
      if let marker { bytes.append(marker) }
      bytes.append(contentsOf: text)
    }
  }

  /// Appends the key stored for `slot` and answers `true`; `false` (and nothing appended) when
  /// the slot has no text yet, for the caller to give it with
  /// ``key(slot:sourceOffset:leading:marker:utf8:)``.
  package mutating func appendStoredKey(slot: Int, sourceOffset: Int, leading: Bool = false) -> Bool {
    guard slot >= 0, slot < slots.count else { return false }
    let entry = slots[slot]
    guard entry.offset >= 0 else { return false }
    let flags = leading ? TapeNode.isRawText | TapeNode.isLeadingKey : TapeNode.isRawText
    append(TapeNode(.string, flags: flags, offset: entry.offset, payload: entry.length), sourceOffset: sourceOffset)
    return true
  }

  /// Appends the key of `slot`, storing its text with `store` the first time.
  private mutating func appendKey(slot: Int, sourceOffset: Int, leading: Bool, store: (GrowableBuffer<UInt8>) -> Void) {
    if slot >= slots.count { growSlots(toInclude: slot) }
    var entry = slots[slot]
    if entry.offset < 0 {
      let offset = bytes.count
      store(bytes)
      entry = (offset, bytes.count - offset)
      slots[slot] = entry
    }
    let flags = leading ? TapeNode.isRawText | TapeNode.isLeadingKey : TapeNode.isRawText
    append(TapeNode(.string, flags: flags, offset: entry.offset, payload: entry.length), sourceOffset: sourceOffset)
  }

  /// Makes room in ``slots`` for `slot` and, so that a view whose keys come in rising slots
  /// grows the table a few times rather than once per key, for as many again.
  private mutating func growSlots(toInclude slot: Int) {
    let count = max(slot + 1, 2 * slots.count, 32)
    // A plain loop: creating or appending a repetition of a tuple looks up its type at run time.
    slots.reserveCapacity(count)
    while slots.count < count { slots.append((offset: -1, length: 0)) }
  }

  /// Appends a string value made of several pieces, joined.
  package mutating func string(joining pieces: [UnsafeBufferPointer<UInt8>], sourceOffset: Int) {
    let offset = bytes.count
    for piece in pieces { bytes.append(contentsOf: piece) }
    append(TapeNode(.string, flags: TapeNode.isRawText, offset: offset, payload: bytes.count - offset), sourceOffset: sourceOffset)
  }

  /// Appends a copy of the nodes `start..<end` (whole values built earlier), sharing their
  /// strings' bytes: the same values again without building them again.
  package mutating func appendCopy(ofNodesFrom start: Int, to end: Int) {
    guard start >= 0, start <= end, end <= nodes.count else { return }
    let shift = nodes.count - start
    for index in start..<end {
      var node = nodes[index]
      if node.isContainer { node.payload = UInt32(truncatingIfNeeded: Int(node.payload) + shift) }
      nodes.append(node)
    }
  }

  /// Appends `null`.
  package mutating func null(sourceOffset: Int) {
    append(TapeNode(.null, offset: 0), sourceOffset: sourceOffset)
  }

  /// Opens an object; returns its index for ``close(_:count:)``.
  package mutating func beginObject(sourceOffset: Int) -> Int {
    append(TapeNode(.object, offset: 0), sourceOffset: sourceOffset)
    return nodes.count - 1
  }

  /// Opens an array; returns its index for ``close(_:count:)``.
  package mutating func beginArray(sourceOffset: Int) -> Int {
    append(TapeNode(.array, offset: 0), sourceOffset: sourceOffset)
    return nodes.count - 1
  }

  /// Closes the container opened at `index`, which got `count` elements or members.
  package mutating func close(_ index: Int, count: Int) {
    guard index >= 0, index < nodes.count else { return }
    nodes[index].payload = UInt32(truncatingIfNeeded: nodes.count)
    nodes[index].count = UInt32(truncatingIfNeeded: count)
  }

  /// Inlined into each kind's entry point: a view appends a node per attribute, key and value.
  @inline(__always)
  private mutating func append(_ node: TapeNode, sourceOffset: Int) {
    var node = node
    node.markupSourceOffset = UInt32(truncatingIfNeeded: max(0, sourceOffset))
    nodes.append(node)
  }

  /// The finished document; locations resolve against `source` (the original text, UTF-8).
  /// The builder is spent afterwards.
  /// `pathRules` say what key-path segments name in the markup (its conventions, its prefixes);
  /// `locator`, when the markup was parsed out of a larger input (a streamed element), places
  /// offsets in that input.
  package func document(source: [UInt8], pathRules: (any MarkupPathRules)? = nil, locator: (any SourceLocator)? = nil) -> JSONDocument {
    let storage = JSONStorage(adoptingBytes: bytes, nodes: nodes, options: Self.viewOptions)
    storage.markup = JSONMarkupSource(text: source, pathRules: pathRules, locator: locator)
    return JSONDocument(storage: storage)
  }

  /// Views never repeat a key (children are grouped by name), so lookups skip that check.
  private static let viewOptions: JSONParsingOptions = {
    var options = JSONParsingOptions()
    options.duplicateKeys = .reject
    return options
  }()
}

/// Where the nodes of a built document came from: the original text (each node keeps its
/// offset in it) and the rules key paths follow in it.
final class JSONMarkupSource: Sendable {
  let text: [UInt8]
  let pathRules: (any MarkupPathRules)?
  let locator: (any SourceLocator)?

  init(text: [UInt8], pathRules: (any MarkupPathRules)?, locator: (any SourceLocator)? = nil) {
    self.text = text
    self.pathRules = pathRules
    self.locator = locator
  }
}

extension JSONNode {
  /// Whether the node belongs to a document built from markup (XML), whose strings are
  /// untyped text.
  @usableFromInline
  package var isMarkup: Bool { storage.markup != nil }

  /// Whether this is the empty string, without decoding it (an escape takes at least two bytes,
  /// so only `""` has no raw bytes).
  package var isEmptyString: Bool {
    let node = storage.nodes[index]
    return node.kind == .string && node.payload == 0
  }
}

extension JSONNode {
  /// For a string of a markup document whose text is exactly a JSON number: that number, read
  /// straight from the bytes (no `String` for integers). `nil` otherwise; callers then apply
  /// the lenient text rules (spaces, leading zeros).
  package var markupNumber: JSONNumber? {
    guard storage.markup != nil, storage.nodes[index].kind == .string else { return nil }
    let raw = storage.rawBytes(of: index)
    if let value = Self.plainInteger(raw) {
      // The common case in one pass: a plain integer that fits.
      if value == 0, raw.first == UInt8(ascii: "-") { return JSONNumber(storage: .text("-0")) }
      return JSONNumber(storage: .integer(value))
    }
    guard JSONNumber.isValid(raw) else { return nil }
    if !raw.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }), let value = NumberText.int64(raw),
      value != 0 || raw.first != UInt8(ascii: "-")
    {
      return JSONNumber(storage: .integer(value))
    }
    return JSONNumber(storage: .text(String(decoding: raw, as: UTF8.self)))
  }

  /// For a string of a markup document whose text is exactly a JSON number: the nearest
  /// `Double`, read straight from the bytes.
  package var markupDouble: Double? {
    guard storage.markup != nil, storage.nodes[index].kind == .string else { return nil }
    return Self.markupDouble(storage.rawBytes(of: index))
  }

  /// Markup text that is exactly a JSON number, as the nearest `Double`.
  static func markupDouble(_ raw: UnsafeBufferPointer<UInt8>) -> Double? {
    if let (parts, _) = NumberText.plainParts(raw), let value = NumberText.exactDouble(parts) { return value }
    guard JSONNumber.isValid(raw) else { return nil }
    return NumberText.double(raw)
  }

  /// Text that is a plain integer (no fraction or exponent) fitting `Int64`.
  static func plainInteger(_ raw: UnsafeBufferPointer<UInt8>) -> Int64? {
    let isNegative = raw.first == Byte.minus
    let start = isNegative ? 1 : 0
    let run = NumberText.digitRun(raw, from: start)
    // Digits to the end, without a leading zero (a lone `0` is fine); 19 digits are exact.
    guard run.count > 0, run.count <= 19, start + run.count == raw.count, run.count == 1 || raw[start] != Byte.zero,
      run.value <= UInt64(Int64.max)
    else { return nil }
    return isNegative ? -Int64(run.value) : Int64(run.value)
  }
}
