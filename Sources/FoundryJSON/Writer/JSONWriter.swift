/// A streaming writer of JSON text into UTF-8 bytes.
///
/// Call the primitives in document order; the writer puts in the commas, the colons, the
/// indentation of ``JSONWritingOptions/isPretty`` output, and sorts members when
/// ``JSONWritingOptions/sortsKeys`` is set. Encoders build on these primitives;
/// ``write(_:)-(JSONValue)`` and ``write(_:)-(JSONNode)`` write whole trees.
///
/// ```swift
/// var writer = JSONWriter(options: .pretty)
/// writer.beginObject()
/// writer.writeKey("name")
/// writer.writeString("Ada")
/// writer.writeKey("tags")
/// writer.beginArray()
/// writer.writeInteger(1815)
/// writer.writeBool(true)
/// writer.endArray()
/// writer.endObject()
/// String(decoding: writer.bytes, as: UTF8.self)
/// // {
/// //   "name": "Ada",
/// //   "tags": [
/// //     1815,
/// //     true
/// //   ]
/// // }
/// ```
///
/// The writer does not check the order of the calls: output is valid JSON when containers are
/// closed in order and, inside objects, every ``writeKey(_:)`` is followed by exactly one value.
/// Misuse gives malformed text, never a crash. Values written one after another at the top
/// level are separated by a newline, which makes JSON Lines.
public struct JSONWriter: Sendable {
  /// The layout, key order and escaping this writer applies.
  ///
  /// ```swift
  /// JSONWriter(options: .pretty).options.isPretty  // true
  /// ```
  public let options: JSONWritingOptions

  /// The UTF-8 text written so far.
  ///
  /// While an object is open under ``JSONWritingOptions/sortsKeys``, its members are still in
  /// the order they were written; read the bytes once the writing is complete.
  ///
  /// ```swift
  /// var writer = JSONWriter()
  /// writer.writeNull()
  /// writer.bytes  // [110, 117, 108, 108] ("null")
  /// ```
  public internal(set) var bytes: [UInt8] = []

  /// Open arrays and objects around the next value.
  var depth = 0
  /// What was written last at the current depth, which decides the separator before the next.
  var slot = Slot.first
  /// Objects whose members are buffered for sorting, innermost last.
  var sortingFrames: [SortingFrame] = []
  /// A newline and enough spaces for the deepest indentation so far.
  private var indentation: [UInt8] = []

  enum Slot {
    /// Nothing yet in the current container (or in the document).
    case first
    /// A complete value: a comma (or a newline at the top level) comes before the next one.
    case afterValue
    /// A key and its colon: the value follows directly.
    case afterKey
  }

  /// A writer with empty output.
  ///
  /// ```swift
  /// var writer = JSONWriter(options: .pretty)
  /// writer.writeString("hi")
  /// ```
  ///
  /// - Parameter options: Layout, key order and escaping; compact and unsorted by default.
  public init(options: JSONWritingOptions = .init()) {
    self.options = options
  }

  /// Reserves room for at least `byteCount` bytes of output, to spare regrowth when the
  /// size is known in advance.
  ///
  /// ```swift
  /// var writer = JSONWriter()
  /// writer.reserveCapacity(1 << 20)
  /// ```
  ///
  /// - Parameters:
  ///   - byteCount: The number of bytes to make room for.
  /// - Complexity: O(*n*) in the bytes already written.
  public mutating func reserveCapacity(_ byteCount: Int) {
    bytes.reserveCapacity(max(0, byteCount))
  }

  // MARK: - Containers

  /// Opens an object: `{`.
  ///
  /// ```swift
  /// var writer = JSONWriter()
  /// writer.beginObject()
  /// writer.writeKey("a")
  /// writer.writeNull()
  /// writer.endObject()  // {"a":null}
  /// ```
  public mutating func beginObject() {
    beginObject(sortingMembers: options.sortsKeys)
  }

  /// Opens an object; `sortingMembers` buffers its members so ``endObject()`` can sort them.
  /// Whole-tree writers sort keys up front and pass `false`.
  mutating func beginObject(sortingMembers: Bool) {
    open(Byte.openBrace)
    if sortingMembers { sortingFrames.append(SortingFrame(depth: depth)) }
  }

  /// Closes the innermost object: `}` (on its own line in pretty output unless empty).
  ///
  /// ```swift
  /// var writer = JSONWriter()
  /// writer.beginObject()
  /// writer.endObject()  // {}
  /// ```
  public mutating func endObject() {
    if let frame = sortingFrames.last, frame.depth == depth {
      sortingFrames.removeLast()
      sortMembers(of: frame)
    }
    close(Byte.closeBrace)
  }

  /// Opens an array: `[`.
  ///
  /// ```swift
  /// var writer = JSONWriter()
  /// writer.beginArray()
  /// writer.writeInteger(1)
  /// writer.writeInteger(2)
  /// writer.endArray()  // [1,2]
  /// ```
  public mutating func beginArray() {
    open(Byte.openBracket)
  }

  /// Closes the innermost array: `]` (on its own line in pretty output unless empty).
  ///
  /// ```swift
  /// var writer = JSONWriter()
  /// writer.beginArray()
  /// writer.endArray()  // []
  /// ```
  public mutating func endArray() {
    close(Byte.closeBracket)
  }

