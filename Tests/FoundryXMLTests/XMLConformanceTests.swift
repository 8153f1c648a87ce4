import FoundryTestSupport
import FoundryXML
import Testing

/// The W3C XML Conformance Test Suite, read from `$FOUNDRY_CONFORMANCE_DIR/xml/xmlconf` and
/// never copied into the repository. Without the variable the suite is skipped with a notice.
///
/// The cases that apply to a namespace-aware, non-validating XML 1.0 (fifth edition) reader
/// that never loads external entities (see ``ConformanceCatalog/applicableCases()``): `valid`
/// and `invalid` documents must be accepted, `not-wf` documents rejected.
@Suite("W3C XML Conformance Test Suite (external)")
struct XMLConformanceTests {
  /// The number of applicable cases, as the conformance README states it: a catalog or
  /// selection change must not pass silently.
  static let expectedCounts = (accept: 768, reject: 938)

  /// Cases whose outcome is knowingly wrong, each with its reason. Keep empty unless a case
  /// truly cannot be met.
  static let knownFailures: [String: String] = [:]

  /// The outcome of one case.
  struct Outcome {
    var testCase: ConformanceCatalog.Case
    var isCorrect: Bool
    /// What went wrong, for the failure list.
    var detail: String
  }

  @Test func suite() throws {
    guard ConformanceSuite.directory != nil else {
      print(ConformanceSuite.skipNotice("W3C XML Conformance Test Suite"))
      return
    }
    let catalog = try #require(ConformanceCatalog(), "cannot read \(ConformanceCatalog.folder)/xmlconf.xml")
    let cases = catalog.applicableCases()
    let accepting = cases.filter(\.mustBeAccepted).count
    #expect(
      accepting == Self.expectedCounts.accept && cases.count - accepting == Self.expectedCounts.reject,
      "selected \(accepting) cases to accept and \(cases.count - accepting) to reject")

    let outcomes = cases.map(Self.run)
    print(Self.table(outcomes))

    let failures = outcomes.filter { !$0.isCorrect && Self.knownFailures[$0.testCase.id] == nil }
    if !failures.isEmpty {
      let shown = failures.prefix(50).map { "  \($0.testCase.id) (\($0.testCase.path)): \($0.detail)" }
      Issue.record(
        """
        \(failures.count) of \(cases.count) conformance cases fail\(failures.count > 50 ? " (first 50)" : ""):
        \(shown.joined(separator: "\n"))
        """)
    }
    // An allow-listed case that now passes should leave the list.
    for outcome in outcomes where outcome.isCorrect && Self.knownFailures[outcome.testCase.id] != nil {
      Issue.record("\(outcome.testCase.id) passes now: remove it from knownFailures")
    }
  }

  static func run(_ testCase: ConformanceCatalog.Case) -> Outcome {
    guard let bytes = ConformanceSuite.contents(ConformanceCatalog.folder, testCase.path) else {
      return Outcome(testCase: testCase, isCorrect: false, detail: "cannot read the file")
    }
    // The suite expects a non-validating reader's leeway: references the unread external
    // DTD may declare are left out (XML 1.0 §4.4.3).
    var options = XMLParsingOptions()
    options.skipsUndeclaredEntities = true
    do {
      _ = try XMLTree(bytes: bytes, options: options, sourceName: testCase.path)
      return Outcome(
        testCase: testCase, isCorrect: testCase.mustBeAccepted,
        detail: "accepted, but the document is not well-formed (\(testCase.attributes["SECTIONS"] ?? "?"))")
    } catch let error as XMLParsingError {
      return Outcome(
        testCase: testCase, isCorrect: !testCase.mustBeAccepted,
        detail: "rejected: \(error.message) [\(error.code)] at \(error.line ?? 0):\(error.column ?? 0)")
    } catch {
      return Outcome(testCase: testCase, isCorrect: false, detail: "unexpected error type: \(error)")
    }
  }

  /// Accepted-ok / rejected-ok / total per collection, in catalog order, then the totals.
  static func table(_ outcomes: [Outcome]) -> String {
    var order: [String] = []
    var rows: [String: (accepted: Int, rejected: Int, correct: Int, total: Int)] = [:]
    for outcome in outcomes {
      let name = outcome.testCase.collection
      if rows[name] == nil { order.append(name) }
      var row = rows[name, default: (0, 0, 0, 0)]
      row.total += 1
      if outcome.isCorrect {
        row.correct += 1
        if outcome.testCase.mustBeAccepted { row.accepted += 1 } else { row.rejected += 1 }
      }
      rows[name] = row
    }
    func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
    var lines = ["collection    accepted-ok  rejected-ok  correct / total"]
    var sum = (accepted: 0, rejected: 0, correct: 0, total: 0)
    for name in order {
      guard let row = rows[name] else { continue }
      sum = (sum.accepted + row.accepted, sum.rejected + row.rejected, sum.correct + row.correct, sum.total + row.total)
      lines.append(
        name + pad("", 10 - name.count) + pad("\(row.accepted)", 14) + pad("\(row.rejected)", 13)
          + pad("\(row.correct)", 10) + " / \(row.total)")
    }
    lines.append(
      "total" + pad("", 5) + pad("\(sum.accepted)", 14) + pad("\(sum.rejected)", 13) + pad("\(sum.correct)", 10)
        + " / \(sum.total)")
    return "W3C XML Conformance Test Suite:\n" + lines.joined(separator: "\n")
  }
}
