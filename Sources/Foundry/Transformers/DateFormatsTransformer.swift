#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads `Date`s in any of several formats, trying each in order, and writes them in the
/// first: for a payload that sends one field in two forms (ISO 8601 from one server, RFC 1123
/// from another).
///
/// ```swift
/// @Mappable
/// struct Item {
///   @Transform(.date(oneOf: .iso8601, .rfc1123)) var modified: Date
/// }
/// // "2024-05-01T12:00:00Z" and "Wed, 01 May 2024 12:35:00 GMT" both read;
/// // every date writes back as "2024-05-01T12:00:00Z".
/// ```
///
/// A value that no format reads fails with all of them in the message:
/// `expected Date in ISO 8601 format or Date in RFC 1123 format, found string "soon"`.
/// ``MappingOptions/dateFormats`` and ``ValueFormats`` read plain `Date` fields the same way.
public struct DateFormatsTransformer: MappingTransformer, Hashable {
  /// The formats tried in order; the first is also the one written.
  public let formats: [DateTransformer]

  /// A transformer reading `first`, then each of `others`.
  ///
  /// ```swift
  /// let stamps = DateFormatsTransformer(.iso8601, .secondsSince1970)
  /// ```
  /// - Parameters:
  ///   - first: The first format tried, and the one written.
  ///   - others: The other formats, tried in order.
  public init(_ first: DateTransformer, _ others: DateTransformer...) {
    formats = [first] + others
  }

  /// A transformer over a list that may be empty (which reads nothing and writes ISO 8601).
  init(formats: [DateTransformer]) {
    self.formats = formats
  }

  /// What a field in these formats expects, for messages.
  ///
  /// ```swift
  /// DateFormatsTransformer(.iso8601, .rfc1123).expectation
  /// // Date in ISO 8601 format or Date in RFC 1123 format
  /// ```
  public var expectation: String { formats.map(\.expectation).joined(separator: " or ") }

  /// The date in the first format that reads `value`.
  ///
  /// - Parameters:
  ///   - value: The document value to read.
  /// - Throws: ``MappingError`` naming every format when none reads the value (the format's
  ///   own error when there is one format).
  /// - Complexity: O(*f*) parses, in the number of formats.
  public func read(from value: ValueReader) throws -> Date {
    for format in formats {
      if let date = try? format.read(from: value) { return date }
    }
    if formats.count == 1, let format = formats.first { return try format.read(from: value) }
    throw value.invalid(expected: expectation)
  }

  /// Writes `date` in the first format (ISO 8601 when there is none).
  ///
  /// - Parameters:
  ///   - date: The date.
  ///   - writer: The writer of the value's place in the output.
  /// - Throws: ``MappingError`` when that format cannot show the date.
  public func write(_ date: Date, to writer: inout ValueWriter) throws {
    try (formats.first ?? .iso8601).write(date, to: &writer)
  }
}

extension MappingTransformer where Self == DateFormatsTransformer {
  /// Dates in any of several formats, tried in order; written in the first.
  ///
  /// ```swift
  /// @Transform(.date(oneOf: .iso8601, .rfc1123)) var modified: Date
  /// ```
  /// - Parameters:
  ///   - first: The format tried first, and the one dates are written in.
  ///   - others: The formats tried next, in order.
  public static func date(oneOf first: DateTransformer, _ others: DateTransformer...) -> DateFormatsTransformer {
    DateFormatsTransformer(formats: [first] + others)
  }
}
