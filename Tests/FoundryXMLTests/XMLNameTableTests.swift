import Testing

@testable import FoundryXML

/// Name ids and spelling ids: a name is its qualified name and its namespace; a spelling is the
/// qualified name alone, numbered densely in order of first appearance.
@Suite("XML name table")
struct XMLNameTableTests {
  @Test func namesSpelledAlikeInTwoNamespacesShareTheirSpelling() {
    let table = XMLNameTable()
    let plain = table.id(of: "title", namespaceURI: nil)
    let dublinCore = table.id(of: "title", namespaceURI: "http://purl.org/dc/elements/1.1/")
    let link = table.id(of: "link", namespaceURI: nil)
    #expect(plain != dublinCore)
    #expect(table.id(of: "title", namespaceURI: nil) == plain)
    #expect([table.spelling(of: plain), table.spelling(of: dublinCore), table.spelling(of: link)] == [0, 0, 1])
  }

  /// Past the tables' first sizes (64 slots, half full), both grow; every id and spelling stays.
  @Test func idsAndSpellingsSurviveTheTablesGrowing() {
    let table = XMLNameTable()
    var ids: [UInt32] = []
    for index in 0..<300 {
      ids.append(table.id(of: "name\(index)", namespaceURI: nil))
      ids.append(table.id(of: "name\(index)", namespaceURI: "urn:other"))
    }
    #expect(ids == (0..<600).map { UInt32($0) })
    for index in 0..<300 {
      #expect(table.id(of: "name\(index)", namespaceURI: "urn:other") == UInt32(2 * index + 1))
      #expect(table.spelling(of: UInt32(2 * index)) == index)
      #expect(table.spelling(of: UInt32(2 * index + 1)) == index)
    }
  }

  @Test func aCopyGrowsOnItsOwn() {
    let table = XMLNameTable()
    _ = table.id(of: "a", namespaceURI: nil)
    let copy = table.copy()
    let b = copy.id(of: "b", namespaceURI: nil)
    let aElsewhere = copy.id(of: "a", namespaceURI: "urn:x")
    #expect([copy.spelling(of: b), copy.spelling(of: aElsewhere)] == [1, 0])
    #expect(table.id(of: "c", namespaceURI: nil) == 1)
    #expect(table.spelling(of: 1) == 1)
    #expect(table.name(1).localName == "c")
  }
}
