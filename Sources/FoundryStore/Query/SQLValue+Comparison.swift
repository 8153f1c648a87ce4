import FoundryJSON

/// How the store's SQL compares column values, for the in-memory evaluator: SQLite's order,
/// which PostgreSQL's answers follow for the values a query compares.
///
/// ```swift
/// SQLValue.order(.integer(2), .real(2.5))      // -1
/// SQLValue.order(.text("é"), .text("z"))       // 1: text by code point
/// SQLValue.order(.null, .integer(1))           // nil: a comparison with null is not true
/// ```
extension SQLValue {
  /// Whether `a` sorts before (-1), with (0) or after (1) `b`: numbers by value (an integer
  /// and a real exactly, past 2^53 too), then text by code point, then blobs by byte; `nil`
  /// when either is null.
  static func order(_ a: SQLValue, _ b: SQLValue) -> Int? {
    switch (a, b) {
    case (.null, _), (_, .null): return nil
    case (.integer(let x), .integer(let y)): return x < y ? -1 : x == y ? 0 : 1
    case (.real(let x), .real(let y)): return x < y ? -1 : x == y ? 0 : 1
    case (.integer(let x), .real(let y)): return order(x, y)
    case (.real(let x), .integer(let y)): return -order(y, x)
    case (.text(let x), .text(let y)): return order(x.utf8, y.utf8)
    case (.blob(let x), .blob(let y)): return order(x, y)
    default: return a.rank < b.rank ? -1 : 1
    }
  }

  /// Null, numbers, text, blobs: SQLite's order of values of different kinds.
  private var rank: Int {
    switch self {
    case .null: 0
    case .integer, .real: 1
    case .text: 2
    case .blob: 3
    }
  }

  /// An integer against a real, exactly: converting either to the other's type could round.
  private static func order(_ integer: Int64, _ real: Double) -> Int {
    if real.isNaN { return 1 }
    if real >= 9_223_372_036_854_775_808.0 { return -1 }
    if real < -9_223_372_036_854_775_808.0 { return 1 }
    let whole = Int64(real.rounded(.towardZero))
    if integer != whole { return integer < whole ? -1 : 1 }
    let fraction = real - Double(whole)
    return fraction > 0 ? -1 : fraction < 0 ? 1 : 0
  }

  private static func order<Bytes: Sequence<UInt8>>(_ a: Bytes, _ b: Bytes) -> Int {
    if a.elementsEqual(b) { return 0 }
    return a.lexicographicallyPrecedes(b) ? -1 : 1
  }

  /// The value as SQLite's `CAST(x AS REAL)` reads it: a decimal column's text as a number.
  var asReal: SQLValue {
    switch self {
    case .text(let text): .real(Double(text) ?? 0)
    case .integer(let value): .real(Double(value))
    default: self
    }
  }

  /// The value as text, as a text pattern (`GLOB`) reads a number; `nil` for null.
  var patternText: String? {
    switch self {
    case .null: nil
    case .text(let text): text
    case .integer(let value): String(value)
    case .real(let value): value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) + ".0" : String(value)
    case .blob(let bytes): String(decoding: bytes, as: UTF8.self)
    }
  }

  /// The value SQLite's `json_extract` gives for a JSON value: a string as text, a number as
  /// an integer (when it is one and fits) or a real, `true` and `false` as 1 and 0, an array
  /// or object as its compact JSON text, JSON `null` as null.
  init(json: JSONValue) {
    switch json {
    case .null: self = .null
    case .bool(let flag): self = .integer(flag ? 1 : 0)
    case .number(let number):
      if number.isInteger, let integer = number.int64 { self = .integer(integer) } else { self = .real(number.double ?? 0) }
    case .string(let text): self = .text(text)
    case .array, .object: self = .text(json.description)
    }
  }
}

