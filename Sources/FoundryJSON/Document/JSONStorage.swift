import FoundryInternals

/// The kind of a tape node. Raw values are stored in the low byte of ``TapeNode/header``.
enum TapeKind: UInt8 {
  case null = 0, `true`, `false`, number, string, array, object
}

/// One node of the flat tape a ``JSONDocument`` is made of: 16 bytes, no pointers.
///
/// - strings: `offset` is the first byte after the opening quote, `payload` the raw length in
///   bytes up to the closing quote; flag `hasEscapes` says whether decoding must unescape;
/// - numbers: `offset` and `payload` delimit the token; flags say integer / negative;
/// - arrays and objects: `payload` is the tape index just past the container (skip), `count`
///   the number of elements or members. An object's children alternate key, value.
///
/// In documents built from markup, each node also keeps where it came from in the original
/// text, in the field its kind leaves free (``markupSourceOffset``).
struct TapeNode {
  var header: UInt32
  var offset: UInt32
  var payload: UInt32
  var count: UInt32

  static let hasEscapes: UInt32 = 1 << 8
  /// Strings of documents built from markup: the bytes are the text itself, not JSON, so the
  /// writer must escape them.
  static let isRawText: UInt32 = 1 << 9
  /// Keys of documents built from markup that the builder put before an object's other members
  /// (the XML view's attributes): lookups search them apart from the rest.
  static let isLeadingKey: UInt32 = 1 << 10
  static let isInteger: UInt32 = 1 << 8
  static let isNegative: UInt32 = 1 << 9

  @inline(__always)
  init(_ kind: TapeKind, flags: UInt32 = 0, offset: Int, payload: Int = 0, count: UInt32 = 0) {
    header = UInt32(kind.rawValue) | flags
    self.offset = UInt32(truncatingIfNeeded: offset)
    self.payload = UInt32(truncatingIfNeeded: payload)
    self.count = count
  }

  @inline(__always) var kind: TapeKind { TapeKind(rawValue: UInt8(truncatingIfNeeded: header)) ?? .null }
  @inline(__always) func has(_ flag: UInt32) -> Bool { header & flag != 0 }
  @inline(__always) var isContainer: Bool { header & 0xFF >= UInt32(TapeKind.array.rawValue) }

  /// For documents built from markup: the node's byte offset in the original text, kept in
  /// `count` for strings and numbers (whose `offset` points at their bytes) and in `offset`
  /// for the other kinds (which use no bytes).
  @inline(__always) var markupSourceOffset: UInt32 {
    get { kind == .string || kind == .number ? count : offset }
    set {
      if kind == .string || kind == .number { count = newValue } else { offset = newValue }
    }
  }
}

/// The bytes of a document and its tape, owned together and immutable once parsed.
///
/// The input is copied once, followed by ``padding`` zero bytes: scanners may read a few bytes
/// past the end (8-byte words, UTF-8 continuation bytes) without a bounds check on every step,
/// and the zero byte stops every scanning loop because no token may contain it.
final class JSONStorage: @unchecked Sendable {
  // @unchecked: mutated only while its document is made (by the parser, a builder handing over
  // its buffers, or a stream scanner), before the document is shared (ARCHITECTURE.md,
  // Invariants, "Tape lifetimes").
  static let padding = 64

  let bytes: UnsafeMutablePointer<UInt8>
  /// The input's size; for a value parsed where it stands in a shared block, the value's.
  private(set) var byteCount: Int
  /// The block the bytes belong to when they are shared (freed with the block, not here).
  private let sharedBytes: JSONByteBlock?
  private(set) var nodes: UnsafeMutablePointer<TapeNode>
  private(set) var nodeCount = 0
  private var nodeCapacity: Int
  /// Whether the parser validated the input's UTF-8 before the storage was handed out (every
  /// storage but a built document's): its plain strings are then made without checking their
  /// bytes again (``string(at:)``).
  let hasValidatedText: Bool
  let duplicateKeys: JSONParsingOptions.DuplicateKeyPolicy
  let loneSurrogates: JSONParsingOptions.LoneSurrogatePolicy
  /// For documents built from markup: the original text and each node's offset in it.
  var markup: JSONMarkupSource?
  /// For elements of a stream: where the element starts in the whole input, so that errors
  /// give places in the input rather than in the element.
  var streamOrigin: JSONStreamPosition?
  /// The deepest nesting of arrays and objects in the tape, when known: the parser counts it
  /// as it goes; `nil` for tapes built otherwise (markup views, builders).
  var deepestNesting: Int?

