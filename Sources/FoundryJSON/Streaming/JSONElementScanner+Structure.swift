import FoundryInternals

// The bytes around the elements: the objects along the key path, the array's brackets and
// commas, whitespace and comments. Each is judged where it stands, with the parser's wording.
extension JSONElementScanner {
  typealias Kind = JSONParsingError.Kind

  // MARK: - Preamble

  /// Checks the first bytes for a byte order mark; `false` until three bytes (or all) are in,
  /// four when they may start a UTF-32 mark.
  mutating func readPreamble(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParsingError) -> Bool {
    let available = buffer.count - cursor
    guard available >= 3 || isFinished else { return false }
    let first = available > 0 ? buffer[cursor] : 0
    let second = available > 1 ? buffer[cursor + 1] : 0
    if available < 4, !isFinished, (first == 0xFF && second == 0xFE) || (first == 0 && second == 0) { return false }
    if available >= 3, first == 0xEF, second == 0xBB, buffer[cursor + 2] == 0xBF {
      guard options.allowsByteOrderMark else { throw failureHere(.byteOrderMarkNotAllowed, buffer) }
      // Not text: columns start after it.
      cursor += 3
      position.offset += 3
    } else if let form = JSONParsingError.Kind.UnicodeForm.marked(by: buffer[cursor..<cursor + min(available, 4)]) {
      throw failureHere(.unicodeInput(form), buffer)
    }
    if case .lines = layout.shape {
      state = .line
      captureStart = position
    } else {
      state = .topValue
    }
    return true
  }

  // MARK: - Whitespace and comments

  /// Consumes `byte` when it is whitespace or part of a comment.
  mutating func skipTrivia(_ byte: UInt8, _ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParsingError) -> Bool {
    switch trivia {
    case .none:
      switch byte {
      case Byte.space, Byte.newline, Byte.carriageReturn, Byte.tab:
        break
      case Byte.slash where options.allowsComments:
        trivia = .slash(position)
      default:
        return false
      }
    case .slash(let start):
      switch byte {
      case Byte.slash: trivia = .lineComment
      case Byte.star: trivia = .blockComment(start, sawStar: false)
      default:
        throw failure(.unexpected(Byte.slash, context), at: start, showing: buffer, from: cursor, prefix: [Byte.slash])
      }
    case .lineComment:
      if byte == Byte.newline || byte == Byte.carriageReturn { trivia = .none }
    case .blockComment(let start, let sawStar):
      trivia = sawStar && byte == Byte.slash ? .none : .blockComment(start, sawStar: byte == Byte.star)
    }
    consume(byte)
    return true
  }

  // MARK: - Tokens

  /// Reads one structural byte in the current state.
  mutating func readStructure(_ byte: UInt8, _ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParsingError) {
    switch state {
    case .topValue:
      if keys.isEmpty {
        try openArray(byte, buffer)
      } else {
        try openObject(byte, level: 0, buffer)
      }
    case .objectStart:
      if byte == Byte.closeBrace {
        try closeObject(buffer)
      } else {
        try beginKey(byte, context: .key, buffer)
      }
    case .key(let afterComma):
      if afterComma, byte == Byte.closeBrace, options.allowsTrailingCommas {
        try closeObject(buffer)
      } else {
        try beginKey(byte, context: afterComma ? .afterComma : .key, buffer)
      }
    case .colon:
      guard byte == Byte.colon else { throw unexpected(byte, .colon, buffer) }
      consume(byte)
      state = .memberValue
    case .memberValue:
      let level = openObjects - 1
      if !isOnPath {
        try beginCapture(.member, byte, context: .value, buffer)
      } else if level + 1 < keys.count {
        try openObject(byte, level: level + 1, buffer)
      } else {
        try openArray(byte, buffer)
      }
    case .afterMember:
      try countMember()
      if byte == Byte.comma {
        consume(byte)
        state = .key(afterComma: true)
      } else if byte == Byte.closeBrace {
        try closeObject(buffer)
      } else {
        throw unexpected(byte, .afterObjectMember, buffer)
      }
    case .arrayStart:
      if byte == Byte.closeBracket {
        closeArray(byte)
      } else {
        try beginCapture(.element, byte, context: .value, buffer)
      }
    case .elementAfterComma:
      if byte == Byte.closeBracket, options.allowsTrailingCommas {
        closeArray(byte)
      } else {
        try beginCapture(.element, byte, context: .afterComma, buffer)
      }
    case .afterElement:
      if byte == Byte.comma {
        consume(byte)
        state = .elementAfterComma
      } else if byte == Byte.closeBracket {
        closeArray(byte)
      } else {
        throw unexpected(byte, .afterArrayElement, buffer)
      }
    case .end:
      throw unexpected(byte, .afterTopLevel, buffer)
    case .preamble, .capturing, .line:
      break
    }
  }

  /// The end of the input in the current state: fine after the top-level value, else an error.
  mutating func finishStructure(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParsingError) {
    switch trivia {
    case .slash(let start):
      throw failure(.unexpected(Byte.slash, context), at: start, showing: buffer, from: cursor, prefix: [Byte.slash])
    case .blockComment(let start, _):
      throw failure(.unterminatedComment, at: start, showing: buffer, from: cursor, prefix: [Byte.slash, Byte.star])
    case .none, .lineComment:
      break
    }
    let end: Kind.EndContext
    switch state {
    case .end, .preamble, .capturing, .line: return
    case .topValue, .memberValue, .arrayStart: end = .value
    case .objectStart: end = .key
    case .key(let afterComma): end = afterComma ? .afterComma : .key
    case .colon: end = .colon
    case .afterMember: end = .object
    case .elementAfterComma: end = .afterComma
    case .afterElement: end = .array
    }
    throw failureHere(.endOfInput(end), buffer)
  }

