import Foundation
import FoundryJSON
import FoundryTestSupport
import Testing

/// JSONTestSuite (github.com/nst/JSONTestSuite), read from `$FOUNDRY_CONFORMANCE_DIR/json` and
/// never copied into the repository. Without the variable these tests are skipped with a notice.
///
/// `y_` files must parse and `n_` files must be rejected with default options; the behaviour on
/// `i_` files and `test_transform` files is pinned below, so any change to it is deliberate.
@Suite("JSONTestSuite (external)")
struct JSONConformanceTests {
  static let parsing = "json/test_parsing"
  static let transform = "json/test_transform"
  static let isAvailable = ConformanceSuite.directory != nil

  private static func parse(_ bytes: [UInt8], options: JSONParsingOptions = .init()) -> Result<JSONDocument, JSONParsingError> {
    FoundryTestSupport.parsing { try JSONDocument(bytes: bytes, options: options) }
  }

  private static func bytes(_ folder: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
    try #require(ConformanceSuite.contents(folder, name), "cannot read \(folder)/\(name)", sourceLocation: sourceLocation)
  }

  // MARK: - Availability

  @Test func availability() {
    guard let directory = ConformanceSuite.directory else {
      print(ConformanceSuite.skipNotice("JSONTestSuite"))
      return
    }
    // A variable that points at the wrong folder must not pass silently with zero cases.
    let counts = ["y_", "n_", "i_"].map { ConformanceSuite.files(in: Self.parsing, prefix: $0).count }
    print("JSONTestSuite: \(directory)/json, \(counts[0]) y_, \(counts[1]) n_, \(counts[2]) i_ files")
    #expect(counts.allSatisfy { $0 > 0 }, "no JSONTestSuite files under \(directory)/\(Self.parsing)")
    #expect(!ConformanceSuite.files(in: Self.transform).isEmpty, "no files under \(directory)/\(Self.transform)")
  }

  // MARK: - test_parsing

  @Test(.enabled(if: isAvailable), arguments: ConformanceSuite.files(in: parsing, prefix: "y_"))
  func accepts(_ name: String) throws {
    let bytes = try Self.bytes(Self.parsing, name)
    switch Self.parse(bytes) {
    case .success(let document):
      // Decode everything once: strings, numbers, the tree.
      _ = document.value
    case .failure(let error):
      Issue.record("\(name) must be accepted:\n\(error)")
    }
    // The relaxations only ever accept more.
    if case .failure(let error) = Self.parse(bytes, options: .lenient) {
      Issue.record("\(name) must be accepted with .lenient:\n\(error)")
    }
  }

  @Test(.enabled(if: isAvailable), arguments: ConformanceSuite.files(in: parsing, prefix: "n_"))
  func rejects(_ name: String) throws {
    let bytes = try Self.bytes(Self.parsing, name)
    switch Self.parse(bytes) {
    case .success:
      Issue.record("\(name) must be rejected")
    case .failure(let error):
      let offset = try #require(error.offset)
      let line = try #require(error.line)
      let column = try #require(error.column)
      #expect(offset >= 0 && offset <= bytes.count)
      #expect(line >= 1 && column >= 1)
      #expect(error.description.hasPrefix("error: \(error.message)\n--> <input>:\(line):\(column)\n"))
    }
  }

  /// What the reader does with an `i_` file under default options.
  enum Outcome: Sendable, Equatable {
    case accepted
    case rejected(String)
  }

  static let replace: JSONParsingOptions = {
    var options = JSONParsingOptions()
    options.loneSurrogates = .replace
    return options
  }()

