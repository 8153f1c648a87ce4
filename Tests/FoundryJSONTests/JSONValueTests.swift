import Foundation
import FoundryJSON
import FoundryTestSupport
import Testing

/// The materialized tree: literals, equality, subscripts, and `.value` of parsed documents.
@Suite("JSON reader: values")
struct JSONValueTests {
  // MARK: - Literals and accessors

  @Test func literals() {
    let value: JSONValue = ["name": "Ada", "tags": ["math", nil, true, 1.5, 7], "empty": [:], "list": []]
    #expect(value["name"] == .string("Ada"))
    #expect(value["tags"] == .array([.string("math"), .null, .bool(true), .number(JSONNumber(floatLiteral: 1.5)), .number(JSONNumber(7))]))
    #expect(value["empty"] == .object(JSONObject()))
    #expect(value["list"] == .array([]))
    let duplicate: JSONValue = ["a": 1, "a": 2]
    #expect(duplicate.object?.count == 1)
    #expect(duplicate["a"] == 2, "a literal with a repeated key keeps the last")
  }

  @Test func accessors() throws {
    let value: JSONValue = ["s": "text", "b": true, "i": 42, "d": 2.5, "n": nil, "a": [1], "o": ["k": "v"]]
    #expect(value["s"]?.string == "text")
    #expect(value["b"]?.bool == true)
    #expect(value["i"]?.int == 42)
    #expect(value["i"]?.int64 == 42)
    #expect(value["i"]?.double == 42)
    #expect(value["d"]?.double == 2.5)
    #expect(value["d"]?.int == nil)
    #expect(value["d"]?.decimal == Decimal(string: "2.5", locale: Locale(identifier: "en_US_POSIX")))
    #expect(value["n"]?.isNull == true)
    #expect(value["a"]?.array == [1])
    #expect(value["o"]?.object?.keys == ["k"])
    #expect(value["s"]?.int == nil)
    #expect(value["s"]?.bool == nil)
    #expect(value["s"]?.array == nil)
    #expect(value["s"]?.object == nil)
    #expect(value["s"]?.number == nil)
    #expect(value["s"]?.isNull == false)
    #expect(value.string == nil)
    let kinds: [JSONNode.Kind?] = ["s", "b", "i", "n", "a", "o"].map { value[$0]?.kind }
    #expect(kinds == [.string, .bool, .number, .null, .array, .object])
  }

  // MARK: - Equality

  @Test func objectEqualityIgnoresOrder() {
    let first: JSONValue = ["a": 1, "b": [true, nil], "c": ["x": "y", "z": 0]]
    let second: JSONValue = ["c": ["z": 0, "x": "y"], "b": [true, nil], "a": 1]
    #expect(first == second)
    #expect(Set([first, second]).count == 1, "equal values hash alike")
    #expect(first.hashValue == second.hashValue)
  }

  @Test func arrayEqualityKeepsOrder() {
    let first: JSONValue = [1, 2]
    let second: JSONValue = [2, 1]
    #expect(first != second)
  }

  @Test func inequalities() {
    let object: JSONValue = ["a": 1]
    #expect(object != ["a": 1, "b": 2])
    #expect(object != ["b": 1])
    #expect(object != ["a": "1"])
    #expect(object != [["a": 1]])
    #expect(JSONValue.number(1) != "1")
    #expect(JSONValue.null != false)
    #expect(JSONValue.number(0) != false)
    #expect(JSONValue.array([]) != [:])
    #expect(JSONValue.string("") != nil)
  }

  @Test func parsedNumbersCompareByText() throws {
    let document = try expectParses("[1, 1.0, 1e0, -0, 0]")
    #expect(document.value[0] == 1)
    #expect(document.value[1] != 1, "1.0 keeps its text")
    #expect(document.value[1]?.double == 1)
    #expect(document.value[2] != document.value[1])
    #expect(document.value[3] != document.value[4], "-0 keeps its sign")
    #expect(document.value[3]?.number?.text == "-0")
  }

  // MARK: - Subscripts

