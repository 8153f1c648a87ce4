import FoundryInternals
import FoundryJSON
import Testing

@Suite("JSONNode.writtenSpan and WrittenSpan")
struct JSONSameContentTests {
  /// The elements of a JSON array, as nodes.
  static func elements(_ text: String) throws -> [JSONNode] {
    Array(try JSONDocument(bytes: Array(text.utf8)).root.elements)
  }

  /// Calls `body` with the spans of a JSON array's elements, while the document lives.
  static func withSpans(_ text: String, _ body: ([WrittenSpan]) throws -> Void) throws {
    let items = try elements(text)
    try withExtendedLifetime(items) { try body(try items.map { try #require($0.writtenSpan) }) }
  }

  @Test(
    "the same text is the same; anything written differently, spaces included, is not",
    arguments: [
      (#"[{"a": [1, {"b": null}], "c": "x"}, {"a": [1, {"b": null}], "c": "x"}]"#, true),
      (#"[[], []]"#, true),
      (#"[{"a": [[]]}, {"a": [[]]}]"#, true),
      (#"["x", "x"]"#, true),
      (#"[{"a": 1}, {"a":1}]"#, false),
      (#"[{"a": 1, "b": 2}, {"b": 2, "a": 1}]"#, false),
      (#"[1, 1.0]"#, false),
      (#"[1, "1"]"#, false),
      (#"["é", "\u00e9"]"#, false),
      (#"[{"a": [1]}, {"a": [1, 2]}]"#, false),
      (#"[{"a": [1]}, {"a": [1], "b": 2}]"#, false),
      (#"[{"a": [[]]}, {"a": [{}]}]"#, false),
      (#"[{"a": []}, {"a": [[]]}]"#, false),
      (#"["ab", "ac"]"#, false),
      (#"["ab", "abc"]"#, false),
      (#"[true, false]"#, false),
      (#"[null, {}]"#, false),
    ])
  func comparesWriting(text: String, same: Bool) throws {
    try Self.withSpans(text) { spans in
      #expect(spans[0].isSame(as: spans[1]) == same)
      #expect(spans[1].isSame(as: spans[0]) == same)
      if same { #expect(spans[0].hash == spans[1].hash) }
    }
  }

  @Test("the hash takes every byte of a value, the last ones too")
  func hashTakesEveryByte() throws {
    for length in 0..<20 {
      let stem = String(repeating: "a", count: length)
      let text = "[\"\(stem)b\", \"\(stem)c\", {\"\(stem)b\": 1}, {\"\(stem)c\": 1}, {\"k\": \"\(stem)b\"}, {\"k\": \"\(stem)c\"}]"
      try Self.withSpans(text) { spans in
        for pair in stride(from: 0, to: spans.count, by: 2) {
          #expect(spans[pair].hash != spans[pair + 1].hash, "length \(length), pair \(pair / 2)")
          #expect(!spans[pair].isSame(as: spans[pair + 1]), "length \(length), pair \(pair / 2)")
        }
      }
    }
  }

  @Test("a difference anywhere in a long value is seen, at every length and position")
  func differenceAnywhere() throws {
    for length in [15, 16, 17, 31, 32, 33, 47, 70] {
      for position in 0..<length {
        let same = String(repeating: "a", count: length)
        var changed = Array(same.utf8)
        changed[position] = UInt8(ascii: "b")
        let text = "[\"\(same)\", \"\(String(decoding: changed, as: UTF8.self))\", \"\(same)\"]"
        try Self.withSpans(text) { spans in
          #expect(!spans[0].isSame(as: spans[1]), "length \(length), position \(position)")
          #expect(spans[0].isSame(as: spans[2]), "length \(length)")
        }
      }
    }
  }

  @Test("values of two documents compare by their text")
  func acrossDocuments() throws {
    try Self.withSpans(#"[{"id": 7, "tags": ["a"]}]"#) { first in
      try Self.withSpans(#"[0, {"id": 7, "tags": ["a"]}]"#) { second in
        #expect(first[0].isSame(as: second[1]))
        #expect(!first[0].isSame(as: second[0]))
      }
    }
  }

  @Test("a markup view's values have no span")
  func markupHasNone() throws {
    var builder = JSONDocumentBuilder()
    builder.string("x", sourceOffset: 0)
    #expect(builder.document(source: Array("x".utf8)).root.writtenSpan == nil)
  }
}
