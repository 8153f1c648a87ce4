import FoundryInternals

/// Finds where the pieces of XML markup begin and end in input that arrives in chunks, so that
/// ``XMLElementScanner`` can cut the input at element boundaries without parsing it.
///
/// It knows only what delimits: quotes inside tags, comments, processing instructions, CDATA
/// sections and the document type declaration (with the comments, instructions and literals of
/// its internal subset). Everything it delimits is checked afterwards by ``XMLScanner``; for
/// malformed input it only has to stop somewhere, and the parser then says what is wrong.
struct XMLMarkupLexer: Sendable {
  /// The kinds of markup.
  enum Kind: Sendable, Hashable {
    case startTag, endTag, comment, processingInstruction, cdata, doctype
    /// `<!` followed by anything else, or `<` followed by a character no markup starts with.
    case other
  }

  /// What ``scan(_:from:)`` stopped for.
  enum Event: Sendable, Hashable {
    /// A `<` is next (not consumed); the text before it, if any, is complete.
    case markup
    /// The markup ended (after its `>`); `isEmptyElement` for a start tag that ends in `/>`.
    case ended(Kind, isEmptyElement: Bool)
    /// A `<` inside a tag or a declaration, where none may stand (not consumed).
    case malformed
  }

  enum State: Sendable, Hashable {
    case text
    /// At a `<` reported by ``Event/markup``, not consumed yet.
    case lessThan
    /// Just after `<`.
    case open
    /// After `<!` and `matched` bytes of `target` (`--`, `[CDATA[` or `DOCTYPE`).
    case bang(target: Kind?, matched: Int)
    case tag(Kind, quote: UInt8, afterSlash: Bool)
    case processingInstruction(afterQuestionMark: Bool)
    case comment(dashes: Int)
    case cdata(brackets: Int)
    case doctype(Doctype)
  }

  /// Where a document type declaration is: literals, its internal subset, and comments and
  /// instructions there.
  struct Doctype: Sendable, Hashable {
    var quote: UInt8 = 0
    var isInSubset = false
    /// The last bytes of the subset, to see `<!--` and `<?` arrive.
    var recent: UInt32 = 0
    var inComment = false
    var inInstruction = false
    var dashes = 0
    var afterQuestionMark = false
  }

  var state = State.text

  /// Whether the lexer is in text (or between pieces of markup), not inside markup.
  var isInText: Bool { state == .text || state == .lessThan }

  /// Whether the lexer is inside a start tag.
  var isInStartTag: Bool {
    if case .tag(.startTag, _, _) = state { return true }
    return false
  }

