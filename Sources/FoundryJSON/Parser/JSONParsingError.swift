import FoundryInternals

/// Why and where JSON input was rejected.
///
/// The description prints like a compiler diagnostic:
///
/// ```swift
/// do {
///   _ = try JSONDocument(string: "{\"a\": 1,}", sourceName: "payload.json")
/// } catch {
///   print(error)
///   // error: unexpected character '}' after ','
///   // --> payload.json:1:9
///   //  1 | {"a": 1,}
///   //    |         ^
/// }
/// ```
public struct JSONParsingError: Error, Sendable, Hashable, CustomStringConvertible {
  let kind: Kind
  let location: SourceLocation
  /// The file name shown in ``description``; `nil` prints as `<input>`.
  public var sourceName: String?

  init(_ kind: Kind, location: SourceLocation, sourceName: String?) {
    self.kind = kind
    self.location = location
    self.sourceName = sourceName
  }

  /// What went wrong, in one line, without the location.
  public var message: String { kind.message }
  /// The broad class of the failure, for programmatic handling.
  public var code: Code { kind.code }
  /// Zero-based byte offset of the failure in the input; `nil` for a failure of the whole
  /// input (a file that cannot be read, input over the size limit).
  public var offset: Int? { place?.offset }
  /// One-based line of the failure; `nil` for a failure of the whole input.
  public var line: Int? { place?.line }
  /// One-based column of the failure, in Unicode scalars; `nil` for a failure of the whole input.
  public var column: Int? { place?.column }

  /// Where the failure is, or `nil` for a failure of the whole input: never invented.
  var place: SourceLocation? {
    switch kind {
    case .unreadable, .sizeLimit: nil
    default: location
    }
  }

  /// The compiler-style rendering: message, `--> file:line:column`, the line and a caret.
  public var description: String { description(namingOption: { "set \($0)" }) }

  /// The rendering, with `namingOption` saying how to turn on the option that would accept
  /// what was refused, by its property name, and `namingLimit` how to name a limit that was
  /// crossed (`maximumNumberLength`): the command line names its flags instead.
  ///
  /// ```swift
  /// error.description(namingOption: { $0 == "allowsComments" ? "pass --allow-comments" : "set \($0)" })
  /// // error: comments are not allowed (pass --allow-comments to accept them)
  /// ```
  package func description(namingOption: (String) -> String, namingLimit: (String) -> String = { $0 }) -> String {
    let message = kind.message(namingOption: namingOption, namingLimit: namingLimit)
    guard let place else { return Diagnostic.render(message: message, sourceName: sourceName) }
    return Diagnostic.render(message: message, location: place, sourceName: sourceName)
  }

  /// The broad class of a ``JSONParsingError``.
  ///
  /// ```swift
  /// catch let error as JSONParsingError where error.code == .invalidUTF8 { ... }
  /// ```
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    public let description: String
    /// The input ended before the value did.
    public static let unexpectedEndOfInput = Code(description: "unexpectedEndOfInput")
    /// A byte that cannot stand where it was found.
    public static let unexpectedCharacter = Code(description: "unexpectedCharacter")
    /// A number that breaks the RFC 8259 grammar (leading zeros, a lone `-`, ...).
    public static let invalidNumber = Code(description: "invalidNumber")
    /// A bad literal (`tru`, `nul`).
    public static let invalidLiteral = Code(description: "invalidLiteral")
    /// A string with a control character, a bad escape or an unpaired surrogate.
    public static let invalidString = Code(description: "invalidString")
    /// Bytes that are not well-formed UTF-8.
    public static let invalidUTF8 = Code(description: "invalidUTF8")
    /// Nesting deeper than ``JSONParsingOptions/maximumDepth``.
    public static let depthLimitExceeded = Code(description: "depthLimitExceeded")
    /// Input larger than ``JSONParsingOptions/maximumInputSize``.
    public static let sizeLimitExceeded = Code(description: "sizeLimitExceeded")
    /// A number longer than ``JSONParsingOptions/maximumNumberLength`` or a string longer than
    /// ``JSONParsingOptions/maximumStringLength``.
    public static let lengthLimitExceeded = Code(description: "lengthLimitExceeded")
    /// An array or object holding more than ``JSONParsingOptions/maximumMemberCount`` values.
    public static let memberLimitExceeded = Code(description: "memberLimitExceeded")
    /// A repeated key under ``JSONParsingOptions/DuplicateKeyPolicy/reject``.
    public static let duplicateKey = Code(description: "duplicateKey")
    /// A file that could not be read.
    public static let unreadableInput = Code(description: "unreadableInput")
    /// A streamed key path that names no member, or walks through a value that is not an object.
    public static let keyPathNotFound = Code(description: "keyPathNotFound")
    /// A streamed key path (or the top level) that holds something other than an array.
    public static let notAnArray = Code(description: "notAnArray")
  }
}

