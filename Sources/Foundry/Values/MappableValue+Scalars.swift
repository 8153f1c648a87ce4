#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON

extension String: MappableValue {
  public static func read(from value: ValueReader) throws -> String { try value.string() }
  public func write(to writer: inout ValueWriter) throws { writer.write(self) }
}

extension Bool: MappableValue {
  public static func read(from value: ValueReader) throws -> Bool { try value.bool() }
  public func write(to writer: inout ValueWriter) throws { writer.write(self) }
}

extension Double: MappableValue {
  public static func read(from value: ValueReader) throws -> Double { try value.double() }
  public func write(to writer: inout ValueWriter) throws { try writer.write(self) }
}

extension Float: MappableValue {
  public static func read(from value: ValueReader) throws -> Float {
    let double = try value.double()
    let float = Float(double)
    guard float.isFinite else { throw value.invalid(expected: "Float", reason: "out of range") }
    return float
  }
  public func write(to writer: inout ValueWriter) throws {
    // The shortest text of the Float, not of its widened Double ("0.1", not "0.10000000149011612").
    guard let number = JSONNumber(text: description), isFinite else { return try writer.write(Double(self)) }
    writer.write(number)
  }
}

extension Decimal: MappableValue {
  public static func read(from value: ValueReader) throws -> Decimal { try value.decimal() }
  public func write(to writer: inout ValueWriter) throws { try writer.write(self) }
}

extension JSONNumber: MappableValue {
  public static func read(from value: ValueReader) throws -> JSONNumber { try value.number() }
  public func write(to writer: inout ValueWriter) throws { writer.write(self) }
}

extension JSONValue: MappableValue {
  /// Any JSON, as it is.
  /// - Parameters:
  ///   - value: The document value to read.
  public static func read(from value: ValueReader) throws -> JSONValue { value.node.value }
  public func write(to writer: inout ValueWriter) throws { writer.write(self) }
}

extension JSONObject: MappableValue {
  public static func read(from value: ValueReader) throws -> JSONObject {
    guard case .object(let object) = value.node.value else { throw value.mismatch(expected: "object") }
    return object
  }
  public func write(to writer: inout ValueWriter) throws { writer.write(JSONValue.object(self)) }
}

// MARK: - Integers

extension Int: MappableValue {}
extension Int8: MappableValue {}
extension Int16: MappableValue {}
extension Int32: MappableValue {}
extension Int64: MappableValue {}
extension UInt: MappableValue {}
extension UInt8: MappableValue {}
extension UInt16: MappableValue {}
extension UInt32: MappableValue {}
extension UInt64: MappableValue {}

extension MappableValue where Self: FixedWidthInteger {
  @inlinable
  public static func read(from value: ValueReader) throws -> Self { try value.integer(Self.self) }
  public func write(to writer: inout ValueWriter) throws { writer.write(self) }
}

// MARK: - Foundation types

extension URL: MappableValue {
  /// A URL from a string; an empty or malformed string is an error.
  /// - Parameters:
  ///   - value: The document value to read.
  public static func read(from value: ValueReader) throws -> URL {
    guard value.kind == .string || value.readsText else { throw value.mismatch(expected: "URL") }
    let string = try value.string()
    guard !string.isEmpty, let url = URL(string: string) else { throw value.invalid(expected: "URL") }
    return url
  }
  public func write(to writer: inout ValueWriter) throws { writer.write(absoluteString) }
}

extension UUID: MappableValue {
  /// A UUID from its string form (any case).
  /// - Parameters:
  ///   - value: The document value to read.
  public static func read(from value: ValueReader) throws -> UUID {
    guard let string = value.textValue else { throw value.mismatch(expected: "UUID") }
    guard let uuid = UUID(uuidString: string) else { throw value.invalid(expected: "UUID") }
    return uuid
  }
  public func write(to writer: inout ValueWriter) throws { writer.write(uuidString) }
}
