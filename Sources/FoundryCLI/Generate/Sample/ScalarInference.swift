/// Picks the Swift type for the scalar values seen at one place of the samples: the type that
/// reads all of them under the lenient coercions, a date with its transformer, an enum
/// candidate, or `JSONValue` with a note when nothing narrower reads them all.
///
/// ```swift
/// // {"zip": "00172"}, {"count": 4}, {"count": "5"}
/// ScalarInference(counts: counts, profile: profile, key: "count", isXML: false).result.type   // .int
/// ```
struct ScalarInference {
  /// The type chosen, with what the generated property says about it.
  struct Result {
    var type: ModelValueType
    var transformer: String?
    var notes: [String] = []
    /// Strings that are closed enough for an enum (`--enums`), in order of first appearance.
    var enumValues: [String]?
    /// Whether the values include empty XML elements, which read as `nil` for this type.
    var hasEmptyText = false
  }

  let counts: KindCounts
  let profile: ValueProfile
  let key: String
  let isXML: Bool
  let maximumEnumCases: Int

  init(counts: KindCounts, profile: ValueProfile?, key: String, isXML: Bool, maximumEnumCases: Int = 8) {
    self.counts = counts
    self.profile = profile ?? ValueProfile()
    self.key = key
    self.isXML = isXML
    self.maximumEnumCases = maximumEnumCases
  }

  /// Words of keys that name points in time: an epoch number under such a key is a date.
  static let timeWords: Set<String> = [
    "at", "time", "date", "timestamp", "ts", "created", "updated", "modified", "expires", "expiry", "published", "since",
    "until", "when", "seen", "last", "born", "started", "ended", "deleted", "on", "generated",
  ]

  var result: Result {
    let strings = counts[.string], ints = counts[.int], doubles = counts[.double], bools = counts[.bool]
    let numbers = ints + doubles
    if isXML || (strings > 0 && numbers == 0 && bools == 0) { return fromStrings() }
    if strings == 0 && bools == 0 {
      if let date = epochDate() { return date }
      if doubles == 0 { return Result(type: .int) }
      return Result(type: .double, notes: ints > 0 ? ["int in \(ints), double in \(doubles)"] : [])
    }
    if strings == 0 && numbers == 0 { return Result(type: .bool) }
    let forms = profile.stringForms
    let hasEmpty = profile.emptyStringCount > 0
    if bools == 0, !hasEmpty, forms.contains(.number) {
      let digits = "a number in \(numbers), a numeric string in \(strings)"
      if doubles == 0, forms.contains(.integer) {
        if let date = epochDate() { return date }
        return Result(type: .int, notes: [digits])
      }
      return Result(type: .double, notes: [digits])
    }
    if bools == 0 { return Result(type: .string, notes: ["a number in \(numbers), a string in \(strings): read as text"]) }
    if numbers == 0, !hasEmpty, forms.contains(.boolean) {
      return Result(type: .bool, notes: ["a bool in \(bools), \"true\" or \"false\" in a string in \(strings)"])
    }
    if strings == 0, let range = profile.numberRange, range.lowerBound >= 0, range.upperBound <= 1, doubles == 0 {
      return Result(type: .bool, notes: ["a bool in \(bools), 0 or 1 in \(ints)"])
    }
    return Result(type: .json, notes: ["varies: " + Self.describe(counts)])
  }

