#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON

/// Encodes models to JSON through the same declarations that decode them.
///
/// ```swift
/// let data = try MappingEncoder().encode(user)               // compact UTF-8 bytes
/// var options = EncodingOptions()
/// options.writing = .pretty
/// print(try MappingEncoder(options: options).encodeToString(user))
/// ```
public struct MappingEncoder: Sendable {
  /// Layout, escaping, nil policy and transformers.
  public var options: EncodingOptions

  /// An encoder with `options` (compact output, `nil` omitted by default).
  ///
  /// ```swift
  /// var options = EncodingOptions()
  /// options.writing = .pretty
  /// let encoder = MappingEncoder(options: options)
  /// ```
  /// - Parameters:
  ///   - options: Output style, nil encoding, date and data formats, key strategy.
  public init(options: EncodingOptions = .init()) {
    self.options = options
  }

  /// Encodes to UTF-8 JSON bytes, streaming.
  /// - Parameters:
  ///   - value: The value to encode.
  @inlinable
  public func encode<T: MappableValue>(_ value: T) throws -> [UInt8] {
    var writer = makeStreamingWriter()
    try value.write(to: &writer)
    return writer.stream?.bytes ?? []
  }

  /// Encodes to JSON text.
  /// - Parameters:
  ///   - value: The value to encode.
  @inlinable
  public func encodeToString<T: MappableValue>(_ value: T) throws -> String {
    String(decoding: try encode(value), as: UTF8.self)
  }

  /// Encodes to a `JSONValue` tree.
  /// - Parameters:
  ///   - value: The value to encode.
  public func encodeToValue<T: MappableValue>(_ value: T) throws -> JSONValue {
    var writer = ValueWriter(context: EncodingContext(options: options))
    try value.write(to: &writer)
    return writer.value
  }

  @usableFromInline
  func makeStreamingWriter() -> ValueWriter {
    var stream = JSONWriter(options: options.writing)
    stream.reserveCapacity(4096)
    return ValueWriter(streaming: stream, context: EncodingContext(options: options))
  }
}
