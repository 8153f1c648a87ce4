import FoundryJSON
import FoundryTestSupport
import Testing

/// Hostile and malformed input: the reader must always return a document or throw a
/// `JSONParsingError` with a sane place, never crash, and agree with a simple reference reader.
@Suite("JSON reader: robustness")
struct JSONRobustnessTests {
  // MARK: - Deep nesting

  @Test func hundredThousandOpeningBrackets() {
    let brackets = String(repeating: "[", count: 100_000)
    expectParseError(brackets, message: "nesting depth exceeds the limit of 512", line: 1, column: 513, offset: 512, code: .depthLimitExceeded)
    let braces = String(repeating: #"{"a":"#, count: 100_000)
    expectParseError(braces, message: "nesting depth exceeds the limit of 512", offset: 512 * 5, code: .depthLimitExceeded)
    let mixed = String(repeating: #"[{"a":"#, count: 50_000)
    expectParseError(mixed, message: "nesting depth exceeds the limit of 512", offset: 256 * 6, code: .depthLimitExceeded)
  }

  @Test func hundredThousandLevelsWhenAllowed() throws {
    // The parser keeps its own stack: only the option bounds the depth.
    var options = JSONParsingOptions()
    options.maximumDepth = 200_000
    let depth = 100_000
    let document = try expectParses(String(repeating: "[", count: depth) + String(repeating: "]", count: depth), options: options)
    #expect(document.nodeCount == depth)
    var node = document.root
    var levels = 1
    while let child = node[0] {
      node = child
      levels += 1
    }
    #expect(levels == depth)
    expectParseError(String(repeating: "[", count: depth), options: options, message: "unexpected end of input, expected a value", offset: depth)
    expectParseError(
      String(repeating: "[", count: depth) + String(repeating: "]", count: depth - 1), options: options,
      message: "unexpected end of input in array, expected ',' or ']'", offset: 2 * depth - 1
    )
  }

  // MARK: - Random input

  /// Bytes that make random input likely to get somewhere: structure, literals, digits, quotes,
  /// escapes, whitespace, and a few non-ASCII and control bytes.
  static let alphabet: [UInt8] =
    Array(#"{}[],:"\/*-+.0123456789eEtrufalsnuD8"#.utf8)
    + Array(" \t\n\r".utf8)
    + [0x00, 0x01, 0x1F, 0x7F, 0x80, 0xBF, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xED, 0xA0, 0xEF, 0xBB, 0xF0, 0x9F, 0xF4, 0xFF]

  /// The option sets the fuzz tests cycle through.
  static let optionSets: [JSONParsingOptions] = {
    var sets: [JSONParsingOptions] = [JSONParsingOptions(), .lenient]
    var options = JSONParsingOptions()
    options.loneSurrogates = .replace
    options.duplicateKeys = .keepFirst
    sets.append(options)
    options = JSONParsingOptions()
    options.duplicateKeys = .reject
    options.allowsComments = true
    sets.append(options)
    options = JSONParsingOptions()
    options.allowsTrailingCommas = true
    options.maximumDepth = 3
    sets.append(options)
    return sets
  }()

  @Test func randomBytes() {
    var random = SeededRandom(seed: 0xF0F0_1234)
    var report = MismatchReport()
    for _ in 0..<3_000 {
      let count = Int(random.next(upperBound: 48))
      let useAlphabet = random.next(upperBound: 4) != 0
      let bytes = (0..<count).map { _ in
        useAlphabet ? random.element(of: Self.alphabet) : UInt8(truncatingIfNeeded: random.next())
      }
      check(bytes, options: random.element(of: Self.optionSets), &report)
    }
    report.finish()
  }

  static let seeds: [String] = [
    #"{"name": "Ada", "tags": ["math", "engines"], "born": 1815, "alive": false, "spouse": null}"#,
    #"[1, -2.5e10, 0.001, 18446744073709551616, -0, 1E+2, [], {}, [[{"a": [true]}]]]"#,
    #"{"escapes": "\"\\\/\b\f\n\r\t\u00e9\uD83D\uDE00", "é": "ünïcødé €", "":""}"#,
    #"{"a": {"b": {"c": {"d": [1, {"e": "f"}]}}}, "a": 2}"#,
    "[\"\u{10FFFF}\", \"\u{7FF}\u{800}\", 123456789012345678901234567890, 1.7976931348623157e308]",
    "\u{FEFF}// lenient\n{\"a\": [1, 2,], /* c */ \"b\": {\"a\": \"\\uD800\\uDC00\",},}",
  ]

  @Test func mutatedDocuments() {
    var random = SeededRandom(seed: 0xBADC_0FFE)
    var report = MismatchReport()
    let seeds = Self.seeds.map { Array($0.utf8) }
    for seed in seeds {
      #expect(ReferenceJSONParser.parse(seed, options: .lenient) != nil, "the seeds are valid (lenient) JSON")
    }
    for _ in 0..<4_000 {
      var bytes = random.element(of: seeds)
      for _ in 0...random.next(upperBound: 3) {
        mutate(&bytes, &random)
      }
      check(bytes, options: random.element(of: Self.optionSets), &report)
    }
    report.finish()
  }

  @Test func generatedDocuments() {
    // Valid documents built from the grammar, then read by both readers: this exercises the
    // accepting paths (escapes, numbers, duplicates, whitespace) far more than mutations do.
    var random = SeededRandom(seed: 0x6E6E_5EED)
    var report = MismatchReport()
    for _ in 0..<1_500 {
      var generator = DocumentGenerator(random: random)
      let text = generator.document()
      random = generator.random
      let bytes = Array(text.utf8)
      for options in Self.optionSets {
        check(bytes, options: options, &report)
      }
      var mutated = bytes
      mutate(&mutated, &random)
      check(mutated, options: random.element(of: Self.optionSets), &report)
    }
    report.finish()
  }

  private func mutate(_ bytes: inout [UInt8], _ random: inout SeededRandom) {
    let position = bytes.isEmpty ? 0 : Int(random.next(upperBound: UInt64(bytes.count)))
    switch random.next(upperBound: 6) {
    case 0 where !bytes.isEmpty:
      bytes[position] = random.element(of: Self.alphabet)
    case 1:
      bytes.insert(random.element(of: Self.alphabet), at: position)
    case 2 where !bytes.isEmpty:
      bytes.remove(at: position)
    case 3 where !bytes.isEmpty:
      bytes[position] ^= UInt8(1) << UInt8(random.next(upperBound: 8))
    case 4 where !bytes.isEmpty:
      let end = min(bytes.count, position + Int(random.next(upperBound: 8)) + 1)
      bytes.insert(contentsOf: bytes[position..<end], at: position)
    default:
      bytes = Array(bytes.prefix(position))
    }
  }

  /// Parses `bytes` with the reader and the reference, and compares.
  private func check(_ bytes: [UInt8], options: JSONParsingOptions, _ report: inout MismatchReport) {
    let expected = ReferenceJSONParser.parse(bytes, options: options)
    switch parsing({ try JSONDocument(bytes: bytes, options: options) }) {
    case .success(let document):
      let value = document.value
      if let expected {
        // Compared scalar by scalar and in order: `==` would forgive canonically equivalent strings.
        if dump(value) != dump(expected) {
          report.add("value differs for \(describe(bytes)) with \(options): \(dump(value)) != \(dump(expected))")
        } else if let problem = compare(document.root, expected) {
          report.add("node API disagrees for \(describe(bytes)) with \(options): \(problem)")
        }
      } else {
        report.add("accepted \(describe(bytes)) with \(options), which the reference rejects")
      }
    case .failure(let error):
      if expected != nil { report.add("rejected \(describe(bytes)) with \(options), which the reference accepts:\n\(error)") }
      guard let offset = error.offset, let line = error.line, let column = error.column else {
        report.add("no place for \(describe(bytes)): \(error)")
        break
      }
      if !(0...bytes.count).contains(offset) || line < 1 || column < 1 {
        report.add("error place out of range for \(describe(bytes)): offset \(offset), \(line):\(column)")
      }
      if !error.description.hasPrefix("error: \(error.message)\n--> <input>:\(line):\(column)\n") {
        report.add("malformed description for \(describe(bytes)):\n\(error.description)")
      }
    }
  }

  /// An unambiguous rendering: strings as scalar values, members in order.
  private func dump(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let number): return "n(\(number.text))"
    case .string(let string): return "s(" + string.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") + ")"
    case .array(let elements): return "[" + elements.map(dump).joined(separator: ",") + "]"
    case .object(let object): return "{" + object.map { dump(.string($0.key)) + ":" + dump($0.value) }.joined(separator: ",") + "}"
    }
  }

