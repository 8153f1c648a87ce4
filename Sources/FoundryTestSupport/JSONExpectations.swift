import FoundryJSON
import Testing

// Helpers for the JSON reader's tests. Each one takes the caller's `sourceLocation`, so a
// failure is reported on the line of the test that called it, not here.

// MARK: - Parsing

/// Parses `json` and returns the document; records an issue and throws when it is rejected.
///
/// ```swift
/// let document = try expectParses(#"{"a": [1, 2]}"#)
/// #expect(document.root["a"]?.count == 2)
/// ```
///
/// - Throws: The `#require` failure when `json` is rejected; the issue names the error.
@discardableResult
public func expectParses(
  _ json: String,
  options: JSONParsingOptions = .init(),
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> JSONDocument {
  try require({ try JSONDocument(string: json, options: options) }, json.debugDescription, sourceLocation)
}

/// Parses raw bytes (for input that is not valid UTF-8) and returns the document.
@discardableResult
public func expectParses(
  bytes: [UInt8],
  options: JSONParsingOptions = .init(),
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> JSONDocument {
  try require({ try JSONDocument(bytes: bytes, options: options) }, hex(bytes), sourceLocation)
}

/// Parses `json` and checks the materialized value against `expected`.
///
/// ```swift
/// try expectValue(#"{"a": [1, null]}"#, ["a": [1, nil]])
/// ```
public func expectValue(
  _ json: String,
  _ expected: JSONValue,
  options: JSONParsingOptions = .init(),
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  let document = try expectParses(json, options: options, sourceLocation: sourceLocation)
  #expect(document.value == expected, "\(json.debugDescription)", sourceLocation: sourceLocation)
}

private func require(
  _ parse: () throws -> JSONDocument,
  _ input: String,
  _ sourceLocation: Testing.SourceLocation
) throws -> JSONDocument {
  do {
    return try parse()
  } catch {
    let document: JSONDocument? = nil
    return try #require(document, "expected \(input) to parse, but:\n\(error)", sourceLocation: sourceLocation)
  }
}

// MARK: - Errors

/// Checks that `input` (JSON text, or raw bytes) is rejected, with exactly `message` and, when
/// given, the code and place.
///
/// ```swift
/// expectParseError("[1,]", message: "unexpected character ']' after ','", line: 1, column: 4, code: .unexpectedCharacter)
/// expectParseError([0x5B, 0xFF, 0x5D], message: "unexpected byte 0xFF, expected a value", offset: 1)
/// ```
///
/// - Returns: The error, for further checks; `nil` (with an issue recorded) when `input` parsed.
@discardableResult
public func expectParseError(
  _ input: some JSONTestInput,
  options: JSONParsingOptions = .init(),
  message: String,
  line: Int? = nil,
  column: Int? = nil,
  offset: Int? = nil,
  code: JSONParsingError.Code? = nil,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> JSONParsingError? {
  let error = parseError({ try input.parsedAsJSON(options: options) }, input.jsonIssueDescription, sourceLocation)
  check(error, message: message, line: line, column: column, offset: offset, code: code, sourceLocation)
  return error
}

/// What ``expectParseError(_:options:message:line:column:offset:code:sourceLocation:)`` parses:
/// JSON text (`String`) or raw bytes (`[UInt8]`).
///
/// ```swift
/// expectParseError([0xEF, 0xBB, 0xBF], message: "unexpected end of input, expected a value")
/// ```
public protocol JSONTestInput {
  /// The input parsed under `options`.
  func parsedAsJSON(options: JSONParsingOptions) throws -> JSONDocument
  /// The input as issue messages show it.
  var jsonIssueDescription: String { get }
}

extension String: JSONTestInput {
  /// Parses the text.
  public func parsedAsJSON(options: JSONParsingOptions) throws -> JSONDocument { try JSONDocument(string: self, options: options) }
  /// The text, quoted and escaped.
  public var jsonIssueDescription: String { debugDescription }
}

extension Array: JSONTestInput where Element == UInt8 {
  /// Parses the bytes.
  public func parsedAsJSON(options: JSONParsingOptions) throws -> JSONDocument { try JSONDocument(bytes: self, options: options) }
  /// The bytes in hexadecimal (`bytes 5B 22`).
  public var jsonIssueDescription: String { hex(self) }
}

private func parseError(
  _ parse: () throws -> JSONDocument,
  _ input: String,
  _ sourceLocation: Testing.SourceLocation
) -> JSONParsingError? {
  do {
    _ = try parse()
    Issue.record("expected \(input) to be rejected, but it parsed", sourceLocation: sourceLocation)
  } catch let error as JSONParsingError {
    return error
  } catch {
    Issue.record("expected a JSONParsingError for \(input), got \(error)", sourceLocation: sourceLocation)
  }
  return nil
}

private func check(
  _ error: JSONParsingError?,
  message: String,
  line: Int?,
  column: Int?,
  offset: Int?,
  code: JSONParsingError.Code?,
  _ sourceLocation: Testing.SourceLocation
) {
  guard let error else { return }
  #expect(error.message == message, sourceLocation: sourceLocation)
  if let line { #expect(error.line == line, "line", sourceLocation: sourceLocation) }
  if let column { #expect(error.column == column, "column", sourceLocation: sourceLocation) }
  if let offset { #expect(error.offset == offset, "offset", sourceLocation: sourceLocation) }
  if let code { #expect(error.code == code, "code", sourceLocation: sourceLocation) }
}

/// `[0x5B, 0x22]` as `bytes 5B 22`, for issue messages.
func hex(_ bytes: [UInt8]) -> String {
  let shown = bytes.prefix(64).map { byte in
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
  }
  return "bytes " + shown.joined(separator: " ") + (bytes.count > 64 ? " ..." : "")
}

// MARK: - Results

/// Runs a parse and returns its outcome as a `Result` typed with ``JSONParsingError``.
///
/// `JSONDocument`'s initializers are declared `throws`; this adapter lets tests switch over
/// the outcome. Any other error is a broken contract and is recorded as an issue.
///
/// ```swift
/// if case .failure(let error) = parsing({ try JSONDocument(string: "[1,]") }) { print(error.message) }
/// ```
public func parsing(
  _ parse: () throws -> JSONDocument,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> Result<JSONDocument, JSONParsingError> {
  do {
    return .success(try parse())
  } catch let error as JSONParsingError {
    return .failure(error)
  } catch {
    Issue.record("expected a JSONParsingError, got \(error)", sourceLocation: sourceLocation)
    return .failure(unexpectedErrorStandIn)
  }
}

/// A stand-in failure for the broken-contract case above (an issue is already recorded).
private var unexpectedErrorStandIn: JSONParsingError {
  do {
    _ = try JSONDocument(string: "")
  } catch let error as JSONParsingError {
    return error
  } catch {}
  preconditionFailure("the empty document must fail with a JSONParsingError")
}
