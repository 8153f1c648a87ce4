import FoundryJSON
import FoundryTestSupport
import Testing

/// What RFC 8259 accepts, and the values it means. Rejections and their messages live in
/// `JSONParserErrorTests`.
@Suite("JSON reader: grammar")
struct JSONParserTests {
  // MARK: - Literals

  static let literalCases: [(String, JSONValue)] = [
    ("true", .bool(true)),
    ("false", .bool(false)),
    ("null", .null),
    (" \t\r\n true \t\r\n ", .bool(true)),
    ("[true,false,null]", .array([true, false, nil])),
  ]

  @Test(arguments: literalCases)
  func literals(json: String, expected: JSONValue) throws {
    try expectValue(json, expected)
  }

  @Test func literalKinds() throws {
    let document = try expectParses("[true, false, null]")
    #expect(document.root[0]?.kind == .bool)
    #expect(document.root[0]?.bool == true)
    #expect(document.root[1]?.bool == false)
    #expect(document.root[2]?.kind == .null)
    #expect(document.root[2]?.isNull == true)
    #expect(document.root[0]?.isNull == false)
  }

  // MARK: - Numbers

  @Test(arguments: [
    "0", "-0", "1", "-1", "123", "0.5", "-0.5", "10.25", "1e5", "1E5", "1e+5", "1e-5", "1E+05",
    "0e0", "-0e-0", "0.0", "1.5e10", "-1.5E-10", "9007199254740993", "-9223372036854775808",
    "18446744073709551615", "123456789012345678901234567890", "1e400", "1e-400",
  ])
  func numberGrammar(text: String) throws {
    let document = try expectParses(text)
    let root = document.root
    #expect(root.kind == .number)
    #expect(root.number?.text == text, "the token text is kept")
    let inArray = try expectParses("[\(text)]")
    #expect(inArray.root[0]?.number?.text == text)
  }

  // MARK: - Strings

