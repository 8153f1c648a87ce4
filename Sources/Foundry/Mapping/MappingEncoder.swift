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

  public init(options: EncodingOptions = .init()) {
    self.options = options
  }

  /// Encodes to UTF-8 JSON bytes.
  public func encode<T: MappableValue>(_ value: T) throws -> [UInt8] {
    try encodeToValue(value).makeJSON(options: options.writing)
  }

  /// Encodes to JSON text.
  public func encodeToString<T: MappableValue>(_ value: T) throws -> String {
    try encodeToValue(value).makeJSONString(options: options.writing)
  }

  /// Encodes to a ``JSONValue`` tree.
  public func encodeToValue<T: MappableValue>(_ value: T) throws -> JSONValue {
    var writer = ValueWriter(context: EncodingContext(options: options))
    try value.write(to: &writer)
    return writer.value
  }
}
