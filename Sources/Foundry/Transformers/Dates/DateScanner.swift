#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a date string did not parse: the wrong shape, or a field out of range.
enum DateParseFailure: Error, Equatable {
  /// The text does not have the format's shape; the message needs no reason.
  case syntax
  /// The shape is right but a field is not (`day 30 out of range for February 2023`).
  case outOfRange(String)

  /// The reason shown after the error message, if any.
  var reason: String? {
    switch self {
    case .syntax: nil
    case .outOfRange(let reason): reason
    }
  }
}

/// A bounds-checked cursor over the UTF-8 bytes of a date string: every read checks the end.
struct DateScanner {
  private let bytes: UnsafeBufferPointer<UInt8>
  private(set) var position = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// Runs `body` over the bytes of `string`.
  static func scan<T>(_ string: String, _ body: (inout DateScanner) throws(DateParseFailure) -> T) -> Result<T, DateParseFailure> {
    var string = string
    return string.withUTF8 { buffer in
      var scanner = DateScanner(buffer)
      return Result { () throws(DateParseFailure) -> T in try body(&scanner) }
    }
  }

  var isAtEnd: Bool { position >= bytes.count }

  func peek(_ ahead: Int = 0) -> UInt8? {
    let index = position + ahead
    return index >= 0 && index < bytes.count ? bytes[index] : nil
  }

  /// Consumes `byte` if it is next.
  mutating func consume(_ byte: UInt8) -> Bool {
    guard peek() == byte else { return false }
    position += 1
    return true
  }

  /// Consumes the next byte if it is one of `choices`, returning it.
  mutating func consume(oneOf choices: [UInt8]) -> UInt8? {
    guard let byte = peek(), choices.contains(byte) else { return nil }
    position += 1
    return byte
  }

  mutating func expect(_ byte: UInt8) throws(DateParseFailure) {
    guard consume(byte) else { throw .syntax }
  }

  mutating func expectEnd() throws(DateParseFailure) {
    guard isAtEnd else { throw .syntax }
  }

  func isDigit(at ahead: Int = 0) -> Bool {
    guard let byte = peek(ahead) else { return false }
    return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// Exactly `count` decimal digits.
  mutating func digits(_ count: Int) throws(DateParseFailure) -> Int {
    try digits(min: count, max: count).value
  }

  /// Between `min` and `max` decimal digits, as many as there are.
  mutating func digits(min: Int, max: Int) throws(DateParseFailure) -> (value: Int, count: Int) {
    var value = 0
    var count = 0
    while count < max, isDigit(), let byte = peek() {
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
      count += 1
      position += 1
    }
    guard count >= min else { throw .syntax }
    return (value, count)
  }

  /// One or more spaces (or tabs).
  mutating func spaces() throws(DateParseFailure) {
    guard skipSpaces() > 0 else { throw .syntax }
  }

  @discardableResult
  mutating func skipSpaces() -> Int {
    var count = 0
    while peek() == UInt8(ascii: " ") || peek() == UInt8(ascii: "\t") {
      position += 1
      count += 1
    }
    return count
  }

  /// A run of ASCII letters, lowercased.
  mutating func word() -> String {
    var letters: [UInt8] = []
    while let byte = peek(), (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") {
      letters.append(byte | 0x20)
      position += 1
    }
    return String(decoding: letters, as: UTF8.self)
  }

  /// A month name, abbreviated (`Sep`) or in full (`September`), any case: 1...12.
  mutating func monthName() throws(DateParseFailure) -> Int {
    let name = word()
    guard name.count >= 3,
      let index = CivilTime.monthNames.firstIndex(where: { $0.lowercased().hasPrefix(name) })
    else { throw .syntax }
    return index + 1
  }

  /// A weekday name, abbreviated or in full, any case; the value is not checked against the date.
  mutating func weekdayName() throws(DateParseFailure) {
    let name = word()
    let full = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    guard name.count >= 3, full.contains(where: { $0.hasPrefix(name) }) else { throw .syntax }
  }

  /// A numeric offset `+hhmm`, `+hh:mm` or `+hh`, in seconds east of GMT.
  mutating func numericOffset() throws(DateParseFailure) -> Int {
    guard let sign = consume(oneOf: [UInt8(ascii: "+"), UInt8(ascii: "-")]) else { throw .syntax }
    let hours = try digits(2)
    var minutes = 0
    if consume(UInt8(ascii: ":")) {
      minutes = try digits(2)
    } else if isDigit() {
      minutes = try digits(2)
    }
    guard hours <= 23 else { throw .outOfRange("offset hour \(hours) out of range") }
    guard minutes <= 59 else { throw .outOfRange("offset minute \(minutes) out of range") }
    let seconds = hours * 3_600 + minutes * 60
    return sign == UInt8(ascii: "-") ? -seconds : seconds
  }
}

// MARK: - From fields to a Date and back

/// A parsed instant: whole seconds since 1970 UTC and the fraction of a second.
struct ParsedInstant {
  var seconds: Int64
  var fraction: Double = 0

  /// The date for local `time` at `offset` seconds east of GMT.
  init(_ time: CivilTime, offset: Int, fraction: Double = 0) throws(DateParseFailure) {
    if let problem = time.rangeProblem { throw .outOfRange(problem) }
    seconds = time.secondsSince1970 - Int64(offset)
    self.fraction = fraction
  }

  var date: Date {
    // The same rounding as `Date(timeIntervalSince1970:)`, so a date written from a number of
    // seconds reads back equal.
    Date(timeIntervalSince1970: Double(seconds) + fraction)
  }

  static let referenceOffset: Int64 = 978_307_200
}

/// A date cut into whole seconds since 1970 UTC and a fraction rounded to `digits` digits.
struct SplitInstant {
  var seconds: Int64
  /// The fraction in units of 10^-digits.
  var fraction: Int

  init?(_ date: Date, digits: Int) {
    let interval = date.timeIntervalSinceReferenceDate
    guard interval.isFinite, abs(interval) < 1e15 else { return nil }
    let whole = interval.rounded(.down)
    let scale = Self.powersOfTen[min(max(digits, 0), 9)]
    var fraction = Int(((interval - whole) * Double(scale)).rounded())
    var seconds = Int64(whole) + ParsedInstant.referenceOffset
    if fraction >= scale {
      fraction -= scale
      seconds += 1
    }
    self.seconds = seconds
    self.fraction = fraction
  }

  static let powersOfTen = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]
}

/// ASCII text built byte by byte.
struct DateText {
  private(set) var bytes: [UInt8] = []

  init() { bytes.reserveCapacity(32) }

  mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
  mutating func append(_ byte: UInt8) { bytes.append(byte) }

  /// `value` with leading zeros to `width` digits (a minus sign in front of negatives).
  mutating func append(_ value: Int, width: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    let digits = Array(String(value.magnitude).utf8)
    if digits.count < width { bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - digits.count)) }
    bytes.append(contentsOf: digits)
  }

  /// `+hhmm` or `+hh:mm`.
  mutating func appendOffset(_ seconds: Int, colon: Bool) {
    append(seconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
    let minutes = abs(seconds) / 60
    append(minutes / 60, width: 2)
    if colon { append(UInt8(ascii: ":")) }
    append(minutes % 60, width: 2)
  }

  var string: String { String(decoding: bytes, as: UTF8.self) }
}
