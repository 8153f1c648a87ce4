import FoundryInternals
import PropertyBased
import Testing

/// `StreamPosition.advance(over:)` counts a run of bytes a word at a time; it must land where
/// moving byte by byte lands, whatever the line breaks, multi-byte characters and cuts.
@Suite("Stream positions")
struct StreamPositionTests {
  /// Text made of line feeds, carriage returns (alone and before line feeds) and characters of
  /// one to four UTF-8 bytes, long enough to cross several 8-byte words.
  static let text = Gen<String?>.element(of: ["a", "\n", "\r", "\r\n", "é", "漢", "🙂", " ", "xyz"])
    .array(of: 0...60).map { $0.compactMap { $0 }.joined() }

  @Test("runs of bytes land where single bytes land, cut anywhere")
  func runsMatchBytes() async {
    await propertyCheck(count: 400, input: zip(Self.text, Gen.int(in: 0...200), Gen.int(in: 0...200))) { text, first, second in
      let bytes = Array(text.utf8)
      var byByte = StreamPosition()
      for byte in bytes { byByte.advance(over: byte) }
      // Three runs, cut at two places (possibly inside a character or between \r and \n).
      let cuts = [min(first, second), max(first, second)].map { min($0, bytes.count) }
      var byRun = StreamPosition()
      bytes.withUnsafeBufferPointer { buffer in
        byRun.advance(over: UnsafeBufferPointer(rebasing: buffer[..<cuts[0]]))
        byRun.advance(over: UnsafeBufferPointer(rebasing: buffer[cuts[0]..<cuts[1]]))
        byRun.advance(over: UnsafeBufferPointer(rebasing: buffer[cuts[1]...]))
      }
      #expect(byRun.offset == byByte.offset)
      #expect(byRun.line == byByte.line, "\(text.debugDescription) cut at \(cuts)")
      #expect(byRun.column == byByte.column, "\(text.debugDescription) cut at \(cuts)")
      #expect(byRun.isAfterCarriageReturn == byByte.isAfterCarriageReturn)
      #expect(byRun.lineTail.suffix(StreamPosition.tailLimit) == byByte.lineTail.suffix(StreamPosition.tailLimit))
    }
  }

  /// Counts are kept in byte lanes summed every 255 words (or 16-byte blocks): a run far longer than that (and
  /// every byte a line feed or a continuation byte) must still count each byte once.
  @Test("a long run counts every line and character", arguments: ["é\n漢 ", "\n", "漢"])
  func longRun(piece: String) {
    let bytes = Array(String(repeating: piece, count: 6_000).utf8)
    let (byByte, byRun) = Self.advanced(over: bytes)
    #expect(byRun.line == byByte.line)
    #expect(byRun.column == byByte.column)
    #expect(byRun.offset == bytes.count)
  }

  /// Line breaks are counted 64 bytes a step; a carriage return anywhere in a long run (which
  /// sends it byte by byte) must be seen, in the first step or the last.
  @Test("a carriage return anywhere in a long run is seen", arguments: [0, 63, 64, 4_031, 4_032, 9_000, 9_999])
  func carriageReturnInLongRun(at position: Int) {
    var bytes = Array(String(repeating: "ab\nc", count: 2_500).utf8)
    bytes[position] = 0x0D
    let (byByte, byRun) = Self.advanced(over: bytes)
    #expect(byRun.line == byByte.line)
    #expect(byRun.column == byByte.column)
  }

  /// A position moved over `bytes` one byte at a time, and one moved over them as one run.
  static func advanced(over bytes: [UInt8]) -> (byByte: StreamPosition, byRun: StreamPosition) {
    var byByte = StreamPosition()
    for byte in bytes { byByte.advance(over: byte) }
    var byRun = StreamPosition()
    bytes.withUnsafeBufferPointer { byRun.advance(over: $0) }
    return (byByte, byRun)
  }

  @Test("ByteSearch finds the first of two bytes from any start, as a loop does")
  func byteSearch() async {
    let choices: [UInt8] = [0x22, 0x5C, 0x61, 0x00, 0xFF, 0x0A]
    let generated = Gen<UInt8?>.element(of: choices).array(of: 0...70)
    await propertyCheck(count: 400, input: zip(generated, Gen.int(in: 0...80))) { generated, start in
      let bytes: [UInt8] = generated.map { $0 ?? 0x61 }
      let expected: Int? = bytes.indices.first { index in index >= start && (bytes[index] == 0x22 || bytes[index] == 0x5C) }
      let found = bytes.withUnsafeBufferPointer { ByteSearch.firstIndex(of: 0x22, or: 0x5C, in: $0, from: start) }
      #expect(found == expected, "\(bytes) from \(start)")
    }
  }

  @Test("a line feed after a carriage return at the end of the last run ends one line")
  func carriageReturnThenLineFeedAcrossRuns() {
    var position = StreamPosition()
    let first: [UInt8] = Array("ab\r".utf8), second: [UInt8] = Array("\ncd".utf8)
    first.withUnsafeBufferPointer { position.advance(over: $0) }
    second.withUnsafeBufferPointer { position.advance(over: $0) }
    #expect(position.line == 2)
    #expect(position.column == 3)
    #expect(position.offset == 6)
  }

  @Test("a blank line after \\r\\n counts, byte by byte too")
  func blankLineAfterCarriageReturnLineFeed() {
    var position = StreamPosition()
    for byte in Array("a\r\n\nb".utf8) { position.advance(over: byte) }
    #expect(position.line == 3)
    #expect(position.column == 2)
  }
}
