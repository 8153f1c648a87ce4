import FoundryCLI
import FoundryJSON
import Testing

@Suite("Objects read as dictionaries")
struct ShapeMapTests {
  @Test func objectsKeyedByIDsPrintAsOneEntry() throws {
    let json = #"{"138586341": {"name": "Pleyel"}, "138586345": {"name": "Bercy", "logo": null}}"#
    #expect(
      try shapeText(json) == """
        {<id>: {        // 2 keys
          name: string  // e.g. "Pleyel"
          logo?: null   // in 1 of 2
        }}
        """
    )
  }

  @Test func objectsKeyedByDatesPrintAsOneEntry() throws {
    #expect(try shapeText(#"{"2024-05-01": 1.5, "2024-05-02": 2}"#) == "{<date>: int | double}  // 2 keys")
  }

  @Test func manyMembersOfOneTypeMakeADictionary() throws {
    var options = ShapeOptions()
    options.mapThreshold = 3
    #expect(try shapeText(#"{"fr": "oui", "en": "yes", "de": "ja"}"#, options: options) == #"{<key>: string}  // 3 keys, e.g. "oui""#)
    #expect(
      try shapeText(#"{"fr": "oui", "en": "yes", "n": 1}"#, options: options) == """
        {
          fr: string  // e.g. "oui"
          en: string  // e.g. "yes"
          n: int
        }
        """)
  }

  @Test func dictionariesInArraysMergeTheirEntries() throws {
    #expect(try shapeText(#"[{"1": "x"}, {"2": "y", "3": "z"}, {}]"#) == #"[{<id>: string}]  // 3 items × 0...2 keys, e.g. "x""#)
  }

  @Test func aRecordMeetingADictionaryBecomesOne() throws {
    #expect(try shapeText(#"[{"name": "a"}, {"1": "x", "2": "y"}]"#) == #"[{<key>: string}]  // 2 items × 1...2 keys, e.g. "a""#)
    #expect(try shapeText(#"[{"1": "x", "2": "y"}, {"name": 1}]"#) == #"[{<key>: int | string}]  // 2 items × 1...2 keys, e.g. "x""#)
  }

  @Test func aRecordWithTooManyKeysBecomesADictionary() throws {
    var options = ShapeOptions()
    options.maximumFields = 2
    let json = #"[{"a": {"x": 1}}, {"b": {"y": 2}}, {"c": {"x": 3}}]"#
    #expect(
      try shapeText(json, options: options) == """
        [{<key>: {  // 3 items × 1 key
          x?: int   // in 2 of 3
          y?: int   // in 1 of 3
        }}]
        """
    )
  }

  @Test func mergedRecordsKeepKeysNextToTheirNeighbours() throws {
    // The id-keyed second element turns the record into a dictionary: the values of `a`, `b`
    // and `n` merge, and `r` lands between `p` and `q` as in `b`.
    let json = #"[{"a": {"p": 1, "q": "s"}, "b": {"p": 1, "r": true, "q": "s"}, "n": null}, {"1": {"p": 2, "q": "t"}}]"#
    #expect(
      try shapeText(json) == """
        [{<key>: null | {  // 2 items × 1...3 keys
          p: int
          r?: bool         // in 1 of 3
          q: string        // e.g. "s"
        }}]
        """
    )
  }

  @Test func dictionariesNestedInRecordsMergeAcrossConversions() throws {
    // The record's fields (`a`, `b`) each hold a dictionary; merging them merges the entries.
    var options = ShapeOptions()
    options.maximumFields = 1
    let json = #"[{"a": {"1": [1]}}, {"b": {"2": [2.5], "3": []}}]"#
    #expect(try shapeText(json, options: options) == "[{<key>: {<id>: [int | double]}}]  // 2 items × 1 × 1...2 keys × 0...1 items")
  }

  @Test func summarizingCanBeTurnedOff() throws {
    var options = ShapeOptions()
    options.summarizesMaps = false
    #expect(
      try shapeText(#"{"1": true, "2": false}"#, options: options) == """
        {
          1: bool
          2: bool
        }
        """)
  }

  @Test(arguments: [
    ("138586341", KeyPattern.id),
    ("-7", .id),
    ("0", .id),
    ("4f2c9e1b-0d5a-4c3e-9b7a-2e6f8d1c0a9b", .id),
    ("5f2b9c0e1a7d4e3b", .id),
    ("2024-05-01", .date),
    ("2024-05", .date),
    ("2024-05-01T10:00:00Z", .date),
  ])
  func keysThatAreData(key: String, pattern: KeyPattern) {
    #expect(KeyPattern(classifying: key) == pattern)
  }

  @Test(arguments: ["name", "", "-", "1.5", "deadbeefdeadbeef", "2024-5-1", "2024-05x", "id_7"])
  func keysThatAreNames(key: String) {
    #expect(KeyPattern(classifying: key) == nil)
  }
}
