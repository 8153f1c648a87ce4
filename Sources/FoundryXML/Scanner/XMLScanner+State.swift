import FoundryInternals

// MARK: - Byte classes

/// Bit sets over byte values that let the hot loops test one table entry per byte.
enum ByteClass {
  /// Ends a run of plain character data: `<`, `&`, `]`, `\r`, a control character, or 0xEF
  /// (the lead byte of U+FFFE and U+FFFF, which are not `Char`s).
  static let textStop: UInt8 = 1
  /// Ends a run of plain attribute value: quotes, `<`, `&`, tab, line ends, controls, 0xEF.
  static let valueStop: UInt8 = 2
  /// An ASCII `NameChar`.
  static let nameChar: UInt8 = 4
  /// An ASCII `NameStartChar`.
  static let nameStart: UInt8 = 8
  /// `S`.
  static let space: UInt8 = 16
  /// Needs a look inside a CDATA section: `]`, `\r`, controls, 0xEF.
  static let cdataStop: UInt8 = 32
  /// Needs a look inside a comment: `-`, `\r`, controls, 0xEF.
  static let commentStop: UInt8 = 64
  /// Needs a look inside a processing instruction: `?`, `\r`, controls, 0xEF.
  static let instructionStop: UInt8 = 128

  static let table: [UInt8] = (0..<256).map { value in
    let byte = UInt8(value)
    var bits: UInt8 = 0
    let isControl = byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D
    if isControl || byte == 0xEF || byte == 0x0D { bits |= textStop | valueStop | cdataStop | commentStop | instructionStop }
    switch byte {
    case UInt8(ascii: "<"), UInt8(ascii: "&"): bits |= textStop | valueStop
    case UInt8(ascii: "]"): bits |= textStop | cdataStop
    case UInt8(ascii: "\""), UInt8(ascii: "'"), 0x09, 0x0A: bits |= valueStop
    case UInt8(ascii: "-"): bits |= commentStop
    case UInt8(ascii: "?"): bits |= instructionStop
    default: break
    }
    if XMLCharacters.isSpace(byte) { bits |= space }
    if byte < 0x80, XMLCharacters.isNameChar(UInt32(byte)) { bits |= nameChar }
    if byte < 0x80, XMLCharacters.isNameStart(UInt32(byte)) { bits |= nameStart }
    return bits
  }
}

extension XMLScanner {
  // MARK: - Parser state

  /// An element whose end tag has not been read yet.
  struct OpenElement {
    var tapeIndex: Int
    /// The qualified name's bytes in the input the start tag was read from.
    var nameStart: Int
    var nameLength: Int
    /// How many entity expansions deep the start tag was (its end tag must be as deep).
    var entityDepth: Int
    var heapCount: Int
    /// The namespace bindings in force before the start tag's declarations.
    var bindingCount: Int
    /// `xml:space` in force outside the element.
    var outerPreservesSpace: Bool
  }

  /// The attributes of the start tag being read: a list that keeps its storage from one tag to
  /// the next, emptied by resetting its count (an array's `removeAll(keepingCapacity:)` went
  /// through the general `replaceSubrange`, 64 instructions a start tag).
  struct PendingAttributes: RandomAccessCollection, MutableCollection {
    private var storage: [PendingAttribute] = []
    private(set) var endIndex = 0
    var startIndex: Int { 0 }

    subscript(position: Int) -> PendingAttribute {
      @inline(__always) get {
        assert(position < endIndex, "attribute \(position) of \(endIndex)")
        return storage[position]
      }
      @inline(__always) set {
        assert(position < endIndex, "attribute \(position) of \(endIndex)")
        storage[position] = newValue
      }
    }

    @inline(__always)
    mutating func append(_ attribute: PendingAttribute) {
      if endIndex < storage.count { storage[endIndex] = attribute } else { storage.append(attribute) }
      endIndex += 1
    }

    /// Empties the list, keeping the storage.
    mutating func removeAll() { endIndex = 0 }

    /// Makes room for `capacity` attributes before the list grows.
    mutating func reserveCapacity(_ capacity: Int) { storage.reserveCapacity(capacity) }
  }

  /// An attribute read from a start tag (or defaulted from the DTD), before names are resolved.
  struct PendingAttribute {
    /// The qualified name in the input (unused for a defaulted attribute).
    var nameStart: Int
    var nameLength: Int
    /// The offset of the first colon from the name's start, or -1.
    var colon: Int
    /// The value: raw in the input until normalized, then possibly in the heap.
    var valueStart: Int
    var valueLength: Int
    var valueInHeap = false
    /// Whether the raw value holds references, tabs or line ends.
    var needsNormalization: Bool
    /// Whether the DTD declares the attribute with a type other than CDATA.
    var collapsesSpaces = false
    /// The index in the element's defaults, or -1 for an attribute written in the tag.
    var defaultIndex = -1
    var isNamespaceDeclaration = false
  }

