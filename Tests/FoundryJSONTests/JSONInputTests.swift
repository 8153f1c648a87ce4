import Foundation
import FoundryJSON
import FoundryTestSupport
import Testing

/// Every way in: bytes, `Data`, `String`, a raw buffer, a file.
@Suite("JSON reader: inputs")
struct JSONInputTests {
  static let json = #"{"name": "Zoë", "values": [1, 2.5, true, null]}"#
  static let expected: JSONValue = ["name": "Zoë", "values": [1, 2.5, true, nil]]

  @Test func bytes() throws {
    let document = try JSONDocument(bytes: Array(Self.json.utf8))
    #expect(document.value == Self.expected)
    #expect(document.byteCount == Self.json.utf8.count)
  }

  @Test func data() throws {
    let document = try JSONDocument(data: Data(Self.json.utf8))
    #expect(document.value == Self.expected)
  }

  @Test func dataSlice() throws {
    // A slice does not start at index 0.
    let data = Data(("xxxx" + Self.json + "yyyy").utf8)
    let slice = data[4..<(data.count - 4)]
    #expect(slice.startIndex == 4)
    let document = try JSONDocument(data: slice)
    #expect(document.value == Self.expected)
  }

  @Test func string() throws {
    let document = try JSONDocument(string: Self.json)
    #expect(document.value == Self.expected)
    let substring = Self.json.dropFirst(0)
    #expect(try JSONDocument(string: String(substring)).value == Self.expected)
  }

  @Test func rawBuffer() throws {
    let bytes = Array(Self.json.utf8)
    let document = try bytes.withUnsafeBytes { buffer in
      try JSONDocument(buffer: buffer)
    }
    #expect(document.value == Self.expected)
  }

  @Test func rawBufferIsCopied() throws {
    let pointer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16, alignment: 1)
    let text = Array(#"["kept"]"#.utf8)
    pointer.copyBytes(from: text)
    let document = try JSONDocument(buffer: UnsafeRawBufferPointer(rebasing: pointer[0..<text.count]))
    pointer.initializeMemory(as: UInt8.self, repeating: 0x20)
    pointer.deallocate()
    #expect(document.root[0]?.string == "kept")
  }

  @Test func emptyInputs() {
    let message = "unexpected end of input, expected a value"
    #expect(throws: JSONParsingError.self) { try JSONDocument(bytes: []) }
    #expect(throws: JSONParsingError.self) { try JSONDocument(data: Data()) }
    #expect(throws: JSONParsingError.self) { try JSONDocument(buffer: UnsafeRawBufferPointer(start: nil, count: 0)) }
    expectParseError("", message: message)
    expectParseError([], message: message)
  }

  @Test func sourceNamesOnEveryInput() throws {
    let bad = "[1,]"
    func description(_ parse: () throws -> JSONDocument) -> String? {
      if case .failure(let error) = parsing(parse) { error.description } else { nil }
    }
    let expected = "error: unexpected character ']' after ','\n--> in.json:1:4\n 1 | [1,]\n   |    ^"
    #expect(description { try JSONDocument(string: bad, sourceName: "in.json") } == expected)
    #expect(description { try JSONDocument(bytes: Array(bad.utf8), sourceName: "in.json") } == expected)
    #expect(description { try JSONDocument(data: Data(bad.utf8), sourceName: "in.json") } == expected)
    let bytes = Array(bad.utf8)
    let fromBuffer = bytes.withUnsafeBytes { buffer in
      description { try JSONDocument(buffer: buffer, sourceName: "in.json") }
    }
    #expect(fromBuffer == expected)
  }

  @Test func optionsOnEveryInput() throws {
    let text = "[1, /* c */ 2,]"
    #expect(try JSONDocument(string: text, options: .lenient).value == [1, 2])
    #expect(try JSONDocument(bytes: Array(text.utf8), options: .lenient).value == [1, 2])
    #expect(try JSONDocument(data: Data(text.utf8), options: .lenient).value == [1, 2])
    let fromBuffer = try Array(text.utf8).withUnsafeBytes { try JSONDocument(buffer: $0, options: .lenient) }
    #expect(fromBuffer.value == [1, 2])
  }

