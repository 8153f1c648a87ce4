import Foundation
import Foundry
import Testing

@Suite("Date transformers: ISO 8601 and RFC 3339")
struct ISO8601DateTests {
  @Test(arguments: [
    ("\"2024-02-29\"", 1_709_164_800.0),
    ("\"2024-02-29T12:30:45Z\"", 1_709_209_845),
    ("\"2024-02-29t12:30:45z\"", 1_709_209_845),
    ("\"2024-02-29 12:30:45Z\"", 1_709_209_845),
    ("\"2024-02-29T12:30:45\"", 1_709_209_845),
    ("\"2024-02-29T12:30Z\"", 1_709_209_800),
    ("\"20240229T123045Z\"", 1_709_209_845),
    ("\"20240229\"", 1_709_164_800),
    ("\"2024-02-29T12:30:45+02:00\"", 1_709_202_645),
    ("\"2024-02-29T12:30:45+0200\"", 1_709_202_645),
    ("\"2024-02-29T12:30:45+02\"", 1_709_202_645),
    ("\"2024-02-29T12:30:45-05:30\"", 1_709_229_645),
    ("\"2024-02-29T00:30:00+01:00\"", 1_709_163_000),
    ("\"2000-02-29\"", 951_782_400),
    ("\"1969-12-31T23:59:59Z\"", -1),
    ("\"1969-07-20T20:17:40Z\"", -14_182_940),
    ("\"1900-01-01T00:00:00Z\"", -2_208_988_800),
    ("\"0001-01-01T00:00:00Z\"", -62_135_596_800),
    ("\"+10000-01-01T00:00:00Z\"", 253_402_300_800),
    ("\"2016-12-31T23:59:60Z\"", 1_483_228_800),
  ])
  func readsISO8601(json: String, expected: Double) throws {
    #expect(try seconds(json, .iso8601) == expected)
  }

  @Test(arguments: [
    ("5", 0.5), ("12", 0.12), ("123", 0.123), ("1234", 0.1234), ("12345", 0.12345),
    ("123456", 0.123456), ("1234567", 0.1234567), ("12345678", 0.12345678), ("123456789", 0.123456789),
    ("1234567891234", 0.123456789),
  ])
  func readsFractionalSeconds(digits: String, fraction: Double) throws {
    let dot = try #require(try seconds("\"2024-02-29T12:30:45.\(digits)Z\"", .iso8601))
    let comma = try #require(try seconds("\"2024-02-29T12:30:45,\(digits)+01:00\"", .iso8601))
    #expect(abs(dot - (1_709_209_845 + fraction)) < 1e-6)
    #expect(abs(comma - (1_709_206_245 + fraction)) < 1e-6)
  }

  @Test func writesISO8601() throws {
    let date = Date(timeIntervalSince1970: 1_709_209_845)
    #expect(try write(date, .iso8601) == #""2024-02-29T12:30:45Z""#)
    #expect(try write(date.addingTimeInterval(0.5), .iso8601) == #""2024-02-29T12:30:45.5Z""#)
    #expect(try write(date.addingTimeInterval(0.123), .iso8601) == #""2024-02-29T12:30:45.123Z""#)
    #expect(try write(date, .iso8601(fractionalDigits: 3)) == #""2024-02-29T12:30:45.000Z""#)
    #expect(try write(date.addingTimeInterval(0.9999), .iso8601(fractionalDigits: 3)) == #""2024-02-29T12:30:46.000Z""#)
    #expect(try write(date, .iso8601Date) == #""2024-02-29""#)
    #expect(try write(Date(timeIntervalSince1970: -1), .iso8601) == #""1969-12-31T23:59:59Z""#)
    #expect(try write(Date(timeIntervalSince1970: -0.25), .iso8601) == #""1969-12-31T23:59:59.75Z""#)
    #expect(try write(Date(timeIntervalSince1970: 253_402_300_800), .iso8601) == #""+10000-01-01T00:00:00Z""#)
    let plusTwo = try #require(TimeZone(secondsFromGMT: 7_200))
    #expect(try write(date, .iso8601(fractionalDigits: nil, timeZone: plusTwo)) == #""2024-02-29T14:30:45+02:00""#)
    let minusHalf = try #require(TimeZone(secondsFromGMT: -34_200))
    #expect(try write(date, .iso8601(fractionalDigits: 0, timeZone: minusHalf)) == #""2024-02-29T03:00:45-09:30""#)
  }

