import Foundation
import Foundry
import FoundryXML
import XMLCoder

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The XML cases, each against a baseline measured in the same run:
///
/// - `xml.parse`: ``XMLTree`` builds the whole document; the baseline is Foundation's
///   `XMLParser` (libxml2 SAX) with a delegate that only counts elements — the least a
///   Foundation user can do to read a file, with no tree at all.
/// - `xml.decode`: ``MappingDecoder`` maps `@Mappable` models (`Models/Mapped*.swift`) from the
///   bytes; the baseline is XMLCoder's `XMLDecoder` decoding the `Codable` twins
///   (`Models/Codable*.swift`) from the same bytes.
///
/// Setup checks each pair before timing and throws ``SetupError`` when the two sides disagree:
/// the same element count for `xml.parse`, the same values, field by field, for `xml.decode`.
enum XMLCases {
  static let parseFiles = ["nes96.xml", "reno_east3.osm", "sample_rss.xml"]

  static func make(corpus: Corpus) throws -> [BenchmarkCase] {
    var cases: [BenchmarkCase] = []
    for file in parseFiles {
      guard let data = corpus.data("xml", file) else { continue }
      cases.append(try parsing(file: file, data: data))
    }
    if let data = corpus.data("xml", "reno_east3.osm") {
      cases.append(
        try decoding(
          MappedOSM.Root.self, CodableOSM.Root.self, file: "reno_east3.osm", data: data,
          ours: \.canonicalLines, baseline: \.canonicalLines
        ))
    }
    if let data = corpus.data("xml", "sample_rss.xml") {
      cases.append(
        try decoding(
          MappedRSS.Root.self, CodableRSS.Root.self, file: "sample_rss.xml", data: data,
          ours: \.canonicalLines, baseline: \.canonicalLines
        ))
    }
    return cases
  }

  // MARK: - xml.parse

  private static func parsing(file: String, data: Data) throws -> BenchmarkCase {
    let bytes = [UInt8](data)
    let theirs = try ElementCounter.count(data, file: file)
    let tree = try XMLTree(bytes: bytes, sourceName: file)
    let ours = elementCount(tree.root)
    guard ours == theirs else {
      throw SetupError("\(file): XMLTree has \(ours) elements, XMLParser reported \(theirs)")
    }
    return BenchmarkCase(
      name: "xml.parse", file: file, byteCount: bytes.count, baselineName: "XMLParser (SAX, counting)",
      ours: { blackHole(try XMLTree(bytes: bytes)) },
      baseline: { blackHole(try ElementCounter.count(data, file: file)) }
    )
  }

  /// The element and all its descendant elements.
  static func elementCount(_ element: XMLTree.Element) -> Int {
    element.elements.reduce(1) { $0 + elementCount($1) }
  }

  // MARK: - xml.decode

  /// The decode case of one file, after checking that both sides read the same values.
  private static func decoding<M: Mappable, C: Decodable>(
    _ mapped: M.Type, _ codable: C.Type, file: String, data: Data,
    ours: (M) -> [String], baseline: (C) -> [String]
  ) throws -> BenchmarkCase {
    let bytes = [UInt8](data)
    // XMLCoder trims whitespace around every value (`trimValueWhitespaces`, on by default);
    // ours keeps text as written unless told, so tell it, for the same strings on both sides.
    var options = MappingOptions()
    options.xmlParsing.whitespace = .trim
    let decoder = MappingDecoder(options: options)
    let xmlDecoder = XMLDecoder()
    let model = try decoder.decode(M.self, fromXML: bytes, sourceName: file)
    let codableModel = try xmlDecoder.decode(C.self, from: data)
    try checkEqual(ours(model), baseline(codableModel), file: file)
    return BenchmarkCase(
      name: "xml.decode", file: file, byteCount: bytes.count, baselineName: "XMLCoder.XMLDecoder",
      ours: { blackHole(try decoder.decode(M.self, fromXML: bytes)) },
      baseline: { blackHole(try xmlDecoder.decode(C.self, from: data)) }
    )
  }

  /// Throws at the first line where the two sides' values differ.
  ///
  /// Whitespace at either end of a value does not count: XMLCoder trims it even inside CDATA
  /// (`<![CDATA[... near. ]]>`), which ``XMLParsingOptions/Whitespace/trim`` keeps as written.
  static func checkEqual(_ ours: [String], _ theirs: [String], file: String) throws {
    func trimmed(_ line: String) -> String { line.trimmingCharacters(in: .whitespacesAndNewlines) }
    for (index, (line, other)) in zip(ours, theirs).enumerated() where trimmed(line) != trimmed(other) {
      throw SetupError("\(file): the models differ at value \(index): Foundry '\(line)', XMLCoder '\(other)'")
    }
    guard ours.count == theirs.count else {
      throw SetupError("\(file): Foundry read \(ours.count) values, XMLCoder \(theirs.count)")
    }
  }
}

// MARK: - Baseline: XMLParser

/// Counts elements through `XMLParser`'s SAX callbacks and keeps nothing else.
private final class ElementCounter: NSObject, XMLParserDelegate {
  var count = 0

  static func count(_ data: Data, file: String) throws -> Int {
    let parser = XMLParser(data: data)
    let counter = ElementCounter()
    parser.delegate = counter
    guard parser.parse() else {
      throw SetupError("\(file): XMLParser failed: \(parser.parserError.map { "\($0)" } ?? "unknown error")")
    }
    return counter.count
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String]
  ) {
    count += 1
  }
}

// MARK: - Equivalence

// One line per value, in document order, spelled the same for both twins: comparing the lines
// compares every field, and a difference names the value.

extension MappedOSM.Root {
  var canonicalLines: [String] { CanonicalLines.of(self) }
}

extension CodableOSM.Root {
  var canonicalLines: [String] { CanonicalLines.of(self) }
}

/// A value's stored properties, one line each in declaration order, named by their path
/// (`nodes[3].lat 39.5`): twins that declare the same fields the same way print the same lines,
/// so neither twin's fields are spelled out twice; a struct of one property prints as that
/// property, so `itunesImage: Image` (XMLCoder's wrapper of an attribute) matches a `String`. Recursion follows the models' declared
/// nesting (a few levels), never the input's.
enum CanonicalLines {
  static func of(_ value: Any) -> [String] {
    var lines: [String] = []
    append(value, path: "", to: &lines)
    return lines
  }

  private static func append(_ value: Any, path: String, to lines: inout [String]) {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      if let wrapped = mirror.children.first { append(wrapped.value, path: path, to: &lines) } else { lines.append("\(path) -") }
    case .collection:
      lines.append("\(path) count \(mirror.children.count)")
      for (index, element) in mirror.children.enumerated() { append(element.value, path: "\(path)[\(index)]", to: &lines) }
    case .struct, .class:
      // A wrapper of one value (XMLCoder's `Image { href }` for an attribute) prints as it.
      if mirror.children.count == 1, let only = mirror.children.first {
        append(only.value, path: path, to: &lines)
        return
      }
      for child in mirror.children {
        let label = child.label ?? "?"
        append(child.value, path: path.isEmpty ? label : "\(path).\(label)", to: &lines)
      }
    default:
      lines.append("\(path) \(value)")
    }
  }
}

extension MappedRSS.Root {
  var canonicalLines: [String] { CanonicalLines.of(self) }
}

extension CodableRSS.Root {
  var canonicalLines: [String] { CanonicalLines.of(self) }
}
