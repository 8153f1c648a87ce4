import FoundryJSON
import Testing

/// The text the writer produces, word for word: layout, key order, escapes and numbers.
@Suite("JSONWriter output")
struct JSONWriterTests {
  // MARK: - Layout

  static let sample: JSONValue = [
    "name": "Ada",
    "tags": ["math", 1, true, nil],
    "empty": [:],
    "none": [],
    "nested": ["a": ["b": [[]]]],
  ]

  @Test func compact() {
    #expect(
      Self.sample.makeJSONString()
        == #"{"name":"Ada","tags":["math",1,true,null],"empty":{},"none":[],"nested":{"a":{"b":[[]]}}}"#
    )
  }

  @Test func pretty() {
    let expected = """
      {
        "name": "Ada",
        "tags": [
          "math",
          1,
          true,
          null
        ],
        "empty": {},
        "none": [],
        "nested": {
          "a": {
            "b": [
              []
            ]
          }
        }
      }
      """
    #expect(Self.sample.makeJSONString(options: .pretty) == expected)
  }

  @Test(
    arguments: [
      (JSONValue.null, "null"), (true, "true"), (false, "false"), ("", #""""#), (0, "0"), ([], "[]"), ([:], "{}"),
    ] as [(JSONValue, String)])
  func topLevelScalarsAndEmptyContainers(value: JSONValue, expected: String) {
    #expect(value.makeJSONString() == expected)
    #expect(value.makeJSONString(options: .pretty) == expected)
  }

  @Test func makeJSONMatchesMakeJSONString() {
    let bytes = Self.sample.makeJSON(options: .pretty)
    #expect(String(decoding: bytes, as: UTF8.self) == Self.sample.makeJSONString(options: .pretty))
  }

  // MARK: - Sorted keys

  @Test func sortedKeysCompact() {
    var options = JSONWritingOptions()
    options.sortsKeys = true
    let value: JSONValue = ["b": 1, "a": ["d": 1, "c": [["z": 0, "y": 1]]], "B": nil]
    #expect(value.makeJSONString(options: options) == #"{"B":null,"a":{"c":[{"y":1,"z":0}],"d":1},"b":1}"#)
  }

  @Test func sortedKeysPretty() {
    var options = JSONWritingOptions.pretty
    options.sortsKeys = true
    let value: JSONValue = ["b": [], "a": ["d": 1, "c": 2]]
    let expected = """
      {
        "a": {
          "c": 2,
          "d": 1
        },
        "b": []
      }
      """
    #expect(value.makeJSONString(options: options) == expected)
  }

  /// UTF-8 byte order is code point order: a prefix first, uppercase before lowercase, and
  /// U+FF61 before U+1F600 (UTF-16 order would put the emoji's surrogates first).
  @Test func sortedKeysUseUTF8ByteOrder() {
    var options = JSONWritingOptions()
    options.sortsKeys = true
    let value: JSONValue = ["😀": 5, "｡": 4, "é": 3, "aa": 2, "a": 1, "Z": 0]
    #expect(value.makeJSONString(options: options) == #"{"Z":0,"a":1,"aa":2,"é":3,"｡":4,"😀":5}"#)
  }

  @Test func streamingPrimitivesSortNestedObjects() {
    var options = JSONWritingOptions.pretty
    options.sortsKeys = true
    var writer = JSONWriter(options: options)
    writer.beginObject()
    writer.writeKey("z")
    writer.beginArray()
    writer.beginObject()
    writer.writeKey("y")
    writer.writeInteger(2)
    writer.writeKey("x")
    writer.beginObject()
    writer.endObject()
    writer.endObject()
    writer.endArray()
    writer.writeKey("a")
    writer.write(["q": 1, "p": 2] as JSONValue)
    writer.writeKey("m")
    writer.writeString("last")
    writer.endObject()
    let expected = """
      {
        "a": {
          "p": 2,
          "q": 1
        },
        "m": "last",
        "z": [
          {
            "x": {},
            "y": 2
          }
        ]
      }
      """
    #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
  }

  @Test func streamingSortKeepsEqualKeysInWrittenOrder() {
    var options = JSONWritingOptions()
    options.sortsKeys = true
    var writer = JSONWriter(options: options)
    writer.beginObject()
    for (key, value) in [("b", 1), ("a", 2), ("b", 3), ("a", 4)] {
      writer.writeKey(key)
      writer.writeInteger(value)
    }
    writer.endObject()
    #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"a":2,"a":4,"b":1,"b":3}"#)
  }

  // MARK: - Escapes

  static let controlEscapes: [(UInt8, String)] = (0..<0x20).map { byte in
    let short: [UInt8: String] = [0x08: #"\b"#, 0x09: #"\t"#, 0x0A: #"\n"#, 0x0C: #"\f"#, 0x0D: #"\r"#]
    let hex = String(byte, radix: 16)
    return (UInt8(byte), short[UInt8(byte)] ?? #"\u00"# + (hex.count == 1 ? "0" + hex : hex))
  }

  @Test(arguments: controlEscapes)
  func controlCharacters(byte: UInt8, escape: String) {
    let string = String(decoding: [byte], as: UTF8.self)
    #expect(JSONValue.string(string).makeJSONString() == "\"" + escape + "\"")
  }

  @Test func alwaysEscapedCharacters() {
    #expect(JSONValue.string(#"a"b\c"#).makeJSONString() == #""a\"b\\c""#)
    #expect(JSONValue.string("\u{1F}\u{7F}").makeJSONString() == "\"\\u001f\u{7F}\"")
  }

  @Test func slashes() {
    var options = JSONWritingOptions()
    #expect(JSONValue.string("</script>").makeJSONString(options: options) == #""</script>""#)
    options.escapesSlashes = true
    #expect(JSONValue.string("</script>").makeJSONString(options: options) == #""<\/script>""#)
  }

  @Test func nonASCII() {
    let value: JSONValue = ["clé": "é ü 中 😀 \u{2028}\u{2029} \u{FFFF} \u{10FFFF}"]
    #expect(value.makeJSONString() == "{\"clé\":\"é ü 中 😀 \u{2028}\u{2029} \u{FFFF} \u{10FFFF}\"}")
    var options = JSONWritingOptions()
    options.escapesNonASCII = true
    #expect(
      value.makeJSONString(options: options)
        == #"{"cl\u00e9":"\u00e9 \u00fc \u4e2d \ud83d\ude00 \u2028\u2029 \uffff \udbff\udfff"}"#
    )
  }

  @Test func allEscapesTogether() {
    var options = JSONWritingOptions()
    options.escapesSlashes = true
    options.escapesNonASCII = true
    #expect(JSONValue.string("a/é\"\n\u{0}").makeJSONString(options: options) == #""a\/\u00e9\"\n\u0000""#)
  }

  /// A character to escape at every position of strings around the 8-byte word size, against
  /// a plain reference escaper.
  @Test(arguments: ["\"", "\\", "/", "\n", "\u{1}", "é", "😀", "\u{2028}"], 0..<20)
  func escapeAtEveryPosition(special: String, position: Int) {
    let string = String(repeating: "a", count: position) + special + String(repeating: "b", count: 19 - position)
    for options in JSONWriterRoundTripTests.allOptions {
      let expected = "\"" + Self.referenceEscape(string, options) + "\""
      #expect(JSONValue.string(string).makeJSONString(options: options) == expected)
    }
  }

  static func referenceEscape(_ string: String, _ options: JSONWritingOptions) -> String {
    var result = ""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += #"\""#
      case "\\": result += #"\\"#
      case "/" where options.escapesSlashes: result += #"\/"#
      case "\n": result += #"\n"#
      case "\u{8}": result += #"\b"#
      case "\u{C}": result += #"\f"#
      case "\r": result += #"\r"#
      case "\t": result += #"\t"#
      case _ where scalar.value < 0x20 || (options.escapesNonASCII && scalar.value > 0x7F):
        for unit in String(scalar).utf16 {
          let hex = String(unit, radix: 16)
          result += #"\u"# + String(repeating: "0", count: 4 - hex.count) + hex
        }
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  // MARK: - Numbers

  @Test func integers() {
    var writer = JSONWriter()
    writer.beginArray()
    writer.writeInteger(0)
    writer.writeInteger(7)
    writer.writeInteger(-7)
    writer.writeInteger(Int64.min)
    writer.writeInteger(Int64.max)
    writer.writeInteger(UInt64.max)
    writer.writeInteger(Int8.min)
    writer.writeInteger(UInt32(4_000_000_000))
    writer.writeInteger(-1_000_000_000_000)
    writer.endArray()
    #expect(
      String(decoding: writer.bytes, as: UTF8.self)
        == "[0,7,-7,-9223372036854775808,9223372036854775807,18446744073709551615,-128,4000000000,-1000000000000]"
    )
  }

  @Test func integersWiderThan64Bits() {
    guard #available(macOS 15, *) else { return }
    var writer = JSONWriter()
    writer.beginArray()
    writer.writeInteger(Int128(UInt64.max) * 1000)
    writer.writeInteger(Int128.min)
    writer.endArray()
    #expect(
      String(decoding: writer.bytes, as: UTF8.self)
        == "[18446744073709551615000,-170141183460469231731687303715884105728]"
    )
  }

  @Test(
    arguments: [
      (0.1, "0.1"), (2, "2"), (-2, "-2"), (0, "0"), (-0.0, "-0.0"), (1.5, "1.5"), (0.1 + 0.2, "0.30000000000000004"),
      (1e300, "1e+300"), (.leastNonzeroMagnitude, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"),
      (1e15, "1000000000000000"), (1e16, "1e+16"), (999_999_999_999_999, "999999999999999"), (123_456.789, "123456.789"), (1e-7, "1e-07"),
      (.nan, "null"), (.infinity, "null"), (-.infinity, "null"),
    ] as [(Double, String)])
  func doubles(value: Double, expected: String) throws {
    var writer = JSONWriter()
    writer.writeDouble(value)
    let text = String(decoding: writer.bytes, as: UTF8.self)
    #expect(text == expected)
    if value.isFinite {
      // Shortest round trip: the text reads back as the same Double.
      #expect(try JSONDocument(string: text).root.double == value)
    }
  }

  @Test func parsedNumbersKeepTheirText() throws {
    let json = "[1.0,1E+2,-0,0.000001,1e-7,12345678901234567890123,-0.0,2.50,1e400,18446744073709551616]"
    let document = try JSONDocument(string: json)
    #expect(document.value.makeJSONString() == json)
    #expect(document.root.makeJSONString() == json)
    #expect(JSONValue.number(try #require(JSONNumber(text: "1.50e3"))).makeJSONString() == "1.50e3")
  }

  // MARK: - Primitives

  @Test func topLevelValuesFormJSONLines() throws {
    let document = try JSONDocument(string: #"[{"id": 1}, [2], "three"]"#)
    var writer = JSONWriter()
    for element in document.root.elements { writer.write(element) }
    writer.writeNull()
    #expect(String(decoding: writer.bytes, as: UTF8.self) == "{\"id\":1}\n[2]\n\"three\"\nnull")
  }

  @Test func keysAreEscaped() {
    var writer = JSONWriter(options: .pretty)
    writer.beginObject()
    writer.writeKey("a\"b\n")
    writer.writeBool(false)
    writer.endObject()
    #expect(String(decoding: writer.bytes, as: UTF8.self) == "{\n  \"a\\\"b\\n\": false\n}")
  }

  /// The writer does not police the order of calls; misuse gives odd text, never a crash.
  @Test func misuseNeverCrashes() {
    var options = JSONWritingOptions.pretty
    options.sortsKeys = true
    var writer = JSONWriter(options: options)
    writer.endArray()
    writer.endObject()
    writer.writeKey("lonely")
    writer.beginObject()
    writer.writeKey("b")
    writer.writeKey("a")
    writer.beginObject()
    writer.writeKey("z")
    writer.endArray()
    writer.writeKey("y")
    writer.endObject()
    writer.endObject()
    writer.endObject()
    #expect(!writer.bytes.isEmpty)
  }
}
