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
    var index = start
    while index < buffer.count {
      if isInString {
        if isEscaped {
          isEscaped = false
          index += 1
          continue
        }
        // Skips to the next quote or backslash a word at a time: most bytes are in strings.
        guard let found = ByteSearch.firstIndex(of: Byte.quote, or: Byte.backslash, in: buffer, from: index) else {
          return (buffer.count, .incomplete)
        }
        index = found + 1
        if buffer[found] == Byte.backslash {
          isEscaped = true
        } else {
          isInString = false
          if depth == 0 { return (index, .complete) }
        }
        continue
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
