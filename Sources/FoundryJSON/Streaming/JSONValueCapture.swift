import FoundryInternals

/// Finds where one JSON value ends in bytes that arrive in pieces, without judging it.
///
/// It follows only what decides the end: strings and their escapes, bracket depth, comments
/// (when allowed), and the bytes a number or literal may hold. The bytes it delimits go to the
/// real parser, which validates them; so a capture may end at the wrong place only in input
/// that the parser then rejects.
struct JSONValueCapture: Sendable, Hashable {
  enum Kind: Sendable, Hashable {
    /// A string, array or object: it ends at its closing quote or bracket.
    case structured
    /// A number: it ends before the first byte no number holds.
    case number
    /// `true`, `false` or `null`: at most `length` lowercase letters.
    case literal(length: Int)
  }

  enum Status: Sendable, Hashable {
    case complete
    case incomplete
    /// Nesting went past the limit: the parser will say where.
    case tooDeep
  }

  private enum Comment: Sendable, Hashable {
    case none, slash, line, block, blockStar
  }

  let kind: Kind
  private var depth = 0
  private var isInString = false
  private var isEscaped = false
  private var comment = Comment.none
  private var length = 0

  /// A capture for the value that starts with `byte` (a byte that can start a value).
  init(first byte: UInt8) {
    switch byte {
    case Byte.minus, Byte.zero...Byte.nine: kind = .number
    case Byte.t, Byte.n: kind = .literal(length: 4)
    case Byte.f: kind = .literal(length: 5)
    default: kind = .structured
    }
  }

  /// Whether the end of the input also ends the value (a number or a literal).
  var endsAtEndOfInput: Bool { kind != .structured }

  /// Reads `buffer` from `start` until the value ends (the end index is past its last byte) or
  /// the buffer does.
  mutating func scan(
    _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, allowsComments: Bool, depthLimit: Int
  ) -> (end: Int, status: Status) {
    switch kind {
    case .structured:
      return scanStructured(buffer, from: start, allowsComments: allowsComments, depthLimit: depthLimit)
    case .number:
      var index = start
      while index < buffer.count, Self.isNumberByte(buffer[index]) { index += 1 }
      return (index, index < buffer.count ? .complete : .incomplete)
    case .literal(let limit):
      var index = start
      while index < buffer.count, length < limit, buffer[index] &- UInt8(ascii: "a") < 26 {
        index += 1
        length += 1
      }
      return (index, length == limit || index < buffer.count ? .complete : .incomplete)
    }
  }

  private mutating func scanStructured(
    _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, allowsComments: Bool, depthLimit: Int
  ) -> (end: Int, status: Status) {
    guard let base = buffer.baseAddress else { return (start, .incomplete) }
    let raw = UnsafeRawPointer(base)
    let count = buffer.count
    var index = start
    while index < count {
      if isInString {
        if isEscaped {
          isEscaped = false
          index += 1
          continue
        }
        // Most bytes are in strings: skipped to the next quote or backslash a word at a time.
        index = Self.stringStop(raw, from: index, count: count)
        guard index < count else { return (count, .incomplete) }
        let found = buffer[index]
        index += 1
        if found == Byte.backslash {
          isEscaped = true
        } else {
          isInString = false
          if depth == 0 { return (index, .complete) }
        }
        continue
      }
      // Without comments only quotes and brackets matter: the rest is skipped a word at a time.
      if !allowsComments {
        index = Self.structureStop(raw, from: index, count: count)
        guard index < count else { return (count, .incomplete) }
      }
      let byte = buffer[index]
      index += 1
      if comment != .none, skipComment(byte) { continue }
      switch byte {
      case Byte.quote:
        isInString = true
      case Byte.openBracket, Byte.openBrace:
        depth += 1
        if depth > depthLimit { return (index, .tooDeep) }
      case Byte.closeBracket, Byte.closeBrace:
        depth -= 1
        if depth <= 0 { return (index, .complete) }
      case Byte.slash where allowsComments:
        comment = .slash
      default:
        break
      }
    }
    return (index, .incomplete)
  }

