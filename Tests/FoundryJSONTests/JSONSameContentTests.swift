import FoundryJSON
import Testing

@Suite("JSONNode.isWrittenTheSame")
struct JSONSameContentTests {
  /// The elements of a JSON array, as nodes.
  static func elements(_ text: String) throws -> [JSONNode] {
    Array(try JSONDocument(bytes: Array(text.utf8)).root.elements)
  }

  @Test(
    "the same text, spaced any way, is the same; anything else written differently is not",
    arguments: [
      (#"[{"a": [1, {"b": null}], "c": "x"}, {"a":[1,{"b":null}],"c":"x"}]"#, true),
      (#"[[], []]"#, true),
      (#"[{"a": 1, "b": 2}, {"b": 2, "a": 1}]"#, false),
      (#"[1, 1.0]"#, false),
      (#"["é", "\u00e9"]"#, false),
      (#"[{"a": [1]}, {"a": [1, 2]}]"#, false),
      (#"[{"a": [1]}, {"a": [1], "b": 2}]"#, false),
      (#"[{"a": [[]]}, {"a": [{}]}]"#, false),
      (#"["ab", "ac"]"#, false),
      (#"[true, false]"#, false),
    ])
  func comparesWriting(text: String, same: Bool) throws {
    let items = try Self.elements(text)
    #expect(items[0].isWrittenTheSame(as: items[1]) == same)
    #expect(items[1].isWrittenTheSame(as: items[0]) == same)
    if same { #expect(items[0].writtenHash == items[1].writtenHash) }
  }

  @Test("the hash takes every byte of a key or scalar, the last ones too")
  func hashTakesEveryByte() throws {
    for length in 0..<20 {
      let stem = String(repeating: "a", count: length)
      let items = try Self.elements("[\"\(stem)b\", \"\(stem)c\", {\"\(stem)b\": 1}, {\"\(stem)c\": 1}]")
      #expect(items[0].writtenHash != items[1].writtenHash, "length \(length)")
      #expect(items[2].writtenHash != items[3].writtenHash, "length \(length)")
    }
  }

  @Test("values of two documents compare by their text")
  func acrossDocuments() throws {
    let first = try Self.elements(#"[{"id": 7, "tags": ["a"]}]"#)
    let second = try Self.elements(#"[0, {"id": 7, "tags": ["a"]}]"#)
    #expect(first[0].isWrittenTheSame(as: second[1]))
    #expect(!first[0].isWrittenTheSame(as: second[0]))
  }
}
