/// Where a stream scanner (JSON or XML) is in the whole input: the byte offset, the line and
/// column, and the start of the current line, kept as bytes go by because the input itself is
/// not kept.
///
/// A copy taken where an element starts is that element's origin: it turns places in the
/// element's own bytes into places in the whole input (``location(ofLocalOffset:in:)``).
package struct StreamPosition: Sendable, Hashable {
  package init() {}

  /// Zero-based byte offset in the whole input.
  package var offset = 0
  /// One-based line; `\n`, `\r\n` and a lone `\r` each end a line, as in ``SourceLocation``.
  package var line = 1
  /// One-based column, in Unicode scalars.
  package var column = 1
  /// The last bytes of the current line before ``offset`` (at most about ``tailLimit``), so
  /// that an error excerpt can show the line around an element.
  package var lineTail: [UInt8] = []
  /// Whether the last byte was a `\r`, so that a `\n` after it does not count a second line.
  package var isAfterCarriageReturn = false

  package static let tailLimit = 256

  /// Moves past one byte.
  package mutating func advance(over byte: UInt8) {
    offset += 1
    switch byte {
    case 0x0A:
      if !isAfterCarriageReturn { line += 1 }
      startLine()
      isAfterCarriageReturn = false
    case 0x0D:
      line += 1
      startLine()
      isAfterCarriageReturn = true
    default:
      isAfterCarriageReturn = false
      if byte & 0xC0 != 0x80 { column += 1 }
      lineTail.append(byte)
      if lineTail.count > 2 * Self.tailLimit { lineTail.removeFirst(lineTail.count - Self.tailLimit) }
    }
  }

  /// Moves past a run of bytes (an element), touching the line tail only once.
  ///
  /// Counts line feeds in vector blocks, and UTF-8 continuation bytes where the last line needs
  /// them; input with a carriage return takes the byte-by-byte path, which tells `\r\n` from
  /// a lone `\r`.
  package mutating func advance(over bytes: UnsafeBufferPointer<UInt8>) {
    guard !bytes.isEmpty else { return }
    // A short run (a tag, the text between two tags) costs less byte by byte than set up in lanes.
    guard bytes.count >= 32 else { return advanceByteByByte(over: bytes) }
    // Continuation bytes matter only on the last line. A run with a line feed in its last 64
    // bytes (most runs of indented text) is counted for its breaks alone and its last line
    // after; any other run (one line, minified input) for everything at once, so that no byte
    // is counted twice.
    let end = UnsafeBufferPointer(rebasing: bytes[(bytes.count - 64 > 0 ? bytes.count - 64 : 0)...])
    let endsNearBreak = ByteSearch.lastIndex(of: 0x0A, in: end, from: 0, before: end.count) != nil
    let counts = ByteCounts(bytes, countingContinuations: !endsNearBreak)
    guard counts.carriageReturns == 0 else { return advanceByteByByte(over: bytes) }
    offset += bytes.count
    // A line feed right after a carriage return ends the line the carriage return counted.
    let lineFeeds = counts.lineFeeds - (isAfterCarriageReturn && bytes[0] == 0x0A ? 1 : 0)
    isAfterCarriageReturn = false
    guard counts.lineFeeds > 0 else {
      // No line feed, so none near the end either: continuation bytes were counted.
      column += bytes.count - counts.continuationBytes
      appendToLineTail(bytes)
      return
    }
    line += lineFeeds
    var lastBreak = bytes.count - 1
    while bytes[lastBreak] != 0x0A { lastBreak -= 1 }
    let rest = UnsafeBufferPointer(rebasing: bytes[(lastBreak + 1)...])
    column = 1 + rest.count - ByteCounts(rest).continuationBytes
    lineTail.removeAll(keepingCapacity: true)
    appendToLineTail(rest)
  }

  /// ``advance(over:)`` one byte at a time.
  private mutating func advanceByteByByte(over bytes: UnsafeBufferPointer<UInt8>) {
    var lastBreak = -1
    var scalars = 0
    for index in bytes.indices {
      let byte = bytes[index]
      if byte == 0x0A {
        if !isAfterCarriageReturn { line += 1 }
        lastBreak = index
        scalars = 0
        isAfterCarriageReturn = false
      } else if byte == 0x0D {
        line += 1
        lastBreak = index
        scalars = 0
        isAfterCarriageReturn = true
      } else {
        isAfterCarriageReturn = false
        if byte & 0xC0 != 0x80 { scalars += 1 }
      }
    }
    offset += bytes.count
    let rest = UnsafeBufferPointer(rebasing: bytes[(lastBreak + 1)...])
    if lastBreak >= 0 {
      column = 1 + scalars
      lineTail.removeAll(keepingCapacity: true)
    } else {
      column += scalars
    }
    appendToLineTail(rest)
  }

  /// Appends the end of `bytes` (of the current line) to the line tail, kept short.
  private mutating func appendToLineTail(_ bytes: UnsafeBufferPointer<UInt8>) {
    lineTail.append(contentsOf: bytes.suffix(Self.tailLimit))
    if lineTail.count > 2 * Self.tailLimit { lineTail.removeFirst(lineTail.count - Self.tailLimit) }
  }

  private mutating func startLine() {
    column = 1
    lineTail.removeAll(keepingCapacity: true)
  }

  /// The place, in the whole input, of `local` bytes past this position, when `bytes` are the
  /// input from this position on (an element, or what is left of a chunk).
  ///
  /// - Complexity: O(*n*) in the size of `bytes`; only errors call it.
  package func location(ofLocalOffset local: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
    var text = lineTail
    text.append(contentsOf: bytes)
    return text.withUnsafeBufferPointer { text in
      var location = SourceLocation(offset: lineTail.count + local, in: text)
      if location.line == 1 {
        // The tail may have been cut: count the column from this position's own column.
        let tailColumns = SourceLocation(offset: lineTail.count, in: text).column - 1
        location.column = column + location.column - 1 - tailColumns
      }
      location.line += line - 1
      location.offset = offset + local
      return location
    }
  }
}