  @Test(arguments: [
    "\"2024-02-29T12:30:45Z\"", "\"2024-02-29T12:30:45.5Z\"", "\"2024-02-29T12:30:45.123456Z\"",
    "\"1969-12-31T23:59:59.75Z\"", "\"0001-01-01T00:00:00Z\"", "\"2024-02-29T12:30:45+02:00\"",
    "\"2024-02-29\"", "\"20240229T123045Z\"",
  ])
  func roundTripsISO8601(json: String) throws {
    try expectRoundTrip(json, .iso8601)
    try expectRoundTrip(json, .iso8601(fractionalDigits: 9))
  }

  @Test func dateOnlyWritesTheDay() throws {
    try expectRoundTrip("\"2024-02-29\"", .iso8601Date)
    try expectRoundTrip("\"1969-12-31\"", .iso8601Date)
    let noon = try #require(try read("\"2024-02-29T12:30:45Z\"", .iso8601Date))
    #expect(try write(noon, .iso8601Date) == #""2024-02-29""#)
  }

  @Test func zoneForInputWithoutOffset() throws {
    let plusTwo = try #require(TimeZone(secondsFromGMT: 7_200))
    #expect(try seconds("\"2024-02-29T12:30:45\"", .iso8601(fractionalDigits: nil, timeZone: plusTwo)) == 1_709_202_645)
    #expect(try seconds("\"2024-02-29T12:30:45Z\"", .iso8601(fractionalDigits: nil, timeZone: plusTwo)) == 1_709_209_845)
  }

  @Test(arguments: [
    ("\"2003-12-13T18:30:02Z\"", 1_071_340_202.0),
    ("\"2003-12-13T18:30:02.25Z\"", 1_071_340_202.25),
    ("\"2003-12-13T18:30:02+01:00\"", 1_071_336_602),
    ("\"2003-12-13T18:30:02.25+01:00\"", 1_071_336_602.25),
    ("\"2003-12-13 18:30:02-08:00\"", 1_071_369_002),
  ])
  func readsRFC3339(json: String, expected: Double) throws {
    #expect(try seconds(json, .rfc3339) == expected)
    try expectRoundTrip(json, .rfc3339)
  }

  @Test func rfc3339NeedsSecondsAndOffset() {
    #expect(readError("\"2003-12-13\"", .rfc3339) == #"$.v: expected Date in RFC 3339 format, found string "2003-12-13""#)
    #expect(readError("\"2003-12-13T18:30:02\"", .rfc3339) == #"$.v: expected Date in RFC 3339 format, found string "2003-12-13T18:30:02""#)
    #expect(readError("\"2003-12-13T18:30Z\"", .rfc3339) == #"$.v: expected Date in RFC 3339 format, found string "2003-12-13T18:30Z""#)
    #expect(readError("\"20031213T183002Z\"", .rfc3339) == #"$.v: expected Date in RFC 3339 format, found string "20031213T183002Z""#)
  }

