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

  @Test func theExtensionWinsOverContent() {
    #expect(DocumentFormat.detect(path: "odd.json", bytes: Array("<a/>".utf8)) == .json)
    #expect(DocumentFormat.detect(path: "odd.xml", bytes: Array("[1]".utf8)) == .xml)
  }
}
