#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// RFC 822 / RFC 1123 dates as RSS and HTTP use them: `Sat, 07 Sep 2002 00:00:01 GMT`.
///
/// Reads an optional weekday, a one- or two-digit day, a month name, a two- or four-digit
/// year, `HH:mm` or `HH:mm:ss`, and a zone: `GMT`, `UT`, `UTC`, `Z`, the North American
/// `EST`/`EDT`/`CST`/`CDT`/`MST`/`MDT`/`PST`/`PDT`, or `+hhmm`; no zone reads as GMT. Writes
/// the RFC 1123 form in GMT.
enum RFC1123DateFormat {
  static func parse(_ string: String) -> Result<Date, DateParseFailure> {
    DateScanner.scan(string) { (scanner: inout DateScanner) throws(DateParseFailure) -> Date in
      scanner.skipSpaces()
      if !scanner.isAtEnd, !scanner.isDigit() {
        try scanner.weekdayName()
        _ = scanner.consume(UInt8(ascii: ","))
        scanner.skipSpaces()
      }
      var time = CivilTime(year: 0, month: 1, day: 1)
      time.day = try scanner.digits(min: 1, max: 2).value
      try scanner.spaces()
      time.month = try scanner.monthName()
      try scanner.spaces()
      let (year, yearDigits) = try scanner.digits(min: 2, max: 4)
      guard yearDigits != 3 else { throw .syntax }
      // RFC 822's two-digit years: 00-49 are 20xx, 50-99 are 19xx (RFC 2822 section 4.3).
      time.year = yearDigits == 2 ? (year < 50 ? 2_000 + year : 1_900 + year) : year
      try scanner.spaces()
      time.hour = try scanner.digits(min: 1, max: 2).value
      try scanner.expect(UInt8(ascii: ":"))
      time.minute = try scanner.digits(2)
      if scanner.consume(UInt8(ascii: ":")) { time.second = try scanner.digits(2) }
      let offset = try zone(&scanner)
      scanner.skipSpaces()
      try scanner.expectEnd()
      return try ParsedInstant(time, offset: offset).date
    }
  }

  private static func zone(_ scanner: inout DateScanner) throws(DateParseFailure) -> Int {
    guard scanner.skipSpaces() > 0, !scanner.isAtEnd else { return 0 }
    if scanner.peek() == UInt8(ascii: "+") || scanner.peek() == UInt8(ascii: "-") {
      return try scanner.numericOffset()
    }
    guard let hours = zoneNames[scanner.word()] else { throw .syntax }
    return hours * 3_600
  }

  /// RFC 822 section 5.1 zone names, in hours east of GMT.
  static let zoneNames: [String: Int] = [
    "gmt": 0, "ut": 0, "utc": 0, "z": 0,
    "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6, "pst": -8, "pdt": -7,
  ]

  /// `Sat, 07 Sep 2002 00:00:01 GMT`; `nil` for years outside 0...9999.
  static func string(from date: Date) -> String? {
    guard let time = CivilTime(wholeSecondsOf: date) else { return nil }
    var text = DateText()
    text.append(CivilTime.weekdayAbbreviations[time.weekday])
    text.append(", ")
    text.append(time.day, width: 2)
    text.append(UInt8(ascii: " "))
    text.append(CivilTime.monthAbbreviations[time.month - 1])
    text.append(UInt8(ascii: " "))
    text.append(time.year, width: 4)
    text.append(UInt8(ascii: " "))
    ISO8601DateFormat.appendTime(time, to: &text)
    text.append(" GMT")
    return text.string
  }
}