  @Test func subscripts() {
    let value: JSONValue = ["list": [10, 20, 30], "a.b": ["c": "dotted"], "0": "zero", "m": [["k": "v"]]]
    #expect(value["list"]?[0] == 10)
    #expect(value["list"]?[-1] == 30)
    #expect(value["list"]?[-3] == 10)
    #expect(value["list"]?[3] == JSONValue?.none)
    #expect(value["list"]?[-4] == JSONValue?.none)
    #expect(value[0] == JSONValue?.none)
    #expect(value["list"]?["0"] == JSONValue?.none)
    #expect(value["missing"] == JSONValue?.none)
    #expect(value[path: "list.1"] == 20)
    #expect(value[path: "list.-1"] == 30)
    #expect(value[path: #"a\.b.c"#] == "dotted")
    #expect(value[path: "0"] == "zero", "numeric segments on objects are keys")
    #expect(value[path: "m.0.k"] == "v")
    #expect(value[path: "m.00"] == JSONValue?.none)
    #expect(value[path: ""] == value)
    #expect(value[path: "list.x"] == JSONValue?.none)
    #expect(value[path: "list.3"] == JSONValue?.none)
  }

  @Test("only plain decimal integers index; a sign or a leading zero makes a key")
  func indexSegments() {
    let value: JSONValue = [
      "list": [10, 20], "keys": ["01": "zero-one", "+1": "plus-one", "-0": "minus-zero", "1": "one"],
      "{urn:a.b}c": "braced",
    ]
    for key in ["01", "+1", "-0", " 1", "1e0", "0x1"] {
      #expect(value[path: "list.\(key)"] == JSONValue?.none, "\(key) is a key")
    }
    #expect(value[path: "keys.01"] == "zero-one")
    #expect(value[path: "keys.+1"] == "plus-one")
    #expect(value[path: "keys.-0"] == "minus-zero")
    #expect(value[path: "keys.1"] == "one")
    #expect(value[path: "list.-2"] == 10)
    #expect(value[path: "{urn:a.b}c"] == "braced", "dots inside braces belong to the namespace URI")
  }

  @Test func missingElementsAreNilNotNull() {
    // An out-of-range index is no value at all, unlike an element that is `null`.
    let value: JSONValue = [nil]
    #expect(value[0] == .some(.null))
    #expect(value[-1] == .some(.null))
    #expect(value[1] == JSONValue?.none)
    #expect(value[-2] == JSONValue?.none)
    #expect(JSONValue.array([])[0] == JSONValue?.none)
    #expect(value[path: "1"] == JSONValue?.none)
    #expect(value[path: "1.a"] == JSONValue?.none)
  }

  // MARK: - JSONObject

  @Test func objectEditing() {
    var object: JSONObject = ["b": 1, "a": 2]
    object["c"] = "three"
    #expect(object.keys == ["b", "a", "c"])
    #expect(object["a"] == 2)
    object["b"] = nil
    #expect(object.keys == ["a", "c"])
    #expect(object.values == [2, "three"])
    object["a"] = 5
    #expect(object.keys == ["a", "c"])
    #expect(object["a"] == 5)
    object["missing"] = nil
    #expect(object.count == 2)
    #expect(object.contains(key: "c"))
    #expect(!object.contains(key: "b"))
    #expect(object[0].key == "a")
    #expect(object.map(\.key) == ["a", "c"])
  }

  @Test func objectDuplicatePolicies() {
    let pairs: [(String, JSONValue)] = [("a", 1), ("b", 2), ("a", 3)]
    let last = JSONObject(pairs, uniquingKeysWith: .keepLast)
    let first = JSONObject(pairs, uniquingKeysWith: .keepFirst)
    #expect(last.keys == ["a", "b"])
    #expect(last["a"] == 3)
    #expect(first.keys == ["a", "b"])
    #expect(first["a"] == 1)
  }

  @Test("members appended by a writer that knows its keys are new: in order, found by key, past the index threshold too")
  func appendedMembers() {
    var object = JSONObject(minimumCapacity: 100)
    for number in 0..<100 { object.append(newKey: "key \(number)", .number(JSONNumber(number))) }
    #expect(object.keys.first == "key 0" && object.keys.last == "key 99" && object.count == 100)
    #expect(object["key 42"] == .number(JSONNumber(42)) && object["key 99"] == .number(JSONNumber(99)))
    object["key 7"] = nil
    #expect(object["key 8"] == .number(JSONNumber(8)) && object.count == 99)
  }