  /// What the parser would call the place of an unexpected byte in the current state.
  var context: Kind.UnexpectedContext {
    switch state {
    case .objectStart: .key
    case .key(let afterComma): afterComma ? .afterComma : .key
    case .colon: .colon
    case .afterMember: .afterObjectMember
    case .elementAfterComma: .afterComma
    case .afterElement: .afterArrayElement
    case .end: .afterTopLevel
    case .preamble, .topValue, .memberValue, .arrayStart, .capturing, .line: .value
    }
  }

  // MARK: - The key path

  /// Enters the object at `level` of the key path, which `byte` must open.
  private mutating func openObject(_ byte: UInt8, level: Int, _ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParsingError) {
    guard byte == Byte.openBrace else {
      let prefix = keys[..<level].joined(separator: ".")
      throw wrongValue(byte, .keyPathNotObject(path: pathText, prefix: prefix, found: Self.describeValue(byte)), buffer)
    }
    try checkDepth(buffer)
    startCounting(isObject: true, buffer)
    consume(byte)
    openObjects += 1
    state = .objectStart
  }

  /// Enters the array, which `byte` must open.
  private mutating func openArray(_ byte: UInt8, _ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParsingError) {
    guard byte == Byte.openBracket else {
      throw wrongValue(byte, .notAnArray(path: pathText, found: Self.describeValue(byte)), buffer)
    }
    try checkDepth(buffer)
    startCounting(isObject: false, buffer)
    consume(byte)
    keepArrayStart()
    state = .arrayStart
  }

  private mutating func closeArray(_ byte: UInt8) {
    if limitsMemberCounts { memberCounts.removeLast() }
    consume(byte)
    state = openObjects == 0 ? .end : .afterMember
  }

  /// Leaves an object of the key path at its `}`; it must have held the next key.
  private mutating func closeObject(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParsingError) {
    let level = openObjects - 1
    guard level >= 0, level < matchedKeys.count, matchedKeys[level] else {
      let key = level >= 0 && level < keys.count ? keys[level] : ""
      throw failureHere(.keyPathNotFound(path: pathText, key: key), buffer)
    }
    if limitsMemberCounts { memberCounts.removeLast() }
    consume(Byte.closeBrace)
    openObjects -= 1
    state = openObjects == 0 ? .end : .afterMember
  }

  /// With ``limitsMemberCounts``, starts counting the members of the container opened at the
  /// cursor.
  private mutating func startCounting(isObject: Bool, _ buffer: UnsafeBufferPointer<UInt8>) {
    guard limitsMemberCounts else { return }
    memberCounts.append((0, failureHere(.memberLimit(isObject: isObject, limit: options.maximumMemberCount), buffer)))
  }

  /// With ``limitsMemberCounts``, counts a member (or element) of the innermost container along
  /// the path, which must not hold more than the parser allows.
  mutating func countMember() throws(JSONParsingError) {
    guard limitsMemberCounts, let last = memberCounts.indices.last else { return }
    memberCounts[last].count += 1
    if memberCounts[last].count > options.maximumMemberCount { throw memberCounts[last].failure }
  }

  /// The parser's depth rule for the containers along the path.
  private func checkDepth(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParsingError) {
    guard openObjects < options.maximumDepth else { throw failureHere(.depthLimit(options.maximumDepth), buffer) }
  }

  /// `kind` for a value of the wrong type, or the parser's error for a byte that starts none.
  private func wrongValue(_ byte: UInt8, _ kind: Kind, _ buffer: UnsafeBufferPointer<UInt8>) -> JSONParsingError {
    Self.startsValue(byte) ? failureHere(kind, buffer) : unexpected(byte, .value, buffer)
  }

  /// Compares a key of an object on the path with the path.
  mutating func match(key: String) throws(JSONParsingError) {
    let level = openObjects - 1
    isOnPath = false
    if keepsSurroundings { memberKey = key }
    guard level >= 0, level < keys.count, key == keys[level] else { return }
    if !matchedKeys[level] {
      matchedKeys[level] = true
      isOnPath = true
    } else if options.duplicateKeys == .reject {
      throw pendingFailure(.duplicateKey(key), atLocalOffset: 0, origin: captureStart)
    }
  }

  var pathText: String {
    if case .array(let path) = layout.shape { return path.text }
    return ""
  }

  // MARK: - Bytes

  static func startsValue(_ byte: UInt8) -> Bool {
    switch byte {
    case Byte.quote, Byte.minus, Byte.zero...Byte.nine, Byte.t, Byte.f, Byte.n, Byte.openBracket, Byte.openBrace: true
    default: false
    }
  }

  /// `an object`, `a string`, ... for the value that `byte` starts.
  static func describeValue(_ byte: UInt8) -> String {
    switch byte {
    case Byte.openBrace: "an object"
    case Byte.openBracket: "an array"
    case Byte.quote: "a string"
    case Byte.t, Byte.f: "a boolean"
    case Byte.n: "null"
    default: "a number"
    }
  }
}
