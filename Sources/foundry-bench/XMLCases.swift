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
  var canonicalLines: [String] {
    var lines = ["bounds \(bounds.map { "\($0.minlat) \($0.minlon) \($0.maxlat) \($0.maxlon)" } ?? "-")"]
    lines.append("counts \(nodes.count) \(ways.count) \(relations.count)")
    for node in nodes {
      lines.append(OSMLines.node(node.id, node.lat, node.lon, node.version, node.user, node.uid, node.timestamp, node.changeset))
      lines += node.tags.map { OSMLines.tag($0.k, $0.v) }
    }
    for way in ways {
      lines.append(OSMLines.way(way.id, way.version, way.user, way.uid, way.timestamp, way.changeset, way.nodeRefs.map(\.ref)))
      lines += way.tags.map { OSMLines.tag($0.k, $0.v) }
    }
    for relation in relations {
      lines.append("relation \(relation.id) \(relation.version)")
      lines += relation.members.map { "member \($0.type) \($0.ref) \($0.role)" }
      lines += relation.tags.map { OSMLines.tag($0.k, $0.v) }
    }
    return lines
  }
}

extension CodableOSM.Root {
  var canonicalLines: [String] {
    var lines = ["bounds \(bounds.map { "\($0.minlat) \($0.minlon) \($0.maxlat) \($0.maxlon)" } ?? "-")"]
    lines.append("counts \(nodes.count) \(ways.count) \(relations.count)")
    for node in nodes {
      lines.append(OSMLines.node(node.id, node.lat, node.lon, node.version, node.user, node.uid, node.timestamp, node.changeset))
      lines += node.tags.map { OSMLines.tag($0.k, $0.v) }
    }
    for way in ways {
      lines.append(OSMLines.way(way.id, way.version, way.user, way.uid, way.timestamp, way.changeset, way.nodeRefs.map(\.ref)))
      lines += way.tags.map { OSMLines.tag($0.k, $0.v) }
    }
    for relation in relations {
      lines.append("relation \(relation.id) \(relation.version)")
      lines += relation.members.map { "member \($0.type) \($0.ref) \($0.role)" }
      lines += relation.tags.map { OSMLines.tag($0.k, $0.v) }
    }
    return lines
  }
}

private enum OSMLines {
  static func node(
    _ id: Int64, _ lat: Double, _ lon: Double, _ version: Int,
    _ user: String?, _ uid: Int64?, _ timestamp: String?, _ changeset: Int64?
  ) -> String {
    "node \(id) \(lat) \(lon) \(version) \(meta(user, uid, timestamp, changeset))"
  }

  static func way(
    _ id: Int64, _ version: Int, _ user: String?, _ uid: Int64?, _ timestamp: String?, _ changeset: Int64?,
    _ refs: [Int64]
  ) -> String {
    "way \(id) \(version) \(meta(user, uid, timestamp, changeset)) nd \(refs.map(String.init).joined(separator: ","))"
  }

  static func tag(_ k: String, _ v: String) -> String { "tag \(k)=\(v)" }

  private static func meta(_ user: String?, _ uid: Int64?, _ timestamp: String?, _ changeset: Int64?) -> String {
    "\(user ?? "-") \(uid.map(String.init) ?? "-") \(timestamp ?? "-") \(changeset.map(String.init) ?? "-")"
  }
}

extension MappedRSS.Root {
  var canonicalLines: [String] {
    let channel = self.channel
    var lines = [
      "rss \(version)", channel.title, channel.link, channel.description, channel.language, channel.pubDate,
      channel.lastBuildDate ?? "-", channel.generator ?? "-", channel.itunesAuthor, channel.itunesImage,
      "items \(channel.items.count)",
    ]
    for item in channel.items {
      lines += [
        item.title, item.link, item.guid, item.pubDate, item.description ?? "-",
        "enclosure \(item.enclosure.url) \(item.enclosure.length) \(item.enclosure.type)",
        item.author ?? "-", item.creator ?? "-", item.itunesAuthor ?? "-", item.itunesSubtitle ?? "-",
        item.itunesSummary ?? "-", item.itunesExplicit ?? "-", item.itunesDuration ?? "-", item.itunesKeywords ?? "-",
        item.thumbnail ?? "-",
        item.content.map { "content \($0.url) \($0.fileSize) \($0.type)" } ?? "-",
      ]
    }
    return lines
  }
}

extension CodableRSS.Root {
  var canonicalLines: [String] {
    let channel = self.channel
    var lines = [
      "rss \(version)", channel.title, channel.link, channel.description, channel.language, channel.pubDate,
      channel.lastBuildDate ?? "-", channel.generator ?? "-", channel.itunesAuthor, channel.itunesImage.href,
      "items \(channel.items.count)",
    ]
    for item in channel.items {
      lines += [
        item.title, item.link, item.guid, item.pubDate, item.description ?? "-",
        "enclosure \(item.enclosure.url) \(item.enclosure.length) \(item.enclosure.type)",
        item.author ?? "-", item.creator ?? "-", item.itunesAuthor ?? "-", item.itunesSubtitle ?? "-",
        item.itunesSummary ?? "-", item.itunesExplicit ?? "-", item.itunesDuration ?? "-", item.itunesKeywords ?? "-",
        item.thumbnail?.url ?? "-",
        item.content.map { "content \($0.url) \($0.fileSize) \($0.type)" } ?? "-",
      ]
    }
    return lines
  }
}
