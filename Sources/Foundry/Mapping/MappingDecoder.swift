#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryInternals
import FoundryJSON

/// Decodes models from JSON: strict about errors, or lossy with a report.
///
/// ```swift
/// let decoder = MappingDecoder()
/// let user = try decoder.decode(User.self, from: data)
///
/// let result = decoder.decodeLossy([User].self, from: data)
/// result.value      // every user that mapped
/// result.issues     // what was dropped, defaulted or coerced, with paths
/// ```
public struct MappingDecoder: Sendable {
  /// Coercions, relaxations, transformers and parser options.
  public var options: MappingOptions

  /// A decoder with `options` (lenient coercions and strict RFC 8259 parsing by default).
  ///
  /// ```swift
  /// var options = MappingOptions()
  /// options.coercion = .strict
  /// let decoder = MappingDecoder(options: options)
  /// ```
  /// - Parameters:
  ///   - options: Coercion mode, parsing options, transformers, date and data formats, key strategy.
  public init(options: MappingOptions = .init()) {
    self.options = options
  }

  /// Decodes a value from UTF-8 JSON bytes.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - bytes: The JSON payload, UTF-8.
  ///   - sourceName: The file name errors print.
  ///   - factory: Asked before each model is created: create it, reuse an instance, or skip it.
  /// - Throws: ``MappingError`` (a malformed document is code `.malformedDocument`).
  @inlinable
  public func decode<T: MappableValue>(_ type: T.Type, from bytes: [UInt8], sourceName: String? = nil, factory: (any MappingFactory)? = nil) throws -> T {
    try decode(type, from: parse(bytes, sourceName: sourceName), sourceName: sourceName, factory: factory)
  }

  /// Decodes a value from UTF-8 JSON `Data`.
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - data: The JSON payload, UTF-8.
  ///   - sourceName: The file name errors mention.
  ///   - factory: Asked before each model is created: create it, reuse an instance, or skip it.
  @inlinable
  public func decode<T: MappableValue>(_ type: T.Type, from data: Data, sourceName: String? = nil, factory: (any MappingFactory)? = nil) throws -> T {
    try decode(type, from: [UInt8](data), sourceName: sourceName, factory: factory)
  }

  /// Decodes a value from a JSON string.
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - string: The JSON payload, as text.
  ///   - sourceName: The file name errors mention.
  ///   - factory: Asked before each model is created: create it, reuse an instance, or skip it.
  @inlinable
  public func decode<T: MappableValue>(_ type: T.Type, from string: String, sourceName: String? = nil, factory: (any MappingFactory)? = nil) throws -> T {
    try decode(type, from: Array(string.utf8), sourceName: sourceName, factory: factory)
  }

  /// Decodes a value from a parsed document (or any node of one).
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - node: The payload: a parsed document, or any node of one.
  ///   - sourceName: The file name errors mention.
  ///   - factory: Asked before each model is created: create it, reuse an instance, or skip it.
  @inlinable
  public func decode<T: MappableValue>(_ type: T.Type, from node: JSONNode, sourceName: String? = nil, factory: (any MappingFactory)? = nil) throws -> T {
    try decode(type, from: node, sourceName: sourceName, context: makeContext(factory: factory))
  }

  /// Runs `body` on the root value with a fresh context; errors come out located.
  @usableFromInline
  func withRoot(_ node: JSONNode, sourceName: String?, factory: (any MappingFactory)?, _ body: (ValueReader) throws -> Void) throws {
    try withRoot(node, sourceName: sourceName, context: MappingContext(options: options, isLossy: false, factory: factory), body)
  }

  /// A strict context for ``decode(_:from:sourceName:context:)``; streamed elements decode a
  /// run of roots one after another in one, and pay for a context (its options copied, its
  /// scratch space grown) per run rather than per element.
  @usableFromInline
  func makeContext(factory: (any MappingFactory)? = nil) -> MappingContext {
    MappingContext(options: options, isLossy: false, factory: factory)
  }

  /// ``decode(_:from:sourceName:factory:)`` in `context`, from ``makeContext(factory:)``. A
  /// context is left as it was by a decode that succeeds; after one that throws, make a new one.
  @inlinable
  func decode<T: MappableValue>(_ type: T.Type, from node: JSONNode, sourceName: String?, context: MappingContext) throws -> T {
    var result: T?
    try withRoot(node, sourceName: sourceName, context: context) { result = try T.read(from: $0) }
    // Moved out: binding the optional copied the value (a retain of each reference in it) and
    // destroyed the original after.
    guard let value = result.take() else { throw MappingError(code: .invalidValue, reason: "no value was read") }
    return value
  }

  /// Runs `body` on the root value in `context`; errors come out located.
  @usableFromInline
  func withRoot(_ node: JSONNode, sourceName: String?, context: MappingContext, _ body: (ValueReader) throws -> Void) throws {
    let reader = ValueReader(node: node, context: context, coercion: options.coercion)
    do {
      try body(reader)
    } catch {
      throw Self.located(MappingError.wrapping(error, at: reader), in: node, sourceName: sourceName)
    }
  }