extension JSONParsingError {
  /// The internal reason; its cases carry just enough to build the message.
  enum Kind: Sendable, Hashable {
    case endOfInput(EndContext)
    case unexpected(UInt8, UnexpectedContext)
    case commentsNotAllowed
    case unterminatedComment
    case byteOrderMarkNotAllowed
    case unicodeInput(UnicodeForm)
    case invalidNumber(NumberProblem)
    case invalidLiteral(String)
    case controlCharacter(UInt8)
    case invalidEscape(UInt8)
    case invalidUnicodeEscape
    case loneSurrogate(UInt16)
    case invalidUTF8(UTF8Problem)
    case depthLimit(Int)
    case sizeLimit(size: Int, limit: Int)
    case duplicateKey(String)
    case unreadable(path: String, reason: String)
    case elementSizeLimit(Int)
    case numberLengthLimit(length: Int, limit: Int)
    case stringLengthLimit(length: Int, limit: Int)
    case memberLimit(isObject: Bool, limit: Int)
    case keyPathNotFound(path: String, key: String)
    case keyPathNotObject(path: String, prefix: String, found: String)
    case notAnArray(path: String, found: String)

    enum EndContext: Sendable, Hashable {
      case value, afterComma, array, object, key, colon, string, number
    }
    enum UnexpectedContext: Sendable, Hashable {
      case value, afterComma, afterArrayElement, afterObjectMember, key, colon, afterTopLevel
    }
    enum NumberProblem: Sendable, Hashable {
      case leadingZero, digitAfterMinus, digitAfterPoint, digitInExponent
    }
    /// A Unicode encoding other than UTF-8, named by a byte order mark.
    enum UnicodeForm: String, Sendable, Hashable {
      case utf16BigEndian = "UTF-16 big-endian"
      case utf16LittleEndian = "UTF-16 little-endian"
      case utf32BigEndian = "UTF-32 big-endian"
      case utf32LittleEndian = "UTF-32 little-endian"

      /// The encoding the byte order mark at the start of `bytes` names, when it is not UTF-8's;
      /// `FF FE 00 00` is UTF-32 (as UTF-16 it would start with a NUL, which JSON cannot hold).
      static func marked(by bytes: some Collection<UInt8>) -> UnicodeForm? {
        var iterator = bytes.makeIterator()
        let first = iterator.next(), second = iterator.next(), third = iterator.next(), fourth = iterator.next()
        switch (first, second) {
        case (0xFE, 0xFF): return .utf16BigEndian
        case (0xFF, 0xFE): return third == 0 && fourth == 0 ? .utf32LittleEndian : .utf16LittleEndian
        case (0, 0): return third == 0xFE && fourth == 0xFF ? .utf32BigEndian : nil
        default: return nil
        }
      }
    }
    enum UTF8Problem: Sendable, Hashable {
      case continuation(UInt8), overlong, surrogate, aboveMaximum, neverValid(UInt8), truncated
    }

    var code: Code {
      switch self {
      case .endOfInput, .unterminatedComment: .unexpectedEndOfInput
      case .unexpected, .commentsNotAllowed, .byteOrderMarkNotAllowed, .unicodeInput: .unexpectedCharacter
      case .invalidNumber: .invalidNumber
      case .invalidLiteral: .invalidLiteral
      case .controlCharacter, .invalidEscape, .invalidUnicodeEscape, .loneSurrogate: .invalidString
      case .invalidUTF8: .invalidUTF8
      case .depthLimit: .depthLimitExceeded
      case .sizeLimit, .elementSizeLimit: .sizeLimitExceeded
      case .numberLengthLimit, .stringLengthLimit: .lengthLimitExceeded
      case .memberLimit: .memberLimitExceeded
      case .keyPathNotFound, .keyPathNotObject: .keyPathNotFound
      case .notAnArray: .notAnArray
      case .duplicateKey: .duplicateKey
      case .unreadable: .unreadableInput
      }
    }

    var message: String { message(namingOption: { "set \($0)" }) }

