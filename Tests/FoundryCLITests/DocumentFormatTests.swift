import FoundryCLI
import Testing

@Suite("Document formats")
struct DocumentFormatTests {
  @Test(arguments: [
    ("payload.json", DocumentFormat?.some(.json)),
    ("dir.v2/PAYLOAD.JSON", .json),
    ("map.geojson", .json),
    ("feed.rss", .xml),
    ("feed.atom", .xml),
    ("city.osm", .xml),
    ("Info.plist", .xml),
    ("logo.svg", .xml),
    ("subscriptions.OPML", .xml),
    ("page.xhtml", .xml),
    ("track.gpx", .xml),
    ("data.txt", nil),
    ("json", nil),
    (".json", nil),
    ("dir.json/file", nil),
  ])
  func byExtension(path: String, format: DocumentFormat?) {
    #expect(DocumentFormat(pathExtensionOf: path) == format)
  }

  @Test(arguments: [
    ("  \n\t<?xml version=\"1.0\"?><a/>", DocumentFormat.xml),
    ("\u{FEFF}<a/>", .xml),
    ("  [1]", .json),
    ("", .json),
    ("nonsense", .json),
  ])
  func byContentWhenTheExtensionSaysNothing(text: String, format: DocumentFormat) {
    #expect(DocumentFormat.detect(path: "-", bytes: Array(text.utf8)) == format)
    #expect(DocumentFormat.detect(path: "data", bytes: Array(text.utf8)) == format)
  }

  @Test(
    arguments: [
      ([0xFE, 0xFF, 0x00, 0x20, 0x00, 0x3C, 0x00, 0x61], DocumentFormat.xml),  // UTF-16BE with a BOM
      ([0xFF, 0xFE, 0x0A, 0x00, 0x3C, 0x00, 0x61, 0x00], .xml),  // UTF-16LE with a BOM
      ([0x00, 0x3C, 0x00, 0x3F], .xml),  // UTF-16BE "<?" without a BOM
      ([0x3C, 0x00, 0x3F, 0x00], .xml),  // UTF-16LE "<?" without a BOM
      ([0x20, 0x00, 0x3C, 0x00], .xml),  // UTF-16LE " <"
      ([0xFF, 0xFE, 0x5B, 0x00], .json),  // UTF-16LE "["
      ([0xEF, 0xBB, 0xBF, 0x20, 0x7B], .json),  // UTF-8 BOM " {"
      ([0x3C], .xml),
    ] as [([UInt8], DocumentFormat)])
  func byContentInUTF16(bytes: [UInt8], format: DocumentFormat) {
    #expect(DocumentFormat.detect(path: "-", bytes: bytes) == format)
  }

  @Test func theExtensionWinsOverContent() {
    #expect(DocumentFormat.detect(path: "odd.json", bytes: Array("<a/>".utf8)) == .json)
    #expect(DocumentFormat.detect(path: "odd.xml", bytes: Array("[1]".utf8)) == .xml)
  }
}
