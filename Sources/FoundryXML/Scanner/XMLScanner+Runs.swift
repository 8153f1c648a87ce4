extension XMLScanner {
  // MARK: - Runs of ordinary bytes

  /// The first index from `start` of a byte in one of the classes `stops` (``ByteClass``), or
  /// ``end``.
  ///
  /// Eight bytes are looked up and their classes OR-ed before one test, while none of them
  /// stops; the last few bytes, and the eight that hold the stop, go one at a time.
  @inline(__always)
  func firstIndex(from start: Int, stoppingAt stops: UInt8) -> Int {
    var index = start
    while index &+ 8 <= end {
      let classes = classes
      let input = input
      let bits =
        classes[Int(input[index])] | classes[Int(input[index &+ 1])] | classes[Int(input[index &+ 2])]
        | classes[Int(input[index &+ 3])] | classes[Int(input[index &+ 4])] | classes[Int(input[index &+ 5])]
        | classes[Int(input[index &+ 6])] | classes[Int(input[index &+ 7])]
      if bits & stops != 0 { break }
      index &+= 8
    }
    while index < end, classes[Int(input[index])] & stops == 0 { index &+= 1 }
    return index
  }

  /// The end of the run of spaces, tabs and line feeds from `start`: the indentation between
  /// tags. Line feeds and tabs go one at a time, runs of spaces eight at a time.
  @inline(__always)
  func blankRunEnd(from start: Int) -> Int {
    var index = start
    while index < end {
      let byte = input[index]
      if byte == 0x0A || byte == 0x09 {
        index &+= 1
        continue
      }
      guard byte == 0x20 else { return index }
      guard index &+ 8 <= end, let base = input.baseAddress else {
        index &+= 1
        continue
      }
      let word = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self))
      // Little-endian: the lowest non-zero byte of `other` is the first byte that is not a space.
      let other = word ^ 0x2020_2020_2020_2020
      index &+= other == 0 ? 8 : other.trailingZeroBitCount &>> 3
    }
    return index
  }
}