    /// The message, with `namingOption` saying how to turn on the option (by its property name,
    /// `allowsComments`) that would accept what was refused, and `namingLimit` how to name a
    /// limit (`maximumNumberLength`) that was crossed.
    func message(namingOption: (String) -> String, namingLimit: (String) -> String = { $0 }) -> String {
      switch self {
      case .endOfInput(let context):
        switch context {
        case .value: return "unexpected end of input, expected a value"
        case .afterComma: return "unexpected end of input after ','"
        case .array: return "unexpected end of input in array, expected ',' or ']'"
        case .object: return "unexpected end of input in object, expected ',' or '}'"
        case .key: return "unexpected end of input, expected a string key"
        case .colon: return "unexpected end of input, expected ':'"
        case .string: return "unexpected end of input in string"
        case .number: return "unexpected end of input in number"
        }
      case .unexpected(let byte, let context):
        let found = Self.describe(byte)
        switch context {
        case .value: return "unexpected \(found), expected a value"
        case .afterComma: return "unexpected \(found) after ','"
        case .afterArrayElement: return "expected ',' or ']' after array element, found \(found)"
        case .afterObjectMember: return "expected ',' or '}' after object member, found \(found)"
        case .key: return "expected a string key, found \(found)"
        case .colon: return "expected ':' after object key, found \(found)"
        case .afterTopLevel: return "unexpected \(found) after the top-level value"
        }
      case .commentsNotAllowed: return "comments are not allowed (\(namingOption("allowsComments")) to accept them)"
      case .unterminatedComment: return "unexpected end of input in comment"
      case .byteOrderMarkNotAllowed:
        return "byte order mark is not allowed (\(namingOption("allowsByteOrderMark")) to skip it)"
      case .unicodeInput(let form):
        return "input starts with a \(form.rawValue) byte order mark; JSON must be UTF-8"
      case .invalidNumber(let problem):
        switch problem {
        case .leadingZero: return "invalid number: leading zeros are not allowed"
        case .digitAfterMinus: return "invalid number: expected a digit after '-'"
        case .digitAfterPoint: return "invalid number: expected a digit after '.'"
        case .digitInExponent: return "invalid number: expected a digit in the exponent"
        }
      case .invalidLiteral(let expected): return "invalid literal, expected '\(expected)'"
      case .controlCharacter(let byte): return "unescaped control character \(Self.scalarName(byte)) in string"
      case .invalidEscape(let byte):
        if byte >= 0x21 && byte <= 0x7E {
          return "invalid escape sequence '\\\(Character(Unicode.Scalar(byte)))' in string"
        } else {
          return "invalid escape sequence in string: '\\' followed by \(Self.describe(byte))"
        }
      case .invalidUnicodeEscape: return "invalid unicode escape, expected 4 hex digits after '\\u'"
      case .loneSurrogate(let unit): return "unpaired UTF-16 surrogate \\u\(Self.hex(unit, digits: 4)) in string"
      case .invalidUTF8(let problem):
        switch problem {
        case .continuation(let byte): return "invalid UTF-8: unexpected continuation byte 0x\(Self.hex(byte, digits: 2))"
        case .overlong: return "invalid UTF-8: overlong encoding"
        case .surrogate: return "invalid UTF-8: encoded UTF-16 surrogate"
        case .aboveMaximum: return "invalid UTF-8: code point above U+10FFFF"
        case .neverValid(let byte): return "invalid UTF-8: byte 0x\(Self.hex(byte, digits: 2)) never appears in UTF-8"
        case .truncated: return "invalid UTF-8: truncated sequence"
        }
      case .depthLimit(let limit): return "nesting depth exceeds the limit of \(limit)"
      case .sizeLimit(let size, let limit): return "input of \(size) bytes exceeds the limit of \(limit) bytes"
      case .duplicateKey(let key): return "duplicate key \"\(key)\" in object"
      case .unreadable(let path, let reason): return "cannot read '\(path)': \(reason)"
      case .elementSizeLimit(let limit): return "element exceeds the limit of \(limit) bytes (maximumElementSize)"
      case .numberLengthLimit(let length, let limit):
        return "number of \(length) bytes exceeds the limit of \(limit) bytes (\(namingLimit("maximumNumberLength")))"
      case .stringLengthLimit(let length, let limit):
        return "string of \(length) bytes exceeds the limit of \(limit) bytes (\(namingLimit("maximumStringLength")))"
      case .memberLimit(let isObject, let limit):
        return isObject
          ? "object has more than \(limit) members (\(namingLimit("maximumMemberCount")))"
          : "array has more than \(limit) elements (\(namingLimit("maximumMemberCount")))"
      case .keyPathNotFound(let path, let key): return "key path '\(path)' not found: the object has no member '\(key)'"
      case .keyPathNotObject(let path, let prefix, let found):
        let owner = prefix.isEmpty ? "the top-level value" : "'\(prefix)'"
        return "key path '\(path)' not found: \(owner) is \(found), not an object"
      case .notAnArray(let path, let found):
        return path.isEmpty ? "expected a top-level array, found \(found)" : "expected an array at key path '\(path)', found \(found)"
      }
    }

    /// `character 'x'` for printable ASCII, `character U+0007` for controls, `byte 0xE9` beyond.
    static func describe(_ byte: UInt8) -> String {
      if byte >= 0x21 && byte <= 0x7E { return "character '\(Character(Unicode.Scalar(byte)))'" }
      if byte < 0x80 { return "character \(scalarName(byte))" }
      return "byte 0x\(hex(byte, digits: 2))"
    }

    static func scalarName(_ byte: UInt8) -> String { "U+\(hex(byte, digits: 4))" }

    static func hex<T: BinaryInteger>(_ value: T, digits: Int) -> String {
      let text = String(value, radix: 16, uppercase: true)
      return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
  }
}

extension JSONParsingError: UnreadableInputError {
  /// `cannot read 'path': reason`, with code ``Code/unreadableInput``, located at the start.
  public init(_unreadable path: String, reason: String) {
    self.init(.unreadable(path: path, reason: reason), location: .start, sourceName: path)
  }

  /// The chunk size of a file read without one: ``JSONStreamOptions/bufferSize``.
  public static var _fileChunkSize: Int { JSONStreamOptions().bufferSize }
}
