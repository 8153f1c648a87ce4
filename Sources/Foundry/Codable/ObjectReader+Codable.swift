// `Codable`-only field types in mapped models. Disfavored: a type that is also a
// `MappableValue` keeps the native path.

extension ObjectReader {
  /// Reads a required field of a type that is only `Decodable`, through Foundry's `Decoder`;
  /// its errors carry the field's path.
  ///
  /// ```swift
  /// init(from object: inout ObjectReader) throws {
  ///   price = try object.decode(Money.self, at: 0)   // Money: Decodable
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - field: The field's position in the type's ``MappingSchema``.
  /// - Throws: ``MappingError``; a missing key or `null` is `keyNotFound`.
  @_disfavoredOverload
  public mutating func decode<T: Decodable>(_ type: T.Type, at field: Int) throws -> T {
    try decode(at: field, using: DecodableTransformer<T>())
  }

  /// Reads a `Decodable` field with a default for a missing key or `null`.
  ///
  /// ```swift
  /// price = try object.decode(Money.self, at: 0, default: .zero)
  /// ```
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - field: The field's position in the type's ``MappingSchema``.
  ///   - defaultValue: The value for a missing key or `null`.
  @_disfavoredOverload
  public mutating func decode<T: Decodable>(_ type: T.Type, at field: Int, default defaultValue: @autoclosure () -> T) throws -> T {
    try decode(at: field, using: DecodableTransformer<T>(), default: defaultValue())
  }

  /// Reads an optional `Decodable` field: a missing key or `null` is `nil`.
  ///
  /// ```swift
  /// discount = try object.decodeIfPresent(Money.self, at: 1)
  /// ```
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - field: The field's position in the type's ``MappingSchema``.
  @_disfavoredOverload
  public mutating func decodeIfPresent<T: Decodable>(_ type: T.Type, at field: Int) throws -> T? {
    try decodeIfPresent(at: field, using: DecodableTransformer<T>())
  }
}

extension ObjectWriter {
  /// Writes a field of a type that is only `Encodable`, through Foundry's `Encoder`.
  ///
  /// ```swift
  /// func encode(to object: inout ObjectWriter) throws {
  ///   try object.encode(price, at: 0)   // Money: Encodable
  /// }
  /// ```
  /// - Parameters:
  ///   - value: The field's value.
  ///   - field: The field's position in the type's ``MappingSchema``.
  @_disfavoredOverload
  public mutating func encode<T: Encodable>(_ value: T, at field: Int) throws {
    try encode(value, at: field, using: EncodableTransformer<T>())
  }

  /// Writes an optional `Encodable` field: `nil` is left out or written as `null`, by policy.
  ///
  /// ```swift
  /// try object.encodeIfPresent(discount, at: 1)
  /// ```
  /// - Parameters:
  ///   - value: The field's value; `nil` follows the nil-encoding policy.
  ///   - field: The field's position in the type's ``MappingSchema``.
  @_disfavoredOverload
  public mutating func encodeIfPresent<T: Encodable>(_ value: T?, at field: Int) throws {
    try encodeIfPresent(value, at: field, using: EncodableTransformer<T>())
  }
}

extension ValueReader {
  /// Reads a value of a type that is only `Decodable`, through Foundry's `Decoder`.
  ///
  /// ```swift
  /// let money = try value.decode(Money.self)
  /// ```
  /// - Parameters:
  ///   - type: The type to decode.
  @_disfavoredOverload
  public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
    try DocumentDecoder(reader: self).decodeRoot(T.self)
  }
}

extension ValueWriter {
  /// Writes a value of a type that is only `Encodable`, through Foundry's `Encoder`.
  ///
  /// ```swift
  /// try writer.encode(money)
  /// ```
  /// - Parameters:
  ///   - value: The value to write.
  @_disfavoredOverload
  public mutating func encode<T: Encodable>(_ value: T) throws {
    try EncodableTransformer<T>().write(value, to: &self)
  }
}
