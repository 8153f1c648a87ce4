import FoundryJSON
import FoundryTestSupport
import Testing

/// Limits and relaxations of `JSONParsingOptions`.
@Suite("JSON reader: options")
struct JSONOptionsTests {
  private func options(_ configure: (inout JSONParsingOptions) -> Void) -> JSONParsingOptions {
    var options = JSONParsingOptions()
    configure(&options)
    return options
  }

  @Test func defaults() {
    let options = JSONParsingOptions()
    #expect(options.maximumDepth == 512)
    #expect(options.maximumInputSize == JSONParsingOptions.largestInputSize)
    #expect(JSONParsingOptions.largestInputSize == Int(UInt32.max) - 64)
    #expect(options.duplicateKeys == .keepLast)
    #expect(options.loneSurrogates == .reject)
    #expect(!options.allowsTrailingCommas)
    #expect(!options.allowsComments)
    #expect(!options.allowsByteOrderMark)
  }

  @Test func lenientPreset() {
    let lenient = JSONParsingOptions.lenient
    #expect(lenient.allowsTrailingCommas)
    #expect(lenient.allowsComments)
    #expect(lenient.allowsByteOrderMark)
    #expect(lenient.maximumDepth == 512)
    #expect(lenient.duplicateKeys == .keepLast)
    #expect(lenient.loneSurrogates == .reject)
    #expect(lenient != JSONParsingOptions())
    #expect(lenient == .lenient)
  }

  // MARK: - Depth

