import Foundation
import Foundry
import FoundryGraph
import FoundryJSON
import FoundryStore
import FoundryTestSupport
import Testing

/// The differential test of `[c]`, `[d]` and `[cd]`: random words made of letters whose case
/// and diacritics are hard (ß, final sigma, dotless i, ligatures, combining marks, letters
/// without decomposition), stored on each backend and queried with `==`, `BEGINSWITH`,
/// `CONTAINS` and `IN` under each folding, must give the objects Swift's own folding
/// (`QueryFolding.fold`) gives. Fixed seeds in CI; `FOUNDRY_PROPERTY_RUNS=N` runs more.
@Suite("Differential: case and diacritic folding agree on SQLite, PostgreSQL and in Swift")
struct FoldingDifferentialTests {
  static let seeds: [UInt64] = Array(1...UInt64(ProcessInfo.processInfo.environment["FOUNDRY_PROPERTY_RUNS"].flatMap { UInt64($0) } ?? 12))

  static let schema = try! Schema {
    Entity("Word", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("text", .string)
    }
  }

  /// Pieces words are made of.
  static let pieces = [
    "e", "E", "é", "É", "e\u{301}", "ß", "SS", "ss", "σ", "ς", "Σ", "i", "I", "ı", "İ", "ﬁ", "FI", "Ø", "ø", "o", "Ł", "l",
    "Å", "\u{212B}", "å", "ǅ", "ǆ", "Ǆ", "ü", "Ü", "u\u{308}", "ñ", "Ñ", "字", "-", " ",
  ]

  static func word(_ random: inout SeededRandom) -> String {
    (0..<(1 + Int(random.next() % 4))).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
  }

  @Test("random words and foldings: every backend returns Swift's answer", arguments: seeds)
  func agree(seed: UInt64) async throws {
    var random = SeededRandom(seed: seed)
    let words = (0..<24).map { _ in Self.word(&random) }
    let payload = JSONValue.array(words.enumerated().map { index, text in .object(JSONObject([("id", .number(JSONNumber(index))), ("text", .string(text))])) })
    let foldings: [(QueryFolding, String)] = [(.caseInsensitive, "[c]"), (.diacriticInsensitive, "[d]"), (.caseAndDiacritics, "[cd]")]
    for backend in StoreBackendKind.available {
      let store = try await backend.makeStore(Self.schema).store
      try await store.makeContext().importJSON(Array(payload.makeJSONString().utf8), entity: "Word")
      for _ in 0..<6 {
        let probe = Bool.random(using: &random) ? words[Int(random.next() % UInt64(words.count))] : Self.word(&random)
        let other = Self.word(&random)
        let (folding, notation) = foldings[Int(random.next() % 3)]
        // Compared scalar by scalar, as the databases compare text (Swift's `==` would take
        // canonically equivalent strings as equal).
        let folded = words.map { Array(folding.fold($0).unicodeScalars) }
        let key = Array(folding.fold(probe).unicodeScalars)
        let otherKey = Array(folding.fold(other).unicodeScalars)
        let cases: [(String, ([Unicode.Scalar]) -> Bool)] = [
          ("text ==\(notation) $p", { $0 == key }),
          ("text BEGINSWITH\(notation) $p", { $0.starts(with: key) }),
          ("text CONTAINS\(notation) $p", { text in key.isEmpty || text.indices.contains { text[$0...].starts(with: key) } }),
          ("text IN\(notation) {$p, $o}", { $0 == key || $0 == otherKey }),
        ]
        for (query, test) in cases {
          let expected = folded.indices.filter { test(folded[$0]) }.map(Int64.init)
          let request = try FetchRequest(entity: "Word", where: query, variables: ["p": .string(probe), "o": .string(other)])
          let found = try await store.makeContext().fetch(request).compactMap { object -> Int64? in
            guard case .integer(let id)? = try object.value(forKey: "id") else { return nil }
            return id
          }.sorted()
          #expect(found == expected, "\(backend) seed \(seed): \(query) with p = \(probe.debugDescription), o = \(other.debugDescription), words \(words)")
        }
      }
    }
  }
}
