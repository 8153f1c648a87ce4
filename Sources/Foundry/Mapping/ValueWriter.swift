#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON

/// Where a value writes itself: the counterpart of ``ValueReader``.
///
/// ```swift
/// func write(to writer: inout ValueWriter) throws { writer.write(degrees) }
/// ```
public struct ValueWriter {
  /// The value written so far.
  var value: JSONValue = .null
  let context: EncodingContext

  init(context: EncodingContext) { self.context = context }

  /// Writes a string.
  public mutating func write(_ string: String) { value = .string(string) }
  /// Writes a Boolean.
  public mutating func write(_ bool: Bool) { value = .bool(bool) }
  /// Writes an exact integer.
  public mutating func write<T: BinaryInteger>(_ integer: T) { value = .number(JSONNumber(integer)) }
  /// Writes a double with its shortest round-trip text; infinities and NaN fail.
  public mutating func write(_ double: Double) throws {
    guard let number = JSONNumber(double) else {
      throw MappingError(code: .invalidValue, expected: "a finite number", found: "\(double)", reason: "JSON has no infinities or NaN")
    }
    value = .number(number)
  }
  /// Writes a `Decimal` exactly.
  public mutating func write(_ decimal: Decimal) throws {
    guard let number = JSONNumber(decimal) else {
      throw MappingError(code: .invalidValue, expected: "a number", found: "NaN", reason: "JSON has no NaN")
    }
    value = .number(number)
  }
  /// Writes number text as it is.
  public mutating func write(_ number: JSONNumber) { value = .number(number) }
  /// Writes `null`.
  public mutating func writeNull() { value = .null }
  /// Writes any JSON value.
  public mutating func write(_ json: JSONValue) { value = json }

  /// Writes an array, one element at a time.
  public mutating func writeArray<S: Sequence>(_ elements: S, _ body: (S.Element, inout ValueWriter) throws -> Void) throws {
    var array: [JSONValue] = []
    array.reserveCapacity(elements.underestimatedCount)
    for element in elements {
      var writer = ValueWriter(context: context)
      try body(element, &writer)
      array.append(writer.value)
    }
    value = .array(array)
  }

  /// Writes an object with the given members, in order.
  public mutating func writeObject<S: Sequence>(_ members: S, _ body: (S.Element, inout ValueWriter) throws -> String) throws {
    var object = JSONObject()
    for member in members {
      var writer = ValueWriter(context: context)
      let key = try body(member, &writer)
      object[key] = writer.value
    }
    value = .object(object)
  }

  /// Writes any mappable value.
  public mutating func encode<T: MappableValue>(_ value: T) throws {
    try value.write(to: &self)
  }
}

/// The state of one encoding call.
final class EncodingContext {
  let options: EncodingOptions
  init(options: EncodingOptions) { self.options = options }
}

/// How values are written.
///
/// ```swift
/// var options = EncodingOptions()
/// options.writing = .pretty
/// let data = try MappingEncoder(options: options).encode(user)
/// ```
public struct EncodingOptions: Sendable {
  /// The JSON writer's layout and escaping.
  public var writing = JSONWritingOptions()
  /// Overrides every type's ``NilEncodingPolicy``.
  public var nilEncoding: NilEncodingPolicy?
  /// The transformers `@Key(..., "name")` refers to by name.
  public var transformers = TransformerRegistry.standard

  public init() {}
}
