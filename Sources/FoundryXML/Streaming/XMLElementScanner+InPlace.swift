import FoundryInternals

// Inside the element whose children are handed out, with nothing captured, the scanner reads
// the children straight from the input, about a batch at a time, and parses them, with what
// ``pending`` holds, as one batch. It cuts first without looking at the markup: before the last
// start tag of the elements' name (or of the child at hand), which the parse and a check of the
// tree confirm. Failing that, it follows the children's depth tag by tag (no event per piece of
// markup, no copy per piece) to the end of the last complete child. Anything else (the markup
// around the elements, a child larger than a batch, input that does not parse) goes through
// the lexer and the capture, which read it as before: a batch that fails here is read again
// that way, so that errors and lossy outcomes are the same whichever way the bytes went.
extension XMLElementScanner {
  /// How far reading in place has got from ``cursor`` (the input may end inside a child).
  struct InPlaceRead: Sendable {
    /// Its own lexer: the scanner's stays where the cursor is, for when it reads on instead.
    var lexer = XMLMarkupLexer()
    /// The elements open, counting the parent of the children.
    var depth = 1
    /// The bytes read from the cursor.
    var scanned = 0
    /// Where the last complete child ends, from the cursor (0: none yet).
    var lastChildEnd = 0
    /// Where the cursor was in the whole input (``byteOffset``) when the read began.
    var origin = 0
    /// How far from the cursor the input was searched for a start tag to cut before.
    var searched = 1
  }

  /// What ``readInPlace(_:)`` did.
  enum InPlaceOutcome {
    /// Children were parsed (their elements are ready) or the input ended inside one and more
    /// is needed.
    case read, needsInput
    /// The lexer reads on from the cursor instead.
    case declined
  }

  /// Whether the cursor stands among the children of the element whose children are handed
  /// out, with nothing captured and the lexer between pieces of markup.
  var mayReadInPlace: Bool {
    handsOutElements && !tracksTextBesideElements && phase == .content && !isCapturing && batch.isEmpty
      && lexer.isInText && !segments.isEmpty && stack.count == segments.count && byteOffset >= inPlaceResumeOffset
      && stack[stack.count - 1].isOnPath
  }

  /// Reads the children complete in the input from the cursor (up to about a batch of them)
  /// and parses them, with ``pending`` before them, as one batch: cut before a start tag
  /// (``guessCut(_:read:)``), else after the last child complete by the children's depth.
  ///
  /// - Complexity: O(*n*) in the bytes read, each read once however the input is cut.
  mutating func readInPlace(_ buffer: UnsafeBufferPointer<UInt8>) -> InPlaceOutcome {
    var read = inPlace.origin == byteOffset ? inPlace : InPlaceRead(origin: byteOffset)
    let start = cursor
    if let cut = guessCut(buffer, read: &read) {
      inPlace = InPlaceRead()
      if parseInPlace(UnsafeBufferPointer(rebasing: buffer[start..<cut]), checkingAncestors: true) { return .read }
      failedCutGuesses += 1
      read = InPlaceRead(origin: byteOffset)
    }
    var lastChildEnd = start + read.lastChildEnd
    let (end, stop) = read.lexer.skipChildren(
      buffer, from: start + read.scanned, depth: &read.depth, lastChildEnd: &lastChildEnd, limit: start + batchLimit)
    read.scanned = end - start
    read.lastChildEnd = lastChildEnd - start
    if stop == .needsInput, !isFinished, read.scanned < batchLimit {
      inPlace = read
      return .needsInput
    }
    inPlace = InPlaceRead()
    guard read.lastChildEnd > 0, parseInPlace(UnsafeBufferPointer(rebasing: buffer[start..<lastChildEnd]), checkingAncestors: false) else {
      // The lexer reads these bytes; in place again after them.
      inPlaceResumeOffset = byteOffset + max(1, read.scanned)
      return .declined
    }
    return .read
  }

