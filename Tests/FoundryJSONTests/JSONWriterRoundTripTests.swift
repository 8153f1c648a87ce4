import FoundryJSON
import Testing

/// Parse -> write -> parse gives the same value, from both the value tree and the tape, under
/// every combination of options; and both paths write the same bytes.
@Suite("JSONWriter round trips")
struct JSONWriterRoundTripTests {
  /// The 16 combinations of the four options.
  static let allOptions: [JSONWritingOptions] = (0..<16).map { bits in
    var options = JSONWritingOptions()
    options.isPretty = bits & 1 != 0
    options.sortsKeys = bits & 2 != 0
    options.escapesSlashes = bits & 4 != 0
    options.escapesNonASCII = bits & 8 != 0
    return options
  }

  static let documents: [String] = [
    "null", "true", "false", "0", "-0", "1.5e-10", #""""#, "[]", "{}", "[[],{},[{}]]",
    #"{"a": 1, "b": [true, false, null], "c": {"d": "e"}}"#,
    #"[1, -1, 1.0, 1E5, 1e-5, -0.0, 3.141592653589793, 9007199254740993, 1e308, 5e-324]"#,
    #"[18446744073709551615, -9223372036854775808, 123456789012345678901234567890, -99999999999999999999.99]"#,
    #"["\"\\\/\b\f\n\r\t", "\u0000\u001f\u007f\u0080", "\u00e9\u4e2d\ud83d\ude00", "\u2028\u2029"]"#,
    #"{"\u0061\u00e9": "key with escapes", "a/b": "</script>", "tab\there": "x"}"#,
    "[\"héllo wörld\", \"中文字符\", \"😀🎉👍🏽\", \"\u{7F}\", \"ʻOkina\", \"a\u{301}\"]",
    #"{"long": "The quick brown fox jumps over the lazy dog; the quick brown fox jumps over the lazy dog."}"#,
    #"{"z": {"y": {"x": [3, 2, {"b": 1, "a": 0}]}}, "a": [], "m": {}}"#,
    #"{"": "", " ": " ", "\"": "\\"}"#,
    #"[{"id": 1, "name": "Ada", "tags": ["a", "b"]}, {"id": 2, "name": "Grace", "tags": []}]"#,
  ]

