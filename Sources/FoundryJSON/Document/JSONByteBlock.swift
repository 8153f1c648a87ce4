/// A zero-padded run of input that several documents read their bytes from: a JSON stream's
/// chunk, whose elements are parsed where they stand
/// (``JSONStorage/init(sharing:from:nodeCapacity:options:)``).
///
/// Immutable once made; each document sharing it keeps it alive.
final class JSONByteBlock: @unchecked Sendable {
  // @unchecked: the bytes are written only here, before the block is shared.
  let bytes: UnsafeMutablePointer<UInt8>
  let count: Int

  /// No bytes: a stream before its first chunk.
  convenience init() {
    self.init(UnsafeBufferPointer(start: nil, count: 0), after: UnsafeBufferPointer(start: nil, count: 0))
  }

  /// `head` then `tail`, followed by ``JSONStorage/padding`` zero bytes.
  private init(_ tail: UnsafeBufferPointer<UInt8>, after head: UnsafeBufferPointer<UInt8>) {
    count = head.count + tail.count
    bytes = .allocate(capacity: count + JSONStorage.padding)
    if let base = head.baseAddress { bytes.initialize(from: base, count: head.count) }
    if let base = tail.baseAddress { (bytes + head.count).initialize(from: base, count: tail.count) }
    (bytes + count).initialize(repeating: 0, count: JSONStorage.padding)
  }

  deinit {
    bytes.deallocate()
  }

  /// The bytes, without the padding.
  var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: bytes, count: count) }

  /// A block of this one's bytes from `start` on, then `chunk`: a stream's next input, keeping
  /// what it has not read.
  func keeping(from start: Int, appending chunk: some Sequence<UInt8>) -> JSONByteBlock {
    let kept = UnsafeBufferPointer(rebasing: buffer[min(max(0, start), count)...])
    if let block = chunk.withContiguousStorageIfAvailable({ JSONByteBlock($0, after: kept) }) { return block }
    return Array(chunk).withUnsafeBufferPointer { JSONByteBlock($0, after: kept) }
  }
}
