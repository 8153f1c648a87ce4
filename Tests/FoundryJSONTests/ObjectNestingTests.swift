import FoundryJSON
import Testing

/// `nestsObjects(deeperThan:)`, which decides whether a graph import needs a stack of its own:
/// objects are levels, arrays are not, and the walk leaves each object at its end.
@Suite("Object nesting")
struct ObjectNestingTests {
  @Test(arguments: [
    (#"1"#, 0), (#"[]"#, 0), (#"{}"#, 1), (#"[[[{}]]]"#, 1), (#"{"a": {"b": {}}}"#, 3),
    (#"{"a": [{"b": [{}]}]}"#, 3), (#"[{"a": {}}, {"b": {"c": {}}}, {}]"#, 3),
    (#"{"a": {"b": {}}, "c": {}, "d": [1, {"e": {}}]}"#, 3), (#"{"a": "{{{{"}"#, 1),
  ])
  func depth(of json: String, depth: Int) throws {
    let root = try JSONDocument(string: json).root
    #expect(!root.nestsObjects(deeperThan: depth))
    #expect(root.nestsObjects(deeperThan: depth - 1) == (depth > 0))
  }

  @Test func aNodeInsideADocumentCountsFromItself() throws {
    let document = try JSONDocument(string: #"{"a": {"b": {"c": {}}}, "d": {}}"#)
    #expect(document.root.nestsObjects(deeperThan: 3))
    #expect(try #require(document.root["a"]).nestsObjects(deeperThan: 2))
    #expect(!(try #require(document.root["a"]).nestsObjects(deeperThan: 3)))
    #expect(!(try #require(document.root["d"]).nestsObjects(deeperThan: 1)))
  }
}
