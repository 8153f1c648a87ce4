/// A growable, contiguous run of plain values: the one growable buffer of the package, behind
/// a document builder's tape and text, a fetched result's text and an import's stack of
/// references.
///
/// ```swift
/// let bytes = GrowableBuffer<UInt8>(capacity: 64)
/// bytes.append(0x41)
/// bytes.append(contentsOf: buffer)
/// let (base, count, capacity) = bytes.release(padding: 64, filler: 0)   // the caller owns base now
/// ```
///
/// The elements are `BitwiseCopyable`: nothing is deinitialized, and moving them is a copy of
/// their bytes. Each buffer has one owner (a builder, a result being read, an import's session:
/// ARCHITECTURE.md, Invariants, "One owner"), so its properties skip the exclusivity checks
/// that every append would otherwise pay.
public final class GrowableBuffer<Element: BitwiseCopyable> {
  // Unchecked exclusivity: one owner (see above).
  @usableFromInline @exclusivity(unchecked) var base: UnsafeMutablePointer<Element>
  @usableFromInline @exclusivity(unchecked) var storedCount = 0
  @usableFromInline @exclusivity(unchecked) var capacity: Int
  /// Whether ``release(padding:filler:)`` handed the elements over: the buffer owns nothing
  /// then, and takes no more.
  @usableFromInline var isReleased = false

  /// An empty buffer with room for `capacity` elements (at least 16).
  @inlinable
  public init(capacity: Int = 16) {
    self.capacity = Swift.max(16, capacity)
    base = .allocate(capacity: self.capacity)
  }

  deinit {
    if !isReleased { base.deallocate() }
  }

  /// The number of elements.
  @inlinable
  public var count: Int { storedCount }

  /// Element number `index`, which must be below ``count`` (checked in debug builds only:
  /// the indices come from the owner's own bookkeeping, such as a builder's open containers,
  /// never from input).
  @inlinable
  public subscript(index: Int) -> Element {
    @inline(__always) get {
      assert(index >= 0 && index < storedCount, "index out of range")
      return base[index]
    }
    @inline(__always) set {
      assert(index >= 0 && index < storedCount, "index out of range")
      base[index] = newValue
    }
  }

  @inlinable @inline(__always)
  public func append(_ element: Element) {
    if storedCount == capacity { grow(toHold: storedCount + 1) }
    (base + storedCount).initialize(to: element)
    storedCount += 1
  }

  @inlinable @inline(__always)
  public func append(contentsOf elements: UnsafeBufferPointer<Element>) {
    guard let source = elements.baseAddress else { return }
    if capacity - storedCount < elements.count { grow(toHold: storedCount + elements.count) }
    (base + storedCount).initialize(from: source, count: elements.count)
    storedCount += elements.count
  }

  /// Makes room for `extra` more elements, so that appending them cannot move the buffer.
  @inlinable
  public func reserve(_ extra: Int) {
    let needed = storedCount + Swift.max(0, extra)
    if needed > capacity { grow(toHold: needed) }
  }

  /// Drops the elements from `mark` (an earlier ``count``) on.
  @inlinable
  public func truncate(to mark: Int) {
    storedCount = Swift.min(storedCount, Swift.max(0, mark))
  }

  /// Elements `start..<start + count`, valid until the next append or release.
  @inlinable
  public func elements(from start: Int, count: Int) -> UnsafeBufferPointer<Element> {
    precondition(start >= 0 && count >= 0 && start + count <= storedCount, "range out of 0..<count")
    return UnsafeBufferPointer(start: base + start, count: count)
  }

  /// Makes room for `minimum` elements in all, at least doubling, so that appends stay
  /// amortized O(1).
  @usableFromInline @inline(never)
  func grow(toHold minimum: Int) {
    // After a release the capacity is 0, so every append comes here.
    precondition(!isReleased, "GrowableBuffer used after its elements were handed over")
    let larger = Swift.max(capacity * 2, minimum)
    let moved = UnsafeMutablePointer<Element>.allocate(capacity: larger)
    moved.moveInitialize(from: base, count: storedCount)
    base.deallocate()
    base = moved
    capacity = larger
  }

  /// Hands the elements over, with `reserve` more initialized to `filler` after them (zero
  /// padding for scanners): the caller deallocates the pointer; the buffer owns nothing
  /// afterwards and takes no more.
  ///
  /// - Returns: The elements' pointer, their count and the capacity allocated.
  @inlinable
  public func release(padding reserve: Int = 0, filler: Element? = nil) -> (UnsafeMutablePointer<Element>, Int, Int) {
    if let filler, reserve > 0 {
      if capacity - storedCount < reserve { grow(toHold: storedCount + reserve) }
      (base + storedCount).initialize(repeating: filler, count: reserve)
    }
    let result = (base, storedCount, capacity)
    isReleased = true
    capacity = 0
    storedCount = 0
    return result
  }
}
