import Foundation

/// How a string comparison folds its two sides: NSPredicate's `[c]` (case-insensitive), `[d]`
/// (diacritic-insensitive) and `[cd]`, for every letter, not only ASCII ones.
///
/// `[c]` folds case as Unicode's full case mapping does, upper case then lower case: `É` is
/// `é`, `MÜLLER` is `müller`, `Σ` and final `ς` are `σ`, and `ß` is `ss` (so `"STRASSE" ==[c]
/// "straße"`). `[d]` takes the canonical decomposition, drops combining diacritical marks (the
/// blocks U+0300–036F, U+1AB0–1AFF, U+1DC0–1DFF, U+20D0–20FF, U+FE20–FE2F) and composes again:
/// `Café` is `Cafe`, `RÉSUMÉ` is `RESUME`; a letter that has no decomposition keeps its stroke
/// (`Ł`, `ø`, `đ`). SQLite folds with this code (the `foundry_fold` function each connection
/// registers); PostgreSQL with the same steps in SQL (`normalize`, `regexp_replace`, and
/// `upper`/`lower` under the ICU collation `und-x-icu`).
///
/// ```swift
/// QueryFolding.caseAndDiacritics.fold("RÉSUMÉ")   // "resume"
/// ```
package struct QueryFolding: OptionSet, Sendable, Hashable {
  package let rawValue: Int

  package init(rawValue: Int) { self.rawValue = rawValue }

  /// `[c]`.
  package static let caseInsensitive = QueryFolding(rawValue: 1)
  /// `[d]`.
  package static let diacriticInsensitive = QueryFolding(rawValue: 2)
  /// `[cd]`.
  package static let caseAndDiacritics: QueryFolding = [.caseInsensitive, .diacriticInsensitive]

  /// The folding an option bracket's letters ask for (`c`, `d`, `cd`, `dc`, either case);
  /// `nil` for any other letter.
  package init?(options: String) {
    var folding: QueryFolding = []
    for letter in options.lowercased() {
      switch letter {
      case "c": folding.insert(.caseInsensitive)
      case "d": folding.insert(.diacriticInsensitive)
      default: return nil
      }
    }
    guard !folding.isEmpty else { return nil }
    self = folding
  }

  /// The folding of a typed query's flags.
  package static func asked(caseInsensitive: Bool, diacriticInsensitive: Bool) -> QueryFolding {
    var folding: QueryFolding = []
    if caseInsensitive { folding.insert(.caseInsensitive) }
    if diacriticInsensitive { folding.insert(.diacriticInsensitive) }
    return folding
  }

  /// The option bracket as a predicate writes it: `[c]`, `[d]`, `[cd]`; empty for none.
  package var notation: String {
    switch self {
    case .caseInsensitive: "[c]"
    case .diacriticInsensitive: "[d]"
    case .caseAndDiacritics: "[cd]"
    default: ""
    }
  }

  /// The combining diacritical marks `[d]` drops, by code point.
  package static let combiningMarks: [ClosedRange<UInt32>] = [0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F]

  /// `text` folded: diacritics dropped, then case folded, as this folding asks.
  package func fold(_ text: String) -> String {
    var folded = text
    if contains(.diacriticInsensitive) {
      let marks = Self.combiningMarks
      let kept = folded.decomposedStringWithCanonicalMapping.unicodeScalars.filter { scalar in !marks.contains { $0.contains(scalar.value) } }
      folded = String(String.UnicodeScalarView(kept)).precomposedStringWithCanonicalMapping
    }
    if contains(.caseInsensitive) { folded = folded.uppercased().lowercased() }
    return folded
  }
}
