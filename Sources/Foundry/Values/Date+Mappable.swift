#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON

/// A `Date` field reads an ISO 8601 string (`2024-02-29`, `2024-02-29T12:30:45Z`,
/// `…45.123+02:00`, input without an offset is GMT) or a number of seconds since 1970, as
/// Motis does (in lenient mode, and in XML, a numeric string too: `"1709209845"`); it writes
/// ISO 8601 in GMT with fractional seconds only when they are not zero.
///
/// ```swift
/// struct Post { var published: Date }   // "2024-02-29T12:30:45Z" or 1709209845
/// ```
/// Other formats: a ``DateTransformer`` per field (`using: .rfc1123`), ``ValueFormats`` per
/// type, or ``MappingOptions/dateFormats`` and ``EncodingOptions/dateFormat`` per call.
extension Date: MappableValue {
  /// Reads an ISO 8601 string or seconds since 1970.
  ///
  /// - Parameters:
  ///   - value: The document value to read.
  /// - Throws: ``MappingError``: `expected Date (ISO 8601 or seconds since 1970), found ...`.
  public static func read(from value: ValueReader) throws -> Date {
    var formats = value.context.options.dateFormats
    if let own = value.context.formats?.dates, !own.isEmpty { formats = own }
    if !formats.isEmpty { return try read(from: value, formats: formats) }
    let expectation = "Date (ISO 8601 or seconds since 1970)"
    if let string = value.textValue {
      switch ISO8601DateFormat.parse(string, strictness: .iso8601, timeZone: .gmt) {
      case .success(let date): return date
      case .failure(let failure):
        // A numeric string is seconds since 1970 in lenient mode (Motis's table), and in XML,
        // where every number is text.
        if value.coercion == .lenient || value.node.isMarkup, let seconds = Self.seconds(in: string) {
          guard let date = DateTransformer.representable(secondsSince1970: seconds) else {
            throw value.invalid(expected: expectation, reason: "out of range (years 1 to 9999)")
          }
          if !value.node.isMarkup { value.context.recordCoercion("string \"\(string)\" read as seconds since 1970") }
          return date
        }
        throw value.invalid(expected: expectation, reason: failure.reason)
      }
    }
    guard value.kind == .number else { throw value.mismatch(expected: expectation) }
    return try DateTransformer.secondsSince1970.read(from: value)
  }

  /// The number a string spells in decimal (`1709209845`, `-12.5`, `1.7e9`), if finite.
  private static func seconds(in string: String) -> Double? {
    let digits = string.utf8
    guard let first = digits.first, first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
      digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || "-+.eE".utf8.contains($0) }),
      let seconds = Double(string), seconds.isFinite
    else { return nil }
    return seconds
  }

  /// The date in the first of `formats` that reads `value` (``MappingOptions/dateFormats``).
  private static func read(from value: ValueReader, formats: [DateTransformer]) throws -> Date {
    try DateFormatsTransformer(formats: formats).read(from: value)
  }

  /// Writes ISO 8601, `2024-02-29T12:30:45Z` or `2024-02-29T12:30:45.5Z`, or in
  /// ``EncodingOptions/dateFormat``.
  /// - Parameters:
  ///   - writer: The writer of the value's place in the output.
  public func write(to writer: inout ValueWriter) throws {
    let format = writer.context.formats?.dates.first ?? writer.context.options.dateFormat ?? .iso8601
    try format.write(self, to: &writer)
  }
}