  /// Walks the node API along the expected tree; the first difference, if any.
  private func compare(_ node: JSONNode, _ expected: JSONValue) -> String? {
    guard node.kind == expected.kind else { return "kind \(node.kind) != \(expected.kind)" }
    switch expected {
    case .null, .bool, .number, .string:
      return dump(node.value) == dump(expected) ? nil : "scalar \(dump(node.value)) != \(dump(expected))"
    case .array(let elements):
      guard node.count == elements.count else { return "count \(node.count) != \(elements.count)" }
      for (child, element) in zip(node.elements, elements) {
        if let problem = compare(child, element) { return problem }
      }
      return nil
    case .object(let object):
      for (key, member) in object {
        guard let child = node[key] else { return "missing key \(dump(.string(key)))" }
        if let problem = compare(child, member) { return problem }
      }
      return nil
    }
  }

  private func describe(_ bytes: [UInt8]) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    if text.utf8.elementsEqual(bytes) { return text.debugDescription }
    let hex: [String] = bytes.map { String($0, radix: 16) }
    return "bytes " + hex.joined(separator: " ")
  }

  // MARK: - Prefixes

  @Test(arguments: seeds)
  func everyPrefix(of document: String) {
    let bytes = Array(document.utf8)
    let isStrict = ReferenceJSONParser.parse(bytes) != nil
    for length in 0...bytes.count {
      let prefix = Array(bytes[0..<length])
      let isWhole = length == bytes.count
      for options in [JSONParsingOptions(), .lenient] {
        let mustParse = isWhole && (isStrict || options == .lenient)
        switch parsing({ try JSONDocument(bytes: prefix, options: options) }) {
        case .success:
          #expect(isWhole, "a proper prefix of a container parsed: \(String(decoding: prefix, as: UTF8.self))")
        case .failure(let error):
          #expect(!mustParse, "the whole document must parse:\n\(error)")
          #expect(error.offset.map { $0 <= length } == true)
          if error.code == .unexpectedEndOfInput, error.message != "unexpected end of input in comment" {
            #expect(error.offset == length, "end of input is reported at the end: \(error.message)")
          }
        }
      }
    }
  }

  @Test func everyPrefixOfScalars() {
    for document in ["true", "false", "null", #""a\u00e9\n😀""#] {
      let bytes = Array(document.utf8)
      for length in 0..<bytes.count {
        #expect(throws: JSONParsingError.self) { try JSONDocument(bytes: Array(bytes[0..<length])) }
      }
    }
    // Number prefixes are often numbers themselves ("-1", "-12.5"); these are not.
    for prefix in ["-", "-12.", "-12.5e", "-12.5e+"] {
      expectParseError(prefix, message: "unexpected end of input in number", offset: prefix.utf8.count)
    }
  }
}