  @Test(arguments: documents)
  func roundTrip(json: String) throws {
    let document = try JSONDocument(string: json)
    let value = document.value
    for options in Self.allOptions {
      let fromValue = value.makeJSON(options: options)
      let fromTape = document.root.makeJSON(options: options)
      #expect(fromValue == fromTape)
      #expect(try JSONDocument(bytes: fromValue).value == value)
      #expect(try JSONDocument(bytes: fromTape).value == value)
      if options.escapesNonASCII { #expect(fromValue.allSatisfy { $0 < 0x80 }) }
      // Writing is a fixed point: the output of the output is the output.
      #expect(try JSONDocument(bytes: fromTape).root.makeJSON(options: options) == fromTape)
    }
  }

  @Test func subtreeOfADocument() throws {
    let document = try JSONDocument(string: #"{"a": {"b": [1, {"c": "d"}]}, "e": 2}"#)
    let node = try #require(document.root["a"])
    #expect(node.makeJSONString() == #"{"b":[1,{"c":"d"}]}"#)
    #expect(node.makeJSONString() == node.value.makeJSONString())
    #expect(try #require(document.root[path: "a.b.1.c"]).makeJSONString() == #""d""#)
  }

  @Test func parsedEscapesAreRewrittenUnderTheOptions() throws {
    let document = try JSONDocument(string: #"["\/\u00e9\u0041\n", "plain/é"]"#)
    #expect(document.root.makeJSONString() == "[\"/éA\\n\",\"plain/é\"]")
    var options = JSONWritingOptions()
    options.escapesSlashes = true
    options.escapesNonASCII = true
    #expect(document.root.makeJSONString(options: options) == #"["\/\u00e9A\n","plain\/\u00e9"]"#)
  }

  // MARK: - Repeated keys

  @Test(arguments: [
    (JSONParsingOptions.DuplicateKeyPolicy.keepLast, #"{"a":3,"b":2}"#),
    (.keepFirst, #"{"a":1,"b":2}"#),
  ])
  func repeatedKeysFollowTheDocumentPolicy(policy: JSONParsingOptions.DuplicateKeyPolicy, expected: String) throws {
    var parsing = JSONParsingOptions()
    parsing.duplicateKeys = policy
    for json in [#"{"a": 1, "b": 2, "a": 3}"#, #"{"a": 1, "b": 2, "\u0061": 3}"#] {
      let document = try JSONDocument(string: json, options: parsing)
      #expect(document.root.makeJSONString() == expected)
      #expect(document.value.makeJSONString() == expected)
      var sorted = JSONWritingOptions()
      sorted.sortsKeys = true
      #expect(document.root.makeJSONString(options: sorted) == expected)
    }
  }

  @Test func manyMembersWithOneRepeat() throws {
    let members = (0..<100).map { #""key\#($0)": \#($0)"# } + [#""key42": "again""#]
    let document = try JSONDocument(string: "{" + members.joined(separator: ",") + "}")
    let written = document.root.makeJSON()
    #expect(written == document.value.makeJSON())
    let reread = try JSONDocument(bytes: written)
    #expect(reread.root.count == 100)
    #expect(reread.root["key42"]?.string == "again")
  }

  @Test func loneSurrogateReplacedByThePolicyIsWrittenAsReplacementCharacter() throws {
    var parsing = JSONParsingOptions()
    parsing.loneSurrogates = .replace
    let document = try JSONDocument(string: #"["\ud800x"]"#, options: parsing)
    #expect(document.root.makeJSONString() == "[\"\u{FFFD}x\"]")
    var options = JSONWritingOptions()
    options.escapesNonASCII = true
    #expect(document.root.makeJSONString(options: options) == #"["\ufffdx"]"#)
  }

  // MARK: - Deep nesting

  @Test(arguments: [500, 5_000])
  func deepNesting(depth: Int) throws {
    var parsing = JSONParsingOptions()
    parsing.maximumDepth = depth
    let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let objects = String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
    for json in [arrays, objects] {
      let document = try JSONDocument(string: json, options: parsing)
      #expect(document.root.makeJSONString() == json)
      let pretty = document.root.makeJSON(options: .pretty)
      #expect(try JSONDocument(bytes: pretty, options: parsing).root.makeJSONString() == json)
      if depth <= 500 {
        #expect(document.value.makeJSONString() == json)
        #expect(document.value.makeJSON(options: .pretty) == pretty)
      }
    }
  }

  @Test func deepPrettyIndentation() throws {
    let depth = 40
    let document = try JSONDocument(string: String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth))
    let lines = document.root.makeJSONString(options: .pretty).split(separator: "\n")
    #expect(lines.count == 2 * depth + 1)
    #expect(lines[depth] == Substring(String(repeating: " ", count: 2 * depth) + "1"))
  }

  // MARK: - Generated trees

  @Test(arguments: 0..<40)
  func generatedTree(seed: UInt64) throws {
    var generator = TreeGenerator(seed: seed)
    let value = generator.value(depth: 0)
    for options in Self.allOptions {
      let written = value.makeJSON(options: options)
      let document = try JSONDocument(bytes: written)
      #expect(document.value == value)
      #expect(document.root.makeJSON(options: options) == written)
    }
  }
}

/// Random but reproducible JSON trees: every kind, awkward strings, extreme numbers.
struct TreeGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

  mutating func next(_ bound: Int) -> Int {
    // xorshift64*
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return Int((state &* 0x2545_F491_4F6C_DD1D) >> 33) % bound
  }

  static let pieces = [
    "a", "Z", "0", " ", "/", "\"", "\\", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "中", "😀", "\u{2028}",
    "\u{FFFF}", "\u{10FFFF}", "e\u{301}", "long run of plain ascii text",
  ]

  mutating func string() -> String {
    (0..<next(6)).map { _ in Self.pieces[next(Self.pieces.count)] }.joined()
  }

  mutating func number() -> JSONNumber {
    switch next(5) {
    case 0: JSONNumber(Int64(next(2_000_001)) - 1_000_000)
    case 1: JSONNumber([Int64.min, Int64.max, 0][next(3)])
    case 2: JSONNumber(UInt64.max - UInt64(next(10)))
    case 3: JSONNumber(Double(next(1_000_000)) / Double(next(999) + 1) * [1e-300, 1, 1e300][next(3)]) ?? 0
    default: JSONNumber(text: ["1.0", "-0", "1E+2", "1e-7", "12345678901234567890.5"][next(5)]) ?? 0
    }
  }

  mutating func value(depth: Int) -> JSONValue {
    switch next(depth > 6 ? 5 : 7) {
    case 0: return .null
    case 1: return .bool(next(2) == 0)
    case 2: return .number(number())
    case 3, 4: return .string(string())
    case 5: return .array((0..<next(6)).map { _ in value(depth: depth + 1) })
    default:
      var object = JSONObject()
      for _ in 0..<next(6) { object[string()] = value(depth: depth + 1) }
      return .object(object)
    }
  }
}
