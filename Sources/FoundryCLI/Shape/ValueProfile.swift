import Foundry
import FoundryJSON

/// What the scalar values at one place of a ``Shape`` look like, beyond their kinds: the
/// forms every string takes (digits, a number, a date in some format, a URL), the range of the
/// numbers, and the distinct strings while they are few. `foundry generate --from-sample` picks
/// property types from it; ``ShapeOptions/profilesValues`` turns it on.
///
/// ```swift
/// var profile = ValueProfile()
/// profile.observe(string: "2024-05-01T12:00:00Z")
/// profile.observe(string: "2024-05-02T08:30:00Z")
/// profile.stringForms.contains(.iso8601)   // true: every string is an ISO 8601 date
/// ```
package struct ValueProfile: Sendable, Hashable {
  /// Forms a string can take; a profile keeps the forms that every string took.
  package struct StringForms: OptionSet, Sendable, Hashable {
    package let rawValue: UInt16
    package init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `42`, `-7`: an integer that fits `Int64`, without leading zeros.
    package static let integer = StringForms(rawValue: 1 << 0)
    /// `4.5`, `-1e3`, `42`: a number as JSON writes it.
    package static let number = StringForms(rawValue: 1 << 1)
    /// `true` or `false`, any case.
    package static let boolean = StringForms(rawValue: 1 << 2)
    /// `2024-05-01T12:00:00Z`, `2024-05-01`: ISO 8601 (as `DateTransformer.iso8601` reads).
    package static let iso8601 = StringForms(rawValue: 1 << 3)
    /// `2024-05-01`: ISO 8601 without a time.
    package static let iso8601Date = StringForms(rawValue: 1 << 4)
    /// `Sat, 07 Sep 2002 00:00:01 GMT`.
    package static let rfc1123 = StringForms(rawValue: 1 << 5)
    /// `Sun Aug 31 00:29:15 +0000 2014`.
    package static let twitter = StringForms(rawValue: 1 << 6)
    /// `https://example.com/a`: an absolute http(s) URL without spaces.
    package static let url = StringForms(rawValue: 1 << 7)

    /// Every form.
    package static let all = StringForms(rawValue: 0xFF)
  }

  /// The most distinct strings kept; past it ``distinctStrings`` is `nil`.
  package static let maximumDistinct = 16

  /// The forms every non-empty string took; ``StringForms/all`` while none was seen.
  package private(set) var stringForms = StringForms.all
  /// How many non-empty strings were seen.
  package private(set) var stringCount = 0
  /// How many empty strings were seen.
  package private(set) var emptyStringCount = 0
  /// The distinct non-empty strings in order of first appearance, `nil` once there were more
  /// than ``maximumDistinct``.
  package private(set) var distinctStrings: [String]? = []
  /// The smallest and largest number seen, numeric strings included.
  package private(set) var numberRange: ClosedRange<Double>?
  /// The date formats of the strings (``StringForms/iso8601``, ``StringForms/rfc1123``,
  /// ``StringForms/twitter``), each once, in order of first appearance: a payload can send
  /// one field in several.
  package private(set) var dateFormats: [StringForms] = []
  /// How many non-empty strings were in none of the date formats.
  package private(set) var undatedStringCount = 0

  package init() {}

  /// Counts a string value.
  package mutating func observe(string: String) {
    guard !string.isEmpty else {
      emptyStringCount += 1
      return
    }
    stringCount += 1
    let forms = Self.forms(of: string)
    stringForms.formIntersection(forms)
    if let format = Self.dateFormatsInOrder.first(where: forms.contains) {
      if !dateFormats.contains(format) { dateFormats.append(format) }
    } else {
      undatedStringCount += 1
    }
    if var distinct = distinctStrings, !distinct.contains(string) {
      distinct.append(string)
      distinctStrings = distinct.count > Self.maximumDistinct ? nil : distinct
    }
    if stringForms.contains(.number), let value = Double(string) { include(value) }
  }

  /// Counts a number value.
  package mutating func observe(number: JSONNumber) {
    if let value = number.double { include(value) }
  }

  /// Adds what `other` saw.
  package mutating func merge(_ other: ValueProfile) {
    stringForms.formIntersection(other.stringForms)
    stringCount += other.stringCount
    emptyStringCount += other.emptyStringCount
    for format in other.dateFormats where !dateFormats.contains(format) { dateFormats.append(format) }
    undatedStringCount += other.undatedStringCount
    if var distinct = distinctStrings, let more = other.distinctStrings {
      for string in more where !distinct.contains(string) { distinct.append(string) }
      distinctStrings = distinct.count > Self.maximumDistinct ? nil : distinct
    } else {
      distinctStrings = nil
    }
    if let range = other.numberRange { include(range.lowerBound); include(range.upperBound) }
  }

  private mutating func include(_ value: Double) {
    guard value.isFinite else { return }
    numberRange = numberRange.map { min($0.lowerBound, value)...max($0.upperBound, value) } ?? value...value
  }

  // MARK: - Forms

  /// The date formats ``dateFormats`` tells apart, in the order a string's format is looked for.
  static let dateFormatsInOrder: [StringForms] = [.iso8601, .rfc1123, .twitter]

  /// The forms `string` takes.
  static func forms(of string: String) -> StringForms {
    var forms: StringForms = []
    let utf8 = string.utf8
    if isInteger(utf8) { forms.insert(.integer) }
    if JSONNumber(text: string) != nil { forms.insert(.number) }
    let lowered = string.lowercased()
    if lowered == "true" || lowered == "false" { forms.insert(.boolean) }
    if looksLikeISODate(utf8), DateTransformer.iso8601.reads(string) {
      forms.insert(.iso8601)
      if utf8.count == 10 { forms.insert(.iso8601Date) }
    }
    if string.contains(","), DateTransformer.rfc1123.reads(string) { forms.insert(.rfc1123) }
    if string.contains(":"), DateTransformer.twitter.reads(string) { forms.insert(.twitter) }
    if (string.hasPrefix("http://") || string.hasPrefix("https://")), utf8.count > 8,
      !utf8.contains(where: { $0 <= 0x20 || $0 == UInt8(ascii: "\"") || $0 >= 0x7F })
    {
      forms.insert(.url)
    }
    return forms
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// `0`, `42`, `-7`, at most 18 digits (so it fits `Int64`), no leading zero.
  private static func isInteger(_ utf8: String.UTF8View) -> Bool {
    let digits = utf8.first == UInt8(ascii: "-") ? utf8.dropFirst() : utf8[...]
    guard let first = digits.first, digits.count <= 18, digits.allSatisfy(isDigit) else { return false }
    return first != UInt8(ascii: "0") || digits.count == 1
  }

  /// `YYYY-MM-DD` and maybe more: what an ISO 8601 date in a payload starts with (the basic
  /// form, `20240501`, is left out: it is also an integer).
  private static func looksLikeISODate(_ utf8: String.UTF8View) -> Bool {
    let bytes = Array(utf8.prefix(10))
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
    return [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { isDigit(bytes[$0]) }
  }
}
