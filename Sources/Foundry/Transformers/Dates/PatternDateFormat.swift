import Foundation
import FoundryInternals

/// Dates in any `DateFormatter` pattern (`yyyy-MM-dd`, `dd.MM.yyyy HH:mm`), in the
/// `en_US_POSIX` locale and a fixed time zone.
///
/// Formatters are costly to make, so one is kept per (pattern, time zone) for the life of the
/// process. ICU formatters are not safe to share between threads, so each use holds that
/// formatter's lock; different patterns never wait for each other.
final class PatternDateFormat: @unchecked Sendable {
  // @unchecked: the formatter is only touched through its lock.
  private let formatter: Locked<DateFormatter>

  private init(pattern: String, timeZone: TimeZone) {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.calendar = Calendar(identifier: .gregorian)
    formatter.timeZone = timeZone
    formatter.dateFormat = pattern
    formatter.isLenient = false
    self.formatter = Locked(formatter)
  }

  func date(from string: String) -> Date? {
    formatter.withLock { $0.date(from: string) }
  }

  func string(from date: Date) -> String {
    formatter.withLock { $0.string(from: date) }
  }

  // MARK: - Cache

  private struct Key: Hashable {
    var pattern: String
    var timeZone: TimeZone
  }

  private static let cache = Locked<[Key: PatternDateFormat]>([:])

  /// The shared formatter for `pattern` in `timeZone`, made on first use.
  static func shared(pattern: String, timeZone: TimeZone) -> PatternDateFormat {
    let key = Key(pattern: pattern, timeZone: timeZone)
    return cache.withLock { cache in
      if let cached = cache[key] { return cached }
      let made = PatternDateFormat(pattern: pattern, timeZone: timeZone)
      cache[key] = made
      return made
    }
  }
}