  /// Strings alone (every XML value): a date, an integer, a number, a bool, a URL, an enum
  /// candidate or text.
  private func fromStrings() -> Result {
    let forms = profile.stringForms
    let hasEmpty = profile.emptyStringCount > 0
    // All empty: nothing to go by.
    guard profile.stringCount > 0 else { return Result(type: .string) }
    // In JSON an empty string would not read as a date, a URL or a number: keep the text.
    if hasEmpty, !isXML { return withEnum(Result(type: .string)) }
    var result: Result
    if forms.contains(.iso8601Date) {
      result = Result(type: .date, transformer: ".iso8601Date")
    } else if forms.contains(.iso8601) {
      result = Result(type: .date, transformer: ".iso8601")
    } else if forms.contains(.rfc1123) {
      result = Result(type: .date, transformer: ".rfc1123")
    } else if forms.contains(.twitter) {
      result = Result(type: .date, transformer: ".twitter")
    } else if let mixed = mixedDateFormats() {
      result = mixed
    } else if isXML, forms.contains(.integer) {
      result = epochDate() ?? Result(type: .int)
    } else if isXML, forms.contains(.number) {
      result = Result(type: .double)
    } else if isXML, forms.contains(.boolean) {
      result = Result(type: .bool)
    } else if forms.contains(.url) {
      result = Result(type: .url)
    } else {
      result = withEnum(Result(type: .string))
    }
    result.hasEmptyText = hasEmpty && result.type != .string
    return result
  }

  /// `result` with ``Result/enumValues`` set when the strings are a small set seen more
  /// than once each on average: short tokens, not sentences.
  private func withEnum(_ result: Result) -> Result {
    var result = result
    guard let values = profile.distinctStrings, !values.isEmpty, values.count <= maximumEnumCases,
      profile.stringCount > values.count, profile.emptyStringCount == 0
    else { return result }
    guard Set(SampleNames.words(of: key).suffix(1)).isDisjoint(with: Self.identifyingWords) else { return result }
    if values.allSatisfy(Self.isCode) { result.enumValues = values }
    return result
  }

  /// Last words of keys whose values name or identify things rather than pick a case.
  static let identifyingWords: Set<String> = [
    "id", "ids", "uuid", "guid", "name", "email", "sku", "token", "hash", "title", "slug", "text", "description", "url",
    "path", "label", "key", "number", "phone", "address", "message", "note",
  ]

  /// Whether `value` reads like a code an API enumerates: `paid`, `in_progress`, `IN-TRANSIT`,
  /// `v2` (a letter first, then letters, digits, `_` or `-`, in one case, at most 32).
  static func isCode(_ value: String) -> Bool {
    guard let first = value.first, first.isASCII, first.isLetter, value.count <= 32 else { return false }
    guard value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else { return false }
    return value == value.lowercased() || value == value.uppercased()
  }

  /// A date as seconds or milliseconds since 1970, when the key names a time and every
  /// number falls between 2000 and 2100 in one unit.
  private func epochDate() -> Result? {
    guard let range = profile.numberRange, !Set(SampleNames.words(of: key)).isDisjoint(with: Self.timeWords) else {
      return nil
    }
    if range.lowerBound >= 946_684_800, range.upperBound < 4_102_444_800 {
      return Result(type: .date, transformer: ".secondsSince1970", notes: ["seconds since 1970"])
    }
    if range.lowerBound >= 946_684_800_000, range.upperBound < 4_102_444_800_000 {
      return Result(type: .date, transformer: ".millisecondsSince1970", notes: ["milliseconds since 1970"])
    }
    return nil
  }

  /// A date read through every format the strings were in, in order of first appearance
  /// (written in the first), when each string is a date but not all in one format.
  private func mixedDateFormats() -> Result? {
    guard profile.undatedStringCount == 0, profile.dateFormats.count > 1 else { return nil }
    let formats: [(ValueProfile.StringForms, transformer: String, name: String)] = [
      (.iso8601, ".iso8601", "ISO 8601"), (.rfc1123, ".rfc1123", "RFC 1123"), (.twitter, ".twitter", "Twitter"),
    ]
    let seen = profile.dateFormats.compactMap { format in formats.first { $0.0 == format } }
    let transformer = ".date(oneOf: " + seen.map(\.transformer).joined(separator: ", ") + ")"
    return Result(type: .date, transformer: transformer, notes: ["dates in \(seen.count) formats (\(seen.map(\.name).joined(separator: ", ")))"])
  }

  /// `bool in 1, int in 2, string in 3`.
  static func describe(_ counts: KindCounts) -> String {
    counts.kinds.map { "\($0) in \(counts[$0])" }.joined(separator: ", ")
  }
}