  /// Writes an object member's key and its colon; the member's value comes next.
  ///
  /// ```swift
  /// var writer = JSONWriter(options: .pretty)
  /// writer.beginObject()
  /// writer.writeKey("id")
  /// writer.writeInteger(7)
  /// writer.endObject()  // {\n  "id": 7\n}
  /// ```
  ///
  /// - Parameter key: The key, escaped as the options say.
  public mutating func writeKey(_ key: String) {
    let separatorStart = bytes.count
    separate()
    if let frame = sortingFrames.last, frame.depth == depth {
      sortingFrames[sortingFrames.count - 1].members.append(
        SortingFrame.Member(key: key, separatorStart: separatorStart, contentStart: bytes.count)
      )
    }
    var key = key
    key.withUTF8 { appendQuoted($0) }
    appendColon()
  }

  /// Whether members are being buffered for sorting, so keys must be written with
  /// ``writeKey(_:)``, which records them.
  package var isSortingMembers: Bool { !sortingFrames.isEmpty }

  /// Writes a key from its quoted text, which the caller guarantees needs no escaping under
  /// any options (printable ASCII other than `"`, `\\` and `/`): a model's keys, prepared
  /// once per type, are copied instead of scanned. Only while ``isSortingMembers`` is false.
  ///
  /// - Parameters:
  ///   - quoted: The key between quotes, as UTF-8.
  package mutating func writeKey(quoted: UnsafeBufferPointer<UInt8>) {
    assert(sortingFrames.isEmpty, "sorted members need their keys: use writeKey(_:)")
    separate()
    bytes.append(contentsOf: quoted)
    appendColon()
  }

  // MARK: - Scalars

  /// Writes a string value, quoted and escaped as the options say.
  ///
  /// ```swift
  /// var writer = JSONWriter()
  /// writer.writeString("say \"hi\"\n")  // "say \"hi\"\n"
  /// ```
  /// - Parameters:
  ///   - string: The string, escaped as the options say.
  public mutating func writeString(_ string: String) {
    separate()
    var string = string
    string.withUTF8 { appendQuoted($0) }
    slot = .afterValue
  }

  /// Writes `true` or `false`.
  ///
  /// ```swift
  /// var writer = JSONWriter()
  /// writer.writeBool(false)  // false
  /// ```
  /// - Parameters:
  ///   - value: The Boolean.
  public mutating func writeBool(_ value: Bool) {
    separate()
    appendLiteral(value ? "true" : "false")
    slot = .afterValue
  }

  /// Writes `null`.
  ///
  /// ```swift
  /// var writer = JSONWriter()
  /// writer.writeNull()  // null
  /// ```
  public mutating func writeNull() {
    separate()
    appendLiteral("null")
    slot = .afterValue
  }

  // MARK: - Layout

  /// Writes what goes before a value or a key: a comma (a newline between top-level values),
  /// then in pretty output a newline and the indentation of the current depth.
  @inline(__always)
  mutating func separate() {
    switch slot {
    case .afterKey:
      return
    case .afterValue:
      if depth == 0 {
        bytes.append(Byte.newline)
        return
      }
      bytes.append(Byte.comma)
    case .first:
      if depth == 0 { return }
    }
    if options.isPretty { appendNewline(indentation: depth) }
  }

  @inline(__always)
  mutating func appendColon() {
    bytes.append(Byte.colon)
    if options.isPretty { bytes.append(Byte.space) }
    slot = .afterKey
  }

  private mutating func open(_ bracket: UInt8) {
    separate()
    bytes.append(bracket)
    depth += 1
    slot = .first
  }

  private mutating func close(_ bracket: UInt8) {
    depth = max(0, depth - 1)
    // Only after misuse (`endArray()` closing an object) can a sorting frame outlive its object.
    while let frame = sortingFrames.last, frame.depth > depth { sortingFrames.removeLast() }
    if slot != .first, options.isPretty { appendNewline(indentation: depth) }
    bytes.append(bracket)
    slot = .afterValue
  }

  @inline(__always)
  mutating func appendLiteral(_ text: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// A newline and two spaces per level, copied from a prefix of ``indentation``.
  @inline(__always)
  mutating func appendNewline(indentation level: Int) {
    let count = 1 + 2 * level
    if count > indentation.count { growIndentation(to: count) }
    bytes.append(contentsOf: indentation[0..<count])
  }

  @inline(never)
  private mutating func growIndentation(to count: Int) {
    if indentation.isEmpty { indentation.append(Byte.newline) }
    indentation.append(contentsOf: repeatElement(Byte.space, count: count - indentation.count + 32))
  }
}

extension JSONWriter {
  /// Hands the bytes written so far to `flush` and empties them, once they reach `chunkSize`:
  /// how whole-tree writers stream. Only between values of a tree written with keys in
  /// order: a sorting frame keeps offsets into the bytes.
  @inline(__always)
  package mutating func drain(ifAtLeast chunkSize: Int, into flush: ([UInt8]) throws -> Void) rethrows {
    guard bytes.count >= chunkSize else { return }
    try flush(bytes)
    bytes.removeAll(keepingCapacity: true)
  }
}