/// Collects disagreements and reports the first few, so one bug does not print thousands of issues.
private struct MismatchReport {
  private var messages: [String] = []
  private var count = 0
  private let sourceLocation: SourceLocation

  init(sourceLocation: SourceLocation = #_sourceLocation) { self.sourceLocation = sourceLocation }

  mutating func add(_ message: String) {
    count += 1
    if messages.count < 5 { messages.append(message) }
  }

  func finish() {
    guard count > 0 else { return }
    let first = messages.joined(separator: "\n")
    Issue.record("\(count) disagreements; the first:\n\(first)", sourceLocation: sourceLocation)
  }
}

/// Writes random JSON texts that are valid by construction.
private struct DocumentGenerator {
  var random: SeededRandom
  private var depth = 0

  init(random: SeededRandom) { self.random = random }

  mutating func document() -> String {
    whitespace() + value() + whitespace()
  }

  private mutating func chance(_ percent: UInt64) -> Bool { random.next(upperBound: 100) < percent }

  private mutating func whitespace() -> String {
    guard chance(30) else { return "" }
    return String((0..<random.next(upperBound: 3)).map { _ in random.element(of: [" ", "\t", "\n", "\r"] as [Character]) })
  }

  private mutating func value() -> String {
    let kind = depth >= 6 ? random.next(upperBound: 4) : random.next(upperBound: 6)
    switch kind {
    case 0: return random.element(of: ["null", "true", "false"])
    case 1: return number()
    case 2, 3: return string()
    case 4:
      depth += 1
      defer { depth -= 1 }
      let elements = (0..<random.next(upperBound: 5)).map { _ in whitespace() + value() + whitespace() }
      return "[" + (elements.isEmpty ? whitespace() : elements.joined(separator: ",")) + "]"
    default:
      depth += 1
      defer { depth -= 1 }
      let members = (0..<random.next(upperBound: 5)).map { _ in
        // A small pool of keys makes repeated keys common; some are spelled with escapes.
        let key = random.element(of: [#""a""#, #""b""#, #""a""#, #""é""#, #""é""#, #""é""#, #""""#])
        return whitespace() + key + whitespace() + ":" + whitespace() + value() + whitespace()
      }
      return "{" + (members.isEmpty ? whitespace() : members.joined(separator: ",")) + "}"
    }
  }

  private mutating func number() -> String {
    var text = chance(30) ? "-" : ""
    if chance(25) {
      text += "0"
    } else {
      text += String(random.next(upperBound: 9) + 1)
      for _ in 0..<random.next(upperBound: chance(10) ? 25 : 6) { text += String(random.next(upperBound: 10)) }
    }
    if chance(35) {
      text += "."
      for _ in 0...random.next(upperBound: chance(10) ? 25 : 4) { text += String(random.next(upperBound: 10)) }
    }
    if chance(25) {
      text += random.element(of: ["e", "E"]) + random.element(of: ["", "+", "-"])
      text += String(random.next(upperBound: chance(10) ? 400 : 25))
    }
    return text
  }

  private mutating func string() -> String {
    var text = "\""
    for _ in 0..<random.next(upperBound: 12) {
      switch random.next(upperBound: 10) {
      case 0: text += random.element(of: [#"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#])
      case 1: text += random.element(of: [#"\u0000"#, #"\u001F"#, #"\u00e9"#, #"\u20AC"#, #"\uFFFF"#, #"\uD83D\uDE00"#, #"\udbff\udfff"#])
      case 2: text += random.element(of: ["é", "€", "😀", "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}", "e\u{301}"])
      default: text += String(random.element(of: Array("abcXYZ 019'{}[]:,.-+")))
      }
    }
    return text + "\""
  }
}
