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

  /// 131,072 names that all share the low 24 bits of FNV-1a, the fixed hash the table used
  /// before: under it they fell into one run of slots, and each new name walked past every
  /// earlier one (quadratic time). Under the seeded hash they spread like any others.
  @Test("hostile names that collide under a fixed hash keep every lookup short (linear time)")
  func hostileNamesSpread() throws {
    let names = Self.collidingNames(blocks: 17)
    #expect(names.count == 131_072)
    #expect(Set(names.map { Self.fnv1a($0) & Self.lowBits }).count == 1)
    let document = "<r>" + names.prefix(100_000).map { "<\($0)/>" }.joined() + "</r>"
    let tree = try XMLTree(string: document)
    #expect(Array(tree.root.children).count == 100_000)
    #expect(tree.storage.names.longestProbe() < 100)
  }

  private static let lowBits: UInt64 = (1 << 24) - 1

  private static func fnv1a(_ text: String, from state: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
    text.utf8.reduce(state) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
  }

  /// Joux's multicollision on FNV-1a's low bits (which depend only on the low bits before):
  /// for each block, two four-letter strings that lead from the same low bits to the same low
  /// bits; every choice of one of each pair then collides, 2^`blocks` names.
  private static func collidingNames(blocks: Int) -> [String] {
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    var state: UInt64 = 0xcbf2_9ce4_8422_2325
    var pairs: [(String, String)] = []
    var counter = 0
    for _ in 0..<blocks {
      var seen: [UInt64: String] = [:]
      while true {
        var value = counter
        counter += 1
        let block = String(
          (0..<4).map { _ in
            defer { value /= letters.count }; return letters[value % letters.count]
          })
        let low = fnv1a(block, from: state) & lowBits
        if let other = seen[low], other != block {
          pairs.append((other, block))
          state = fnv1a(block, from: state)
          break
        }
        seen[low] = block
      }
    }
    return pairs.reduce([""]) { names, pair in names.flatMap { [$0 + pair.0, $0 + pair.1] } }
  }
}
