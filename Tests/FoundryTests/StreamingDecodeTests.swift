import Foundation
import Foundry
import FoundryJSON
import Testing

enum StreamingModels {
  @Mappable
  struct Quake: Equatable {
    let id: String
    @Key("properties.mag") var magnitude: Double
    @Key("properties.place") var place: String?
  }
}

/// `MappingDecoder.elements(of:at:from:)` and `lines(of:from:)`: models from inputs read in
/// chunks, the same as from the whole document, with errors placed in the whole input.
@Suite("Mapping: streamed elements")
struct StreamingDecodeTests {
  typealias Quake = StreamingModels.Quake
  let decoder = MappingDecoder()

  static let collection = """
    {"type": "FeatureCollection",
     "metadata": {"title": "[quakes] {all}", "count": 3},
     "features": [
      {"id": "a", "properties": {"mag": 1.5, "place": "5 km N of \\"Somewhere\\""}},
      {"id": "b", "properties": {"mag": 4, "place": null}},
      {"id": "c", "properties": {"mag": 0.25}}
     ],
     "bbox": [-180, -90, 180, 90]}
    """

  static let quakes = [
    Quake(id: "a", magnitude: 1.5, place: "5 km N of \"Somewhere\""),
    Quake(id: "b", magnitude: 4, place: nil),
    Quake(id: "c", magnitude: 0.25, place: nil),
  ]

  @Test func theWholeDocumentAgrees() throws {
    let node = try #require(try JSONDocument(string: Self.collection).root[path: "features"])
    #expect(try decoder.decode([Quake].self, from: node) == Self.quakes)
  }

  @Test func everyByteBoundary() async throws {
    let bytes = Array(Self.collection.utf8)
    for cut in bytes.indices.dropFirst() {
      var quakes: [Quake] = []
      for try await quake in decoder.elements(of: Quake.self, at: "features", from: Pieces(bytes, cuts: [cut])) {
        quakes.append(quake)
      }
      #expect(quakes == Self.quakes, "cut at \(cut)")
    }
    var quakes: [Quake] = []
    for try await quake in decoder.elements(of: Quake.self, at: "features", from: Pieces(bytes, cuts: Array(bytes.indices))) {
      quakes.append(quake)
    }
    #expect(quakes == Self.quakes)
  }