  @Test func largeInput() throws {
    let elements = (0..<50_000).map { #"{"id": \#($0), "name": "item \#($0)", "ok": true}"# }
    let json = "[" + elements.joined(separator: ",\n") + "]"
    let document = try JSONDocument(string: json)
    #expect(document.root.count == 50_000)
    #expect(document.root[-1]?["id"]?.int == 49_999)
    #expect(document.root[25_000]?["name"]?.string == "item 25000")
    #expect(document.value[path: "49999.ok"] == true)
  }

  // MARK: - Files

  private func temporaryFile(_ bytes: [UInt8]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-json-\(UUID().uuidString).json")
    try Data(bytes).write(to: url)
    return url
  }

  @Test func file() throws {
    let url = try temporaryFile(Array(Self.json.utf8))
    defer { try? FileManager.default.removeItem(at: url) }
    let document = try JSONDocument(contentsOfFile: url.path)
    #expect(document.value == Self.expected)
  }

  @Test func emptyFile() throws {
    let url = try temporaryFile([])
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(throws: JSONParsingError.self) { try JSONDocument(contentsOfFile: url.path) }
  }

  @Test func largeFile() throws {
    // Larger than one read chunk.
    let json = "[" + (0..<100_000).map(String.init).joined(separator: ",") + "]"
    let url = try temporaryFile(Array(json.utf8))
    defer { try? FileManager.default.removeItem(at: url) }
    let document = try JSONDocument(contentsOfFile: url.path)
    #expect(document.root.count == 100_000)
    #expect(document.root[-1]?.int == 99_999)
  }

  @Test func fileErrorsNameTheFile() throws {
    let url = try temporaryFile(Array("{\n  \"a\": 1,\n  \"b\": tru\n}\n".utf8))
    defer { try? FileManager.default.removeItem(at: url) }
    let path = url.path
    let error = try #require(throws: JSONParsingError.self) { try JSONDocument(contentsOfFile: path) }
    #expect(error.sourceName == path)
    #expect(
      error.description == """
        error: invalid literal, expected 'true'
        --> \(path):3:8
         3 |   "b": tru
           |        ^
        """)
  }

  @Test func fileWithOptions() throws {
    let url = try temporaryFile([0xEF, 0xBB, 0xBF] + Array("// c\n[1,]".utf8))
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(try JSONDocument(contentsOfFile: url.path, options: .lenient).value == [1])
    #expect(throws: JSONParsingError.self) { try JSONDocument(contentsOfFile: url.path) }
  }

  @Test func missingFile() throws {
    let path = "/nonexistent-foundry-directory/missing.json"
    let error = try #require(throws: JSONParsingError.self) { try JSONDocument(contentsOfFile: path) }
    #expect(error.message == "cannot read '/nonexistent-foundry-directory/missing.json': No such file or directory")
    #expect(error.code == .unreadableInput)
    #expect(error.sourceName == path)
    #expect(error.offset == nil)
    #expect(error.line == nil)
    #expect(error.column == nil)
    #expect(error.description == "error: cannot read '/nonexistent-foundry-directory/missing.json': No such file or directory\n--> /nonexistent-foundry-directory/missing.json")
  }

  @Test func directoryInsteadOfAFile() throws {
    let path = FileManager.default.temporaryDirectory.path
    let error = try #require(throws: JSONParsingError.self) { try JSONDocument(contentsOfFile: path) }
    #expect(error.message == "cannot read '\(path)': Is a directory")
    #expect(error.code == .unreadableInput)
    #expect(error.description == "error: cannot read '\(path)': Is a directory\n--> \(path)")
  }

  @Test func relativePathsAreReportedAsGiven() throws {
    let error = try #require(throws: JSONParsingError.self) { try JSONDocument(contentsOfFile: "no/such/file.json") }
    #expect(error.message == "cannot read 'no/such/file.json': No such file or directory")
    #expect(error.description == "error: cannot read 'no/such/file.json': No such file or directory\n--> no/such/file.json")
  }
}
