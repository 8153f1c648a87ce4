import FoundryInternals

/// Builds the tape of a ``JSONDocument`` in one pass over the bytes, without recursion.
///
/// Every value is validated here (grammar, UTF-8, escapes, number syntax); strings and numbers
/// are only delimited, and decoded later when somebody asks. Nesting is tracked in the tape
/// itself (each open container's node links to the one around it), not on the call stack, so
/// the depth limit bounds hostile input.
struct JSONParser {
  typealias Kind = JSONParsingError.Kind

  let input: UnsafeMutablePointer<UInt8>
  let end: Int
  let options: JSONParsingOptions
  let sourceName: String?
  let storage: JSONStorage
  var position = 0
  /// Whether ``parseValue()`` stops right after the value instead of requiring that only
  /// whitespace follows it (for elements parsed where they stand in a stream's chunk); its
  /// errors then carry no place.
  var stopsAfterValue = false
  /// The innermost open container, when ``depth`` is above zero. The containers around it
  /// are kept in the tape itself: an open container's node holds its parent's index in
  /// `payload` and, while a child is open, its own count so far in `count` (``close()`` sets
  /// both to their final values). Counting a value is then a field's increment, and opening
  /// or closing a container touches no array.
  private var top = Frame(node: 0, count: 0, isObject: false)
  /// How many containers are open, ``top`` included.
  private var depth = 0
  /// The deepest nesting of containers met so far (see ``JSONStorage/deepestNesting``).
  private var deepest = 0
  /// Scratch space for the duplicate-key check under `.reject`.
  private var fingerprints: [UInt64] = []

  private struct Frame {
    var node: Int
    var count: UInt32
    var isObject: Bool
  }

  init(storage: JSONStorage, options: JSONParsingOptions, sourceName: String?) {
    self.storage = storage
    self.input = storage.bytes
    self.end = storage.byteCount
    self.options = options
    self.sourceName = sourceName
    storage.assertPadded()
    deepest = storage.deepestNesting ?? 0
    storage.deepestNesting = deepest
  }

  // MARK: - Structure

  mutating func parse() throws(JSONParsingError) {
    try skipPreamble()
    try skipWhitespace()
    try parseValue()
  }

  /// Parses the value at `position` (no whitespace before it) and, unless
  /// ``stopsAfterValue``, checks that nothing but whitespace follows it.
  mutating func parseValue() throws(JSONParsingError) {
    var context = Kind.UnexpectedContext.value
    while true {
      // A value is expected at `position`; whitespace before it is already skipped.
      guard position < end else {
        throw fail(.endOfInput(context == .afterComma ? .afterComma : .value), at: position)
      }
      let byte = input[position]
      switch byte {
      case Byte.quote:
        try scanString()
      case Byte.minus, Byte.zero...Byte.nine:
        try scanNumber()
      case Byte.t:
        try scanLiteral(.true)
      case Byte.f:
        try scanLiteral(.false)
      case Byte.n:
        try scanLiteral(.null)
      case Byte.openBracket:
        try open(isObject: false)
        if input[position] == Byte.closeBracket {
          position += 1
          try close()
        } else {
          context = .value
          continue
        }
      case Byte.openBrace:
        try open(isObject: true)
        if input[position] == Byte.closeBrace {
          position += 1
          try close()
        } else {
          try scanKey(context: .key)
          context = .value
          continue
        }
      default:
        throw unexpected(byte, context)
      }
      // A value just ended: count it, then find what follows it.
      while true {
        guard depth > 0 else {
          if stopsAfterValue { return }
          try skipWhitespace()
          if position < end { throw unexpected(input[position], .afterTopLevel) }
          return
        }
        top.count += 1
        let isObject = top.isObject
        guard Int(top.count) <= options.maximumMemberCount else {
          // At the container's opening bracket or brace.
          let opening = Int(storage.nodes[top.node].offset)
          throw fail(.memberLimit(isObject: isObject, limit: options.maximumMemberCount), at: opening)
        }
        try skipWhitespace()
        guard position < end else { throw fail(.endOfInput(isObject ? .object : .array), at: position) }
        let byte = input[position]
        let closer = isObject ? Byte.closeBrace : Byte.closeBracket
        if byte == Byte.comma {
          position += 1
          try skipWhitespace()
          if options.allowsTrailingCommas, input[position] == closer, position < end {
            position += 1
            try close()
            continue
          }
          if isObject {
            try scanKey(context: .afterComma)
            context = .value
          } else {
            context = .afterComma
          }
          break
        }
        if byte == closer {
          position += 1
          try close()
          continue
        }
        throw unexpected(byte, isObject ? .afterObjectMember : .afterArrayElement)
      }
    }
  }

