import FoundryInternals

// The elements open around the cursor. Their start tags are needed only when a small document
// is put together around the bytes being checked; most elements close within the bytes of one
// check, so a tag stays a range of ``pending`` and is copied out only when those bytes are
// dropped with the tag still open.
extension XMLElementScanner {
  /// An open element: its start tag as written and where it stands.
  struct OpenTag: Sendable {
    /// The start tag once copied out of ``pending`` (empty while ``span`` holds it).
    var copied: [UInt8] = []
    /// Where the tag starts in the whole input, once copied out.
    var origin = StreamPosition()
    /// Where the tag is in ``pending``, until it is copied out.
    var span: Range<Int>?
    /// The number of bytes of its qualified name, after the `<`.
    var nameLength: Int
    /// Whether it and every element around it are on the path to the elements.
    var isOnPath: Bool
  }

  /// The start tag of `tag` as written.
  func bytes(of tag: OpenTag) -> ArraySlice<UInt8> {
    guard let span = tag.span else { return tag.copied[...] }
    return pending[span]
  }

  /// The qualified name of `tag` as written.
  func name(of tag: OpenTag) -> ArraySlice<UInt8> {
    bytes(of: tag).dropFirst().prefix(tag.nameLength)
  }

  /// Where `tag` starts in the whole input.
  func origin(of tag: OpenTag) -> StreamPosition {
    guard let span = tag.span else { return tag.origin }
    return place(ofPendingOffset: span.lowerBound)
  }

  /// Whether `tag` ends in `/>` (the root of a document that follows it needs no end tag).
  func isEmptyElement(_ tag: OpenTag) -> Bool {
    bytes(of: tag).suffix(2).elementsEqual([Ascii.slash, Ascii.greaterThan])
  }

  /// Copies out of ``pending`` the tags of `tags` that start in its first `end` bytes, which
  /// are about to be dropped, and moves the ranges of the others to where they will be.
  func settle(_ tags: inout [OpenTag], before end: Int) {
    for index in tags.indices {
      guard let span = tags[index].span else { continue }
      if span.lowerBound < end {
        tags[index].copied = Array(pending[span])
        tags[index].origin = place(ofPendingOffset: span.lowerBound)
        tags[index].span = nil
      } else {
        tags[index].span = (span.lowerBound - end)..<(span.upperBound - end)
      }
    }
  }

  /// The number of bytes of the qualified name at the start of a start tag, after the `<`.
  static func nameLength(in tag: UnsafeBufferPointer<UInt8>) -> Int {
    var end = 1
    while end < tag.count {
      if endsName(tag[end]) { return end - 1 }
      end += 1
    }
    return max(0, tag.count - 1)
  }

  /// Whether `byte` ends a qualified name in a start tag: white space, `/` or `>`.
  static func endsName(_ byte: UInt8) -> Bool {
    isBlankByte(byte) || byte == Ascii.slash || byte == Ascii.greaterThan
  }
}