  @Test func largeObjects() {
    // Past the size where lookups switch to a hash index.
    var object = JSONObject()
    for index in 0..<200 { object["k\(index)"] = .number(JSONNumber(index)) }
    #expect(object.count == 200)
    #expect(object["k150"] == 150)
    object["k10"] = nil
    #expect(object["k10"] == JSONValue?.none)
    #expect(object["k11"] == 11)
    #expect(object["k199"] == 199)
    #expect(object.keys.first == "k0")
    object["k10"] = "back"
    #expect(object.keys.last == "k10")
    #expect(object["k10"] == "back")
    var reversed = JSONObject()
    for key in object.keys.reversed() { reversed[key] = object[key] }
    #expect(reversed == object)
  }

  // MARK: - Materialized documents

  static let documents: [(String, JSONValue)] = {
    var cases: [(String, JSONValue)] = [
      ("null", nil),
      ("true", true),
      ("-12", -12),
      (#""s""#, "s"),
      ("[]", []),
      ("{}", [:]),
    ]
    cases += [
      (#"{"a": [1, {"b": null}], "c": "d"}"#, ["a": [1, ["b": nil]], "c": "d"]),
      (#"[[[]], [{}], {"x": []}]"#, [[[]], [[:]], ["x": []]]),
      (#"{"k": {"k": {"k": {}}}}"#, ["k": ["k": ["k": [:]]]]),
      (#"[{"a": 1}, {"a": 2}, {"a": 3}]"#, [["a": 1], ["a": 2], ["a": 3]]),
      (#"{"esc\"aped": "line\nbreak", "uni": "\u00e9\uD83D\uDE00"}"#, ["esc\"aped": "line\nbreak", "uni": "é😀"]),
    ]
    cases += [
      (#"[0.5, -1.5e3, 18446744073709551615]"#, [0.5, .number(JSONNumber(text: "-1.5e3") ?? 0), .number(JSONNumber(UInt64.max))]),
      (#"{"": "", "a": [true, false]}"#, ["": "", "a": [true, false]]),
    ]
    return cases
  }()

  @Test(arguments: documents)
  func materializedValues(json: String, expected: JSONValue) throws {
    let document = try expectParses(json)
    #expect(document.value == expected)
    #expect(document.root.value == expected)
  }

  @Test func subtreeValues() throws {
    let document = try expectParses(#"{"a": {"b": [1, 2, {"c": 3}]}, "d": 4}"#)
    #expect(document.root["a"]?.value == ["b": [1, 2, ["c": 3]]])
    #expect(document.root[path: "a.b.2"]?.value == ["c": 3])
    #expect(document.root[path: "a.b.0"]?.value == 1)
    #expect(document.root["d"]?.value == 4)
  }

  @Test func deepNestingMaterializes() throws {
    let depth = 500
    let arrays = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
    var expectedArray: JSONValue = 1
    for _ in 0..<depth { expectedArray = [expectedArray] }
    #expect(try expectParses(arrays).value == expectedArray)

    let objects = String(repeating: #"{"k":"#, count: depth) + "null" + String(repeating: "}", count: depth)
    var expectedObject: JSONValue = nil
    for _ in 0..<depth { expectedObject = ["k": expectedObject] }
    #expect(try expectParses(objects).value == expectedObject)

    let mixed = String(repeating: #"[{"k":"#, count: depth / 2) + "[]" + String(repeating: "}]", count: depth / 2)
    var expectedMixed: JSONValue = []
    for _ in 0..<(depth / 2) { expectedMixed = [["k": expectedMixed]] }
    #expect(try expectParses(mixed).value == expectedMixed)
  }

  @Test func wideObjectsMaterialize() throws {
    let members = (0..<300).map { "\"key\($0)\": \($0)" }.joined(separator: ", ")
    let value = try expectParses("{\(members)}").value
    let object = try #require(value.object)
    #expect(object.count == 300)
    #expect(object.keys.first == "key0")
    #expect(object.keys.last == "key299")
    #expect(object["key123"] == 123)
  }
}
