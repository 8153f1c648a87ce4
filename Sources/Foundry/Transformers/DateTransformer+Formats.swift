#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension MappingTransformer where Self == DateTransformer {
  /// ISO 8601: reads `2024-02-29`, `2024-02-29T12:30:45Z`, `…45.123456789+02:00`, the basic
  /// form `20240229T123045Z` and more (input without an offset is GMT); writes
  /// `2024-02-29T12:30:45Z`, with up to six fractional digits when the fraction is not zero.
  ///
  /// ```swift
  /// created = try object.decode(at: 0, using: .iso8601)
  /// ```
  public static var iso8601: DateTransformer { DateTransformer(format: .iso8601(fractionalDigits: nil, includesTime: true)) }

  /// ISO 8601 with a fixed number of fractional digits or a time zone for writing.
  ///
  /// ```swift
  /// try object.encode(created, at: 0, using: .iso8601(fractionalDigits: 3))   // 2024-02-29T12:30:45.120Z
  /// ```
  /// - Parameters:
  ///   - fractionalDigits: Digits written after the seconds, 0...9; `nil` writes up to six,
  ///     only when the fraction is not zero.
  ///   - timeZone: The zone dates are written in (as an offset), and the zone of input
  ///     without one.
  public static func iso8601(fractionalDigits: Int?, timeZone: TimeZone = .gmt) -> DateTransformer {
    DateTransformer(format: .iso8601(fractionalDigits: fractionalDigits.map { min(max($0, 0), 9) }, includesTime: true), timeZone: timeZone)
  }

  /// ISO 8601 calendar dates: reads every ISO 8601 form, writes only the day, `2024-02-29`.
  ///
  /// ```swift
  /// birthday = try object.decode(at: 1, using: .iso8601Date)
  /// ```
  public static var iso8601Date: DateTransformer { DateTransformer(format: .iso8601(fractionalDigits: nil, includesTime: false)) }

  /// RFC 3339 (Atom): the ISO 8601 profile with seconds and an offset always present,
  /// `2003-12-13T18:30:02.25+01:00`; writes like ``iso8601``.
  ///
  /// ```swift
  /// updated = try entry.decode(at: 2, using: .rfc3339)
  /// ```
  public static var rfc3339: DateTransformer { DateTransformer(format: .rfc3339(fractionalDigits: nil)) }

  /// RFC 1123 (RSS, HTTP): reads `Sat, 07 Sep 2002 00:00:01 GMT`, numeric offsets and the
  /// RFC 822 zone names; writes the GMT form.
  ///
  /// ```swift
  /// published = try item.decode(at: 3, using: .rfc1123)
  /// ```
  public static var rfc1123: DateTransformer { DateTransformer(format: .rfc1123) }

  /// RFC 822 dates; the same as ``rfc1123``, which is RFC 822 with four-digit years.
  ///
  /// ```swift
  /// published = try item.decode(at: 3, using: .rfc822)
  /// ```
  public static var rfc822: DateTransformer { DateTransformer(format: .rfc1123) }

  /// The Twitter API's `created_at`, `Sun Aug 31 00:29:15 +0000 2014`.
  ///
  /// ```swift
  /// created = try tweet.decode(at: 0, using: .twitter)
  /// ```
  public static var twitter: DateTransformer { DateTransformer(format: .twitter) }

  /// Any `DateFormatter` pattern, in the `en_US_POSIX` locale and the given time zone.
  ///
  /// ```swift
  /// birthday = try object.decode(at: 1, using: .date(format: "dd.MM.yyyy"))
  /// ```
  /// - Parameters:
  ///   - format: A Unicode date pattern, `yyyy-MM-dd HH:mm`.
  ///   - timeZone: The zone of dates without one in the text; GMT unless given.
  public static func date(format: String, timeZone: TimeZone = .gmt) -> DateTransformer {
    DateTransformer(format: .pattern(format), timeZone: timeZone)
  }

  /// Seconds since 1970 as a number (`1409444955`, `-86400`, `1409444955.5`); numeric strings
  /// read too in lenient mode. Writes an integer when the date is a whole second.
  ///
  /// ```swift
  /// created = try object.decode(at: 0, using: .secondsSince1970)
  /// ```
  public static var secondsSince1970: DateTransformer { DateTransformer(format: .secondsSince1970) }

  /// Milliseconds since 1970 as a number (`1409444955123`), as JavaScript writes them; writes
  /// whole milliseconds.
  ///
  /// ```swift
  /// updated = try object.decode(at: 1, using: .millisecondsSince1970)
  /// ```
  public static var millisecondsSince1970: DateTransformer { DateTransformer(format: .millisecondsSince1970) }

  /// A number (or numeric string) of seconds, milliseconds or microseconds since 1970, told
  /// apart by magnitude: below 10^11 seconds (to the year 5138), below 10^14 milliseconds,
  /// else microseconds. Writes seconds.
  ///
  /// ```swift
  /// // 1441843200, 1441843200000 and "1441843200000000" are all 2015-09-10T00:00:00Z
  /// stamp = try object.decode(at: 0, using: .sinceEpochByMagnitude)
  /// ```
  public static var sinceEpochByMagnitude: DateTransformer { DateTransformer(format: .sinceEpochByMagnitude) }
}
