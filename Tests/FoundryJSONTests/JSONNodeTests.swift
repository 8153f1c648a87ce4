import FoundryJSON
import FoundryTestSupport
import Testing

/// The cursor API: kinds, subscripts, paths, sequences, offsets.
@Suite("JSON reader: nodes")
struct JSONNodeTests {
  static let sample = #"""
    {"name": "Ada", "born": 1815, "alive": false, "spouse": null,
     "tags": ["math", "engines", {"deep": [1, 2, 3]}],
     "a.b": "dotted", "0": "zero", "": "empty", "back\\slash": "bs",
     "nested": {"list": [[], {}, [10, 20]], "x": {"y": {"z": "end"}}}}
    """#

  @Test func kinds() throws {
    let root = try expectParses(Self.sample).root
    #expect(root.kind == .object)
    #expect(root["name"]?.kind == .string)
    #expect(root["born"]?.kind == .number)
    #expect(root["alive"]?.kind == .bool)
    #expect(root["spouse"]?.kind == .null)
    #expect(root["tags"]?.kind == .array)
    #expect(JSONNode.Kind.allCases.map(\.rawValue) == ["null", "bool", "number", "string", "array", "object"])
  }

  @Test func scalarReadersAnswerOnlyForTheirKind() throws {
    let root = try expectParses(Self.sample).root
    #expect(root["name"]?.string == "Ada")
    #expect(root["name"]?.bool == nil)
    #expect(root["name"]?.int == nil)
    #expect(root["name"]?.isNull == false)
    #expect(root["born"]?.int == 1815)
    #expect(root["born"]?.string == nil)
    #expect(root["alive"]?.bool == false)
    #expect(root["alive"]?.string == nil)
    #expect(root["spouse"]?.isNull == true)
    #expect(root["spouse"]?.string == nil)
    #expect(root["spouse"]?.bool == nil)
    #expect(root.string == nil)
    #expect(root["tags"]?.string == nil)
  }

  // MARK: - Subscripts

  @Test func arrayIndexes() throws {
    let tags = try #require(try expectParses(Self.sample).root["tags"])
    #expect(tags.count == 3)
    #expect(tags[0]?.string == "math")
    #expect(tags[1]?.string == "engines")
    #expect(tags[2]?.kind == .object)
    #expect(tags[-1]?.kind == .object)
    #expect(tags[-2]?.string == "engines")
    #expect(tags[-3]?.string == "math")
    #expect(tags[3] == nil)
    #expect(tags[-4] == nil)
    #expect(tags[Int.max] == nil)
    #expect(tags[Int.min + 1] == nil)
    #expect(tags[2]?["deep"]?[2]?.int == 3)
  }

  @Test func indexesSkipOverContainers() throws {
    let root = try expectParses(#"[[1, [2, [3]]], {"a": [4, {"b": 5}]}, "after", [], {}, 6]"#).root
    #expect(root.count == 6)
    #expect(root[2]?.string == "after")
    #expect(root[3]?.count == 0)
    #expect(root[4]?.kind == .object)
    #expect(root[5]?.int == 6)
    #expect(root[-1]?.int == 6)
    #expect(root[1]?["a"]?[1]?["b"]?.int == 5)
  }

  @Test func keys() throws {
    let root = try expectParses(Self.sample).root
    #expect(root["name"]?.string == "Ada")
    #expect(root["missing"] == nil)
    #expect(root["Name"] == nil, "keys are case-sensitive")
    #expect(root["a.b"]?.string == "dotted", "the key subscript takes the key literally")
    #expect(root["0"]?.string == "zero")
    #expect(root[""]?.string == "empty")
    #expect(root["back\\slash"]?.string == "bs")
    #expect(root["nested"]?["x"]?["y"]?["z"]?.string == "end")
  }

  @Test func keysWithEscapesMatchTheirDecodedText() throws {
    let root = try expectParses(#"{"caf\u00e9": 1, "tab\there": 2, "quote\"d": 3, "😀": 4, "\uD83D\uDE00x": 5}"#).root
    #expect(root["café"]?.int == 1)
    #expect(root["tab\there"]?.int == 2)
    #expect(root["quote\"d"]?.int == 3)
    #expect(root["😀"]?.int == 4)
    #expect(root["😀x"]?.int == 5)
    #expect(root["caf\\u00e9"] == nil)
    // Unicode equivalence is not applied: keys are compared as scalars.
    #expect(root["cafe\u{301}"] == nil)
  }

  @Test func subscriptsOnTheWrongKind() throws {
    let root = try expectParses(#"{"list": [1], "object": {"0": "zero"}, "text": "abc", "n": 1}"#).root
    #expect(root[0] == nil, "index on an object")
    #expect(root["list"]?["0"] == nil, "key on an array")
    #expect(root["object"]?[0] == nil)
    #expect(root["object"]?["0"]?.string == "zero")
    #expect(root["text"]?[0] == nil)
    #expect(root["text"]?["a"] == nil)
    #expect(root["n"]?[0] == nil)
  }

  // MARK: - Paths

  @Test func paths() throws {
    let root = try expectParses(Self.sample).root
    #expect(root[path: "name"]?.string == "Ada")
    #expect(root[path: "tags.1"]?.string == "engines")
    #expect(root[path: "tags.-1.deep.0"]?.int == 1)
    #expect(root[path: "tags.2.deep.-1"]?.int == 3)
    #expect(root[path: "nested.list.2.1"]?.int == 20)
    #expect(root[path: "nested.x.y.z"]?.string == "end")
    #expect(root[path: "nested.list.-3"]?.kind == .array)
    #expect(root[path: ""]?.kind == .object, "the empty path is the node itself")
    #expect(root[path: "tags"]?[path: ""]?.count == 3)
  }

  @Test func pathEscapes() throws {
    let root = try expectParses(Self.sample).root
    #expect(root[path: #"a\.b"#]?.string == "dotted")
    #expect(root[path: "a.b"] == nil, "unescaped, the dot separates")
    #expect(root[path: #"back\\slash"#]?.string == "bs")
    let dotted = try expectParses(#"{"headers": {"content.type": "json", "a\\": {"b": 1}}}"#).root
    #expect(dotted[path: #"headers.content\.type"#]?.string == "json")
    #expect(dotted[path: #"headers.a\\.b"#]?.int == 1)
  }

  @Test func numericSegmentsOnObjectsAreKeys() throws {
    let root = try expectParses(#"{"0": "zero", "-1": "minus one", "01": "padded", "+1": "plus", "items": [["a"], ["b"]]}"#).root
    #expect(root[path: "0"]?.string == "zero")
    #expect(root[path: "-1"]?.string == "minus one")
    #expect(root[path: "01"]?.string == "padded")
    #expect(root[path: "+1"]?.string == "plus")
    #expect(root[path: "items.1.0"]?.string == "b")
    #expect(root[path: "items.01"] == nil, "`01` is not an index, and arrays have no keys")
    #expect(root[path: "items.+1"] == nil)
    #expect(root[path: "items.5"] == nil)
    #expect(root[path: "items.-3"] == nil)
  }

  @Test func pathsThatDoNotResolve() throws {
    let root = try expectParses(Self.sample).root
    #expect(root[path: "missing"] == nil)
    #expect(root[path: "name.first"] == nil, "through a string")
    #expect(root[path: "born.0"] == nil, "through a number")
    #expect(root[path: "tags.x"] == nil)
    #expect(root[path: "name."] == nil, "a trailing dot names the empty key of a string")
    #expect(root[path: "."] == nil, "two empty keys")
    #expect(root[path: "nested..x"] == nil)
  }

  @Test func emptyKeysThroughPaths() throws {
    let root = try expectParses(#"{"": {"": 1}}"#).root
    #expect(root[path: "."]?.int == 1)
    #expect(root[path: ""]?.kind == .object)
  }

  // MARK: - Sequences

  @Test func elements() throws {
    let root = try expectParses(#"[1, "two", [3], {"four": 4}, null]"#).root
    let elements = root.elements
    #expect(elements.count == 5)
    #expect(elements.underestimatedCount == 5)
    #expect(elements.map(\.kind) == [.number, .string, .array, .object, .null])
    #expect(Array(elements).count == 5)
    // Iterating twice gives the same nodes.
    #expect(root.elements.map(\.byteOffset) == root.elements.map(\.byteOffset))
    #expect(try expectParses("[]").root.elements.count == 0)
    #expect(try expectParses(#"{"a": 1}"#).root.elements.count == 0)
    #expect(try expectParses("1").root.elements.map(\.kind).isEmpty)
    #expect(JSONNode.Elements.empty.count == 0)
    #expect(Array(JSONNode.Elements.empty).isEmpty)
  }

  @Test func members() throws {
    let root = try expectParses(#"{"b": 1, "a": [2], "c": {"d": 3}, "e": "f"}"#).root
    let members = root.members
    #expect(members.count == 4)
    #expect(members.underestimatedCount == 4)
    #expect(members.map(\.key) == ["b", "a", "c", "e"])
    #expect(members.map(\.value.kind) == [.number, .array, .object, .string])
    #expect(try expectParses("{}").root.members.count == 0)
    #expect(try expectParses("[1]").root.members.map(\.key).isEmpty)
    #expect(JSONNode.Members.empty.count == 0)
    #expect(Array(JSONNode.Members.empty).isEmpty)
  }

  @Test func counts() throws {
    let root = try expectParses(#"{"a": [1, [2, 3], {}], "b": {"c": 1, "d": 2}, "s": "text", "n": 1}"#).root
    #expect(root.count == 4)
    #expect(root["a"]?.count == 3)
    #expect(root["a"]?[1]?.count == 2)
    #expect(root["a"]?[2]?.count == 0)
    #expect(root["b"]?.count == 2)
    #expect(root["s"]?.count == 0)
    #expect(root["n"]?.count == 0)
  }

  // MARK: - Offsets

  @Test func byteOffsets() throws {
    let json = #"{"a": [1, "x", true, null, {}, []], "é": -2.5}"#
    let root = try expectParses(json).root
    #expect(root.byteOffset == 0)
    #expect(root["a"]?.byteOffset == 6)
    #expect(root["a"]?[0]?.byteOffset == 7)
    #expect(root["a"]?[1]?.byteOffset == 10, "strings start at their opening quote")
    #expect(root["a"]?[2]?.byteOffset == 15)
    #expect(root["a"]?[3]?.byteOffset == 21)
    #expect(root["a"]?[4]?.byteOffset == 27)
    #expect(root["a"]?[5]?.byteOffset == 31)
    #expect(root["é"]?.byteOffset == 42, "offsets count bytes, not characters")
    let padded = try expectParses("  \n  [ 1 ]").root
    #expect(padded.byteOffset == 5)
    #expect(padded[0]?.byteOffset == 7)
  }

  // MARK: - Sharing

  @Test func nodesOutliveTheirDocumentVariable() throws {
    func firstTag() throws -> JSONNode? {
      let document = try expectParses(#"{"tags": ["kept"]}"#)
      return document.root["tags"]?[0]
    }
    #expect(try firstTag()?.string == "kept")
  }

  @Test func documentsAreSendable() async throws {
    let document = try expectParses(#"{"values": [1, 2, 3]}"#)
    let sums = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<4 {
        group.addTask { document.root["values"]?.elements.compactMap(\.int).reduce(0, +) ?? 0 }
      }
      return await group.reduce(into: [Int]()) { $0.append($1) }
    }
    #expect(sums == [6, 6, 6, 6])
  }
}
