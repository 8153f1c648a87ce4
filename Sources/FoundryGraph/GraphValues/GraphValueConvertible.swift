#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON

/// A Swift type that converts to and from ``GraphValue``: what typed accessors read and write.
///
/// ```swift
/// let name: String? = try author.value(String.self, forKey: "name")
/// try author.setValue(Int64(106), forKey: "id")
/// ```
public protocol GraphValueConvertible {
  /// The value held by `graphValue`, or `nil` when it holds another kind.
  init?(graphValue: GraphValue)
  /// The value as a graph value.
  var graphValue: GraphValue { get }
}

extension String: GraphValueConvertible {
  public init?(graphValue: GraphValue) {
    guard case .string(let value) = graphValue else { return nil }
    self = value
  }
  public var graphValue: GraphValue { .string(self) }
}

extension Bool: GraphValueConvertible {
  public init?(graphValue: GraphValue) {
    guard case .bool(let value) = graphValue else { return nil }
    self = value
  }
  public var graphValue: GraphValue { .bool(self) }
}

extension Int: GraphValueConvertible {}
extension Int16: GraphValueConvertible {}
extension Int32: GraphValueConvertible {}
extension Int64: GraphValueConvertible {}

extension GraphValueConvertible where Self: FixedWidthInteger & SignedInteger {
  public init?(graphValue: GraphValue) {
    guard case .integer(let value) = graphValue, let exact = Self(exactly: value) else { return nil }
    self = exact
  }
  public var graphValue: GraphValue { .integer(Int64(self)) }
}

extension Double: GraphValueConvertible {
  public init?(graphValue: GraphValue) {
    switch graphValue {
    case .double(let value): self = value
    case .float(let value): self = Double(value)
    case .integer(let value): self = Double(value)
    default: return nil
    }
  }
  public var graphValue: GraphValue { .double(self) }
}

extension Float: GraphValueConvertible {
  public init?(graphValue: GraphValue) {
    switch graphValue {
    case .float(let value): self = value
    case .double(let value): self = Float(value)
    case .integer(let value): self = Float(value)
    default: return nil
    }
  }
  public var graphValue: GraphValue { .float(self) }
}

extension Decimal: GraphValueConvertible {
  public init?(graphValue: GraphValue) {
    switch graphValue {
    case .decimal(let value): self = value
    case .integer(let value): self = Decimal(value)
    default: return nil
    }
  }
  public var graphValue: GraphValue { .decimal(self) }
}

extension Date: GraphValueConvertible {
  public init?(graphValue: GraphValue) {
    guard case .date(let value) = graphValue else { return nil }
    self = value
  }
  public var graphValue: GraphValue { .date(self) }
}

extension Data: GraphValueConvertible {
  public init?(graphValue: GraphValue) {
    guard case .data(let value) = graphValue else { return nil }
    self = value
  }
  public var graphValue: GraphValue { .data(self) }
}

extension UUID: GraphValueConvertible {
  public init?(graphValue: GraphValue) {
    guard case .uuid(let value) = graphValue else { return nil }
    self = value
  }
  public var graphValue: GraphValue { .uuid(self) }
}

extension URL: GraphValueConvertible {
  public init?(graphValue: GraphValue) {
    guard case .url(let value) = graphValue else { return nil }
    self = value
  }
  public var graphValue: GraphValue { .url(self) }
}

extension JSONValue: GraphValueConvertible {
  public init?(graphValue: GraphValue) {
    guard case .json(let value) = graphValue else { return nil }
    self = value
  }
  public var graphValue: GraphValue { .json(self) }
}
