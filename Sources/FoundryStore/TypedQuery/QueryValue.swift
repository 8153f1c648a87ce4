#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A Swift value a typed query compares an attribute with: strings, numbers, Booleans, dates,
/// UUIDs, URLs, decimals, their optionals (`nil` is no value), and types that say how.
///
/// ```swift
/// enum Genre: String, QueryValue { case poetry, drama }   // compared by raw value
/// let plays = try await context.fetch(Book.self, where: \.genre == Genre.drama)
/// ```
public protocol QueryValue: Sendable {
  /// The value as the query holds it, bound to the SQL as a parameter.
  ///
  /// ```swift
  /// var queryLiteral: QueryValueLiteral { .string(rawValue) }
  /// ```
  var queryLiteral: QueryValueLiteral { get }
}

/// A value of a typed query, as the query language writes it: a string, an integer, a
/// floating-point number, a Boolean or no value.
///
/// ```swift
/// QueryValueLiteral.integer(1990)
/// ```
public struct QueryValueLiteral: Sendable, Hashable {
  let literal: QueryLiteral

  /// A string.
  ///
  /// ```swift
  /// QueryValueLiteral.string("Ada")
  /// ```
  /// - Parameters:
  ///   - text: The string, compared as it is (bound, never spliced into SQL).
  public static func string(_ text: String) -> QueryValueLiteral { QueryValueLiteral(literal: .string(text)) }

  /// An integer.
  ///
  /// ```swift
  /// QueryValueLiteral.integer(42)
  /// ```
  /// - Parameters:
  ///   - value: The integer.
  public static func integer(_ value: Int64) -> QueryValueLiteral { QueryValueLiteral(literal: .integer(value)) }

  /// A floating-point number.
  ///
  /// ```swift
  /// QueryValueLiteral.double(2.5)
  /// ```
  /// - Parameters:
  ///   - value: The number.
  public static func double(_ value: Double) -> QueryValueLiteral { QueryValueLiteral(literal: .double(value)) }

  /// A Boolean.
  ///
  /// ```swift
  /// QueryValueLiteral.bool(true)
  /// ```
  /// - Parameters:
  ///   - value: The Boolean.
  public static func bool(_ value: Bool) -> QueryValueLiteral { QueryValueLiteral(literal: .bool(value)) }

  /// No value: compares with `==` and `!=` only.
  ///
  /// ```swift
  /// QueryValueLiteral.null
  /// ```
  public static let null = QueryValueLiteral(literal: .null)
}

extension QueryValue where Self: RawRepresentable, RawValue: QueryValue {
  /// The raw value's literal.
  ///
  /// ```swift
  /// Genre.drama.queryLiteral   // .string("drama")
  /// ```
  public var queryLiteral: QueryValueLiteral { rawValue.queryLiteral }
}

// MARK: - Conformances

extension String: QueryValue {
  /// The string.
  public var queryLiteral: QueryValueLiteral { .string(self) }
}

extension Substring: QueryValue {
  /// The string.
  public var queryLiteral: QueryValueLiteral { .string(String(self)) }
}

extension Int: QueryValue {
  /// The integer.
  public var queryLiteral: QueryValueLiteral { .integer(Int64(self)) }
}

extension Int16: QueryValue {
  /// The integer.
  public var queryLiteral: QueryValueLiteral { .integer(Int64(self)) }
}

extension Int32: QueryValue {
  /// The integer.
  public var queryLiteral: QueryValueLiteral { .integer(Int64(self)) }
}

extension Int64: QueryValue {
  /// The integer.
  public var queryLiteral: QueryValueLiteral { .integer(self) }
}

extension Double: QueryValue {
  /// The number.
  public var queryLiteral: QueryValueLiteral { .double(self) }
}

extension Float: QueryValue {
  /// The number.
  public var queryLiteral: QueryValueLiteral { .double(Double(self)) }
}

extension Bool: QueryValue {
  /// The Boolean.
  public var queryLiteral: QueryValueLiteral { .bool(self) }
}

extension Date: QueryValue {
  /// Seconds since 1970, as the query language writes dates.
  public var queryLiteral: QueryValueLiteral { .double(timeIntervalSince1970) }
}

extension Decimal: QueryValue {
  /// The decimal's text, which keeps its digits (decimal columns compare as numbers).
  public var queryLiteral: QueryValueLiteral { .string("\(self)") }
}

extension UUID: QueryValue {
  /// The UUID's text.
  public var queryLiteral: QueryValueLiteral { .string(uuidString) }
}

extension URL: QueryValue {
  /// The URL's text.
  public var queryLiteral: QueryValueLiteral { .string(absoluteString) }
}

extension Optional: QueryValue where Wrapped: QueryValue {
  /// The wrapped value's literal, or ``QueryValueLiteral/null``.
  public var queryLiteral: QueryValueLiteral { self?.queryLiteral ?? .null }
}

/// The values a typed query matches text against (`BEGINSWITH`, `CONTAINS`, `LIKE`, ...):
/// `String` and `String?`.
///
/// ```swift
/// let drafts = try await context.fetch(Book.self, where: .contains(\.title, "draft", caseInsensitive: true))
/// ```
public protocol TextQueryValue: QueryValue {}

extension String: TextQueryValue {}
extension Optional: TextQueryValue where Wrapped == String {}
