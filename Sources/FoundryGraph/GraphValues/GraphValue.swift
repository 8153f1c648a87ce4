#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON

/// The value of one attribute of a managed object.
///
/// ```swift
/// author.name = "Ada"                     // .string("Ada"), through the literal
/// author.born = .date(Date(timeIntervalSince1970: 0))
/// if case .integer(let id)? = author.id { print(id) }
/// ```
///
/// Integers of every width are `.integer`; ``custom(_:)`` holds a typed Swift value
/// (a `@Mappable`/`Codable` sub-graph), ``json(_:)`` the payload's JSON kept as is.
public enum GraphValue: Sendable, Hashable, CustomStringConvertible {
  case string(String)
  case integer(Int64)
  case double(Double)
  case float(Float)
  case decimal(Decimal)
  case bool(Bool)
  case date(Date)
  case data(Data)
  case uuid(UUID)
  case url(URL)
  /// A JSON value kept as is (a transformable attribute with no transformer).
  case json(JSONValue)
  /// A typed Swift value.
  case custom(CustomGraphValue)

  /// The value as a plain Swift value: `String`, `Int64`, `Double`, ..., `JSONValue`, or the custom value.
  ///
  /// ```swift
  /// GraphValue.integer(7).base as? Int64   // 7
  /// ```
  public var base: Any {
    switch self {
    case .string(let value): value
    case .integer(let value): value
    case .double(let value): value
    case .float(let value): value
    case .decimal(let value): value
    case .bool(let value): value
    case .date(let value): value
    case .data(let value): value
    case .uuid(let value): value
    case .url(let value): value
    case .json(let value): value
    case .custom(let value): value.base
    }
  }

  public var description: String {
    switch self {
    case .string(let value): "\"\(value)\""
    case .date(let value): "\(value.timeIntervalSince1970)s since 1970"
    case .data(let value): "\(value.count) bytes"
    case .url(let value): value.absoluteString
    case .custom(let value): "\(value.base)"
    default: "\(base)"
    }
  }

  /// The value of an attribute of `type`, converted where it can be without loss (an integer
  /// into a `Double` attribute), or `nil` when it does not fit.
  ///
  /// ```swift
  /// GraphValue.integer(3).converted(to: .double)       // .double(3)
  /// GraphValue.integer(70_000).converted(to: .integer16)   // nil
  /// ```
  /// - Parameters:
  ///   - type: The attribute's type.
  public func converted(to type: AttributeType) -> GraphValue? {
    switch (type, self) {
    case (.string, .string), (.boolean, .bool), (.date, .date), (.binary, .data), (.uuid, .uuid), (.uri, .url),
      (.double, .double), (.float, .float), (.decimal, .decimal), (.integer64, .integer), (.transformable, _):
      return self
    case (.integer16, .integer(let value)): return Int16(exactly: value) == nil ? nil : self
    case (.integer32, .integer(let value)): return Int32(exactly: value) == nil ? nil : self
    case (.double, .integer(let value)): return .double(Double(value))
    case (.double, .float(let value)): return .double(Double(value))
    case (.float, .integer(let value)): return .float(Float(value))
    case (.float, .double(let value)): return .float(Float(value))
    case (.decimal, .integer(let value)): return .decimal(Decimal(value))
    case (.value(let expected), .custom(let value)): return value.type == expected ? self : nil
    default: return nil
    }
  }

  /// Whether the value (after lossless conversion) suits an attribute of `type`.
  func fits(_ type: AttributeType) -> Bool { converted(to: type) != nil }
}

extension GraphValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral {
  /// `"Ada"` is `.string("Ada")`.
  /// - Parameters:
  ///   - value: The string literal.
  public init(stringLiteral value: String) { self = .string(value) }
  /// `3` is `.integer(3)`.
  /// - Parameters:
  ///   - value: The integer literal.
  public init(integerLiteral value: Int64) { self = .integer(value) }
  /// `2.5` is `.double(2.5)`.
  /// - Parameters:
  ///   - value: The floating-point literal.
  public init(floatLiteral value: Double) { self = .double(value) }
  /// `true` is `.bool(true)`.
  /// - Parameters:
  ///   - value: The Boolean literal.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}
