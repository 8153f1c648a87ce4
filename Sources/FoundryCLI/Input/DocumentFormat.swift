/// The markup languages `foundry` reads, told apart by file extension, else by content.
///
/// ```swift
/// DocumentFormat(pathExtensionOf: "feed.rss")                         // .xml
/// DocumentFormat.detect(path: "-", bytes: Array("<a/>".utf8))          // .xml
/// DocumentFormat.detect(path: "data.txt", bytes: Array("[1]".utf8))   // .json
/// DocumentFormat.detect(path: "-", bytes: [0xFF, 0xFE, 0x3C, 0x00])    // .xml (UTF-16LE)
/// ```
package enum DocumentFormat: String, Sendable, Hashable, CaseIterable {
  case json
  case xml

  /// The extensions, lowercased and without the dot, that name each format.
  package var pathExtensions: [String] {
    switch self {
    case .json: ["json", "geojson", "jsonc"]
    case .xml: ["xml", "rss", "atom", "osm", "plist", "svg", "opml", "xhtml", "gpx", "kml", "xsd", "xsl", "xslt", "wsdl", "rdf"]
    }
  }

  /// The format a file's extension names, compared without regard to case; `nil` for others.
  package init?(pathExtensionOf path: String) {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let pathExtension = name[name.index(after: dot)...].lowercased()
    guard let format = Self.allCases.first(where: { $0.pathExtensions.contains(pathExtension) }) else { return nil }
    self = format
  }

  /// The format of a document: by extension when it names one, otherwise by content.
  ///
  /// The content test looks at the first character that is neither whitespace nor a byte
  /// order mark: `<` is XML, anything else JSON, whose parser then says precisely what is
  /// wrong. Text in UTF-16 (with a byte order mark, or recognized by its zero bytes, as XML
  /// 1.0 appendix F does) is read the same way, code unit by code unit.
  ///
  /// - Complexity: O(*w*) in the leading whitespace.
  package static func detect(path: String, bytes: [UInt8]) -> DocumentFormat {
    if let format = DocumentFormat(pathExtensionOf: path) { return format }
    switch Array(bytes.prefix(2)) {
    case [0xFE, 0xFF]: return detect(bytes, from: 2, unitWidth: 2, highFirst: true)
    case [0xFF, 0xFE]: return detect(bytes, from: 2, unitWidth: 2, highFirst: false)
    default: break
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return detect(bytes, from: 3, unitWidth: 1, highFirst: false) }
    // Without a byte order mark, a zero byte before or after the first ASCII character is UTF-16.
    if bytes.count >= 2, bytes[0] == 0, bytes[1] != 0 { return detect(bytes, from: 0, unitWidth: 2, highFirst: true) }
    if bytes.count >= 2, bytes[0] != 0, bytes[1] == 0 { return detect(bytes, from: 0, unitWidth: 2, highFirst: false) }
    return detect(bytes, from: 0, unitWidth: 1, highFirst: false)
  }

  /// The format by the first code unit past whitespace, from `start` in units of `unitWidth`
  /// bytes (1 for UTF-8, 2 for UTF-16 in the byte order `highFirst` says).
  private static func detect(_ bytes: [UInt8], from start: Int, unitWidth: Int, highFirst: Bool) -> DocumentFormat {
    var index = start
    while index + unitWidth <= bytes.count {
      let unit: UInt16
      if unitWidth == 1 {
        unit = UInt16(bytes[index])
      } else {
        let (high, low) = highFirst ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
        unit = UInt16(high) << 8 | UInt16(low)
      }
      switch unit {
      case 0x20, 0x09, 0x0A, 0x0D: index += unitWidth
      case UInt16(UInt8(ascii: "<")): return .xml
      default: return .json
      }
    }
    return .json
  }
}
