#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON

/// Reads and writes `Date`s in one format: ISO 8601, RFC 3339, RFC 1123 (RSS), the Twitter
/// form, any `DateFormatter` pattern, or seconds / milliseconds since 1970.
///
/// Every format writes back in the form it reads. The fixed formats are parsed byte by byte
/// (no `DateFormatter`, no locks); patterns use a cached `DateFormatter` per (pattern, time zone).
///
/// ```swift
/// created = try object.decode(at: 0, using: .twitter)                 // "Sun Aug 31 00:29:15 +0000 2014"
/// birthday = try object.decode(at: 1, using: .date(format: "dd.MM.yyyy"))
/// updated = try object.decode(at: 2, using: .millisecondsSince1970)   // 1409444955123
/// ```
///
/// A value that does not parse fails with the format in the message:
/// `expected Date in format "EEE MMM dd HH:mm:ss Z yyyy", found string "yesterday"`.
public struct DateTransformer: MappingTransformer, Hashable {
  enum Format: Hashable {
    case iso8601(fractionalDigits: Int?, includesTime: Bool)
    case rfc3339(fractionalDigits: Int?)
    case rfc1123
    case twitter
    case pattern(String)
    case secondsSince1970
    case millisecondsSince1970
    /// Seconds, milliseconds or microseconds since 1970, told apart by magnitude.
    case sinceEpochByMagnitude
  }

  let format: Format
  /// The zone written dates are in, and the zone of input without an offset.
  public let timeZone: TimeZone

  init(format: Format, timeZone: TimeZone = .gmt) {
    self.format = format
    self.timeZone = timeZone
  }

  /// What a field in this format expects, for messages: `Date in format "yyyy-MM-dd"`.
  ///
  /// ```swift
  /// DateTransformer.twitter.expectation   // Date in format "EEE MMM dd HH:mm:ss Z yyyy"
  /// ```
  public var expectation: String {
    switch format {
    case .iso8601(_, let includesTime): includesTime ? "Date in ISO 8601 format" : "Date in ISO 8601 format (date only)"
    case .rfc3339: "Date in RFC 3339 format"
    case .rfc1123: "Date in RFC 1123 format"
    case .twitter: "Date in format \"\(TwitterDateFormat.pattern)\""
    case .pattern(let pattern): "Date in format \"\(pattern)\""
    case .secondsSince1970: "Date as seconds since 1970"
    case .millisecondsSince1970: "Date as milliseconds since 1970"
    case .sinceEpochByMagnitude: "Date as seconds, milliseconds or microseconds since 1970"
    }
  }

  // MARK: - Reading

  /// Reads a date; numbers for the epoch formats (numeric strings too in lenient mode),
  /// strings for the others.
  ///
  /// - Parameters:
  ///   - value: The document value to read.
  /// - Throws: ``MappingError`` naming the format when the value does not parse.
  public func read(from value: ValueReader) throws -> Date {
    switch format {
    case .secondsSince1970, .millisecondsSince1970, .sinceEpochByMagnitude:
      return try readEpoch(from: value)
    case .pattern(let pattern):
      guard value.kind == .string || value.jsonNode.isMarkup || (value.coercion == .lenient && value.kind == .number) else {
        throw value.mismatch(expected: expectation)
      }
      let string = try value.string()
      guard let date = PatternDateFormat.shared(pattern: pattern, timeZone: timeZone).date(from: string) else {
        throw value.invalid(expected: expectation)
      }
      return date
    default:
      guard let string = value.textValue else { throw value.mismatch(expected: expectation) }
      switch parse(string) {
      case .success(let date): return date
      case .failure(let failure): throw value.invalid(expected: expectation, reason: failure.reason)
      }
    }
  }

  /// Whether `string` reads as a date in this format, for tools that guess a payload's
  /// formats (`foundry generate --from-sample`).
  ///
  /// ```swift
  /// DateTransformer.rfc1123.reads("Sat, 07 Sep 2002 00:00:01 GMT")   // true
  /// ```
  package func reads(_ string: String) -> Bool {
    if case .success = parse(string) { return true }
    return false
  }

  /// Parses `string` in a fixed text format.
  func parse(_ string: String) -> Result<Date, DateParseFailure> {
    switch format {
    case .iso8601: ISO8601DateFormat.parse(string, strictness: .iso8601, timeZone: timeZone)
    case .rfc3339: ISO8601DateFormat.parse(string, strictness: .rfc3339, timeZone: timeZone)
    case .rfc1123: RFC1123DateFormat.parse(string)
    case .twitter: TwitterDateFormat.parse(string)
    case .pattern(let pattern):
      PatternDateFormat.shared(pattern: pattern, timeZone: timeZone).date(from: string).map { .success($0) } ?? .failure(.syntax)
    case .secondsSince1970, .millisecondsSince1970, .sinceEpochByMagnitude:
      JSONNumber(text: string).flatMap { epochDate($0) }.map { .success($0) } ?? .failure(.syntax)
    }
  }

