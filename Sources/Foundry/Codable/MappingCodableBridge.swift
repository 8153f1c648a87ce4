import FoundryJSON

/// Makes mapped models `Codable`: what `@Mappable` calls from `init(from:)` and
/// `encode(to:)`, so a model works with `JSONEncoder`, `PropertyListEncoder`, GRDB, Vapor, ...
///
/// With Foundry's own decoder (a `Codable` type holding a mapped model, decoded through
/// ``MappingDecoder``), the model reads straight from the document. Any other decoder hands
/// over the value as a `JSONValue` first.
///
/// ```swift
/// extension User: Codable {
///   init(from decoder: any Decoder) throws { self = try MappingCodableBridge.decode(User.self, from: decoder) }
///   func encode(to encoder: any Encoder) throws { try MappingCodableBridge.encode(self, to: encoder) }
/// }
/// let data = try JSONEncoder().encode(user)
/// let back = try JSONDecoder().decode(User.self, from: data)
/// ```
public enum MappingCodableBridge {
  /// Decodes a mapped model from any `Decoder`.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - decoder: The decoder whose value to read.
  /// - Throws: With Foundry's decoder, ``MappingError``; with another decoder, a
  ///   `DecodingError.dataCorrupted` whose coding path leads to the failure and whose
  ///   underlying error is the ``MappingError``.
  public static func decode<T: MappableValue>(_ type: T.Type, from decoder: any Decoder) throws -> T {
    if let document = decoder as? DocumentDecoder { return try T.read(from: document.reader) }
    let value = try foreignValue(from: decoder)
    do {
      return try T.read(from: value)
    } catch {
      throw decodingError(error, from: decoder)
    }
  }

  /// Encodes a mapped model into any `Encoder`, through the same declarations as
  /// ``MappingEncoder``.
  ///
  /// - Parameters:
  ///   - value: The model to encode.
  ///   - encoder: The encoder to write into.
  /// - Throws: With Foundry's encoder, ``MappingError``; with another encoder, an
  ///   `EncodingError.invalidValue` whose underlying error is the ``MappingError``.
  public static func encode<T: MappableValue>(_ value: T, to encoder: any Encoder) throws {
    if let document = encoder as? DocumentEncoder {
      var writer = ValueWriter(context: document.context)
      try value.write(to: &writer)
      document.storage = .value(writer.value)
      return
    }
    let json: JSONValue
    do {
      json = try MappingEncoder().encodeToValue(value)
    } catch let error as MappingError {
      let context = EncodingError.Context(codingPath: encoder.codingPath + codingKeys(error.path), debugDescription: error.message, underlyingError: error)
      throw EncodingError.invalidValue(value, context)
    }
    try json.encode(to: encoder)
  }

  /// Runs `body` with an object reader over the decoder's value, then applies the type's
  /// unknown-key policy; `didMap` is left to the caller.
  ///
  /// ```swift
  /// init(from decoder: any Decoder) throws {
  ///   self = try MappingCodableBridge.withObjectReader(for: Self.self, from: decoder) { try Self(from: &$0) }
  /// }
  /// ```
  /// - Parameters:
  ///   - type: The model type whose schema and unknown-key policy apply.
  ///   - decoder: The decoder whose value to read.
  ///   - body: Reads the fields (the generated `init(from:)`'s body).
  public static func withObjectReader<T: Mappable, R>(
    for type: T.Type, from decoder: any Decoder, _ body: (inout ObjectReader) throws -> R
  ) throws -> R {
    var object = try makeObjectReader(for: type, from: decoder)
    do {
      let result = try body(&object)
      try object.finish()
      return result
    } catch {
      throw decoder is DocumentDecoder ? error : decodingError(error, from: decoder)
    }
  }

  /// An object reader over the decoder's value, for a final class's `convenience init`, which
  /// cannot delegate to `self.init(from:)` inside a closure; call
  /// ``finish(_:)`` after it.
  ///
  /// ```swift
  /// convenience init(from decoder: any Decoder) throws {
  ///   var object = try MappingCodableBridge.makeObjectReader(for: Self.self, from: decoder)
  ///   try self.init(from: &object)
  ///   try MappingCodableBridge.finish(&object)
  ///   try didMap()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - decoder: The decoder whose value to read.
  /// - Throws: ``MappingError`` when the value is not an object.
  public static func makeObjectReader<T: Mappable>(for type: T.Type, from decoder: any Decoder) throws -> ObjectReader {
    let value = try (decoder as? DocumentDecoder)?.reader ?? foreignValue(from: decoder)
    return try value.objectReader(schema: T.mappingSchema)
  }

  /// Applies the unknown-key policy once a reader from ``makeObjectReader(for:from:)`` is done.
  /// - Parameters:
  ///   - object: The reader from ``makeObjectReader(for:from:)``, all fields read.
  public static func finish(_ object: inout ObjectReader) throws {
    try object.finish()
  }

  // MARK: - Other decoders

  /// The decoder's value as a one-value document, read with the default options.
  private static func foreignValue(from decoder: any Decoder) throws -> ValueReader {
    let json = try JSONValue(from: decoder)
    let document = try JSONDocument(bytes: json.makeJSON())
    let context = MappingContext(options: MappingOptions(), isLossy: false, factory: nil)
    return ValueReader(node: document.root, context: context, coercion: context.options.coercion)
  }

  private static func decodingError(_ error: any Error, from decoder: any Decoder) -> any Error {
    guard let mapping = error as? MappingError else { return error }
    let context = DecodingError.Context(
      codingPath: decoder.codingPath + codingKeys(mapping.path), debugDescription: mapping.message, underlyingError: mapping)
    return DecodingError.dataCorrupted(context)
  }

  private static func codingKeys(_ path: MappingPath) -> [any CodingKey] {
    path.components.map { component in
      switch component {
      case .key(let key): CodingPathKey(stringValue: key)
      case .index(let index): CodingPathKey(intValue: index)
      }
    }
  }
}