/// Text patterns as the store matches them: `BEGINSWITH`, `ENDSWITH`, `CONTAINS` and `LIKE`
/// (`*` any run of characters, `?` one), by code point, case-sensitively (fold both sides
/// first for `[c]` and `[d]`).
///
/// ```swift
/// TextPattern.matches("Café Society", "*é S?ciety", .like)   // true
/// ```
enum TextPattern {
  static func matches(_ text: String, _ pattern: String, _ operation: QueryComparison.Operator) -> Bool {
    let subject = Array(text.unicodeScalars)
    let wanted = Array(pattern.unicodeScalars)
    switch operation {
    case .beginsWith: return subject.starts(with: wanted)
    case .endsWith: return subject.reversed().starts(with: wanted.reversed())
    case .like: return wildcard(subject, wanted)
    default:
      guard wanted.count <= subject.count else { return false }
      return wanted.isEmpty || (0...(subject.count - wanted.count)).contains { subject[$0..<($0 + wanted.count)].elementsEqual(wanted) }
    }
  }

  /// `*` and `?` wildcards, greedy with one point to come back to: O(*n* × *m*) at worst.
  private static func wildcard(_ subject: [Unicode.Scalar], _ pattern: [Unicode.Scalar]) -> Bool {
    var (s, p) = (0, 0)
    var star: (pattern: Int, subject: Int)?
    while s < subject.count {
      if p < pattern.count, pattern[p] == "*" {
        star = (p, s)
        p += 1
      } else if p < pattern.count, pattern[p] == "?" || pattern[p] == subject[s] {
        s += 1
        p += 1
      } else if let back = star {
        star = (back.pattern, back.subject + 1)
        p = back.pattern + 1
        s = back.subject + 1
      } else {
        return false
      }
    }
    while p < pattern.count, pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }
}

/// Sums as the store's SQL takes them: integers exactly (an overflow is an error, as in
/// SQLite), reals with compensated (Kahan–Babuška–Neumaier) addition, as SQLite adds them.
///
/// ```swift
/// try QueryAggregation.sum([.integer(2), .integer(3)])   // .integer(5)
/// QueryAggregation.total([.real(0.1), .real(0.2)])       // 0.30000000000000004
/// ```
enum QueryAggregation {
  /// `COALESCE(SUM(x), 0)`: an integer when every value is one, else a real; 0 for none.
  static func sum(_ values: [SQLValue]) throws(StoreError) -> SQLValue {
    var integer: Int64 = 0
    for value in values {
      guard case .integer(let addend) = value else { return .real(total(values)) }
      let (result, overflow) = integer.addingReportingOverflow(addend)
      if overflow { throw StoreError(.invalidQuery, "@sum: integer overflow") }
      integer = result
    }
    return .integer(integer)
  }

  /// A collection operator over values (nil ones left out already), as the store's SQL
  /// answers it: `@sum` and `@avg` of none are 0 (NSArray's answer), `@min` and `@max` nil.
  static func collection(_ function: QueryCompiler.Aggregate, of values: [SQLValue]) throws(StoreError) -> SQLValue {
    switch function {
    case .sum: return try sum(values)
    case .avg: return values.isEmpty ? .integer(0) : .real(total(values) / Double(values.count))
    case .min: return values.min { SQLValue.order($0, $1) ?? 0 < 0 } ?? .null
    case .max: return values.max { SQLValue.order($0, $1) ?? 0 < 0 } ?? .null
    }
  }

  /// The values added as reals: exactly for integers whose sum fits, compensated otherwise.
  static func total(_ values: [SQLValue]) -> Double {
    let integers = values.allSatisfy { if case .integer = $0 { true } else { false } }
    if integers, let exact = try? sum(values), case .integer(let integer) = exact { return Double(integer) }
    var (sum, error) = (0.0, 0.0)
    for value in values {
      let addend: Double
      switch value {
      case .integer(let integer): addend = Double(integer)
      case .real(let real): addend = real
      default: continue
      }
      let next = sum + addend
      error += abs(sum) > abs(addend) ? (sum - next) + addend : (addend - next) + sum
      sum = next
    }
    return sum + error
  }
}
