#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// ISO 8601 and RFC 3339 dates, parsed and written byte by byte.
///
/// Reads `2024-02-29`, `2024-02-29T12:30`, `2024-02-29T12:30:45`, `…45.5`, `…45,123456789`,
/// with `Z`, `+02:00`, `+0200`, `+02` or no offset (then `timeZone` applies), the basic form
/// `20240229T123045Z`, a space instead of `T`, and expanded years (`+10000-01-01`).
enum ISO8601DateFormat {
  /// What the input must contain.
  enum Strictness {
    /// Any of the forms above.
    case iso8601
    /// RFC 3339: the extended form with seconds and an offset.
    case rfc3339
  }

  static func parse(_ string: String, strictness: Strictness, timeZone: TimeZone) -> Result<Date, DateParseFailure> {
    DateScanner.scan(string) { (scanner: inout DateScanner) throws(DateParseFailure) -> Date in
      try parse(&scanner, strictness: strictness, timeZone: timeZone)
    }
  }

  private static func parse(_ scanner: inout DateScanner, strictness: Strictness, timeZone: TimeZone) throws(DateParseFailure) -> Date {
    var time = CivilTime(year: 0, month: 1, day: 1)
    let extended: Bool
    if let sign = scanner.consume(oneOf: [UInt8(ascii: "+"), UInt8(ascii: "-")]) {
      let year = try scanner.digits(min: 4, max: 6).value
      time.year = sign == UInt8(ascii: "-") ? -year : year
      try scanner.expect(UInt8(ascii: "-"))
      extended = true
    } else {
      time.year = try scanner.digits(4)
      extended = scanner.consume(UInt8(ascii: "-"))
    }
    time.month = try scanner.digits(2)
    if extended { try scanner.expect(UInt8(ascii: "-")) }
    time.day = try scanner.digits(2)
    let hasTime = scanner.consume(oneOf: [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")]) != nil
    guard hasTime else {
      guard strictness == .iso8601 else { throw .syntax }
      try scanner.expectEnd()
      return try ParsedInstant(time, offset: localOffset(time, in: timeZone)).date
    }
    time.hour = try scanner.digits(2)
    if extended { try scanner.expect(UInt8(ascii: ":")) }
    time.minute = try scanner.digits(2)
    var hasSeconds = false
    if extended ? scanner.consume(UInt8(ascii: ":")) : scanner.isDigit() {
      time.second = try scanner.digits(2)
      hasSeconds = true
    }
    var fraction = 0.0
    if hasSeconds, scanner.consume(oneOf: [UInt8(ascii: "."), UInt8(ascii: ",")]) != nil {
      fraction = try fractionalSeconds(&scanner)
    }
    if strictness == .rfc3339 {
      guard extended, hasSeconds else { throw .syntax }
    }
    let offset: Int
    if scanner.consume(oneOf: [UInt8(ascii: "Z"), UInt8(ascii: "z")]) != nil {
      offset = 0
    } else if scanner.peek() == UInt8(ascii: "+") || scanner.peek() == UInt8(ascii: "-") {
      offset = try scanner.numericOffset()
    } else {
      guard strictness == .iso8601 else { throw .syntax }
      offset = try localOffset(time, in: timeZone)
    }
    try scanner.expectEnd()
    return try ParsedInstant(time, offset: offset, fraction: fraction).date
  }

  /// One or more digits after the decimal mark; digits past the ninth are read but ignored.
  private static func fractionalSeconds(_ scanner: inout DateScanner) throws(DateParseFailure) -> Double {
    let (value, count) = try scanner.digits(min: 1, max: 9)
    while scanner.isDigit() { _ = try scanner.digits(1) }
    return Double(value) / Double(SplitInstant.powersOfTen[count])
  }

  /// The offset of `timeZone` at the local `time` (for input without an offset).
  static func localOffset(_ time: CivilTime, in timeZone: TimeZone) throws(DateParseFailure) -> Int {
    if let problem = time.rangeProblem { throw .outOfRange(problem) }
    let local = time.secondsSince1970
    let guess = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(local)))
    return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(local - Int64(guess))))
  }

  // MARK: - Writing

  /// `2024-02-29T12:30:45Z`, with `fractionalDigits` digits (`nil`: up to 6, only when not
  /// zero), in `timeZone` (`Z` for GMT, `+02:00` otherwise); only the date when `includesTime`
  /// is false.
  static func string(from date: Date, fractionalDigits: Int?, timeZone: TimeZone, includesTime: Bool = true) -> String? {
    let digits = includesTime ? (fractionalDigits ?? 6) : 0
    guard var split = SplitInstant(date, digits: digits) else { return nil }
    let offset = timeZone.secondsFromGMT(for: date)
    split.seconds += Int64(offset)
    let time = CivilTime(secondsSince1970: split.seconds)
    var text = DateText()
    if time.year < 0 || time.year > 9_999 {
      text.append(time.year < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
      text.append(abs(time.year), width: 4)
    } else {
      text.append(time.year, width: 4)
    }
    text.append(UInt8(ascii: "-"))
    text.append(time.month, width: 2)
    text.append(UInt8(ascii: "-"))
    text.append(time.day, width: 2)
    guard includesTime else { return text.string }
    text.append(UInt8(ascii: "T"))
    appendTime(time, to: &text)
    appendFraction(split.fraction, digits: digits, trimming: fractionalDigits == nil, to: &text)
    if offset == 0 {
      text.append(UInt8(ascii: "Z"))
    } else {
      text.appendOffset(offset, colon: true)
    }
    return text.string
  }

  /// `HH:mm:ss`.
  static func appendTime(_ time: CivilTime, to text: inout DateText) {
    text.append(time.hour, width: 2)
    text.append(UInt8(ascii: ":"))
    text.append(time.minute, width: 2)
    text.append(UInt8(ascii: ":"))
    text.append(time.second, width: 2)
  }

  private static func appendFraction(_ fraction: Int, digits: Int, trimming: Bool, to text: inout DateText) {
    guard digits > 0, !(trimming && fraction == 0) else { return }
    var value = fraction
    var count = digits
    if trimming {
      while count > 1, value % 10 == 0 {
        value /= 10
        count -= 1
      }
    }
    text.append(UInt8(ascii: "."))
    text.append(value, width: count)
  }
}
