import FoundryInternals
import FoundryJSON

/// Why a value could not be mapped, and exactly where: the path in the document, the expected
/// type, what was found, and the place in the source text.
///
/// ```
/// error: $.statuses[3].user.created_at: expected Date in format "EEE MMM dd HH:mm:ss Z yyyy", found string "yesterday"
/// --> twitter.json:812:27
///  812 |       "created_at": "yesterday",
///      |                     ^
/// ```
public struct MappingError: Error, CustomStringConvertible, @unchecked Sendable {
  // @unchecked: `underlying` is an `any Error` that is only read, never mutated.

  /// The broad class of the failure.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    public let description: String
    /// A required key is missing, or holds `null` ("required value is null").
    public static let keyNotFound = Code(description: "keyNotFound")
    /// The value has the wrong JSON type, or a coercion is not allowed.
    public static let typeMismatch = Code(description: "typeMismatch")
    /// The value has the right type but not an acceptable value (a bad date, a bad URL, ...).
    public static let invalidValue = Code(description: "invalidValue")
    /// The object has keys no field maps, under ``UnknownKeyPolicy/reject``.
    public static let unknownKeys = Code(description: "unknownKeys")
    /// A validator or the `didMap` hook rejected the value.
    public static let validationFailed = Code(description: "validationFailed")
    /// The document itself is malformed.
    public static let malformedDocument = Code(description: "malformedDocument")
    /// A payload names no case of a variant enum (see ``VariantReader``).
    public static let unknownVariant = Code(description: "unknownVariant")
    /// A ``MappingFactory`` skipped a value that had to be there.
    public static let skipped = Code(description: "skipped")
  }

  /// The broad class of the failure.
  public let code: Code
  /// What the field needed, e.g. `Int` or `Date in format "yyyy-MM-dd"`.
  public let expected: String?
  /// What was there, e.g. `string "yesterday"`; `nil` for a missing key.
  public let found: String?
  /// A sentence for failures that are not type mismatches.
  public package(set) var reason: String?
  /// The error behind this one (a parsing error, a validator's error).
  public let underlying: (any Error)?
  /// Zero-based byte offset in the source document, when known.
  public internal(set) var offset: Int?
  /// One-based line and column in the source document, when known.
  public internal(set) var line: Int?
  public internal(set) var column: Int?
  /// The file name shown in ``description``.
  public var sourceName: String?

  /// Components from the innermost outwards; built cheaply while an error travels up.
  var reversedPath: [MappingPath.Component] = []
  var excerpt: SourceLocation?
  /// A complete rendering taken over from a parsing error.
  var rendered: String?

  @usableFromInline
  package init(code: Code, expected: String? = nil, found: String? = nil, reason: String? = nil, underlying: (any Error)? = nil, offset: Int? = nil) {
    self.code = code
    self.expected = expected
    self.found = found
    self.reason = reason
    self.underlying = underlying
    self.offset = offset
  }

  /// Adds `note` to the reason: what the caller knows that the reader did not (the model's
  /// view of the field).
  package mutating func addNote(_ note: String) {
    reason = reason.map { "\($0); \(note)" } ?? note
  }

  /// Places the error at `offset` of the source document, with no line and column yet: for an
  /// error met in a document made from the source (a payload a transformer rewrote), which
  /// belongs at the place that document came from.
  package mutating func relocate(to offset: Int?) {
    self.offset = offset
    line = nil
    column = nil
    excerpt = nil
  }

  /// The path from the root, e.g. `$.statuses[3].user.created_at`.
  public var path: MappingPath { MappingPath(components: reversedPath.reversed()) }

  /// What went wrong, in one line, with the path.
  public var message: String {
    var text = "\(path): "
    if code == .keyNotFound, let reason, let expected { return text + "\(reason), expected \(expected)" }
    if let expected {
      text += "expected \(expected)"
      if let found { text += ", found \(found)" }
      if let reason { text += " (\(reason))" }
    } else {
      text += reason ?? "invalid value"
    }
    return text
  }

  /// The compiler-style rendering: message, `--> file:line:column`, the line and a caret.
  public var description: String {
    if let rendered { return rendered }
    guard let excerpt else { return "error: \(message)" }
    return Diagnostic.render(message: message, location: excerpt, sourceName: sourceName)
  }

  /// An error for your own validators and `didMap` hooks.
  ///
  /// ```swift
  /// guard age >= 0 else { throw MappingError.invalid("age must not be negative") }
  /// ```
  /// - Parameters:
  ///   - reason: What is wrong, in words the message shows.
  public static func invalid(_ reason: String) -> MappingError {
    MappingError(code: .validationFailed, reason: reason)
  }

  /// `error` itself when it is a `MappingError`; otherwise an `invalidValue` error at `value`
  /// that carries it as ``underlying``.
  package static func wrapping(_ error: any Error, at value: ValueReader) -> MappingError {
    if let mapping = error as? MappingError { return mapping }
    return MappingError(code: .invalidValue, reason: String(describing: error), underlying: error, offset: value.node.byteOffset)
  }

  /// A failure of a validator or `didMap` hook at `value`.
  @usableFromInline
  static func validation(_ error: any Error, at value: ValueReader) -> MappingError {
    if var mapping = error as? MappingError {
      if mapping.offset == nil { mapping.offset = value.node.byteOffset }
      return mapping
    }
    return MappingError(code: .validationFailed, reason: String(describing: error), underlying: error, offset: value.node.byteOffset)
  }

  /// Adds the component the error passed through on its way up.
  /// Whether `error` says a ``MappingFactory`` skipped the value (code `.skipped`).
  package static func isSkip(_ error: any Error) -> Bool {
    (error as? MappingError)?.code == .skipped
  }

  /// Whether `error` is a cancellation (a `CancellationError` from a hook, a transformer or the
  /// import's own check), as thrown or as the layers it passed through wrapped it: lossy
  /// decoding never absorbs one.
  package static func isCancellation(_ error: any Error) -> Bool {
    error is CancellationError || (error as? MappingError)?.underlying is CancellationError
  }

  /// `CancellationError` when this error wraps one, else the error itself: what an import
  /// throws, so that a cancelled caller sees the cancellation.
  package var unwrappingCancellation: any Error {
    underlying is CancellationError ? CancellationError() : self
  }

  package mutating func prepend(_ component: MappingPath.Component) {
    reversedPath.append(component)
  }
}

/// The path of a value from the document root: `$.statuses[3].user.created_at`.
public struct MappingPath: Sendable, Hashable, CustomStringConvertible {
  /// One step: an object key or an array index.
  public enum Component: Sendable, Hashable {
    case key(String)
    case index(Int)
  }

  /// The steps from the root.
  public var components: [Component]

  /// A path from its steps: `MappingPath(components: [.key("users"), .index(3)])` is `$.users[3]`.
  /// - Parameters:
  ///   - components: The steps from the root: keys and indices.
  public init(components: [Component]) { self.components = components }

  /// `$` for the root, `.key` for plain keys, `["odd key"]` for others, `[3]` for indexes.
  public var description: String {
    var text = "$"
    for component in components {
      switch component {
      case .index(let index): text += "[\(index)]"
      case .key(let key):
        if Self.isPlain(key) { text += ".\(key)" } else { text += "[\"\(key.replacingQuotes())\"]" }
      }
    }
    return text
  }

  private static func isPlain(_ key: String) -> Bool {
    guard let first = key.unicodeScalars.first, !(first.properties.numericType != nil) else { return false }
    return key.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType != nil }
  }
}

extension String {
  fileprivate func replacingQuotes() -> String {
    var result = ""
    for character in self {
      if character == "\"" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result
  }
}
