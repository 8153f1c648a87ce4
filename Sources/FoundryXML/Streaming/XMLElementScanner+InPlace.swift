import FoundryInternals

// Inside the element whose children are handed out, with nothing captured, the scanner reads
// the children straight from the input: it follows their depth tag by tag (no event per piece
// of markup, no copy per piece) to the end of the last child complete within about a batch,
// and parses all of it, with what ``pending`` holds, as one batch. Anything else (the markup
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
  /// and parses them, with ``pending`` before them, as one batch.
  ///
  /// - Complexity: O(*n*) in the bytes read, each read once however the input is cut.
  mutating func readInPlace(_ buffer: UnsafeBufferPointer<UInt8>) -> InPlaceOutcome {
    var read = inPlace.origin == byteOffset ? inPlace : InPlaceRead(origin: byteOffset)
    let start = cursor
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
    guard read.lastChildEnd > 0, parseInPlace(UnsafeBufferPointer(rebasing: buffer[start..<lastChildEnd])) else {
      // The lexer reads these bytes; in place again after them.
      inPlaceResumeOffset = byteOffset + max(1, read.scanned)
      return .declined
    }
    return .read
  }

  /// Parses ``pending`` followed by `children` as a batch; on success the elements are
  /// ``ready`` and the cursor is after them, else nothing has changed.
  private mutating func parseInPlace(_ children: UnsafeBufferPointer<UInt8>) -> Bool {
    let (kept, keptTracked, keptOffset) = (pending.count, tracked, trackedOffset)
    pending.append(contentsOf: children)
    let end = track(toPendingOffset: pending.count)
    do {
      let tree = try parse(
        ancestors: pendingAncestors, body: pending[...], bodyOrigin: pendingOrigin, bodyEnd: end, closing: stack,
        followsRoot: pendingFollowsRoot)
      collectElements(of: tree)
    } catch {
      pending.removeSubrange(kept...)
      (tracked, trackedOffset) = (keptTracked, keptOffset)
      return false
    }
    cursor += children.count
    dropPending(upTo: pending.count, origin: end)
    pendingAncestors = stack
    markupStart = 0
    textStart = 0
    lexer = XMLMarkupLexer()
    return true
  }
}