/// How many line feeds, carriage returns and UTF-8 continuation bytes a run of bytes holds,
/// counted sixteen bytes at a time (`SIMD16` compares), the rest a 64-bit word at a time.
///
/// Each count is kept in one-byte lanes, summed every 255 blocks or words (before a lane can
/// overflow) and at the end: no population count per word, which the baseline x86-64 target
/// has no instruction for.
private struct ByteCounts {
  var lineFeeds = 0
  var carriageReturns = 0
  var continuationBytes = 0
  /// Per-lane counts since the last sum.
  private var lanes = (lineFeeds: UInt64(0), carriageReturns: UInt64(0), continuationBytes: UInt64(0))

  /// The counts of `bytes`; without `countingContinuations`, the 16-byte blocks' continuation
  /// bytes are not counted (``continuationBytes`` is then too low).
  init(_ bytes: UnsafeBufferPointer<UInt8>, countingContinuations: Bool = true) {
    guard let base = bytes.baseAddress else { return }
    let raw = UnsafeRawPointer(base)
    let high: UInt64 = 0x8080_8080_8080_8080
    var index =
      countingContinuations
      ? Self.countBlocks(raw, count: bytes.count, into: &self) : Self.countLineBreakBlocks(raw, count: bytes.count, into: &self)
    var words = 0
    while index + 8 <= bytes.count {
      add(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)), keeping: high)
      index += 8
      words += 1
      if words == 255 {
        sumLanes()
        words = 0
      }
    }
    defer { sumLanes() }
    let left = bytes.count - index
    guard left > 0 else { return }
    if bytes.count >= 8 {
      // The last eight bytes, of which only the last `left` are new: one word (in
      // little-endian order, so they are its top bytes), masked.
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
      add(word, keeping: high << UInt64(8 * (8 - left)))
      return
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A { lineFeeds += 1 }
      if byte == 0x0D { carriageReturns += 1 }
      if byte & 0xC0 == 0x80 { continuationBytes += 1 }
      index += 1
    }
  }

  /// Counts the whole 16-byte blocks from the start, in vector lanes summed every 255 blocks;
  /// returns where the blocks end.
  private static func countBlocks(_ raw: UnsafeRawPointer, count: Int, into counts: inout ByteCounts) -> Int {
    let lineFeed = SIMD16<UInt8>(repeating: 0x0A)
    let carriageReturn = SIMD16<UInt8>(repeating: 0x0D)
    let topTwo = SIMD16<UInt8>(repeating: 0xC0)
    let continuation = SIMD16<UInt8>(repeating: 0x80)
    let one = SIMD16<UInt8>(repeating: 1)
    var index = 0
    while index + 16 <= count {
      var lineFeeds = SIMD16<UInt8>()
      var carriageReturns = SIMD16<UInt8>()
      var continuations = SIMD16<UInt8>()
      var blocks = 0
      while blocks < 255, index + 16 <= count {
        let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
        lineFeeds &+= one.replacing(with: 0, where: block .!= lineFeed)
        carriageReturns &+= one.replacing(with: 0, where: block .!= carriageReturn)
        continuations &+= one.replacing(with: 0, where: block & topTwo .!= continuation)
        index += 16
        blocks += 1
      }
      counts.lineFeeds += Int(SIMD16<UInt16>(truncatingIfNeeded: lineFeeds).wrappedSum())
      counts.carriageReturns += Int(SIMD16<UInt16>(truncatingIfNeeded: carriageReturns).wrappedSum())
      counts.continuationBytes += Int(SIMD16<UInt16>(truncatingIfNeeded: continuations).wrappedSum())
    }
    return index
  }

  /// ``countBlocks(_:count:into:)`` for line feeds and carriage returns alone; carriage
  /// returns are only told apart from none (their count comes out 0 or 1), which is all
  /// ``StreamPosition/advance(over:)`` asks before it goes byte by byte.
  ///
  /// Four blocks a step (63 steps before a lane could overflow), with wrapping arithmetic: the
  /// loop's own bookkeeping had cost as much as the compares.
  private static func countLineBreakBlocks(_ raw: UnsafeRawPointer, count: Int, into counts: inout ByteCounts) -> Int {
    let lineFeed = SIMD16<UInt8>(repeating: 0x0A)
    let carriageReturn = SIMD16<UInt8>(repeating: 0x0D)
    let one = SIMD16<UInt8>(repeating: 1)
    var index = 0
    var carriageReturns = SIMDMask<SIMD16<Int8>>()
    while index &+ 64 <= count {
      var lineFeeds = SIMD16<UInt8>()
      var steps = 0
      repeat {
        for block in 0..<4 {
          let bytes = raw.loadUnaligned(fromByteOffset: index &+ 16 &* block, as: SIMD16<UInt8>.self)
          lineFeeds &+= one.replacing(with: 0, where: bytes .!= lineFeed)
          carriageReturns .|= bytes .== carriageReturn
        }
        index &+= 64
        steps &+= 1
      } while steps < 63 && index &+ 64 <= count
      counts.lineFeeds += Int(SIMD16<UInt16>(truncatingIfNeeded: lineFeeds).wrappedSum())
    }
    if any(carriageReturns) { counts.carriageReturns += 1 }
    return index
  }

  /// Counts, one per lane, the bytes of `word` whose top bits `mask` keeps (all eight:
  /// `0x8080…80`).
  private mutating func add(_ word: UInt64, keeping mask: UInt64) {
    lanes.lineFeeds &+= (ByteSearch.zeroMarks(word ^ 0x0A0A_0A0A_0A0A_0A0A) & mask) >> 7
    lanes.carriageReturns &+= (ByteSearch.zeroMarks(word ^ 0x0D0D_0D0D_0D0D_0D0D) & mask) >> 7
    // 10xxxxxx: the top bit set and the next one clear.
    lanes.continuationBytes &+= (word & ~(word << 1) & mask) >> 7
  }

  /// Adds the lanes to the counts and clears them.
  private mutating func sumLanes() {
    lineFeeds += Self.sum(lanes.lineFeeds)
    carriageReturns += Self.sum(lanes.carriageReturns)
    continuationBytes += Self.sum(lanes.continuationBytes)
    lanes = (0, 0, 0)
  }

  /// The sum of the eight byte lanes of `word`.
  private static func sum(_ word: UInt64) -> Int {
    let pairs = (word & 0x00FF_00FF_00FF_00FF) &+ ((word >> 8) & 0x00FF_00FF_00FF_00FF)
    return Int((pairs &* 0x0001_0001_0001_0001) >> 48)
  }
}