  @Test(arguments: [
    (#""""#, ""),
    (#""abc""#, "abc"),
    (#""\"""#, "\""),
    (#""\\""#, "\\"),
    (#""\/""#, "/"),
    (#""/""#, "/"),
    (#""\b""#, "\u{08}"),
    (#""\f""#, "\u{0C}"),
    (#""\n""#, "\n"),
    (#""\r""#, "\r"),
    (#""\t""#, "\t"),
    (#""\u0041""#, "A"),
    (#""\u00e9""#, "é"),
    (#""\u00E9""#, "é"),
    (#""\u20AC""#, "€"),
    (#""\u0000""#, "\u{0}"),
    (#""\u001f""#, "\u{1F}"),
    (#""\u007F""#, "\u{7F}"),
    (#""\uFFFF""#, "\u{FFFF}"),
    (#""\uD834\uDD1E""#, "𝄞"),
    (#""\ud83d\ude00""#, "😀"),
    (#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
    (#""\uD800\uDC00""#, "\u{10000}"),
    (#""a\"b\\c\/d\be\ff\ng\rh\ti""#, "a\"b\\c/d\u{08}e\u{0C}f\ng\rh\ti"),
    (#""\\u0041""#, "\\u0041"),
    (#""\u005C""#, "\\"),
    (#""\u0022""#, "\""),
    ("\"é😀€\u{7F}\"", "é😀€\u{7F}"),
    ("\"e\u{301}\"", "e\u{301}"),
    ("\"\u{10FFFF}\"", "\u{10FFFF}"),
    ("\"\u{FEFF}\"", "\u{FEFF}"),
    ("\"\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\"", "\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}"),
    ("\"\u{D7FF}\u{E000}\"", "\u{D7FF}\u{E000}"),
  ])
  func strings(json: String, expected: String) throws {
    let document = try expectParses(json)
    #expect(document.root.kind == .string)
    #expect(document.root.string == expected)
    #expect(document.value == .string(expected))
  }

  @Test func longStringsCrossEveryWordBoundary() throws {
    // The scanner reads eight bytes at a time: put the special byte at every offset.
    for length in 0..<40 {
      let plain = String(repeating: "x", count: length)
      try expectValue("\"\(plain)\"", .string(plain))
      try expectValue("\"\(plain)\\n\(plain)\"", .string(plain + "\n" + plain))
      try expectValue("\"\(plain)é\(plain)\"", .string(plain + "é" + plain))
      try expectValue("\"\(plain)😀\"", .string(plain + "😀"))
      try expectValue("[\"\(plain)\",\"\(plain)\"]", [.string(plain), .string(plain)])
      expectParseError("\"\(plain)\u{1}\"", message: "unescaped control character U+0001 in string", offset: length + 1)
      expectParseError("\"\(plain)", message: "unexpected end of input in string", offset: length + 1)
    }
  }

  @Test func allEscapesInOneKey() throws {
    let document = try expectParses(#"{"k\"\\\/\b\f\n\r\t\u00e9\uD83D\uDE00": 1}"#)
    let key = "k\"\\/\u{08}\u{0C}\n\r\té😀"
    #expect(document.root[key]?.int == 1)
    #expect(document.root.members.map(\.key) == [key])
  }

  // MARK: - Structure

  static let structureCases: [(String, JSONValue)] = {
    var cases: [(String, JSONValue)] = [
      ("[]", .array([])),
      ("{}", .object([:])),
      ("[ ]", .array([])),
      ("{ }", .object([:])),
      (" \n[\r\n\t]\n ", .array([])),
    ]
    cases += [
      ("[[]]", [[]]),
      ("[{}]", [[:]]),
      (#"{"a":{}}"#, ["a": [:]]),
      (#"{"a":[]}"#, ["a": []]),
      ("[1,[2,[3,[4]]]]", [1, [2, [3, [4]]]]),
    ]
    cases += [
      (#"{"a":1,"b":[true,null],"c":{"d":"e"}}"#, ["a": 1, "b": [true, nil], "c": ["d": "e"]]),
      (#"  {  "a"  :  1  ,  "b"  :  2  }  "#, ["a": 1, "b": 2]),
      ("[\n  1,\n  2\n]\n", [1, 2]),
      ("[\r\n1\r,\t2]", [1, 2]),
    ]
    cases += [
      (#"[{"a":[{"b":[]}]},[[{}]]]"#, [["a": [["b": []]]], [[[:]]]]),
      (#"{"":""}"#, ["": ""]),
      (#"["",""]"#, ["", ""]),
      ("[-0.5e-1,0,-1]", [.number(JSONNumber(text: "-0.5e-1") ?? 0), 0, -1]),
    ]
    return cases
  }()

  @Test(arguments: structureCases)
  func structure(json: String, expected: JSONValue) throws {
    try expectValue(json, expected)
  }

  @Test func scalarsAtTheTopLevel() throws {
    try expectValue("1", 1)
    try expectValue(#""top""#, "top")
    try expectValue("  null  ", nil)
    try expectValue("\n-2.5\n", -2.5)
  }

  @Test func objectKeysKeepDocumentOrder() throws {
    let document = try expectParses(#"{"z":1,"a":2,"m":3}"#)
    #expect(document.root.members.map(\.key) == ["z", "a", "m"])
    #expect(document.value.object?.keys == ["z", "a", "m"])
  }

  @Test func manyMembersAndElements() throws {
    let count = 1_000
    let members = (0..<count).map { "\"k\($0)\": \($0)" }.joined(separator: ",")
    let elements = (0..<count).map { "\($0)" }.joined(separator: ",")
    let document = try expectParses("{\(members), \"list\": [\(elements)]}")
    #expect(document.root.count == count + 1)
    #expect(document.root["k999"]?.int == 999)
    #expect(document.root["list"]?.count == count)
    #expect(document.root["list"]?[-1]?.int == 999)
    #expect(document.value["k500"] == 500)
    #expect(document.value["list"]?.array?.count == count)
  }

  @Test func documentCounts() throws {
    let json = #"{"a": [1, 2], "b": "c"}"#
    let document = try expectParses(json)
    #expect(document.byteCount == json.utf8.count)
    // object, "a", array, 1, 2, "b", "c"
    #expect(document.nodeCount == 7)
  }

  @Test func nestingUpToTheDefaultLimit() throws {
    let depth = 512
    let json = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let document = try expectParses(json)
    var node = document.root
    for _ in 1..<depth {
      let child = try #require(node[0])
      node = child
    }
    #expect(node.kind == .array)
    #expect(node.count == 0)

    let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
    let path = Array(repeating: "a", count: depth).joined(separator: ".")
    #expect(try expectParses(objects).root[path: path]?.int == 1)
  }
}
