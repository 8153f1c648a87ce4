import FoundryJSON
import FoundryTestSupport
import Testing

/// The limits on hostile input (the Reliability article of the Foundry catalog, "Limits on hostile input"): each fails with its own
/// code and message at the place it was crossed, and raising it lets the input through.
@Suite("JSON reader: limits")
struct JSONLimitsTests {
  // MARK: - Number length

  @Test func megabyteNumberStopsAtTheNumberLimit() throws {
    let digits = String(repeating: "7", count: 1_000_000)
    expectParseError(
      "[1, \(digits)]", message: "number of 1000000 bytes exceeds the limit of 10000 bytes (maximumNumberLength)",
      line: 1, column: 5, offset: 4, code: .lengthLimitExceeded)
    var options = JSONParsingOptions()
    options.maximumNumberLength = 1_000_000
    let document = try expectParses("[1, \(digits)]", options: options)
    #expect(document.root[1]?.isInteger == true)
    #expect(document.root[1]?.int64 == nil)
  }

  @Test func numberLengthCountsSignFractionAndExponent() throws {
    var options = JSONParsingOptions()
    options.maximumNumberLength = 6
    #expect(try expectParses("-1.5e3", options: options).root.double == -1500)
    expectParseError(
      "{\"a\": -1.5e+3}", options: options, message: "number of 7 bytes exceeds the limit of 6 bytes (maximumNumberLength)",
      offset: 6, code: .lengthLimitExceeded)
  }

  // MARK: - String length

  @Test func stringsAndKeysStopAtTheStringLimit() throws {
    var options = JSONParsingOptions()
    options.maximumStringLength = 8
    #expect(try expectParses(#"["12345678", "\u00e9\n"]"#, options: options).root.count == 2)
    expectParseError(
      #"["12345678", "123456789"]"#, options: options,
      message: "string of 9 bytes exceeds the limit of 8 bytes (maximumStringLength)", offset: 13, code: .lengthLimitExceeded)
    // Escapes count as written: six bytes for "\u00e9".
    expectParseError(
      #"{"\u00e9\u00e9": 1}"#, options: options,
      message: "string of 12 bytes exceeds the limit of 8 bytes (maximumStringLength)", offset: 1, code: .lengthLimitExceeded)
  }

  @Test func megabyteStringIsReadByDefault() throws {
    let text = String(repeating: "é", count: 500_000)
    let document = try expectParses("[\"\(text)\"]")
    #expect(document.root[0]?.string == text)
  }

  // MARK: - Members

  @Test func millionMembersAreReadByDefault() throws {
    let members = (0..<1_000_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
    let document = try expectParses("{\(members)}")
    #expect(document.root.count == 1_000_000)
    #expect(document.root["k999999"]?.int == 999_999)
  }

  @Test func membersStopAtTheMemberLimit() throws {
    var options = JSONParsingOptions()
    options.maximumMemberCount = 3
    #expect(try expectParses("[[1, 2, 3], {\"a\": 1, \"b\": 2, \"c\": 3}]", options: options).root.count == 2)
    expectParseError(
      "[0, [1, 2, 3, 4]]", options: options, message: "array has more than 3 elements (maximumMemberCount)",
      offset: 4, code: .memberLimitExceeded)
    expectParseError(
      "{\"a\": 1, \"b\": 2, \"c\": 3, \"d\": 4}", options: options, message: "object has more than 3 members (maximumMemberCount)",
      offset: 0, code: .memberLimitExceeded)
  }

  /// Each streamed element is checked; the streamed array itself may hold any number of them.
  @Test func memberLimitAppliesToEachStreamedElement() throws {
    var options = JSONParsingOptions()
    options.maximumMemberCount = 2
    var scanner = JSONElementScanner(layout: .array(), options: options)
    scanner.append(Array("[[1, 2], [1], [], [1, 2, 3]]".utf8))
    scanner.finish()
    #expect(try scanner.next()?.root.count == 2)
    #expect(try scanner.next()?.root.count == 1)
    #expect(try scanner.next()?.root.count == 0)
    let error = #expect(throws: JSONParsingError.self) { try scanner.next() }
    #expect(error?.code == .memberLimitExceeded)
    #expect(error?.offset == 18)
  }

  /// Checking a document (`foundry validate`), the array and the objects along the path count
  /// too: cut anywhere, the stream stops where the whole document's parser does, at the
  /// container's bracket or brace.
  @Test(arguments: [
    (#"{"n": [1], "items": [1, 2, 3, 4]}"#, [Int64(1), 2, 3]),
    (#"{"a": 1, "items": [1, 2], "b": {}, "c": 2}"#, [1, 2]),
  ])
  func countedContainersFailAtTheirOpening(document: String, elements: [Int64]) throws {
    var options = JSONParsingOptions()
    options.maximumMemberCount = 3
    let bytes = Array(document.utf8)
    let whole = #expect(throws: JSONParsingError.self) { try JSONDocument(bytes: bytes, options: options) }
    #expect(whole?.code == .memberLimitExceeded)
    for cut in 0...bytes.count {
      var scanner = JSONElementScanner(layout: .array(at: "items"), options: options)
      scanner.limitsMemberCounts = true
      var values: [Int64] = []
      let error = #expect(throws: JSONParsingError.self) {
        for piece in [bytes[..<cut], bytes[cut...]] {
          scanner.append(piece)
          while let element = try scanner.next() { values.append(element.root.int64 ?? -1) }
        }
        scanner.finish()
        while let element = try scanner.next() { values.append(element.root.int64 ?? -1) }
      }
      #expect(values == elements, "cut at \(cut)")
      #expect(error.map(ErrorPlace.init) == whole.map(ErrorPlace.init), "cut at \(cut)")
    }
  }
}