  @Test func customDepth() throws {
    let one = options { $0.maximumDepth = 1 }
    try expectParses("[]", options: one)
    try expectParses("[1, 2, 3]", options: one)
    expectParseError("[[]]", options: one, message: "nesting depth exceeds the limit of 1", offset: 1, code: .depthLimitExceeded)
    expectParseError(#"{"a": {}}"#, options: one, message: "nesting depth exceeds the limit of 1", offset: 6, code: .depthLimitExceeded)
    expectParseError(#"[{}]"#, options: one, message: "nesting depth exceeds the limit of 1", offset: 1, code: .depthLimitExceeded)

    let zero = options { $0.maximumDepth = 0 }
    try expectParses("1", options: zero)
    try expectParses(#""text""#, options: zero)
    expectParseError("[]", options: zero, message: "nesting depth exceeds the limit of 0", offset: 0, code: .depthLimitExceeded)
    expectParseError("{}", options: zero, message: "nesting depth exceeds the limit of 0", offset: 0, code: .depthLimitExceeded)

    let ten = options { $0.maximumDepth = 10 }
    try expectParses(String(repeating: "[", count: 10) + String(repeating: "]", count: 10), options: ten)
    expectParseError(
      String(repeating: "[", count: 11) + String(repeating: "]", count: 11), options: ten,
      message: "nesting depth exceeds the limit of 10", offset: 10, code: .depthLimitExceeded
    )
    // Siblings do not add up: only nesting counts.
    try expectParses("[" + Array(repeating: "[[[[[[[[]]]]]]]]", count: 50).joined(separator: ",") + "]", options: ten)
  }

  @Test func deeperThanTheDefault() throws {
    let deep = options { $0.maximumDepth = 5_000 }
    let json = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
    let document = try expectParses(json, options: deep)
    #expect(document.nodeCount == 5_000)
    expectParseError(json, message: "nesting depth exceeds the limit of 512", offset: 512, code: .depthLimitExceeded)
  }

  // MARK: - Size

  @Test func inputSize() throws {
    let json = #"{"a": [1, 2, 3]}"#
    let exact = options { $0.maximumInputSize = json.utf8.count }
    try expectParses(json, options: exact)
    let smaller = options { $0.maximumInputSize = json.utf8.count - 1 }
    expectParseError(json, options: smaller, message: "input of 16 bytes exceeds the limit of 15 bytes", code: .sizeLimitExceeded)
    let zero = options { $0.maximumInputSize = 0 }
    expectParseError("", options: zero, message: "unexpected end of input, expected a value", code: .unexpectedEndOfInput)
    expectParseError("1", options: zero, message: "input of 1 bytes exceeds the limit of 0 bytes", code: .sizeLimitExceeded)
    // Beyond the largest size a document can hold, the largest size applies.
    let huge = options { $0.maximumInputSize = .max }
    try expectParses(json, options: huge)
  }

  @Test func sizeIsCheckedBeforeTheSyntax() {
    let small = options { $0.maximumInputSize = 3 }
    expectParseError("][}{", options: small, message: "input of 4 bytes exceeds the limit of 3 bytes", code: .sizeLimitExceeded)
  }

  // MARK: - Duplicate keys

  static let duplicates = #"{"a": 1, "b": {"x": 0}, "a": 2, "c": [], "a": 3}"#

  @Test func keepLastIsTheDefault() throws {
    let document = try expectParses(Self.duplicates)
    let root = document.root
    #expect(root["a"]?.int == 3)
    #expect(root[path: "a"]?.int == 3)
    #expect(root.count == 5, "the node counts every member")
    #expect(root.members.map(\.key) == ["a", "b", "a", "c", "a"])
    #expect(root.members.compactMap(\.value.int) == [1, 2, 3])
    #expect(document.value == ["a": 3, "b": ["x": 0], "c": []])
    #expect(document.value.object?.keys == ["a", "b", "c"], "the first position, the last value")
  }

  @Test func keepFirst() throws {
    let document = try expectParses(Self.duplicates, options: options { $0.duplicateKeys = .keepFirst })
    let root = document.root
    #expect(root["a"]?.int == 1)
    #expect(root[path: "a"]?.int == 1)
    #expect(root.count == 5)
    #expect(root.members.map(\.key) == ["a", "b", "a", "c", "a"])
    #expect(document.value == ["a": 1, "b": ["x": 0], "c": []])
    #expect(document.value.object?.keys == ["a", "b", "c"])
  }

  @Test func reject() throws {
    let reject = options { $0.duplicateKeys = .reject }
    expectParseError(Self.duplicates, options: reject, message: #"duplicate key "a" in object"#, offset: 24, code: .duplicateKey)
    let document = try expectParses(#"{"a": 1, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}]}"#, options: reject)
    #expect(document.root["a"]?.int == 1)
    #expect(document.value == ["a": 1, "b": ["a": 2], "c": [["a": 3], ["a": 4]]])
    // Case makes different keys.
    try expectParses(#"{"a": 1, "A": 2}"#, options: reject)
  }

  /// Keys are compared scalar by scalar (RFC 8259 §8.3), never by canonical equivalence: the
  /// precomposed "é" and "e" + U+0301 are two keys, for every policy and every reader.
  @Test(arguments: [JSONParsingOptions.DuplicateKeyPolicy.keepLast, .keepFirst, .reject])
  func canonicallyEquivalentKeysAreDistinct(policy: JSONParsingOptions.DuplicateKeyPolicy) throws {
    let json = "{\"\u{E9}\": \"NFC\", \"e\u{301}\": \"NFD\"}"
    let document = try expectParses(json, options: options { $0.duplicateKeys = policy })
    #expect(document.root["\u{E9}"]?.string == "NFC")
    #expect(document.root["e\u{301}"]?.string == "NFD")
    #expect(document.root.members.count == 2)
    let object = try #require(document.value.object)
    #expect(object.count == 2)
    #expect(object["\u{E9}"] == "NFC")
    #expect(object["e\u{301}"] == "NFD")

    // The same in an object large enough for the value's hash index.
    let members = (0..<70).map { "\"k\($0)\": \($0)" } + ["\"\u{E9}\": \"NFC\"", "\"e\u{301}\": \"NFD\""]
    let large = try expectParses("{" + members.joined(separator: ", ") + "}", options: options { $0.duplicateKeys = policy })
    #expect(large.root["\u{E9}"]?.string == "NFC")
    #expect(large.root["e\u{301}"]?.string == "NFD")
    #expect(large.value["\u{E9}"] == "NFC")
    #expect(large.value["e\u{301}"] == "NFD")
  }

  @Test func duplicatesInNestedAndLargeObjects() throws {
    var members = (0..<100).map { "\"k\($0)\": \($0)" }
    members.append(#""k50": "again""#)
    let json = "{\"outer\": {" + members.joined(separator: ", ") + "}}"
    let last = try expectParses(json)
    #expect(last.root[path: "outer.k50"]?.string == "again")
    #expect(last.value[path: "outer.k50"] == "again")
    #expect(last.value["outer"]?.object?.count == 100)
    let first = try expectParses(json, options: options { $0.duplicateKeys = .keepFirst })
    #expect(first.root[path: "outer.k50"]?.int == 50)
    #expect(first.value[path: "outer.k50"] == 50)
    expectParseError(json, options: options { $0.duplicateKeys = .reject }, message: #"duplicate key "k50" in object"#, code: .duplicateKey)
  }

  /// Every size the repeated-key check handles its own way (pairwise, hash table, sorted).
  @Test(arguments: [2, 8, 9, 40, 63, 64, 65, 100])
  func duplicatesAtEverySize(memberCount: Int) throws {
    var members = (0..<(memberCount - 1)).map { "\"key\($0)\": \($0)" }
    members.append(#""key0": "again""#)
    let json = "{" + members.joined(separator: ", ") + "}"
    let last = try expectParses(json)
    #expect(last.root["key0"]?.string == "again")
    #expect(last.value["key0"] == "again")
    #expect(last.value.object?.count == memberCount - 1)
    let first = try expectParses(json, options: options { $0.duplicateKeys = .keepFirst })
    #expect(first.root["key0"]?.int == 0)
    #expect(first.value["key0"] == 0)
    expectParseError(json, options: options { $0.duplicateKeys = .reject }, message: #"duplicate key "key0" in object"#, code: .duplicateKey)
    // Without the repeat, nothing is a duplicate.
    let distinct = "{" + members.dropLast().joined(separator: ", ") + "}"
    try expectParses(distinct, options: options { $0.duplicateKeys = .reject })
  }

  @Test func duplicateKeysSpelledDifferently() throws {
    let json = #"{"é": 1, "\u00e9": 2, "\u00E9": 3}"#
    let document = try expectParses(json)
    #expect(document.root["é"]?.int == 3)
    #expect(document.value == ["é": 3])
    let first = try expectParses(json, options: options { $0.duplicateKeys = .keepFirst })
    #expect(first.root["é"]?.int == 1)
    #expect(first.value == ["é": 1])
  }

  // MARK: - Lone surrogates

  static let replacements: [(String, String)] = [
    (#""\uD800""#, "\u{FFFD}"),
    (#""\uDC00""#, "\u{FFFD}"),
    (#""\udbff""#, "\u{FFFD}"),
    (#""a\uD800b""#, "a\u{FFFD}b"),
    (#""\uD800\uD800""#, "\u{FFFD}\u{FFFD}"),
    (#""\uDC00\uD800""#, "\u{FFFD}\u{FFFD}"),
    (#""\uD800\u0041""#, "\u{FFFD}A"),
    (#""\uD800\n""#, "\u{FFFD}\n"),
    (#""\uD800\uDBFF\uDC00""#, "\u{FFFD}\u{10FC00}"),
    (#""\uDE00\uD83D\uDE00""#, "\u{FFFD}😀"),
    (#""\uD834\uDD1E""#, "𝄞"),
    (#""\uD800abc""#, "\u{FFFD}abc"),
  ]

  @Test(arguments: replacements)
  func loneSurrogatesReplaced(json: String, expected: String) throws {
    let replace = options { $0.loneSurrogates = .replace }
    let document = try expectParses(json, options: replace)
    #expect(document.root.string == expected)
    #expect(document.value == .string(expected))
  }

  @Test func replacedSurrogatesInKeys() throws {
    let replace = options { $0.loneSurrogates = .replace }
    let document = try expectParses(#"{"\uDFAA": 0, "x\uD800": 1}"#, options: replace)
    #expect(document.root["\u{FFFD}"]?.int == 0)
    #expect(document.root["x\u{FFFD}"]?.int == 1)
    #expect(document.root.members.map(\.key) == ["\u{FFFD}", "x\u{FFFD}"])
  }

  @Test func replaceDoesNotExcuseInvalidUTF8() {
    let replace = options { $0.loneSurrogates = .replace }
    expectParseError([0x22, 0xED, 0xA0, 0x80, 0x22], options: replace, message: "invalid UTF-8: encoded UTF-16 surrogate", code: .invalidUTF8)
    expectParseError(#""\uD80""#, options: replace, message: #"invalid unicode escape, expected 4 hex digits after '\u'"#, code: .invalidString)
  }

  // MARK: - Trailing commas

  @Test func trailingCommas() throws {
    let commas = options { $0.allowsTrailingCommas = true }
    try expectValue("[1,]", [1], options: commas)
    try expectValue("[1, 2 , ]", [1, 2], options: commas)
    try expectValue(#"{"a": 1,}"#, ["a": 1], options: commas)
    try expectValue(#"{"a": [1,], "b": {"c": 2,},}"#, ["a": [1], "b": ["c": 2]], options: commas)
    try expectValue("[\n  1,\n  2,\n]", [1, 2], options: commas)
    try expectValue("[[],]", [[]], options: commas)
    try expectValue("[1, // c\n]", [1], options: .lenient)
    try expectValue(#"{"a": 1, /* c */ }"#, ["a": 1], options: .lenient)
    expectParseError("[,]", options: commas, message: "unexpected character ',', expected a value", offset: 1)
    expectParseError("{,}", options: commas, message: "expected a string key, found character ','", offset: 1)
    expectParseError("[1,,]", options: commas, message: "unexpected character ',' after ','", offset: 3)
    expectParseError("[1,,2]", options: commas, message: "unexpected character ',' after ','", offset: 3)
    expectParseError(#"{"a":1,,}"#, options: commas, message: "unexpected character ',' after ','", offset: 7)
    expectParseError("1,", options: commas, message: "unexpected character ',' after the top-level value", offset: 1)
    expectParseError("[1,", options: commas, message: "unexpected end of input after ','", offset: 3)
    expectParseError("[1,}", options: commas, message: "unexpected character '}' after ','", offset: 3)
    expectParseError(#"{"a":1,]"#, options: commas, message: "unexpected character ']' after ','", offset: 7)
  }

  // MARK: - Comments

  @Test func comments() throws {
    let comments = options { $0.allowsComments = true }
    try expectValue("// leading\n1", 1, options: comments)
    try expectValue("/* leading */ 1", 1, options: comments)
    try expectValue("1 // trailing", 1, options: comments)
    try expectValue("1 /* trailing */", 1, options: comments)
    try expectValue("1/**/", 1, options: comments)
    try expectValue("1 //", 1, options: comments)
    try expectValue("[1, // one\n 2 /* two */, /* three */ 3]", [1, 2, 3], options: comments)
    try expectValue(#"{/*a*/"a"/*b*/:/*c*/1/*d*/,/*e*/"b"//f"# + "\n:2}", ["a": 1, "b": 2], options: comments)
    try expectValue("[1 // comment ends at a carriage return\r, 2]", [1, 2], options: comments)
    try expectValue("/* multi\nline\n*/ [ /*** stars ***/ ]", [], options: comments)
    try expectValue("/* // inside */ 1", 1, options: comments)
    try expectValue("// /* inside\n 1", 1, options: comments)
    try expectValue(#"["/* not a comment */", "// nor this"]"#, ["/* not a comment */", "// nor this"], options: comments)
    expectParseError("/* a /* b */ */ 1", options: comments, message: "unexpected character '*', expected a value", offset: 13)
    expectParseError("// only a comment", options: comments, message: "unexpected end of input, expected a value", offset: 17)
    expectParseError("/", options: comments, message: "unexpected character '/', expected a value", offset: 0)
  }

  @Test func strayCommentSlashKeepsItsContext() {
    // With comments allowed, a '/' that starts no comment is reported where it stands.
    let comments = options { $0.allowsComments = true }
    expectParseError("[1 /x]", options: comments, message: "expected ',' or ']' after array element, found character '/'", offset: 3)
    expectParseError(#"{"a": 1 /x}"#, options: comments, message: "expected ',' or '}' after object member, found character '/'", offset: 8)
    expectParseError(#"{"a" /x: 1}"#, options: comments, message: "expected ':' after object key, found character '/'", offset: 5)
    expectParseError("1 /x", options: comments, message: "unexpected character '/' after the top-level value", offset: 2)
    expectParseError("[1, /x]", options: comments, message: "unexpected character '/' after ','", offset: 4)
    expectParseError("[/x]", options: comments, message: "unexpected character '/', expected a value", offset: 1)
  }

  // MARK: - Byte order mark

  @Test func byteOrderMark() throws {
    let bom = options { $0.allowsByteOrderMark = true }
    let document = try expectParses(bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8), options: bom)
    #expect(document.value == ["a": 1])
    #expect(document.root.byteOffset == 3, "offsets still count the mark")
    #expect(document.byteCount == 11)
    try expectParses(bytes: [0xEF, 0xBB, 0xBF, 0x20, 0x0A, 0x31], options: bom)
    expectParseError([0xEF, 0xBB, 0xBF], options: bom, message: "unexpected end of input, expected a value", offset: 3)
    expectParseError([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x31], options: bom, message: "unexpected byte 0xEF, expected a value", offset: 3)
    // A string may still hold U+FEFF.
    #expect(try expectParses(bytes: [0xEF, 0xBB, 0xBF, 0x22, 0xEF, 0xBB, 0xBF, 0x22], options: bom).root.string == "\u{FEFF}")
  }

  // MARK: - Lenient

  @Test func lenientAcceptsEverythingAtOnce() throws {
    let json = "\u{FEFF}// settings\n{\n  \"a\": [1, 2,], /* note */\n  \"b\": {\"c\": true,},\n}\n"
    let document = try expectParses(json, options: .lenient)
    #expect(document.value == ["a": [1, 2], "b": ["c": true]])
    expectParseError(json, message: "byte order mark is not allowed (set allowsByteOrderMark to skip it)")
    expectParseError(String(json.dropFirst()), message: "comments are not allowed (set allowsComments to accept them)")
  }

  @Test func lenientStillRejectsWhatIsNotJSON() {
    expectParseError("{a: 1}", options: .lenient, message: "expected a string key, found character 'a'")
    expectParseError("['a']", options: .lenient, message: "unexpected character ''', expected a value")
    expectParseError("[NaN]", options: .lenient, message: "unexpected character 'N', expected a value")
    expectParseError("[01]", options: .lenient, message: "invalid number: leading zeros are not allowed")
    expectParseError("# comment\n1", options: .lenient, message: "unexpected character '#', expected a value")
  }
}
