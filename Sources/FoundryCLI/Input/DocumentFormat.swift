/// The markup languages `foundry` reads, told apart by file extension, else by content.
///
/// ```swift
/// DocumentFormat(pathExtensionOf: "feed.rss")           // .xml
/// DocumentFormat.detect(path: "-", bytes: Array("<a/>".utf8))  // .xml
/// DocumentFormat.detect(path: "data.txt", bytes: Array("[1]".utf8))  // .json
/// ```
///
/// XML is recognized now so that every command reports it cleanly; reading it arrives with
/// FoundryXML, which plugs in at ``DocumentLoader``.
package enum DocumentFormat: String, Sendable, Hashable, CaseIterable {
  case json
  case xml

  /// The extensions, lowercased and without the dot, that name each format.
  package var pathExtensions: [String] {
    switch self {
    case .json: ["json", "geojson", "jsonc"]
    case .xml: ["xml", "rss", "atom", "osm", "plist", "svg", "xhtml", "gpx", "kml"]
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

  /// The format of a document: by extension when it names one, otherwise by the first byte
  /// that is neither whitespace nor a byte order mark (`<` is XML, anything else JSON, whose
  /// parser then says precisely what is wrong).
  ///
  /// - Complexity: O(*w*) in the leading whitespace.
  package static func detect(path: String, bytes: [UInt8]) -> DocumentFormat {
    if let format = DocumentFormat(pathExtensionOf: path) { return format }
    var index = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      case UInt8(ascii: "<"): return .xml
      default: return .json
      }
    }
    return .json
  }
}