  /// The index of the first quote or backslash at or after `start`, or `count`.
  @inline(__always)
  private static func stringStop(_ raw: UnsafeRawPointer, from start: Int, count: Int) -> Int {
    var index = start
    // Vectors built once: compared against a scalar, each lane would be tested on its own.
    let quotes = SIMD16<UInt8>(repeating: Byte.quote), backslashes = SIMD16<UInt8>(repeating: Byte.backslash)
    while index + 16 <= count {
      let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
      if let offset = firstMarked((block .== quotes) .| (block .== backslashes)) { return index + offset }
      index += 16
    }
    while index + 8 <= count {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let marks = ByteSearch.zeroMarks(word ^ Self.quotes) | ByteSearch.zeroMarks(word ^ Self.backslashes)
      // Little-endian: the lowest marked byte is the first in memory.
      if marks != 0 { return index + marks.trailingZeroBitCount >> 3 }
      index += 8
    }
    while index < count {
      let byte = raw.load(fromByteOffset: index, as: UInt8.self)
      if byte == Byte.quote || byte == Byte.backslash { return index }
      index += 1
    }
    return count
  }

  /// The index of the first quote or bracket at or after `start`, or `count`.
  @inline(__always)
  private static func structureStop(_ raw: UnsafeRawPointer, from start: Int, count: Int) -> Int {
    var index = start
    let quotes = SIMD16<UInt8>(repeating: Byte.quote), caseBits = SIMD16<UInt8>(repeating: 0x20)
    let openBraces = SIMD16<UInt8>(repeating: Byte.openBrace), closeBraces = SIMD16<UInt8>(repeating: Byte.closeBrace)
    while index + 16 <= count {
      let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
      let folded = block | caseBits
      if let offset = firstMarked((block .== quotes) .| (folded .== openBraces) .| (folded .== closeBraces)) { return index + offset }
      index += 16
    }
    while index + 8 <= count {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      // `[` and `{`, `]` and `}` differ only in bit 5: setting it leaves one value for each pair.
      let folded = word | Self.caseBits
      let marks = ByteSearch.zeroMarks(word ^ Self.quotes) | ByteSearch.zeroMarks(folded ^ Self.openBraces) | ByteSearch.zeroMarks(folded ^ Self.closeBraces)
      if marks != 0 { return index + marks.trailingZeroBitCount >> 3 }
      index += 8
    }
    while index < count {
      switch raw.load(fromByteOffset: index, as: UInt8.self) {
      case Byte.quote, Byte.openBracket, Byte.openBrace, Byte.closeBracket, Byte.closeBrace: return index
      default: index += 1
      }
    }
    return count
  }

  /// The lane of the first set lane of `marks` (the blocks above are sixteen bytes), or `nil`.
  @inline(__always)
  private static func firstMarked(_ marks: SIMDMask<SIMD16<Int8>>) -> Int? {
    let bytes = SIMD16<UInt8>(repeating: 0).replacing(with: SIMD16<UInt8>(repeating: 0xFF), where: marks)
    // Little-endian: the lowest set byte of each half is its first lane.
    // Both types are 16 bytes of plain integers: the cast reads the same bits as two words.
    let halves = unsafeBitCast(bytes, to: SIMD2<UInt64>.self)
    if halves[0] != 0 { return halves[0].trailingZeroBitCount >> 3 }
    if halves[1] != 0 { return 8 + halves[1].trailingZeroBitCount >> 3 }
    return nil
  }

  // Each byte of the word: `"`, `\\`, bit 5, `{`, `}` (literals, so no lazy global is read).
  private static var quotes: UInt64 { 0x2222_2222_2222_2222 }
  private static var backslashes: UInt64 { 0x5C5C_5C5C_5C5C_5C5C }
  private static var caseBits: UInt64 { 0x2020_2020_2020_2020 }
  private static var openBraces: UInt64 { 0x7B7B_7B7B_7B7B_7B7B }
  private static var closeBraces: UInt64 { 0x7D7D_7D7D_7D7D_7D7D }

  /// Follows a comment; `false` when `byte` is not part of one and must be read as usual.
  private mutating func skipComment(_ byte: UInt8) -> Bool {
    switch comment {
    case .none:
      return false
    case .slash:
      comment = byte == Byte.slash ? .line : byte == Byte.star ? .block : .none
      return comment != .none
    case .line:
      if byte == Byte.newline || byte == Byte.carriageReturn { comment = .none }
    case .block:
      if byte == Byte.star { comment = .blockStar }
    case .blockStar:
      comment = byte == Byte.slash ? .none : byte == Byte.star ? .blockStar : .block
    }
    return true
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    Byte.isDigit(byte) || byte == Byte.period || byte | 0x20 == Byte.e || byte == Byte.plus || byte == Byte.minus
  }
}