  /// Where the bytes from the cursor may be cut without following their depth: before the
  /// last start tag within a batch named ``cutName`` (at first the elements' name), else
  /// named as the child at the cursor (which then becomes ``cutName``: a run of other
  /// children, OSM's ways after its nodes). Such a tag begins a child when the bytes before
  /// it are a run of whole children: the parse of the batch says whether they are, and
  /// whether they stayed inside the parent (``parseInPlace(_:checkingAncestors:)``).
  private mutating func guessCut(_ buffer: UnsafeBufferPointer<UInt8>, read: inout InPlaceRead) -> Int? {
    guard failedCutGuesses < 3 else { return nil }
    let start = cursor
    let end = min(buffer.count, start + batchLimit)
    let from = start + read.searched
    let first = Self.startTagName(in: buffer, from: start)
    // A tag is looked for once: the next search starts where this one could not see a whole
    // name and the byte after it.
    read.searched = max(read.searched, end - start - max(cutName?.count ?? 0, first?.count ?? 0) - 1)
    func lastStartTag(named name: UnsafeBufferPointer<UInt8>) -> Int? {
      var index = end - name.count - 1
      while index > from, let lessThan = ByteSearch.lastIndex(of: Ascii.lessThan, in: buffer, from: from, before: index) {
        if Self.isStartTag(named: name, in: buffer, at: lessThan) { return lessThan }
        index = lessThan
      }
      return nil
    }
    if let cut = cutName?.withUnsafeBufferPointer(lastStartTag(named:)) { return cut }
    guard let first else { return nil }
    let name = UnsafeBufferPointer(rebasing: buffer[first])
    guard cutName.map({ !ByteSearch.equal($0, name) }) ?? true, let cut = lastStartTag(named: name) else { return nil }
    cutName = Array(name)
    return cut
  }

  /// The name of the start tag that begins after white space from `start`, when the buffer
  /// holds it and the byte after it.
  private static func startTagName(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Range<Int>? {
    var index = start
    while index < buffer.count, isBlankByte(buffer[index]) { index += 1 }
    guard index + 1 < buffer.count, buffer[index] == Ascii.lessThan, XMLMarkupLexer.mayStartName(buffer[index + 1]) else { return nil }
    let nameStart = index + 1
    index = nameStart
    while index < buffer.count {
      if endsName(buffer[index]) { return nameStart..<index }
      if buffer[index] == Ascii.lessThan { return nil }
      index += 1
    }
    return nil
  }

  /// Whether a start tag of `name` begins at `index` (its name followed by white space, `/`
  /// or `>`); the buffer holds the byte after the name.
  private static func isStartTag(named name: UnsafeBufferPointer<UInt8>, in buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    let nameStart = index + 1
    guard let base = buffer.baseAddress, nameStart + name.count < buffer.count, endsName(buffer[nameStart + name.count]) else { return false }
    guard let bytes = name.baseAddress else { return true }
    return ByteSearch.equal(base + nameStart, bytes, count: name.count)
  }

  /// Parses ``pending`` followed by `children` as a batch; on success the elements are
  /// ``ready`` and the cursor is after them, else nothing has changed.
  ///
  /// - Parameters:
  ///   - checkingAncestors: Whether the bytes were cut without following their depth: they
  ///     may then have closed the parent and opened another of its kind, which parses too,
  ///     so the parse counts only when each open element holds one element of the next (an
  ///     ancestor that holds more, from what ``pending`` held, is read the other way too).
  private mutating func parseInPlace(_ children: UnsafeBufferPointer<UInt8>, checkingAncestors: Bool) -> Bool {
    // The children go into the small document straight from the input, not through `pending`.
    var end = place(ofPendingOffset: pending.count)
    end.advance(over: children)
    guard
      let tree = try? parse(
        ancestors: pendingAncestors, body: pending[...], rest: children, bodyOrigin: pendingOrigin, bodyEnd: end, closing: stack,
        followsRoot: pendingFollowsRoot),
      !checkingAncestors || Self.isSingleChain(tree, depth: stack.count - 1)
    else { return false }
    collectElements(of: tree)
    cursor += children.count
    dropPending(upTo: pending.count, origin: end)
    (tracked, trackedOffset) = (end, 0)
    pendingAncestors = stack
    markupStart = 0
    textStart = 0
    lexer = XMLMarkupLexer()
    return true
  }

  /// Whether the root and the elements below it, `depth` levels down, each hold exactly one
  /// element.
  private static func isSingleChain(_ tree: XMLTree, depth: Int) -> Bool {
    var element = tree.root
    for _ in 0..<max(0, depth) {
      let children = element.elements
      guard children.count == 1, let only = children.first else { return false }
      element = only
    }
    return true
  }
}