  /// The pinned behaviour for every `i_` file, and the options (if any) under which a
  /// rejected file is accepted.
  static let implementationDefined: [String: (outcome: Outcome, acceptedWith: JSONParsingOptions?)] = [
    "i_number_double_huge_neg_exp.json": (.accepted, nil),
    "i_number_huge_exp.json": (.accepted, nil),
    "i_number_neg_int_huge_exp.json": (.accepted, nil),
    "i_number_pos_double_huge_exp.json": (.accepted, nil),
    "i_number_real_neg_overflow.json": (.accepted, nil),
    "i_number_real_pos_overflow.json": (.accepted, nil),
    "i_number_real_underflow.json": (.accepted, nil),
    "i_number_too_big_neg_int.json": (.accepted, nil),
    "i_number_too_big_pos_int.json": (.accepted, nil),
    "i_number_very_big_negative_int.json": (.accepted, nil),
    "i_object_key_lone_2nd_surrogate.json": (.rejected(#"unpaired UTF-16 surrogate \uDFAA in string"#), replace),
    "i_string_1st_surrogate_but_2nd_missing.json": (.rejected(#"unpaired UTF-16 surrogate \uDADA in string"#), replace),
    "i_string_1st_valid_surrogate_2nd_invalid.json": (.rejected(#"unpaired UTF-16 surrogate \uD888 in string"#), replace),
    "i_string_UTF-16LE_with_BOM.json": (.rejected("input starts with a UTF-16 little-endian byte order mark; JSON must be UTF-8"), nil),
    "i_string_UTF-8_invalid_sequence.json": (.rejected("invalid UTF-8: byte 0xFA never appears in UTF-8"), nil),
    "i_string_UTF8_surrogate_U+D800.json": (.rejected("invalid UTF-8: encoded UTF-16 surrogate"), nil),
    "i_string_incomplete_surrogate_and_escape_valid.json": (.rejected(#"unpaired UTF-16 surrogate \uD800 in string"#), replace),
    "i_string_incomplete_surrogate_pair.json": (.rejected(#"unpaired UTF-16 surrogate \uDD1E in string"#), replace),
    "i_string_incomplete_surrogates_escape_valid.json": (.rejected(#"unpaired UTF-16 surrogate \uD800 in string"#), replace),
    "i_string_invalid_lonely_surrogate.json": (.rejected(#"unpaired UTF-16 surrogate \uD800 in string"#), replace),
    "i_string_invalid_surrogate.json": (.rejected(#"unpaired UTF-16 surrogate \uD800 in string"#), replace),
    "i_string_invalid_utf-8.json": (.rejected("invalid UTF-8: byte 0xFF never appears in UTF-8"), nil),
    "i_string_inverted_surrogates_U+1D11E.json": (.rejected(#"unpaired UTF-16 surrogate \uDD1E in string"#), replace),
    "i_string_iso_latin_1.json": (.rejected("invalid UTF-8: truncated sequence"), nil),
    "i_string_lone_second_surrogate.json": (.rejected(#"unpaired UTF-16 surrogate \uDFAA in string"#), replace),
    "i_string_lone_utf8_continuation_byte.json": (.rejected("invalid UTF-8: unexpected continuation byte 0x81"), nil),
    "i_string_not_in_unicode_range.json": (.rejected("invalid UTF-8: code point above U+10FFFF"), nil),
    "i_string_overlong_sequence_2_bytes.json": (.rejected("invalid UTF-8: overlong encoding"), nil),
    "i_string_overlong_sequence_6_bytes.json": (.rejected("invalid UTF-8: byte 0xFC never appears in UTF-8"), nil),
    "i_string_overlong_sequence_6_bytes_null.json": (.rejected("invalid UTF-8: byte 0xFC never appears in UTF-8"), nil),
    "i_string_truncated-utf-8.json": (.rejected("invalid UTF-8: truncated sequence"), nil),
    "i_string_utf16BE_no_BOM.json": (.rejected("unexpected character U+0000, expected a value"), nil),
    "i_string_utf16LE_no_BOM.json": (.rejected("unexpected character U+0000, expected a value"), nil),
    "i_structure_500_nested_arrays.json": (.accepted, nil),
    "i_structure_UTF-8_BOM_empty_object.json": (.rejected("byte order mark is not allowed (set allowsByteOrderMark to skip it)"), .lenient),
  ]

  @Test(.enabled(if: isAvailable), arguments: ConformanceSuite.files(in: parsing, prefix: "i_"))
  func implementationDefined(_ name: String) throws {
    let bytes = try Self.bytes(Self.parsing, name)
    let outcome: Outcome
    switch Self.parse(bytes) {
    case .success(let document):
      _ = document.value
      outcome = .accepted
    case .failure(let error):
      outcome = .rejected(error.message)
    }
    guard let pinned = Self.implementationDefined[name] else {
      Issue.record("\(name) has no pinned behaviour; it is \(outcome)")
      return
    }
    #expect(outcome == pinned.outcome, "\(name)")
    if let options = pinned.acceptedWith, case .failure(let error) = Self.parse(bytes, options: options) {
      Issue.record("\(name) must be accepted with relaxed options:\n\(error)")
    }
  }

  // MARK: - test_transform

  static let transformFiles = ConformanceSuite.files(in: transform)

  @Test(.enabled(if: isAvailable), arguments: transformFiles)
  func transformFilesParseOrFailCleanly(_ name: String) throws {
    let bytes = try Self.bytes(Self.transform, name)
    switch Self.parse(bytes) {
    case .success(let document):
      _ = document.value
      for node in document.root.elements {
        _ = (node.string, node.int64, node.uint64, node.double, node.decimal, node.number?.text)
      }
    case .failure(let error):
      #expect(error.offset.map { $0 <= bytes.count } == true)
    }
  }

  @Test(.enabled(if: isAvailable)) func transformNumbers() throws {
    func first(_ name: String) throws -> JSONNode {
      let document = try Self.parse(Self.bytes(Self.transform, name)).get()
      return try #require(document.root[0], "\(name)")
    }
    let minInt64 = try first("number_-9223372036854775808.json")
    #expect(minInt64.int64 == .min)
    #expect(minInt64.number?.text == "-9223372036854775808")

    let belowInt64 = try first("number_-9223372036854775809.json")
    #expect(belowInt64.int64 == nil)
    #expect(belowInt64.number?.text == "-9223372036854775809", "the text is kept exactly")
    #expect(belowInt64.double == -9_223_372_036_854_775_808, "the Double rounds")
    #expect(belowInt64.decimal?.description == "-9223372036854775809")

    let oneDotZero = try first("number_1.0.json")
    #expect(oneDotZero.int == 1)
    #expect(oneDotZero.double == 1)
    #expect(oneDotZero.number?.text == "1.0")

    let nearlyOne = try first("number_1.000000000000000005.json")
    #expect(nearlyOne.double == 1, "beyond Double precision")
    #expect(nearlyOne.int == nil, "not an integer")
    #expect(nearlyOne.decimal?.description == "1.000000000000000005", "exact as Decimal")

    let quadrillion = try first("number_1000000000000000.json")
    #expect(quadrillion.int64 == 1_000_000_000_000_000)
    #expect(quadrillion.double == 1e15)

    let large = try first("number_10000000000000000999.json")
    #expect(large.int64 == nil)
    #expect(large.uint64 == 10_000_000_000_000_000_999, "exact in UInt64")
    #expect(large.double == 1e19, "the 999 is lost in Double")
    #expect(large.decimal?.description == "10000000000000000999")

    let tiny = try first("number_1e-999.json")
    #expect(tiny.double == 0, "underflows to zero")
    #expect(tiny.decimal == nil, "beyond Decimal's exponent range")
    #expect(tiny.number?.text == "1E-999")

    let million = try first("number_1e6.json")
    #expect(million.int == 1_000_000)
    #expect(million.number?.text == "1E6")

    let maxInt64 = try first("number_9223372036854775807.json")
    #expect(maxInt64.int64 == .max)
    #expect(maxInt64.double == 9_223_372_036_854_775_808)

    let aboveInt64 = try first("number_9223372036854775808.json")
    #expect(aboveInt64.int64 == nil)
    #expect(aboveInt64.uint64 == 9_223_372_036_854_775_808)
  }

  @Test(.enabled(if: isAvailable)) func transformObjects() throws {
    func document(_ name: String, options: JSONParsingOptions = .init()) throws -> JSONDocument {
      try Self.parse(Self.bytes(Self.transform, name), options: options).get()
    }
    var keepFirst = JSONParsingOptions()
    keepFirst.duplicateKeys = .keepFirst
    var reject = JSONParsingOptions()
    reject.duplicateKeys = .reject

    // {"a":1,"a":2}
    let different = try document("object_same_key_different_values.json")
    #expect(different.root["a"]?.int == 2)
    #expect(different.value == ["a": 2])
    #expect(different.root.members.count == 2)
    #expect(try document("object_same_key_different_values.json", options: keepFirst).value == ["a": 1])
    #expect(throws: JSONParsingError.self) { try document("object_same_key_different_values.json", options: reject) }

    // {"a":1,"a":1}
    #expect(try document("object_same_key_same_value.json").value == ["a": 1])
    #expect(throws: JSONParsingError.self) { try document("object_same_key_same_value.json", options: reject) }

    // {"a":0, "a":-0}
    let unclear = try document("object_same_key_unclear_values.json")
    #expect(unclear.root["a"]?.number?.text == "-0")
    #expect(unclear.root["a"]?.double?.sign == .minus)
    #expect(try document("object_same_key_unclear_values.json", options: keepFirst).root["a"]?.number?.text == "0")

    // {"é":"NFC","é":"NFD"} with the precomposed and the decomposed spelling: two keys.
    for name in ["object_key_nfc_nfd.json", "object_key_nfd_nfc.json"] {
      let both = try document(name)
      #expect(both.root.count == 2)
      #expect(both.root["\u{E9}"]?.string == "NFC")
      #expect(both.root["e\u{301}"]?.string == "NFD")
      #expect(both.value.object?.count == 2)
      #expect(both.value["\u{E9}"] == "NFC")
      #expect(both.value["e\u{301}"] == "NFD")
      if case .failure(let error) = Self.parse(try Self.bytes(Self.transform, name), options: reject) {
        Issue.record("\(name): the two spellings are not duplicates:\n\(error)")
      }
    }
  }

  @Test(.enabled(if: isAvailable)) func transformStrings() throws {
    func parse(_ name: String, options: JSONParsingOptions = .init()) throws -> Result<JSONDocument, JSONParsingError> {
      Self.parse(try Self.bytes(Self.transform, name), options: options)
    }
    // Escaped lone surrogates: rejected, or U+FFFD each with `.replace`.
    for (name, count) in [("string_1_escaped_invalid_codepoint.json", 1), ("string_2_escaped_invalid_codepoints.json", 2), ("string_3_escaped_invalid_codepoints.json", 3)] {
      guard case .failure(let error) = try parse(name) else {
        Issue.record("\(name) must be rejected by default")
        continue
      }
      #expect(error.message == #"unpaired UTF-16 surrogate \uD800 in string"#)
      let replaced = try parse(name, options: Self.replace).get()
      #expect(replaced.root[0]?.string == String(repeating: "\u{FFFD}", count: count))
    }
    // Surrogates encoded in UTF-8 are never valid, whatever the options.
    for name in ["string_1_invalid_codepoint.json", "string_2_invalid_codepoints.json", "string_3_invalid_codepoints.json"] {
      for options in [JSONParsingOptions(), Self.replace, .lenient] {
        guard case .failure(let error) = try parse(name, options: options) else {
          Issue.record("\(name) must be rejected")
          continue
        }
        #expect(error.message == "invalid UTF-8: encoded UTF-16 surrogate")
        #expect(error.offset == 2)
      }
    }
    // ["A\u0000B"]
    #expect(try parse("string_with_escaped_NULL.json").get().root[0]?.string == "A\u{0}B")
  }
}
