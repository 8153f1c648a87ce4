#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON
import Testing

/// Files and asynchronous chunk sources, read in bounded memory.
@Suite("JSON streaming: files and async sequences")
struct JSONElementReaderTests {
  /// A generated array of `count` records, about 100 bytes each, pretty enough to span lines.
  static func records(_ count: Int) -> [UInt8] {
    var text = "{\"generated\": true, \"records\": [\n"
    for index in 0..<count {
      if index > 0 { text += ",\n" }
      text += "  {\"id\": \(index), \"name\": \"record \\\"\(index)\\\" [x]\", \"tags\": [\"a\", \"b{\"], \"score\": \(Double(index) / 8)}"
    }
    text += "\n], \"count\": \(count)}\n"
    return Array(text.utf8)
  }

  static func temporaryFile(_ bytes: [UInt8]) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-stream-\(UUID().uuidString).json")
    try Data(bytes).write(to: url)
    return url.path
  }

  @Test func aLargeFileThroughASmallBuffer() throws {
    let count = 40_000
    let path = try Self.temporaryFile(Self.records(count))
    defer { try? FileManager.default.removeItem(atPath: path) }
    var limits = JSONStreamOptions()
    limits.bufferSize = 4096
    limits.maximumElementSize = 1024
    let reader = try JSONElementReader(contentsOfFile: path, layout: .array(at: "records"), streamOptions: limits)
    var seen = 0
    var sum = 0
    while let record = try reader.next() {
      #expect(record.root["id"]?.int == seen)
      sum += record.root["id"]?.int ?? 0
      seen += 1
    }
    #expect(seen == count)
    #expect(sum == count * (count - 1) / 2)
    #expect(reader.elementCount == count)
    #expect(try reader.next() == nil)
  }

  @Test func batches() throws {
    let path = try Self.temporaryFile(Self.records(25))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let reader = try JSONElementReader(contentsOf: URL(fileURLWithPath: path), layout: .array(at: "records"))
    var sizes: [Int] = []
    while case let batch = try reader.next(upTo: 10), !batch.isEmpty { sizes.append(batch.count) }
    #expect(sizes == [10, 10, 5])
  }

  @Test func errorsNameTheFileAndTheLine() throws {
    var bytes = Self.records(3)
    bytes.append(contentsOf: Array("oops".utf8))
    let path = try Self.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let reader = try JSONElementReader(contentsOfFile: path, layout: .array(at: "records"))
    _ = try reader.next(upTo: 3)
    let error = try #require(throws: JSONParsingError.self) { try reader.next() }
    #expect(error.message == "unexpected character 'o' after the top-level value")
    #expect(error.line == 6 && error.column == 1)
    #expect(error.sourceName == path)
  }

  @Test func anUnreadableFile() throws {
    let error = try #require(throws: JSONParsingError.self) {
      try JSONElementReader(contentsOfFile: "/nonexistent/foundry.json")
    }
    #expect(error.code == .unreadableInput)
    #expect(error.message == "cannot read '/nonexistent/foundry.json': No such file or directory")
  }

  @Test func anAsyncSequenceOfChunks() async throws {
    let bytes = Self.records(300)
    let chunks = Chunks(bytes: bytes, size: 37)
    var ids: [Int] = []
    for try await record in JSONElementSequence(chunks, layout: .array(at: "records"), sourceName: "records") {
      ids.append(record.root["id"]?.int ?? -1)
    }
    #expect(ids == Array(0..<300))
  }

  @Test func anAsyncSequenceOverAFile() async throws {
    let path = try Self.temporaryFile(Self.records(1000))
    defer { try? FileManager.default.removeItem(atPath: path) }
    var limits = JSONStreamOptions()
    limits.bufferSize = 512
    var count = 0
    for try await _ in JSONElementSequence(contentsOfFile: path, layout: .array(at: "records"), streamOptions: limits) {
      count += 1
    }
    #expect(count == 1000)
  }

  /// `JSONFileChunks` (FoundryInternals' `FileChunks`, re-exported) is usable with only
  /// `import FoundryJSON`: its initializers, properties and iterator.
  @Test func fileChunksReadAFileInChunksOfTheGivenSize() async throws {
    let bytes = Self.records(50)
    let path = try Self.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let chunks = JSONFileChunks(path: path, bufferSize: 100)
    #expect(chunks.path == path && chunks.bufferSize == 100)
    #expect(JSONFileChunks(url: URL(filePath: path)).bufferSize == JSONStreamOptions().bufferSize)
    var read: [UInt8] = []
    for try await chunk in chunks {
      #expect(chunk.count <= 100)
      read += chunk
    }
    #expect(read == bytes)
    let error = await #expect(throws: JSONParsingError.self) {
      var missing = JSONFileChunks(path: "/nonexistent/foundry.json").makeAsyncIterator()
      _ = try await missing.next()
    }
    #expect(error?.code == .unreadableInput)
  }

  @Test func anAsyncSequenceThrowsLocatedErrors() async throws {
    let chunks = Chunks(bytes: Array("[1,\n 2,\n 3 4]".utf8), size: 2)
    var values: [Int] = []
    let error = await #expect(throws: JSONParsingError.self) {
      for try await element in JSONElementSequence(chunks) { values.append(element.root.int ?? -1) }
    }
    #expect(values == [1, 2, 3])
    #expect(error?.line == 3 && error?.column == 4)
  }
}

/// Bytes handed out `size` at a time, as a network body would.
struct Chunks: AsyncSequence, Sendable {
  let bytes: [UInt8]
  let size: Int

  func makeAsyncIterator() -> Iterator { Iterator(bytes: bytes[...], size: size) }

  struct Iterator: AsyncIteratorProtocol {
    var bytes: ArraySlice<UInt8>
    let size: Int

    mutating func next() async -> ArraySlice<UInt8>? {
      guard !bytes.isEmpty else { return nil }
      defer { bytes = bytes.dropFirst(size) }
      return bytes.prefix(size)
    }
  }
}
