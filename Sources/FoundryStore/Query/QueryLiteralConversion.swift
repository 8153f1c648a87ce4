#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryGraph

/// A query's literal as the value its column holds: dates as seconds since 2001 (given as
/// seconds since 1970 or ISO 8601 text), Booleans as 0 and 1, UUIDs in upper case, decimals
/// as numbers (their columns are compared as numbers).
enum QueryLiteralConversion {
  static func sqlValue(_ literal: QueryLiteral, type: AttributeType?, column: Int) throws(StoreError) -> SQLValue {
    switch (type, literal) {
    case (_, .null): return .null
    case (_, .object(let object)):
      throw QueryError.at(column, "\(object) is an object: compare it with a relationship (author == %@, books CONTAINS %@)")
    case (nil, .string(let text)): return .text(text)
    case (nil, .integer(let value)): return .integer(value)
    case (nil, .double(let value)): return .real(value)
    case (nil, .bool(let value)): return .integer(value ? 1 : 0)
    case (.string?, .string(let text)), (.uri?, .string(let text)): return .text(text)
    case (.integer16?, .integer(let value)), (.integer32?, .integer(let value)), (.integer64?, .integer(let value)): return .integer(value)
    case (.integer16?, .double(let value)), (.integer32?, .double(let value)), (.integer64?, .double(let value)):
      // A whole number as an integer, so that no backend compares the column as a double
      // (PostgreSQL would, and 2^53 + 1 would equal 2^53.0).
      if let whole = Int64(exactly: value) { return .integer(whole) }
      return .real(value)
    case (.double?, .integer(let value)), (.float?, .integer(let value)), (.decimal?, .integer(let value)): return .real(Double(value))
    case (.double?, .double(let value)), (.float?, .double(let value)), (.decimal?, .double(let value)): return .real(value)
    case (.decimal?, .string(let text)):
      if let value = Double(text) { return .real(value) }
    case (.boolean?, .bool(let value)): return .integer(value ? 1 : 0)
    case (.boolean?, .integer(let value)) where value == 0 || value == 1: return .integer(value)
    case (.date?, .integer(let seconds)): return .real(Date(timeIntervalSince1970: Double(seconds)).timeIntervalSinceReferenceDate)
    case (.date?, .double(let seconds)): return .real(Date(timeIntervalSince1970: seconds).timeIntervalSinceReferenceDate)
    case (.date?, .string(let text)):
      if let date = try? Date(text, strategy: .iso8601) { return .real(date.timeIntervalSinceReferenceDate) }
      throw QueryError.at(column, "\"\(text)\" is not an ISO 8601 date and time (2024-05-01T12:00:00Z)")
    case (.uuid?, .string(let text)):
      if let uuid = UUID(uuidString: text) { return .text(uuid.uuidString) }
    default: break
    }
    throw QueryError.at(column, "\(literal) is not a value of a \(type.map { "\($0)" } ?? "JSON") attribute")
  }
}

extension QueryLiteral {
  /// A variable's value as a literal: a date as seconds since 1970 (what a date compares
  /// with), a decimal as a number, a URL or UUID as its text.
  init(variable name: String, _ value: GraphValue?) throws(StoreError) {
    switch value {
    case nil: self = .null
    case .string(let text)?: self = .string(text)
    case .integer(let integer)?: self = .integer(integer)
    case .double(let double)?: self = .double(double)
    case .float(let float)?: self = .double(Double(float))
    case .bool(let bool)?: self = .bool(bool)
    case .decimal(let decimal)?: self = .double(Double("\(decimal)") ?? 0)
    case .date(let date)?: self = .double(date.timeIntervalSince1970)
    case .url(let url)?: self = .string(url.absoluteString)
    case .uuid(let uuid)?: self = .string(uuid.uuidString)
    case let other?:
      throw StoreError(.invalidQuery, "variable $\(name): \(other) cannot be compared in a query (give a string, number, Boolean, date, URL or UUID)")
    }
  }
}