  /// The elements of one chunk share a decoding context: what a model switches while it is read
  /// (its own date formats) is back as it was for the next element.
  @Test func elementsOfOneChunkReadAsEachAlone() async throws {
    let json = """
      [{"createdAt": "2024-02-29T12:30:45Z", "token": "AQ==", "inner": {"at": "Thu, 29 Feb 2024 12:30:45 GMT", "bytes": "-_8"}},
       {"createdAt": "2024-02-29T12:30:45Z", "token": "AQ=="},
       {"createdAt": "Thu, 29 Feb 2024 12:30:45 GMT", "token": "AQ=="}]
      """
    var decoded: [SettingsModels.Plain] = []
    await #expect(throws: MappingError.self) {
      for try await plain in decoder.elements(of: SettingsModels.Plain.self, from: Pieces(Array(json.utf8), cuts: [])) { decoded.append(plain) }
    }
    let date = Date(timeIntervalSince1970: 1_709_209_845)
    #expect(decoded.map(\.createdAt) == [date, date])
    #expect(decoded.first?.inner?.at == date)
    #expect(decoded.first?.inner?.bytes == Data([0xFB, 0xFF]))
  }

  @Test func fromAFile() async throws {
    let url = try Self.temporaryFile(Array(Self.collection.utf8))
    defer { try? FileManager.default.removeItem(at: url) }
    var quakes: [Quake] = []
    for try await quake in decoder.elements(of: Quake.self, at: "features", from: url) { quakes.append(quake) }
    #expect(quakes == Self.quakes)
  }

  @Test func aMappingErrorHasTheWholePathAndPlace() async throws {
    let json = Self.collection.replacingOccurrences(of: #""mag": 4"#, with: #""mag": "big""#)
    var seen: [Quake] = []
    let error = await #expect(throws: MappingError.self) {
      for try await quake in decoder.elements(of: Quake.self, at: "features", from: Pieces(Array(json.utf8), cuts: [50, 51, 140]), sourceName: "quakes.json") {
        seen.append(quake)
      }
    }
    #expect(seen == [Self.quakes[0]])
    #expect(error?.message == #"$.features[1].properties.mag: expected Double, found string "big""#)
    #expect(error?.line == 5 && error?.column == 37)
    #expect(error?.offset == 214)
    // The excerpt shows the line up to the end of the element: what follows was never kept.
    #expect(
      error?.description == """
        error: $.features[1].properties.mag: expected Double, found string "big"
        --> quakes.json:5:37
         5 |   {"id": "b", "properties": {"mag": "big", "place": null}}
           |                                     ^
        """)
  }

  /// Elements read in one chunk are decoded in one run: a failure in the middle still comes
  /// after the models before it, and the iterator goes on after it, malformed or not.
  @Test func aFailureInsideAChunkComesInItsPlace() async throws {
    let json = Self.collection
      .replacingOccurrences(of: #""mag": 4"#, with: #""mag": "big""#)
      .replacingOccurrences(of: #"{"id": "c""#, with: #"{"id": "c", "#)
    var quakes = decoder.elements(of: Quake.self, at: "features", from: Pieces(Array(json.utf8), cuts: [])).makeAsyncIterator()
    #expect(try await quakes.next() == Self.quakes[0])
    let mapping = await #expect(throws: MappingError.self) { try await quakes.next() }
    #expect(mapping?.message == #"$.features[1].properties.mag: expected Double, found string "big""#)
    let malformed = await #expect(throws: MappingError.self) { try await quakes.next() }
    #expect(malformed?.code == .malformedDocument)
    #expect(malformed?.line == 6)
    #expect(try await quakes.next() == nil)
  }

  @Test func malformedInputIsAMalformedDocumentError() async throws {
    let json = Self.collection.replacingOccurrences(of: #""bbox""#, with: #"bbox"#)
    var count = 0
    let error = await #expect(throws: MappingError.self) {
      for try await _ in decoder.elements(of: Quake.self, at: "features", from: Pieces(Array(json.utf8), cuts: [])) { count += 1 }
    }
    #expect(count == 3)
    #expect(error?.code == .malformedDocument)
    #expect(error?.line == 8 && error?.column == 2)
  }

  @Test func lossyModeReportsEachElementAndGoesOn() async throws {
    let json = """
      {"features": [
        {"id": "a", "properties": {"mag": 1.5}},
        {"id": "b", "properties": {"mag": "big"}},
        {"id": "c", "properties": {"mag": tru}},
        {"id": "d", "properties": {"mag": "2"}}
      ]}
      """
    var results: [LossyResult<Quake>] = []
    for try await result in decoder.elements(of: Quake.self, at: "features", from: Pieces(Array(json.utf8), cuts: [7])).lossy {
      results.append(result)
    }
    #expect(results.map(\.value?.id) == ["a", nil, nil, "d"])
    #expect(results[1].error?.message == #"$.features[1].properties.mag: expected Double, found string "big""#)
    #expect(results[1].error?.line == 3)
    #expect(results[2].error?.code == .malformedDocument)
    #expect(results[2].error?.line == 4 && results[2].error?.column == 37)
    #expect(results[2].error?.path.description == "$.features[2]")
    #expect(results[3].issues.map(\.description) == [#"$.features[3].properties.mag: value coerced: string "2" read as Double"#])
  }

  @Test func lossyModeStillThrowsForBrokenStructure() async throws {
    let json = #"{"features": [{"id": "a", "properties": {"mag": 1}}] "after": 1}"#
    var values = 0
    await #expect(throws: MappingError.self) {
      for try await result in decoder.elements(of: Quake.self, at: "features", from: Pieces(Array(json.utf8), cuts: [])).lossy {
        if result.value != nil { values += 1 }
      }
    }
    #expect(values == 1)
  }

  @Test func jsonLines() async throws {
    let text = """
      {"id": "a", "properties": {"mag": 1}}

      {"id": "b", "properties": {"mag": 2}}
      {"id": "c", "properties": {}}
      """
    var ids: [String] = []
    let error = await #expect(throws: MappingError.self) {
      for try await quake in decoder.lines(of: Quake.self, from: Pieces(Array(text.utf8), cuts: [3, 60])) { ids.append(quake.id) }
    }
    #expect(ids == ["a", "b"])
    #expect(error?.path.description == "$[2].properties.mag")
    #expect(error?.line == 4)
  }

  @Test func aLargeFileThroughASmallBuffer() async throws {
    var text = "{\"features\": ["
    let count = 20_000
    for index in 0..<count {
      if index > 0 { text += ",\n" }
      text += #"{"id": "q\#(index)", "properties": {"mag": \#(index % 10), "place": "place [\#(index)] \"quoted\""}}"#
    }
    text += "]}"
    let url = try Self.temporaryFile(Array(text.utf8))
    defer { try? FileManager.default.removeItem(at: url) }
    var limits = JSONStreamOptions()
    limits.bufferSize = 1000
    var seen = 0
    var total = 0.0
    for try await quake in decoder.elements(of: Quake.self, at: "features", from: url, streamOptions: limits) {
      #expect(quake.id == "q\(seen)")
      total += quake.magnitude
      seen += 1
    }
    #expect(seen == count)
    #expect(total == Double(count / 10 * 45))
  }

  static func temporaryFile(_ bytes: [UInt8]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-stream-\(UUID().uuidString).json")
    try Data(bytes).write(to: url)
    return url
  }
}

/// Bytes cut at the given offsets, as an asynchronous sequence of chunks.
struct Pieces: AsyncSequence, Sendable {
  let chunks: [[UInt8]]

  init(_ bytes: [UInt8], cuts: [Int]) {
    var chunks: [[UInt8]] = []
    var start = 0
    for end in cuts.filter({ $0 > 0 && $0 < bytes.count }) + [bytes.count] {
      chunks.append(Array(bytes[start..<end]))
      start = end
    }
    self.chunks = chunks
  }

  func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks[...]) }

  struct Iterator: AsyncIteratorProtocol {
    var chunks: ArraySlice<[UInt8]>

    mutating func next() async -> [UInt8]? { chunks.popFirst() }
  }
}
