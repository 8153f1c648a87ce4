import Foundation
import FoundryTestSupport
import FoundryXML
import PropertyBased
import Testing

/// Random XML documents, built from a list of steps so that PropertyBased shrinks a failing
/// one step by step: mostly well-formed markup (elements, attributes, text with references,
/// CDATA, comments, processing instructions, namespaces), with now and then one of the
/// mistakes readers must catch.
enum XMLDocumentGenerator {
  /// One step of a document. Steps past the mistakes are well-formed pieces.
  enum Step: Int, CaseIterable, Sendable {
    case open, close, attribute, text, reference, cdata, comment, instruction, empty
    // Mistakes, drawn about one step in ten.
    case rawLessThan, rawAmpersand, undefinedEntity, wrongEndTag, doubleHyphenComment, badCharacterReference
    case undeclaredPrefix, badName, cdataEndInText, controlCharacter, unclosed
  }

  static let names = ["a", "b", "p:c", "_d", "e-1.f", "é", "漢"]
  static let attributeNames = ["x", "y", "p:z", "xml:lang"]
  static let texts = ["t", " two words ", "é漢🙂", "\n\t", "a>b", "\"'"]

  /// The document the steps and their `choices` spell (each choice picks among a step's options).
  static func document(_ steps: [(Step, Int)]) -> String {
    var writer = Writer()
    for (step, choice) in steps { writer.apply(step, choice) }
    return writer.finish()
  }

  struct Writer {
    var text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<root xmlns:p="urn:p""#
    var open: [String] = ["root"]
    /// Whether the last start tag is still open for attributes.
    var inStartTag = true
    var leavesOpen = false

    mutating func content(_ piece: String) {
      if inStartTag { text += ">" }
      inStartTag = false
      text += piece
    }

    mutating func apply(_ step: Step, _ choice: Int) {
      let name = XMLDocumentGenerator.names[choice % XMLDocumentGenerator.names.count]
      let words = XMLDocumentGenerator.texts[choice % XMLDocumentGenerator.texts.count]
      switch step {
      case .open:
        content("<" + name)
        inStartTag = true
        open.append(name)
      case .close:
        guard open.count > 1, let last = open.popLast() else { return }
        content("</\(last)>")
      case .attribute:
        // A name used twice on one element is one of the mistakes.
        let attribute = XMLDocumentGenerator.attributeNames[choice % XMLDocumentGenerator.attributeNames.count]
        if inStartTag { text += #" \#(attribute)="\#(words.replacingOccurrences(of: "\"", with: "&quot;"))&amp;&#x9;""# }
      case .text: content(words.replacingOccurrences(of: ">", with: "&gt;"))
      case .reference: content(["&amp;", "&lt;", "&#65;", "&#xE9;", "&#x1F642;", "&apos;"][choice % 6])
      case .cdata: content("<![CDATA[\(words)<&]]>")
      case .comment: content("<!--\(words)-->")
      case .instruction: content("<?pi-\(choice % 3) \(words)?>")
      case .empty: content("<\(name)/>")
      case .rawLessThan: content("a < b")
      case .rawAmpersand: content("a & b")
      case .undefinedEntity: content("&nope;")
      case .wrongEndTag: content("<a></b>")
      case .doubleHyphenComment: content("<!-- a -- b -->")
      case .badCharacterReference: content(["&#0;", "&#xD800;", "&#xFFFE;", "&#x110000;"][choice % 4])
      case .undeclaredPrefix: content("<q:a/>")
      case .badName: content(["<1a/>", "<-a/>", "<a b/>"][choice % 3])
      case .cdataEndInText: content("a ]]> b")
      case .controlCharacter: content("a\u{1}b")
      case .unclosed: leavesOpen = true
      }
    }

    mutating func finish() -> String {
      if inStartTag { text += ">" }
      if !leavesOpen { text += open.reversed().map { "</\($0)>" }.joined() }
      return text + "\n"
    }
  }

  static let step = zip(Gen.int(in: 0...99), Gen.int(in: 0...1_000)).map { draw, choice -> (Step, Int) in
    let kinds = Step.allCases
    let wellFormed = Step.allCases.firstIndex(of: .rawLessThan) ?? kinds.count
    // 90 draws in 100 are well-formed pieces, spread evenly; the rest are mistakes.
    let index = draw < 90 ? draw % wellFormed : wellFormed + (draw - 90) % (kinds.count - wellFormed)
    return (kinds[index], choice)
  }

  static let documents = step.array(of: 0...16).map { document($0) }
}

/// libxml2's `xmllint` as a second opinion on random documents: both readers accept the same
/// ones, and what Foundry reads, written again, canonicalizes (C14N) to what the original does.
/// Skipped, saying so, when `xmllint` (Debian's libxml2-utils) is absent outside CI.
@Suite("Differential: XMLTree agrees with libxml2's xmllint")
struct XMLDifferentialTests {
  static let xmllint = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
    .map { "\($0)/xmllint" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  static let isCI = ProcessInfo.processInfo.environment["CI"] != nil

  /// xmllint's verdict on the file at `path`: well-formed (namespaces included) or its report.
  static func lint(_ program: String, _ path: String) throws -> (isWellFormed: Bool, report: String) {
    let (status, output) = try ChildProcess(program: program, arguments: ["--noout", "--nonet", path]).wait()
    // Namespace errors are reported with exit status 0.
    return (status == 0 && output.isEmpty, output)
  }

  /// The canonical form (C14N 1.0 with comments) of the document at `path`.
  static func canonical(_ program: String, _ path: String) throws -> String {
    try ChildProcess.run(program, ["--nonet", "--c14n", path])
  }

  @Test(
    "random documents: the same verdict, and the same canonical form when well-formed",
    .enabled(if: xmllint != nil || isCI, "xmllint is not installed (apt-get install libxml2-utils)"))
  func agreesWithXMLLint() async throws {
    let program = try #require(Self.xmllint, "xmllint must be installed in CI (.ci/run installs libxml2-utils)")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-xmllint-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let original = directory.appendingPathComponent("original.xml").path
    let rewritten = directory.appendingPathComponent("rewritten.xml").path
    var verdicts: Set<Bool> = []
    await propertyCheck(count: 300, input: XMLDocumentGenerator.documents) { document in
      let bytes = Array(document.utf8)
      try Data(bytes).write(to: URL(fileURLWithPath: original))
      let theirs = try await onOwnThread { try Self.lint(program, original) }
      let tree = try? XMLTree(bytes: bytes, options: .faithful)
      verdicts.insert(theirs.isWellFormed)
      #expect((tree != nil) == theirs.isWellFormed, "xmllint: \(theirs.report.isEmpty ? "well-formed" : theirs.report)\n\(document)")
      guard let tree, theirs.isWellFormed else { return }
      try Data(try tree.makeXML()).write(to: URL(fileURLWithPath: rewritten))
      let (ours, expected) = try await onOwnThread { (try Self.canonical(program, rewritten), try Self.canonical(program, original)) }
      #expect(ours == expected, "\(document)")
    }
    // Both kinds were drawn: the comparison saw documents to accept and to reject.
    #expect(verdicts == [true, false])
  }
}