  /// Pushes a container; leaves `position` on the first non-whitespace byte inside it.
  private mutating func open(isObject: Bool) throws(JSONParsingError) {
    guard depth < options.maximumDepth else {
      throw fail(.depthLimit(options.maximumDepth), at: position)
    }
    if depth > 0 { storage.nodes[top.node].count = top.count }
    let node = storage.nodeCount
    storage.append(TapeNode(isObject ? .object : .array, offset: position, payload: top.node))
    top = Frame(node: node, count: 0, isObject: isObject)
    depth += 1
    if depth > deepest {
      deepest = depth
      storage.deepestNesting = deepest
    }
    position += 1
    try skipWhitespace()
  }

  private mutating func close() throws(JSONParsingError) {
    guard depth > 0 else { return }
    let frame = top
    depth -= 1
    if depth > 0 {
      let parent = Int(storage.nodes[frame.node].payload)
      let node = storage.nodes[parent]
      top = Frame(node: parent, count: node.count, isObject: node.kind == .object)
    }
    storage.closeContainer(at: frame.node, count: frame.count)
    if frame.isObject, frame.count > 1, options.duplicateKeys == .reject {
      try rejectDuplicateKeys(in: frame.node)
    }
  }

  /// Fails on the second occurrence of a key in the object at tape index `object`.
  private mutating func rejectDuplicateKeys(in object: Int) throws(JSONParsingError) {
    guard storage.mayRepeatKeys(inObjectAt: object, scratch: &fingerprints) else { return }
    var seen = Set<JSONKey>()
    var key = object + 1
    let end = Int(storage.nodes[object].payload)
    while key < end {
      let name = storage.string(at: key)
      guard seen.insert(JSONKey(name)).inserted else {
        throw fail(.duplicateKey(name), at: Int(storage.nodes[key].offset) - 1)
      }
      key = storage.next(after: key + 1)
    }
  }

  /// Reads an object key and the `:` after it, leaving `position` at the value.
  private mutating func scanKey(context: Kind.UnexpectedContext) throws(JSONParsingError) {
    guard position < end else {
      throw fail(.endOfInput(context == .afterComma ? .afterComma : .key), at: position)
    }
    let byte = input[position]
    guard byte == Byte.quote else { throw unexpected(byte, context) }
    try scanString()
    try skipWhitespace()
    guard position < end else { throw fail(.endOfInput(.colon), at: position) }
    guard input[position] == Byte.colon else { throw unexpected(input[position], .colon) }
    position += 1
    try skipWhitespace()
  }

  // MARK: - Whitespace, comments, preamble

  @inline(__always)
  private mutating func skipWhitespace() throws(JSONParsingError) {
    while true {
      switch input[position] {
      case Byte.newline:
        // Pretty-printed text: a line break, then indentation, a word at a time (the padding
        // after the input is zeros, which ends the run).
        position += 1
        while true {
          let word = UInt64(littleEndian: UnsafeRawPointer(input + position).loadUnaligned(as: UInt64.self)) ^ 0x2020_2020_2020_2020
          guard word == 0 else {
            position += word.trailingZeroBitCount >> 3
            break
          }
          position += 8
        }
      case Byte.space, Byte.carriageReturn, Byte.tab:
        position += 1
      case Byte.slash where options.allowsComments && (input[position + 1] == Byte.slash || input[position + 1] == Byte.star):
        try skipComment()
      default:
        return
      }
    }
  }

  private mutating func skipComment() throws(JSONParsingError) {
    let start = position
    switch input[position + 1] {
    case Byte.slash:
      position += 2
      while position < end, input[position] != Byte.newline, input[position] != Byte.carriageReturn {
        position += 1
      }
    case Byte.star:
      position += 2
      while true {
        guard position + 1 < end else { throw fail(.unterminatedComment, at: start) }
        if input[position] == Byte.star, input[position + 1] == Byte.slash {
          position += 2
          return
        }
        position += 1
      }
    default:
      return
    }
  }

  private mutating func skipPreamble() throws(JSONParsingError) {
    if end >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF {
      guard options.allowsByteOrderMark else { throw fail(.byteOrderMarkNotAllowed, at: 0) }
      position = 3
    } else if let form = JSONParsingError.Kind.UnicodeForm.marked(by: UnsafeBufferPointer(start: input, count: min(end, 4))) {
      throw fail(.unicodeInput(form), at: 0)
    }
  }

  // MARK: - Scalars