  private func readEpoch(from value: ValueReader) throws -> Date {
    // By magnitude, a numeric string is as plain as a number (`"1441843200"`, as Sync reads it).
    let readsStrings = value.readsText || format == .sinceEpochByMagnitude
    guard value.kind == .number || (readsStrings && (value.kind == .string || value.jsonNode.isMarkup)) else {
      throw value.mismatch(expected: expectation)
    }
    let number: JSONNumber
    do {
      number = try value.number()
    } catch {
      throw value.invalid(expected: expectation)
    }
    guard let date = epochDate(number) else {
      throw value.invalid(expected: expectation, reason: "out of range (years 1 to 9999); is it in another unit?")
    }
    return date
  }

  private func epochDate(_ number: JSONNumber) -> Date? {
    let perSecond: Int64
    switch format {
    case .millisecondsSince1970: perSecond = 1_000
    case .sinceEpochByMagnitude: perSecond = Self.unitsPerSecond(ofEpoch: number.double ?? 0)
    default: perSecond = 1
    }
    let seconds: Double
    if let integer = number.int64 {
      // One rounding, as `Date(timeIntervalSince1970: Double(ms) / 1000)` would do it.
      seconds = Double(integer) / Double(perSecond)
    } else {
      guard let double = number.double, double.isFinite else { return nil }
      seconds = double / Double(perSecond)
    }
    return Self.representable(secondsSince1970: seconds)
  }

  /// The units per second of a time since 1970 told apart by its magnitude: below 10^11 it
  /// is seconds (up to the year 5138), below 10^14 milliseconds (the same span), else
  /// microseconds. A time in seconds before 1970-01-01 is read as seconds down to -10^11.
  static func unitsPerSecond(ofEpoch value: Double) -> Int64 {
    switch abs(value) {
    case ..<1e11: 1
    case ..<1e14: 1_000
    default: 1_000_000
    }
  }

  /// The seconds since 1970 of the dates Foundry reads: years 1 to 9999, the years ISO 8601's
  /// four digits show. A timestamp outside (microseconds read as seconds, say, some 50,000
  /// years on) is a mistake to report where it is, never a date to store.
  static let representableSeconds: ClosedRange<Double> = -62_135_596_800...253_402_300_799.999

  /// The date `seconds` after 1970 when it is within ``representableSeconds``.
  static func representable(secondsSince1970 seconds: Double) -> Date? {
    representableSeconds.contains(seconds) ? Date(timeIntervalSince1970: seconds) : nil
  }

  // MARK: - Writing

  /// Writes `date` in this format: a string, or a number for the epoch formats.
  ///
  /// - Parameters:
  ///   - date: The date.
  ///   - writer: The writer of the value's place in the output.
  /// - Throws: ``MappingError`` for dates the format cannot show (years past 9999 in RFC 1123).
  public func write(_ date: Date, to writer: inout ValueWriter) throws {
    switch format {
    case .secondsSince1970, .sinceEpochByMagnitude:
      let seconds = date.timeIntervalSince1970
      if let whole = Int64(exactly: seconds) { return writer.write(whole) }
      try writer.write(seconds)
    case .millisecondsSince1970:
      let milliseconds = (date.timeIntervalSince1970 * 1_000).rounded()
      guard let whole = Int64(exactly: milliseconds) else { throw unwritable(date) }
      writer.write(whole)
    default:
      guard let string = string(from: date) else { throw unwritable(date) }
      writer.write(string)
    }
  }

  /// `date` as text in this format; `nil` when the format cannot show it.
  func string(from date: Date) -> String? {
    switch format {
    case .iso8601(let digits, let includesTime):
      ISO8601DateFormat.string(from: date, fractionalDigits: digits, timeZone: timeZone, includesTime: includesTime)
    case .rfc3339(let digits): ISO8601DateFormat.string(from: date, fractionalDigits: digits, timeZone: timeZone)
    case .rfc1123: RFC1123DateFormat.string(from: date)
    case .twitter: TwitterDateFormat.string(from: date)
    case .pattern(let pattern): PatternDateFormat.shared(pattern: pattern, timeZone: timeZone).string(from: date)
    case .secondsSince1970, .sinceEpochByMagnitude: JSONNumber(date.timeIntervalSince1970)?.text
    case .millisecondsSince1970: Int64(exactly: (date.timeIntervalSince1970 * 1_000).rounded()).map { String($0) }
    }
  }

  private func unwritable(_ date: Date) -> MappingError {
    MappingError(code: .invalidValue, expected: expectation, found: "\(date)", reason: "the format cannot show this date")
  }
}