  @Test(arguments: [
    ("\"yesterday\"", #"$.v: expected Date in ISO 8601 format, found string "yesterday""#),
    ("\"\"", #"$.v: expected Date in ISO 8601 format, found string """#),
    ("\"2024-02-29T\"", #"$.v: expected Date in ISO 8601 format, found string "2024-02-29T""#),
    ("\"2024-02-29T12:30:45Z junk\"", #"$.v: expected Date in ISO 8601 format, found string "2024-02-29T12:30:45Z junk""#),
    ("\"2024-2-9\"", #"$.v: expected Date in ISO 8601 format, found string "2024-2-9""#),
    ("\"2024-02-29T12:30:45.Z\"", #"$.v: expected Date in ISO 8601 format, found string "2024-02-29T12:30:45.Z""#),
    ("\"2023-02-29\"", #"$.v: expected Date in ISO 8601 format, found string "2023-02-29" (day 29 out of range for February 2023)"#),
    ("\"1900-02-29\"", #"$.v: expected Date in ISO 8601 format, found string "1900-02-29" (day 29 out of range for February 1900)"#),
    ("\"2024-04-31\"", #"$.v: expected Date in ISO 8601 format, found string "2024-04-31" (day 31 out of range for April 2024)"#),
    ("\"2024-13-01\"", #"$.v: expected Date in ISO 8601 format, found string "2024-13-01" (month 13 out of range)"#),
    ("\"2024-02-29T24:00:00Z\"", #"$.v: expected Date in ISO 8601 format, found string "2024-02-29T24:00:00Z" (hour 24 out of range)"#),
    ("\"2024-02-29T12:60:00Z\"", #"$.v: expected Date in ISO 8601 format, found string "2024-02-29T12:60:00Z" (minute 60 out of range)"#),
    ("\"2024-02-29T12:00:00+25:00\"", #"$.v: expected Date in ISO 8601 format, found string "2024-02-29T12:00:00+25:00" (offset hour 25 out of range)"#),
    ("1709209845", "$.v: expected Date in ISO 8601 format, found number 1709209845"),
    ("true", "$.v: expected Date in ISO 8601 format, found bool true"),
  ])
  func iso8601Errors(json: String, message: String) {
    #expect(readError(json, .iso8601) == message)
  }

  @Test func errorPointsAtTheValue() throws {
    let json = "{\n  \"v\": \"2024-02-30\"\n}"
    let error = #expect(throws: MappingError.self) {
      try TransformerUnderTest.$current.withValue(DateTransformer.iso8601) {
        try MappingDecoder().decode(TransformedField<DateTransformer>.self, from: json, sourceName: "event.json")
      }
    }
    #expect(
      error?.description == """
        error: $.v: expected Date in ISO 8601 format, found string "2024-02-30" (day 30 out of range for February 2024)
        --> event.json:2:8
         2 |   "v": "2024-02-30"
           |        ^
        """)
  }
}

@Suite("Date transformers: RFC 1123, Twitter, patterns, epochs")
struct OtherDateFormatTests {
  @Test(arguments: [
    ("\"Sat, 07 Sep 2002 00:00:01 GMT\"", 1_031_356_801.0),
    ("\"Sat, 7 Sep 2002 00:00:01 GMT\"", 1_031_356_801),
    ("\"07 Sep 2002 00:00:01 GMT\"", 1_031_356_801),
    ("\"Saturday, 07 September 2002 00:00:01 GMT\"", 1_031_356_801),
    ("\"sat, 07 sep 2002 00:00:01 gmt\"", 1_031_356_801),
    ("\"Sat, 07 Sep 2002 00:00 GMT\"", 1_031_356_800),
    ("\"Sat, 07 Sep 02 00:00:01 GMT\"", 1_031_356_801),
    ("\"Sat, 07 Sep 2002 00:00:01 UT\"", 1_031_356_801),
    ("\"Sat, 07 Sep 2002 00:00:01 UTC\"", 1_031_356_801),
    ("\"Sat, 07 Sep 2002 00:00:01 Z\"", 1_031_356_801),
    ("\"Sat, 07 Sep 2002 00:00:01\"", 1_031_356_801),
    ("\"Sat, 07 Sep 2002 00:00:01 +0000\"", 1_031_356_801),
    ("\"Sat, 07 Sep 2002 02:00:01 +0200\"", 1_031_356_801),
    ("\"Fri, 06 Sep 2002 19:00:01 -0500\"", 1_031_356_801),
    ("\"Fri, 06 Sep 2002 19:00:01 EST\"", 1_031_356_801),
    ("\"Fri, 06 Sep 2002 20:00:01 EDT\"", 1_031_356_801),
    ("\"Fri, 06 Sep 2002 18:00:01 CST\"", 1_031_356_801),
    ("\"Fri, 06 Sep 2002 19:00:01 CDT\"", 1_031_356_801),
    ("\"Fri, 06 Sep 2002 17:00:01 MST\"", 1_031_356_801),
    ("\"Fri, 06 Sep 2002 18:00:01 MDT\"", 1_031_356_801),
    ("\"Fri, 06 Sep 2002 16:00:01 PST\"", 1_031_356_801),
    ("\"Fri, 06 Sep 2002 17:00:01 PDT\"", 1_031_356_801),
    ("\"Thu, 29 Feb 2024 12:30:45 GMT\"", 1_709_209_845),
    ("\"Wed, 31 Dec 1969 23:59:59 GMT\"", -1),
  ])
  func readsRFC1123(json: String, expected: Double) throws {
    #expect(try seconds(json, .rfc1123) == expected)
    #expect(try seconds(json, .rfc822) == expected)
    try expectRoundTrip(json, .rfc1123)
  }

  @Test func writesRFC1123() throws {
    #expect(try write(Date(timeIntervalSince1970: 1_031_356_801), .rfc1123) == #""Sat, 07 Sep 2002 00:00:01 GMT""#)
    #expect(try write(Date(timeIntervalSince1970: 1_709_209_845), .rfc1123) == #""Thu, 29 Feb 2024 12:30:45 GMT""#)
  }

  @Test(arguments: [
    ("\"Sep 07 2002\"", #"$.v: expected Date in RFC 1123 format, found string "Sep 07 2002""#),
    ("\"Sat, 07 Sep 2002 00:00:01 XYZ\"", #"$.v: expected Date in RFC 1123 format, found string "Sat, 07 Sep 2002 00:00:01 XYZ""#),
    ("\"Sat, 07 Foo 2002 00:00:01 GMT\"", #"$.v: expected Date in RFC 1123 format, found string "Sat, 07 Foo 2002 00:00:01 GMT""#),
    ("\"Sat, 31 Sep 2002 00:00:01 GMT\"", #"$.v: expected Date in RFC 1123 format, found string "Sat, 31 Sep 2002 00:00:01 GMT" (day 31 out of range for September 2002)"#),
  ])
  func rfc1123Errors(json: String, message: String) {
    #expect(readError(json, .rfc1123) == message)
  }

  @Test(arguments: [
    ("\"Sun Aug 31 00:29:15 +0000 2014\"", 1_409_444_955.0),
    ("\"Sun Aug 31 02:29:15 +0200 2014\"", 1_409_444_955),
    ("\"Sat Aug 30 19:29:15 -0500 2014\"", 1_409_444_955),
    ("\"Thu Feb 29 12:30:45 +0000 2024\"", 1_709_209_845),
    ("\"Wed Dec 31 23:59:59 +0000 1969\"", -1),
  ])
  func readsTwitter(json: String, expected: Double) throws {
    #expect(try seconds(json, .twitter) == expected)
    try expectRoundTrip(json, .twitter)
  }

  @Test func twitterWritesAndFails() throws {
    #expect(try write(Date(timeIntervalSince1970: 1_409_444_955), .twitter) == #""Sun Aug 31 00:29:15 +0000 2014""#)
    #expect(readError("\"yesterday\"", .twitter) == #"$.v: expected Date in format "EEE MMM dd HH:mm:ss Z yyyy", found string "yesterday""#)
    #expect(readError("\"Sun Aug 31 00:29:15 2014\"", .twitter) == #"$.v: expected Date in format "EEE MMM dd HH:mm:ss Z yyyy", found string "Sun Aug 31 00:29:15 2014""#)
    #expect(
      readError("\"Sun Feb 30 00:29:15 +0000 2014\"", .twitter)
        == #"$.v: expected Date in format "EEE MMM dd HH:mm:ss Z yyyy", found string "Sun Feb 30 00:29:15 +0000 2014" (day 30 out of range for February 2014)"#)
  }

  @Test(arguments: [
    ("yyyy-MM-dd", "\"2024-02-29\"", 1_709_164_800.0),
    ("dd.MM.yyyy HH:mm", "\"29.02.2024 12:30\"", 1_709_209_800),
    ("yyyy-MM-dd'T'HH:mm:ss.SSSZ", "\"2024-02-29T14:30:45.250+0200\"", 1_709_209_845.25),
    ("EEE, d MMM yyyy", "\"Thu, 29 Feb 2024\"", 1_709_164_800),
    ("yyyyMMdd", "20240229", 1_709_164_800),
  ])
  func readsPatterns(pattern: String, json: String, expected: Double) throws {
    #expect(try seconds(json, .date(format: pattern)) == expected)
    try expectRoundTrip(json, .date(format: pattern))
  }

  @Test func patternsUseTheirTimeZone() throws {
    let plusTwo = try #require(TimeZone(secondsFromGMT: 7_200))
    let transformer = DateTransformer.date(format: "yyyy-MM-dd HH:mm", timeZone: plusTwo)
    #expect(try seconds("\"2024-02-29 14:30\"", transformer) == 1_709_209_800)
    #expect(try write(Date(timeIntervalSince1970: 1_709_209_800), transformer) == #""2024-02-29 14:30""#)
    #expect(try write(Date(timeIntervalSince1970: 1_709_209_800), .date(format: "yyyy-MM-dd HH:mm")) == #""2024-02-29 12:30""#)
  }

  @Test func patternErrors() {
    #expect(readError("\"31.12.2024\"", .date(format: "yyyy-MM-dd")) == #"$.v: expected Date in format "yyyy-MM-dd", found string "31.12.2024""#)
    #expect(readError("20240229", .date(format: "yyyyMMdd"), coercion: .strict) == #"$.v: expected Date in format "yyyyMMdd", found number 20240229"#)
    #expect(readError("[]", .date(format: "yyyy")) == #"$.v: expected Date in format "yyyy", found array (0 elements)"#)
  }

  @Test(arguments: [
    ("1409444955", 1_409_444_955.0), ("-86400", -86_400), ("0", 0), ("1409444955.5", 1_409_444_955.5),
    ("\"1409444955\"", 1_409_444_955), ("-62135596800", -62_135_596_800),
  ])
  func readsSecondsSince1970(json: String, expected: Double) throws {
    #expect(try seconds(json, .secondsSince1970) == expected)
    try expectRoundTrip(json, .secondsSince1970)
  }

  @Test(arguments: [
    ("1409444955123", 1_409_444_955.123), ("-1", -0.001), ("-86400000", -86_400), ("\"1409444955123\"", 1_409_444_955.123),
  ])
  func readsMillisecondsSince1970(json: String, expected: Double) throws {
    let value = try #require(try seconds(json, .millisecondsSince1970))
    #expect(abs(value - expected) < 1e-6)
    try expectRoundTrip(json, .millisecondsSince1970)
  }

  @Test func fractionalMilliseconds() throws {
    let value = try #require(try seconds("1409444955123.5", .millisecondsSince1970))
    #expect(abs(value - 1_409_444_955.1235) < 1e-6)
    #expect(try write(Date(timeIntervalSince1970: value), .millisecondsSince1970) == "1409444955124")
  }

  @Test func writesEpochs() throws {
    #expect(try write(Date(timeIntervalSince1970: 1_409_444_955), .secondsSince1970) == "1409444955")
    #expect(try write(Date(timeIntervalSince1970: -86_400), .secondsSince1970) == "-86400")
    #expect(try write(Date(timeIntervalSince1970: 1.5), .secondsSince1970) == "1.5")
    #expect(try write(Date(timeIntervalSince1970: 1_409_444_955.123), .millisecondsSince1970) == "1409444955123")
    #expect(try write(Date(timeIntervalSince1970: -0.001), .millisecondsSince1970) == "-1")
  }

  @Test func epochErrors() {
    #expect(readError("\"1409444955\"", .secondsSince1970, coercion: .strict) == #"$.v: expected Date as seconds since 1970, found string "1409444955""#)
    #expect(readError("\"soon\"", .secondsSince1970) == #"$.v: expected Date as seconds since 1970, found string "soon""#)
    #expect(readError("\"2024-02-29\"", .millisecondsSince1970) == #"$.v: expected Date as milliseconds since 1970, found string "2024-02-29""#)
    #expect(
      readError("1e300", .secondsSince1970)
        == "$.v: expected Date as seconds since 1970, found number 1e300 (out of range (years 1 to 9999); is it in another unit?)")
    // Microseconds read as seconds: some 54 million years on, refused where it is.
    #expect(
      readError("1700000000000000", .secondsSince1970)
        == "$.v: expected Date as seconds since 1970, found number 1700000000000000 (out of range (years 1 to 9999); is it in another unit?)")
    #expect(readError("253402300799", .secondsSince1970) == nil)  // 9999-12-31T23:59:59Z, the last
    #expect(readError("-62135596800", .secondsSince1970) == nil)  // 0001-01-01T00:00:00Z, the first
  }

  @Test func sameTransformerFromManyTasks() async throws {
    let formats: [(DateTransformer, String)] = [
      (.twitter, "\"Sun Aug 31 00:29:15 +0000 2014\""),
      (.iso8601, "\"2014-08-31T00:29:15Z\""),
      (.rfc1123, "\"Sun, 31 Aug 2014 00:29:15 GMT\""),
      (.date(format: "yyyy-MM-dd HH:mm:ss"), "\"2014-08-31 00:29:15\""),
      (.date(format: "dd/MM/yyyy HH:mm:ss"), "\"31/08/2014 00:29:15\""),
    ]
    let results = await withTaskGroup(of: Bool.self, returning: [Bool].self) { group in
      for index in 0..<200 {
        let (transformer, json) = formats[index % formats.count]
        group.addTask {
          guard let date = try? read(json, transformer), let text = try? write(date, transformer) else { return false }
          return date.timeIntervalSince1970 == 1_409_444_955 && text == json
        }
      }
      var results: [Bool] = []
      for await result in group { results.append(result) }
      return results
    }
    #expect(results.count == 200)
    #expect(results.allSatisfy { $0 })
  }
}

/// A model with a plain `Date` field (no transformer).
@Mappable
struct Stamped: Equatable {
  var at: Date
}

@Suite("A plain Date field: numeric strings")
struct PlainDateFieldTests {
  @Test func numericStringIsSecondsSince1970WhenLenient() throws {
    var options = MappingOptions()
    options.coercion = .lenient
    let result = MappingDecoder(options: options).decodeLossy(Stamped.self, from: Array(#"{"at": "1709209845.5"}"#.utf8))
    #expect(result.value == Stamped(at: Date(timeIntervalSince1970: 1_709_209_845.5)))
    #expect(result.issues.contains { $0.description.contains("seconds since 1970") })
  }

  @Test func numericStringIsAnErrorWhenStrict() {
    var options = MappingOptions()
    options.coercion = .strict
    #expect(throws: MappingError.self) { try MappingDecoder(options: options).decode(Stamped.self, from: #"{"at": "1709209845"}"#) }
    #expect(throws: MappingError.self) { try MappingDecoder().decode(Stamped.self, from: #"{"at": "0x10"}"#) }
  }

  @Test func numericTextInXMLIsSecondsSince1970() throws {
    let stamped = try MappingDecoder().decode(Stamped.self, fromXML: "<stamped><at>1709209845</at></stamped>")
    #expect(stamped.at == Date(timeIntervalSince1970: 1_709_209_845))
  }
}

@Suite("Date formats for a whole decoder or encoder")
struct DecoderDateFormatTests {
  @Test func everyPlainDateFieldReadsTheFormatsInOrder() throws {
    var options = MappingOptions()
    options.dateFormats = [.rfc1123, .date(format: "yyyy-MM-dd HH:mm:ss"), .secondsSince1970]
    let decoder = MappingDecoder(options: options)
    let moment = Date(timeIntervalSince1970: 1_709_209_845)
    #expect(try decoder.decode(Stamped.self, from: #"{"at": "Thu, 29 Feb 2024 12:30:45 GMT"}"#).at == moment)
    #expect(try decoder.decode(Stamped.self, from: #"{"at": "2024-02-29 12:30:45"}"#).at == moment)
    #expect(try decoder.decode(Stamped.self, from: #"{"at": 1709209845}"#).at == moment)
    let error = #expect(throws: MappingError.self) { try decoder.decode(Stamped.self, from: #"{"at": "2024-02-29T12:30:45Z"}"#) }
    #expect(error?.message.contains("RFC 1123 format or Date in format") == true)
  }

  @Test func theEncoderWritesItsFormat() throws {
    var options = EncodingOptions()
    options.dateFormat = .rfc1123
    let text = try MappingEncoder(options: options).encodeToString(Stamped(at: Date(timeIntervalSince1970: 1_709_209_845)))
    #expect(text == #"{"at":"Thu, 29 Feb 2024 12:30:45 GMT"}"#)
  }
}

@Suite("Dates in several formats, and optional elements")
struct DateFormatsTransformerTests {
  let either = DateFormatsTransformer(.iso8601, .rfc1123, .secondsSince1970)

  @Test func readsEachFormatInOrderAndWritesTheFirst() throws {
    let moment = 1_709_209_845.0
    #expect(try seconds(#""2024-02-29T12:30:45Z""#, either) == moment)
    #expect(try seconds(#""Thu, 29 Feb 2024 12:30:45 GMT""#, either) == moment)
    #expect(try seconds("1709209845", either) == moment)
    #expect(try write(Date(timeIntervalSince1970: moment), either) == #""2024-02-29T12:30:45Z""#)
    #expect(try write(Date(timeIntervalSince1970: moment), .date(oneOf: .twitter, .iso8601)) == #""Thu Feb 29 12:30:45 +0000 2024""#)
    try expectRoundTrip(#""Thu, 29 Feb 2024 12:30:45 GMT""#, either)
  }

  @Test func aValueNoFormatReadsNamesThemAll() {
    #expect(
      readError(#""soon""#, either)
        == #"$.v: expected Date in ISO 8601 format or Date in RFC 1123 format or Date as seconds since 1970, found string "soon""#)
    // One format: its own message.
    #expect(readError(#""soon""#, .date(oneOf: .rfc1123)) == readError(#""soon""#, .rfc1123))
  }

  @Test func optionalElementsReadAndWriteNull() throws {
    let readings = EachTransformer(element: OptionalTransformer(wrapped: DateTransformer.iso8601))
    let dates = try read(#"["2024-02-29", null]"#, readings)
    #expect(dates?.map { $0?.timeIntervalSince1970 } == [1_709_164_800, nil])
    #expect(try write([Date(timeIntervalSince1970: 1), nil], .each(.optional(.iso8601))) == #"["1970-01-01T00:00:01Z",null]"#)
    #expect(readError(#"[null, "bad"]"#, readings) == #"$.v[1]: expected Date in ISO 8601 format, found string "bad""#)
  }
}