  /// Reads from `start` until something happens or the buffer ends.
  ///
  /// - Returns: The index after the bytes consumed and what happened there, or the end of the
  ///   buffer and `nil` when it ran out first.
  mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, event: Event?) {
    var index = start
    let count = buffer.count
    while index < count {
      let byte = buffer[index]
      switch state {
      case .text:
        guard let lessThan = ByteSearch.firstIndex(of: Ascii.lessThan, or: Ascii.lessThan, in: buffer, from: index) else {
          return (count, nil)
        }
        state = .lessThan
        return (lessThan, .markup)
      case .lessThan:
        state = .open
        index += 1
      case .open:
        // The byte after `<` tells the kind; it is read again in that state unless it told.
        if open(byte) { index += 1 }
      case .bang(let target, let matched):
        if bang(byte, target: target, matched: matched) { index += 1 }
      case .tag(let kind, var quote, var afterSlash):
        // The hot loop of a start tag: from one stop (`>`, `<`, a quote) to the next and
        // through each literal a word at a time. `afterSlash`: the byte before is a `/`
        // outside a literal (the last of a buffer, for the next).
        while index < count {
          if quote != 0 {
            guard let stop = ByteSearch.firstIndex(of: quote, or: Ascii.lessThan, in: buffer, from: index) else {
              index = count
              break
            }
            guard buffer[stop] == quote else {
              state = .tag(kind, quote: quote, afterSlash: false)
              return (stop, .malformed)
            }
            quote = 0
            afterSlash = false
            index = stop + 1
            continue
          }
          guard
            let stop = ByteSearch.firstIndex(
              ofAny: Ascii.greaterThan, Ascii.lessThan, Ascii.quote, Ascii.apostrophe, in: buffer, from: index)
          else {
            afterSlash = buffer[count - 1] == Ascii.slash
            index = count
            break
          }
          if stop > index { afterSlash = buffer[stop - 1] == Ascii.slash }
          let byte = buffer[stop]
          switch byte {
          case Ascii.greaterThan:
            state = .text
            return (stop + 1, .ended(kind, isEmptyElement: kind == .startTag && afterSlash))
          case Ascii.lessThan:
            state = .tag(kind, quote: 0, afterSlash: afterSlash)
            return (stop, .malformed)
          default:
            quote = byte
            afterSlash = false
          }
          index = stop + 1
        }
        state = .tag(kind, quote: quote, afterSlash: afterSlash)
      case .processingInstruction(let afterQuestionMark):
        return close(.processingInstruction, buffer, from: index, carried: afterQuestionMark ? 1 : 0)
      case .comment(let dashes):
        return close(.comment, buffer, from: index, carried: dashes)
      case .cdata(let brackets):
        return close(.cdata, buffer, from: index, carried: brackets)
      case .doctype(var doctype):
        let outcome = doctype.read(byte)
        state = .doctype(doctype)
        index += 1
        switch outcome {
        case .more: continue
        case .ended:
          state = .text
          return (index, .ended(.doctype, isEmptyElement: false))
        case .malformed:
          return (index - 1, .malformed)
        }
      }
    }
    return (count, nil)
  }

  /// Reads on in a comment, CDATA section or processing instruction (`kind`) to its end or
  /// the buffer's; `carried`: the bytes of its closer that ended the last buffer.
  private mutating func close(_ kind: Kind, _ buffer: UnsafeBufferPointer<UInt8>, from index: Int, carried: Int) -> (end: Int, event: Event?) {
    let (byte, length) =
      switch kind {
      case .processingInstruction: (Ascii.questionMark, 1)
      case .comment: (Ascii.hyphen, 2)
      default: (Ascii.closeBracket, 2)
      }
    let (end, trailing) = Self.closer(byte, length: length, in: buffer, from: index, carried: carried)
    guard let end else {
      switch kind {
      case .processingInstruction: state = .processingInstruction(afterQuestionMark: trailing == 1)
      case .comment: state = .comment(dashes: trailing)
      default: state = .cdata(brackets: trailing)
      }
      return (buffer.count, nil)
    }
    state = .text
    return (end, .ended(kind, isEmptyElement: false))
  }

  /// Finds the `>` that ends a comment (`-->`), CDATA section (`]]>`) or processing
  /// instruction (`?>`): the first `>` after `length` bytes equal to `byte`, counting the
  /// `carried` ones that ended the last buffer.
  ///
  /// - Returns: The index after the `>`, or `nil` and how many `byte`s (up to `length`) end
  ///   the buffer, for the next.
  private static func closer(
    _ byte: UInt8, length: Int, in buffer: UnsafeBufferPointer<UInt8>, from start: Int, carried: Int
  ) -> (end: Int?, trailing: Int) {
    var from = start
    var carried = carried
    while let stop = ByteSearch.firstIndex(of: Ascii.greaterThan, or: Ascii.greaterThan, in: buffer, from: from) {
      if run(of: byte, in: buffer, from: from, to: stop, carried: carried, limit: length) >= length { return (stop + 1, 0) }
      carried = 0
      from = stop + 1
    }
    return (nil, run(of: byte, in: buffer, from: from, to: buffer.count, carried: carried, limit: length))
  }

  /// How many bytes equal to `byte` end `buffer[start..<end]`, up to `limit`; when all of
  /// them do, the `carried` ones before `start` count on.
  private static func run(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, carried: Int, limit: Int) -> Int {
    var count = 0
    var index = end
    while index > start, count < limit, buffer[index - 1] == byte {
      count += 1
      index -= 1
    }
    return index == start ? min(limit, count + carried) : count
  }

  /// Reads the byte after `<`, which tells the kind; whether it was consumed (a byte that
  /// starts no markup is read again as part of an unknown kind's tag).
  private mutating func open(_ byte: UInt8) -> Bool {
    switch byte {
    case Ascii.slash:
      state = .tag(.endTag, quote: 0, afterSlash: false)
    case Ascii.questionMark:
      state = .processingInstruction(afterQuestionMark: false)
    case Ascii.exclamationMark:
      state = .bang(target: nil, matched: 0)
    default:
      guard Self.mayStartName(byte) else {
        state = .tag(.other, quote: 0, afterSlash: false)
        return false
      }
      state = .tag(.startTag, quote: 0, afterSlash: false)
    }
    return true
  }

  /// Matches the bytes after `<!`; whether `byte` was consumed (not when it tells the markup
  /// is of no known kind).
  private mutating func bang(_ byte: UInt8, target: Kind?, matched: Int) -> Bool {
    var target = target
    if target == nil {
      switch byte {
      case Ascii.hyphen: target = .comment
      case Ascii.openBracket: target = .cdata
      case UInt8(ascii: "D"): target = .doctype
      default:
        state = .tag(.other, quote: 0, afterSlash: false)
        return false
      }
    }
    let kind = target ?? .other
    let word = Self.opener(of: kind)
    guard matched < word.count, word[matched] == byte else {
      state = .tag(.other, quote: 0, afterSlash: false)
      return false
    }
    guard matched + 1 == word.count else {
      state = .bang(target: kind, matched: matched + 1)
      return true
    }
    switch kind {
    case .comment: state = .comment(dashes: 0)
    case .cdata: state = .cdata(brackets: 0)
    default: state = .doctype(Doctype())
    }
    return true
  }

  private static let commentOpener = Array("--".utf8)
  private static let cdataOpener = Array("[CDATA[".utf8)
  private static let doctypeOpener = Array("DOCTYPE".utf8)

  private static func opener(of kind: Kind) -> [UInt8] {
    switch kind {
    case .comment: commentOpener
    case .cdata: cdataOpener
    default: doctypeOpener
    }
  }

  /// Whether `byte` may begin a name: a letter, `_`, `:`, or any non-ASCII byte (the parser
  /// checks the character itself).
  static func mayStartName(_ byte: UInt8) -> Bool {
    byte >= 0x80 || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
  }
}

