#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The Twitter API's `created_at`: `Sun Aug 31 00:29:15 +0000 2014`
/// (`EEE MMM dd HH:mm:ss Z yyyy`), parsed and written byte by byte.
enum TwitterDateFormat {
  static let pattern = "EEE MMM dd HH:mm:ss Z yyyy"

  static func parse(_ string: String) -> Result<Date, DateParseFailure> {
    DateScanner.scan(string) { (scanner: inout DateScanner) throws(DateParseFailure) -> Date in
      try scanner.weekdayName()
      try scanner.spaces()
      var time = CivilTime(year: 0, month: try scanner.monthName(), day: 1)
      try scanner.spaces()
      time.day = try scanner.digits(min: 1, max: 2).value
      try scanner.spaces()
      time.hour = try scanner.digits(2)
      try scanner.expect(UInt8(ascii: ":"))
      time.minute = try scanner.digits(2)
      try scanner.expect(UInt8(ascii: ":"))
      time.second = try scanner.digits(2)
      try scanner.spaces()
      let offset = try scanner.numericOffset()
      try scanner.spaces()
      time.year = try scanner.digits(4)
      try scanner.expectEnd()
      return try ParsedInstant(time, offset: offset).date
    }
  }

  /// `Sun Aug 31 00:29:15 +0000 2014`, in GMT; `nil` for years outside 0...9999.
  static func string(from date: Date) -> String? {
    guard let time = CivilTime(wholeSecondsOf: date) else { return nil }
    var text = DateText()
    text.append(CivilTime.weekdayAbbreviations[time.weekday])
    text.append(UInt8(ascii: " "))
    text.append(CivilTime.monthAbbreviations[time.month - 1])
    text.append(UInt8(ascii: " "))
    text.append(time.day, width: 2)
    text.append(UInt8(ascii: " "))
    ISO8601DateFormat.appendTime(time, to: &text)
    text.append(" +0000 ")
    text.append(time.year, width: 4)
    return text.string
  }
}
