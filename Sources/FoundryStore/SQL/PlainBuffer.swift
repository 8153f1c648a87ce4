#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FoundryGraph

/// A growable buffer of plain values, contiguous (for text that must stay in one piece): it
/// grows through `realloc`, which extends a block in place when it can.
///
/// Unchecked `Sendable`: only a ``SQLRowsBuilder`` appends, before it hands the buffer to the
/// ``SQLRows`` it finishes, which only reads.
final class PlainBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
  private var base: UnsafeMutablePointer<Element>?
  private(set) var count = 0
  private var capacity = 0

  init() {}

  deinit { free(base) }

  /// Element number `index`.
  subscript(index: Int) -> Element {
    precondition(index >= 0 && index < count, "index \(index) out of 0..<\(count)")
    // `count > 0` here, so the buffer was allocated.
    return base.unsafelyUnwrapped[index]
  }

  /// Elements `start..<start + count`, valid while the buffer lives.
  func slice(from start: Int, count: Int) -> UnsafeBufferPointer<Element> {
    precondition(start >= 0 && count >= 0 && start + count <= self.count, "range \(start)..<\(start + count) out of 0..<\(self.count)")
    return UnsafeBufferPointer(start: base.map { UnsafePointer($0 + start) }, count: count)
  }

  /// Makes room for `extra` more elements.
  func reserve(_ extra: Int) {
    if count + extra > capacity { grow(to: count + extra) }
  }

  @inline(__always)
  func append(_ element: Element) {
    if count == capacity { grow(to: count + 1) }
    (base.unsafelyUnwrapped + count).initialize(to: element)
    count += 1
  }

  func append(contentsOf elements: UnsafeBufferPointer<Element>) {
    guard let source = elements.baseAddress, !elements.isEmpty else { return }
    reserve(elements.count)
    (base.unsafelyUnwrapped + count).initialize(from: source, count: elements.count)
    count += elements.count
  }

  /// Grows to at least `minimum` elements, doubling (from 128) so that appends stay amortized.
  private func grow(to minimum: Int) {
    var newCapacity = Swift.max(capacity, 128)
    while newCapacity < minimum { newCapacity *= 2 }
    guard let grown = realloc(base, newCapacity * MemoryLayout<Element>.stride) else { fatalError("out of memory growing a result to \(newCapacity) values") }
    base = grown.assumingMemoryBound(to: Element.self)
    capacity = newCapacity
  }
}
