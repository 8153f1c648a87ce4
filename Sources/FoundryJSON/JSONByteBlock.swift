/// A zero-padded copy of a run of input that several documents read their bytes from: a
/// stream's chunk, whose elements are parsed where they stand (``JSONStorage/init(sharing:from:nodeCapacity:options:)``).
///
/// Immutable once made; each document sharing it keeps it alive.
final class JSONByteBlock: @unchecked Sendable {
  // @unchecked: the bytes are written only here, before the block is shared.
  let bytes: UnsafeMutablePointer<UInt8>
  let count: Int

  /// A copy of `input`, followed by ``JSONStorage/padding`` zero bytes.
  init(copying input: UnsafeBufferPointer<UInt8>) {
    count = input.count
    bytes = .allocate(capacity: input.count + JSONStorage.padding)
    if let base = input.baseAddress { bytes.initialize(from: base, count: input.count) }
    (bytes + input.count).initialize(repeating: 0, count: JSONStorage.padding)
  }

  deinit {
    bytes.deallocate()
  }
}