  /// Decodes what can be decoded and reports the rest: bad array elements are dropped, bad
  /// optional fields become `nil`, bad fields with defaults take the default.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - bytes: The JSON payload, UTF-8.
  ///   - sourceName: The file name errors mention.
  ///   - factory: Asked before each model is created: create it, reuse an instance, or skip it.
  /// - Returns: The value (`nil` only when the top level itself fails) and every issue.
  public func decodeLossy<T: MappableValue>(_ type: T.Type, from bytes: [UInt8], sourceName: String? = nil, factory: (any MappingFactory)? = nil) -> LossyResult<T> {
    decodeLossy(type, parsing: { try parse(bytes, sourceName: sourceName) }, sourceName: sourceName, factory: factory)
  }

  /// Lossy decoding from `Data`.
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - data: The JSON payload, UTF-8.
  ///   - sourceName: The file name errors mention.
  ///   - factory: Asked before each model is created: create it, reuse an instance, or skip it.
  public func decodeLossy<T: MappableValue>(_ type: T.Type, from data: Data, sourceName: String? = nil, factory: (any MappingFactory)? = nil) -> LossyResult<T> {
    decodeLossy(type, from: [UInt8](data), sourceName: sourceName, factory: factory)
  }

  /// Lossy decoding from a JSON string.
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - string: The JSON payload, as text.
  ///   - sourceName: The file name errors mention.
  ///   - factory: Asked before each model is created: create it, reuse an instance, or skip it.
  public func decodeLossy<T: MappableValue>(_ type: T.Type, from string: String, sourceName: String? = nil, factory: (any MappingFactory)? = nil) -> LossyResult<T> {
    decodeLossy(type, from: Array(string.utf8), sourceName: sourceName, factory: factory)
  }

  /// Lossy decoding from a parsed document node.
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - node: The payload: a parsed document, or any node of one.
  ///   - sourceName: The file name errors mention.
  ///   - factory: Asked before each model is created: create it, reuse an instance, or skip it.
  public func decodeLossy<T: MappableValue>(_ type: T.Type, from node: JSONNode, sourceName: String? = nil, factory: (any MappingFactory)? = nil) -> LossyResult<T> {
    var value: T?
    let (issues, error) = run(from: node, sourceName: sourceName, lossy: true, factory: factory) { value = try T.read(from: $0) }
    return LossyResult(value: error == nil ? value : nil, issues: issues, error: error)
  }

  /// Lossy decoding of the root `parse` returns (JSON's, or an XML element's view): input that
  /// does not parse is the result's error.
  func decodeLossy<T: MappableValue>(
    _ type: T.Type, parsing parse: () throws -> JSONNode, sourceName: String?, factory: (any MappingFactory)?
  ) -> LossyResult<T> {
    let node: JSONNode
    do {
      node = try parse()
    } catch {
      return LossyResult(value: nil, issues: [], error: error as? MappingError)
    }
    return decodeLossy(type, from: node, sourceName: sourceName, factory: factory)
  }

  @usableFromInline
  func parse(_ bytes: [UInt8], sourceName: String?) throws -> JSONNode {
    do {
      return try JSONDocument(bytes: bytes, options: options.parsing, sourceName: sourceName).root
    } catch let error as JSONParsingError {
      throw Self.malformed(error, sourceName: sourceName)
    }
  }

  /// A parsing error as a mapping error of code `.malformedDocument`, rendered as the parser
  /// renders it.
  static func malformed(_ error: some ParsingFailure, sourceName: String?) -> MappingError {
    var failure = MappingError(code: .malformedDocument, reason: error.message, underlying: error, offset: error.offset)
    failure.line = error.line
    failure.column = error.column
    failure.sourceName = sourceName
    failure.rendered = error.description
    return failure
  }

  /// Fills in line, column and excerpt from the document, once, at the top.
  static func located(_ error: MappingError, in node: JSONNode, sourceName: String?) -> MappingError {
    var error = error
    if error.sourceName == nil { error.sourceName = sourceName }
    guard let offset = error.offset, error.excerpt == nil, error.rendered == nil else { return error }
    let location = node.sourceLocation(ofOffset: offset)
    // The same offset, except in an element of a stream: there it counts from the input's start.
    error.offset = location.offset
    error.line = location.line
    error.column = location.column
    error.excerpt = location
    return error
  }
}

/// The outcome of lossy decoding: the value, and what was done to get it.
public struct LossyResult<Value> {
  /// The decoded value; `nil` only when the top level failed.
  public let value: Value?
  /// Every element dropped, field defaulted, value coerced and unknown key, with paths.
  public let issues: [MappingIssue]
  /// Why the top level failed, when it did.
  public let error: MappingError?
}

extension LossyResult: Sendable where Value: Sendable {}

extension MappingIssue {
  func with(error: MappingError) -> MappingIssue {
    var copy = MappingIssue(kind: kind, error: error, note: note)
    copy.reversedPath = reversedPath
    return copy
  }
}

/// What a parser's error tells of a malformed document: JSON's and XML's alike.
protocol ParsingFailure: Error, CustomStringConvertible {
  var message: String { get }
  var offset: Int? { get }
  var line: Int? { get }
  var column: Int? { get }
}

extension JSONParsingError: ParsingFailure {}