  init(copying input: UnsafeRawBufferPointer, options: JSONParsingOptions) {
    byteCount = input.count
    bytes = .allocate(capacity: input.count + Self.padding)
    if let base = input.baseAddress {
      bytes.initialize(from: base.assumingMemoryBound(to: UInt8.self), count: input.count)
    }
    (bytes + input.count).initialize(repeating: 0, count: Self.padding)
    // A typical document has one node per 6 to 10 bytes; start near that and grow by doubling.
    nodeCapacity = max(1, input.count / 8)
    nodes = .allocate(capacity: nodeCapacity)
    sharedBytes = nil
    hasValidatedText = true
    duplicateKeys = options.duplicateKeys
    loneSurrogates = options.loneSurrogates
  }

  /// A storage for the value at `start` of `block`, read in place: its input runs to the
  /// block's end until ``endInput(at:)`` cuts it after the value.
  init(sharing block: JSONByteBlock, from start: Int, nodeCapacity: Int, options: JSONParsingOptions) {
    bytes = block.bytes + start
    byteCount = block.count - start
    sharedBytes = block
    self.nodeCapacity = max(1, nodeCapacity)
    nodes = .allocate(capacity: self.nodeCapacity)
    hasValidatedText = true
    duplicateKeys = options.duplicateKeys
    loneSurrogates = options.loneSurrogates
  }

  /// A storage that takes over the bytes and nodes of a built document without copying them.
  init(adoptingBytes bytes: GrowableBuffer<UInt8>, nodes buffer: GrowableBuffer<TapeNode>, options: JSONParsingOptions) {
    let (text, textCount, _) = bytes.release(padding: Self.padding, filler: 0)
    self.bytes = text
    byteCount = textCount
    (nodes, nodeCount, nodeCapacity) = buffer.release()
    sharedBytes = nil
    hasValidatedText = false
    duplicateKeys = options.duplicateKeys
    loneSurrogates = options.loneSurrogates
  }

  deinit {
    if sharedBytes == nil { bytes.deallocate() }
    nodes.deinitialize(count: nodeCount)
    nodes.deallocate()
  }

  /// Checks, in debug builds, the zero padding the parser's word-at-a-time scans rely on
  /// (ARCHITECTURE.md, Invariants: "Zero padding"): ``padding`` zero bytes after the input.
  @inline(__always)
  func assertPadded() {
    assert((0..<Self.padding).allSatisfy { bytes[byteCount + $0] == 0 }, "a JSON input must end in \(Self.padding) zero bytes")
  }

  /// Ends the input after the value just parsed in place (the bytes after it are the rest of
  /// the shared block, not zero padding: only the parser, done by now, relies on that).
  func endInput(at count: Int) {
    byteCount = count
  }

  @inline(__always)
  func append(_ node: TapeNode) {
    if nodeCount == nodeCapacity { grow() }
    (nodes + nodeCount).initialize(to: node)
    nodeCount += 1
  }

  @inline(never)
  private func grow() {
    let capacity = nodeCapacity * 2
    let larger = UnsafeMutablePointer<TapeNode>.allocate(capacity: capacity)
    larger.moveInitialize(from: nodes, count: nodeCount)
    nodes.deallocate()
    nodes = larger
    nodeCapacity = capacity
  }

  @inline(__always)
  func closeContainer(at index: Int, count: UInt32) {
    nodes[index].payload = UInt32(truncatingIfNeeded: nodeCount)
    nodes[index].count = count
  }

  /// Stops a debug build when `index` is not a node of this tape.
  ///
  /// Tape indices handed in from another module (the mapping layer's fast paths) are read
  /// through unchecked pointers; release builds drop the check, as they drop every `assert`.
  @inline(__always)
  func assertTapeIndex(_ index: Int, function: StaticString = #function) {
    assert(index >= 0 && index < nodeCount, "\(function): tape index \(index) outside 0..<\(nodeCount)")
  }

  /// The index of the node after the one at `index`, skipping a container's contents.
  @inline(__always)
  func next(after index: Int) -> Int {
    let node = nodes[index]
    return node.isContainer ? Int(node.payload) : index + 1
  }

  /// The bytes the node at `index` spans in the input (strings: between the quotes).
  @inline(__always)
  func rawBytes(of index: Int) -> UnsafeBufferPointer<UInt8> {
    let node = nodes[index]
    return UnsafeBufferPointer(start: bytes + Int(node.offset), count: Int(node.payload))
  }
}