  /// An `<!ATTLIST>` default, normalized.
  struct DefaultAttribute {
    var name: [UInt8]
    var colon: Int
    var value: [UInt8]
  }

  /// A namespace prefix (empty for the default namespace) bound to a URI (`nil` for none).
  struct NamespaceBinding {
    var prefix: [UInt8]
    var uri: String?
    /// The index of the binding of the same prefix that this one hides, or -1.
    var hidden = -1
  }

  /// Text read but not yet on the tape, so that adjacent pieces make one text node.
  struct PendingText {
    enum State { case none, source, heap }
    var state = State.none
    /// A range of the document, or where the text starts in the heap.
    var start = 0
    var end = 0
    /// The document offset where the text began.
    var origin = 0
    /// Whether every piece so far is known to be white space (then the flush needs no scan).
    var isKnownBlank = false
    /// Where the white space known at the text's start ends (in the same place as ``start``).
    var blankEnd = 0
  }

  /// A two-way cache of recently interned names, keyed by their bytes in the document and the
  /// namespace bindings in force; it spares the name table's hashing on repeated names.
  struct NameCache {
    static let size = 256
    /// A hash's slot, then its neighbour (`hash ^ 1`): a hit in the first reads one entry; a
    /// name made goes to the first and the one it displaces to the neighbour.
    /// All bytes zero at first (one `memset`): a slot of length 0 matches no name.
    var entries = [Entry](unsafeUninitializedCapacity: size) { buffer, count in
      UnsafeMutableRawBufferPointer(buffer).initializeMemory(as: UInt8.self, repeating: 0)
      count = size
    }

    struct Entry {
      /// Where the name was read in the input.
      var start: Int
      /// The name's length; 0 for an empty slot (no name is empty).
      var length: Int
      /// The namespace bindings' generation and the name's kind, as ``internName`` keys them.
      var generation: UInt32
      var id: UInt32

      /// Whether this entry holds `name` (its `length` bytes at `written`) under `key`, the
      /// name read at `start` in `source`.
      @inline(__always)
      func holds(_ written: UnsafePointer<UInt8>, length: Int, key: UInt32, source: UnsafePointer<UInt8>) -> Bool {
        self.length == length && generation == key && ByteSearch.equal(source + start, written, count: length)
      }
    }
  }

  // MARK: - Errors

  /// An error at `offset` of the current input (inside entity text: at the outermost reference).
  func error(_ code: XMLParsingError.Code, _ message: String, at offset: Int) -> XMLParsingError {
    var message = message
    var offset = offset
    if !readsSource {
      offset = entityOrigin
      if let name = entityStack.last { message += " (in the replacement text of entity '\(name)')" }
    }
    return XMLParsingError(code, message, location: SourceLocation(offset: offset, in: source), sourceName: sourceName)
  }

  /// The character at `index` for a message: `character 'x'`, `character U+0001`, `end of input`.
  func describe(at index: Int) -> String {
    guard index < end else { return "the end of the input" }
    guard let (scalar, _) = XMLCharacters.scalar(in: input, at: index, end: end) else { return "an invalid byte" }
    if scalar < 0x21 || scalar == 0x7F || !XMLCharacters.isChar(scalar) || (0x80..<0xA0).contains(scalar) {
      return "character U+\(String(scalar, radix: 16, uppercase: true).leftPadded(to: 4))"
    }
    return "character '\(String(Character(Unicode.Scalar(scalar) ?? "?")))'"
  }

  /// The bytes `start..<start + count` of the input as a string, for messages.
  mutating func string(_ start: Int, _ count: Int) -> String {
    let from = min(max(start, 0), end)
    let to = min(from + max(count, 0), end)
    return String(decoding: UnsafeBufferPointer(rebasing: input[from..<to]), as: UTF8.self)
  }

  /// The error for a character that is not a `Char`, or the end of the input, at `index`.
  func invalidCharacter(at index: Int, in context: String) -> XMLParsingError {
    guard index < end else {
      return error(.unexpectedEndOfInput, "the input ends inside \(context)", at: index)
    }
    return error(.invalidCharacter, "\(describe(at: index)) is not allowed in \(context)", at: index)
  }

  /// Checks the `Char` production for a byte the fast loops stopped at; returns its length.
  ///
  /// Only controls and 0xEF (U+FFFE, U+FFFF) can fail: the encoding layer validated the UTF-8.
  @inline(__always)
  mutating func checkChar(at index: Int, in context: String) throws(XMLParsingError) -> Int {
    let byte = input[index]
    if byte == 0xEF {
      guard index + 2 < end else { throw invalidCharacter(at: index, in: context) }
      if input[index + 1] == 0xBF, input[index + 2] >= 0xBE { throw invalidCharacter(at: index, in: context) }
      return 1
    }
    if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { throw invalidCharacter(at: index, in: context) }
    return 1
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