  /// Reads `true`, `false` or `null`, whose first letter the caller matched: four bytes
  /// compared at once (for `false`, the four after its `f`). The zero padding after the input
  /// matches no letter, so a literal the input cuts short fails too.
  @inline(__always)
  private mutating func scanLiteral(_ kind: TapeKind) throws(JSONParsingError) {
    let isFalse = kind == .false
    let word = UInt32(littleEndian: UnsafeRawPointer(input + position + (isFalse ? 1 : 0)).loadUnaligned(as: UInt32.self))
    // "true", "alse" and "null", read as little-endian words.
    let expected: UInt32 = kind == .true ? 0x6575_7274 : isFalse ? 0x6573_6C61 : 0x6C6C_756E
    guard word == expected else { throw literalFailure(kind) }
    storage.append(TapeNode(kind, offset: position))
    position += isFalse ? 5 : 4
  }

  @inline(never)
  private func literalFailure(_ kind: TapeKind) -> JSONParsingError {
    fail(.invalidLiteral(kind == .true ? "true" : kind == .false ? "false" : "null"), at: position)
  }

  private mutating func scanNumber() throws(JSONParsingError) {
    let start = position
    var index = position
    var flags = TapeNode.isInteger
    if input[index] == Byte.minus {
      flags |= TapeNode.isNegative
      index += 1
    }
    if input[index] == Byte.zero {
      index += 1
      if Byte.isDigit(input[index]) { throw fail(.invalidNumber(.leadingZero), at: index) }
    } else if Byte.isDigit(input[index]) {
      index = skipDigits(from: index + 1)
    } else {
      throw numberFailure(.digitAfterMinus, at: index)
    }
    if input[index] == Byte.period {
      flags &= ~TapeNode.isInteger
      index += 1
      guard Byte.isDigit(input[index]) else { throw numberFailure(.digitAfterPoint, at: index) }
      index = skipDigits(from: index + 1)
    }
    if input[index] | 0x20 == Byte.e {
      flags &= ~TapeNode.isInteger
      index += 1
      if input[index] == Byte.plus || input[index] == Byte.minus { index += 1 }
      guard Byte.isDigit(input[index]) else { throw numberFailure(.digitInExponent, at: index) }
      index = skipDigits(from: index + 1)
    }
    guard index - start <= options.maximumNumberLength else {
      throw fail(.numberLengthLimit(length: index - start, limit: options.maximumNumberLength), at: start)
    }
    storage.append(TapeNode(.number, flags: flags, offset: start, payload: index - start))
    position = index
  }

  /// The index of the first byte from `index` on that is not a digit, eight bytes at a time
  /// (the padding after the input is zeros, which ends the run).
  @inline(__always)
  private func skipDigits(from index: Int) -> Int {
    var index = index
    while true {
      let notDigits = DigitWord.notDigits(UInt64(littleEndian: UnsafeRawPointer(input + index).loadUnaligned(as: UInt64.self)))
      guard notDigits == 0 else { return index + notDigits.trailingZeroBitCount >> 3 }
      index += 8
    }
  }

  @inline(never)
  private func numberFailure(_ problem: Kind.NumberProblem, at index: Int) -> JSONParsingError {
    index >= end ? fail(.endOfInput(.number), at: index) : fail(.invalidNumber(problem), at: index)
  }

  // MARK: - Errors

  /// Never inlined: errors are cold, and building one inline gave every scanner a large
  /// stack frame and spilled the input pointer out of its hot loop.
  @inline(never)
  func fail(_ kind: Kind, at offset: Int) -> JSONParsingError {
    // A value parsed in place is read again another way when it fails, and that reports the
    // error: its place (a count of the lines before it) is not worked out here.
    guard !stopsAfterValue else { return JSONParsingError(kind, location: .start, sourceName: nil) }
    let location = SourceLocation(offset: offset, in: UnsafeBufferPointer(start: input, count: end))
    return JSONParsingError(kind, location: location, sourceName: sourceName)
  }

  @inline(never)
  private func unexpected(_ byte: UInt8, _ context: Kind.UnexpectedContext) -> JSONParsingError {
    if byte == Byte.slash, !options.allowsComments { return fail(.commentsNotAllowed, at: position) }
    return fail(.unexpected(byte, context), at: position)
  }
}

/// The ASCII bytes the JSON grammar names.
enum Byte {
  static let quote = UInt8(ascii: "\"")
  static let backslash = UInt8(ascii: "\\")
  static let slash = UInt8(ascii: "/")
  static let star = UInt8(ascii: "*")
  static let minus = UInt8(ascii: "-")
  static let plus = UInt8(ascii: "+")
  static let period = UInt8(ascii: ".")
  static let comma = UInt8(ascii: ",")
  static let colon = UInt8(ascii: ":")
  static let zero = UInt8(ascii: "0")
  static let nine = UInt8(ascii: "9")
  static let e = UInt8(ascii: "e")
  static let f = UInt8(ascii: "f")
  static let n = UInt8(ascii: "n")
  static let t = UInt8(ascii: "t")
  static let u = UInt8(ascii: "u")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")
  static let space = UInt8(ascii: " ")
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let tab = UInt8(ascii: "\t")

  @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }
}
