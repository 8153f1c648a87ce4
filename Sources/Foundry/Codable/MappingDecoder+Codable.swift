#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON

// `Decodable` types through Foundry: the overloads are disfavored, so a type that is both
// `MappableValue` and `Decodable` (every `@Mappable` model, `String`, `[Int]`, ...) keeps the
// native path, and a type that is only `Decodable` lands here.

extension MappingDecoder {
  /// Decodes a `Decodable` type from UTF-8 JSON bytes, straight from the document's tape.
  ///
  /// Existing `Codable` models work unchanged, faster than `JSONDecoder`, with Foundry's errors:
  ///
  /// ```swift
  /// struct Tweet: Codable { var id: Int; var text: String; var user: User }
  /// let tweets = try MappingDecoder().decode([Tweet].self, from: bytes, sourceName: "tweets.json")
  /// // error: $[3].user.id: expected Int, found string "x"
  /// // --> tweets.json:41:15
  /// ```
  ///
  /// `Date` decodes through its own `Decodable` (seconds since 2001, `JSONDecoder`'s default),
  /// `Data` from base64, `URL` from a string and `Decimal` exactly from the number text, as
  /// `JSONDecoder` does. Coercions follow ``MappingOptions/coercion``; coding keys follow
  /// ``MappingOptions/codableKeys``.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - bytes: UTF-8 JSON.
  ///   - sourceName: The file name errors print.
  /// - Throws: ``MappingError`` with the path and line:column. A `DecodingError` thrown by a
  ///   type's own `init(from:)` comes out as a ``MappingError`` with it as ``MappingError/underlying``.
  /// - Complexity: O(*n*) in the size of the input.
  @_disfavoredOverload
  public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], sourceName: String? = nil) throws -> T {
    let document = try Self.parseDocument(sourceName: sourceName) {
      try JSONDocument(bytes: bytes, options: options.parsing, sourceName: sourceName)
    }
    return try decode(type, from: document.root, sourceName: sourceName)
  }

  /// Decodes a `Decodable` type from UTF-8 JSON `Data`.
  ///
  /// ```swift
  /// let user = try MappingDecoder().decode(User.self, from: data)   // User: Decodable
  /// ```
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - data: The JSON payload, UTF-8.
  ///   - sourceName: The file name errors mention.
  @_disfavoredOverload
  public func decode<T: Decodable>(_ type: T.Type, from data: Data, sourceName: String? = nil) throws -> T {
    let document = try Self.parseDocument(sourceName: sourceName) {
      try JSONDocument(data: data, options: options.parsing, sourceName: sourceName)
    }
    return try decode(type, from: document.root, sourceName: sourceName)
  }

  /// Decodes a `Decodable` type from a JSON string.
  ///
  /// ```swift
  /// let point = try MappingDecoder().decode(Point.self, from: #"{"x": 1, "y": 2}"#)
  /// ```
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - string: The JSON payload, as text.
  ///   - sourceName: The file name errors mention.
  @_disfavoredOverload
  public func decode<T: Decodable>(_ type: T.Type, from string: String, sourceName: String? = nil) throws -> T {
    let document = try Self.parseDocument(sourceName: sourceName) {
      try JSONDocument(string: string, options: options.parsing, sourceName: sourceName)
    }
    return try decode(type, from: document.root, sourceName: sourceName)
  }

  /// Decodes a `Decodable` type from a parsed document (or any node of one).
  ///
  /// ```swift
  /// let document = try JSONDocument(bytes: bytes)
  /// if let node = document.root[path: "search_metadata"] {
  ///   let metadata = try MappingDecoder().decode(Metadata.self, from: node)
  /// }
  /// ```
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - node: The payload: a parsed document, or any node of one.
  ///   - sourceName: The file name errors mention.
  @_disfavoredOverload
  public func decode<T: Decodable>(_ type: T.Type, from node: JSONNode, sourceName: String? = nil) throws -> T {
    let context = MappingContext(options: options, isLossy: false, factory: nil)
    let decoder = DocumentDecoder(node: node, context: context, coercion: options.coercion)
    do {
      return try decoder.decodeRoot(T.self)
    } catch {
      throw Self.located(MappingError.converting(error, depth: 0, offset: node.byteOffset), in: node, sourceName: sourceName)
    }
  }

  /// Runs `parse`, turning a parsing error into a `malformedDocument` ``MappingError``.
  static func parseDocument(sourceName: String?, _ parse: () throws -> JSONDocument) throws -> JSONDocument {
    do {
      return try parse()
    } catch let error as JSONParsingError {
      throw Self.malformed(error, sourceName: sourceName)
    }
  }
}
