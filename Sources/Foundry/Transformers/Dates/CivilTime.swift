#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Calendar arithmetic in the proleptic Gregorian calendar, in whole seconds since 1970 UTC:
/// the fixed formats need no `Calendar`, no locale and no locks.
///
/// The day conversions are Howard Hinnant's `days_from_civil` / `civil_from_days`.
struct CivilTime: Equatable {
  var year: Int
  var month: Int
  var day: Int
  var hour = 0
  var minute = 0
  var second = 0

  /// Seconds from 1970-01-01T00:00:00Z to this time read as UTC.
  var secondsSince1970: Int64 {
    Int64(Self.days(year: year, month: month, day: day)) * 86_400 + Int64(hour * 3_600 + minute * 60 + second)
  }

  /// The UTC time `seconds` after 1970.
  init(secondsSince1970 seconds: Int64) {
    let (days, remainder) = Self.floorDivide(seconds, 86_400)
    let civil = Self.civil(days: Int(days))
    year = civil.year
    month = civil.month
    day = civil.day
    hour = Int(remainder / 3_600)
    minute = Int(remainder % 3_600 / 60)
    second = Int(remainder % 60)
  }

  /// The UTC time of `date` to the second, when its year has four digits (the formats that
  /// name the weekday and month print no other).
  init?(wholeSecondsOf date: Date) {
    guard let split = SplitInstant(date, digits: 0) else { return nil }
    self.init(secondsSince1970: split.seconds)
    guard (0...9_999).contains(year) else { return nil }
  }

  init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  /// The day of the week, 0 = Sunday.
  var weekday: Int {
    let days = Self.days(year: year, month: month, day: day)
    return ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday (4)
  }

  /// Why the fields do not make a time, or `nil` when they do. Second 60 (a leap second) is
  /// accepted and rolls over into the next minute.
  var rangeProblem: String? {
    guard (1...12).contains(month) else { return "month \(month) out of range" }
    let last = Self.daysInMonth(year: year, month: month)
    guard (1...last).contains(day) else { return "day \(day) out of range for \(Self.monthNames[month - 1]) \(year)" }
    guard (0...23).contains(hour) else { return "hour \(hour) out of range" }
    guard (0...59).contains(minute) else { return "minute \(minute) out of range" }
    guard (0...60).contains(second) else { return "second \(second) out of range" }
    return nil
  }

  // MARK: - Day arithmetic

  static func isLeapYear(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days from 1970-01-01 to the given date.
  static func days(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date `days` after 1970-01-01.
  static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shifted = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shifted + 2) / 5 + 1
    let month = shifted < 10 ? shifted + 3 : shifted - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  static func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    var quotient = value / divisor
    var remainder = value % divisor
    if remainder < 0 {
      quotient -= 1
      remainder += divisor
    }
    return (quotient, remainder)
  }

  // MARK: - Names

  static let monthNames = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
  ]
  static let monthAbbreviations = monthNames.map { String($0.prefix(3)) }
  static let weekdayAbbreviations = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
}