extension XMLMarkupLexer.Doctype {
  enum Outcome { case more, ended, malformed }

  /// Reads one byte of a document type declaration after `<!DOCTYPE`.
  mutating func read(_ byte: UInt8) -> Outcome {
    if quote != 0 {
      if byte == quote { quote = 0 }
      return .more
    }
    guard isInSubset else {
      switch byte {
      case Ascii.quote, Ascii.apostrophe: quote = byte
      case Ascii.openBracket: isInSubset = true
      case Ascii.greaterThan: return .ended
      case Ascii.lessThan: return .malformed
      default: break
      }
      return .more
    }
    if inComment {
      if byte == Ascii.greaterThan, dashes >= 2 { inComment = false }
      dashes = byte == Ascii.hyphen ? dashes + 1 : 0
      return .more
    }
    if inInstruction {
      if byte == Ascii.greaterThan, afterQuestionMark { inInstruction = false }
      afterQuestionMark = byte == Ascii.questionMark
      return .more
    }
    recent = recent << 8 | UInt32(byte)
    if recent == 0x3C21_2D2D {  // "<!--"
      inComment = true
      dashes = 0
      recent = 0
    } else if recent & 0xFFFF == 0x3C3F {  // "<?"
      inInstruction = true
      afterQuestionMark = false
      recent = 0
    } else if byte == Ascii.quote || byte == Ascii.apostrophe {
      quote = byte
    } else if byte == Ascii.closeBracket {
      isInSubset = false
    }
    return .more
  }
}

/// The ASCII bytes the stream lexer and scanner look for.
enum Ascii {
  static let lessThan = UInt8(ascii: "<")
  static let greaterThan = UInt8(ascii: ">")
  static let slash = UInt8(ascii: "/")
  static let questionMark = UInt8(ascii: "?")
  static let exclamationMark = UInt8(ascii: "!")
  static let hyphen = UInt8(ascii: "-")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")
  static let quote = UInt8(ascii: "\"")
  static let apostrophe = UInt8(ascii: "'")
}
