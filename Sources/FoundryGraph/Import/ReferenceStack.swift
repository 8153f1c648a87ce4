/// The objects the to-many relationships being imported gave so far, innermost last: each
/// relationship pushes its own and takes them off once merged, so that making an object's list
/// allocates only the list. Unowned references: the graph holds the objects.
///
/// A stack of its own rather than an array: an import pushes once per element of every to-many
/// payload, and an array's append checks its buffer's uniqueness each time, and its
/// `removeLast(_:)` goes through the generic `replaceSubrange`.
///
/// ```swift
/// let mark = stack.count
/// stack.push(ObjectReference(book))
/// object.merge(stack.references(from: mark), at: slot, replacing: false)
/// stack.pop(to: mark)
/// ```
final class ReferenceStack {
  // Unchecked exclusivity: one import's session owns the stack (ARCHITECTURE.md, Invariants: "One owner").
  @exclusivity(unchecked) private var base: UnsafeMutablePointer<ObjectReference>
  @exclusivity(unchecked) private var capacity: Int
  /// The number of references on the stack.
  @exclusivity(unchecked) private(set) var count = 0

  init(capacity: Int = 64) {
    self.capacity = max(1, capacity)
    base = .allocate(capacity: self.capacity)
  }

  // `ObjectReference` is trivial: the references need no deinitializing.
  deinit { base.deallocate() }

  /// Makes room for `extra` more references, so that pushing them cannot move the stack.
  func reserve(_ extra: Int) {
    let needed = count + max(0, extra)
    guard needed > capacity else { return }
    let grown = UnsafeMutablePointer<ObjectReference>.allocate(capacity: max(needed, 2 * capacity))
    grown.moveInitialize(from: base, count: count)
    base.deallocate()
    base = grown
    capacity = max(needed, 2 * capacity)
  }

  @inline(__always)
  func push(_ reference: ObjectReference) {
    if count == capacity { reserve(1) }
    (base + count).initialize(to: reference)
    count += 1
  }

  /// Takes every reference above `mark` (an earlier ``count``) off the stack.
  func pop(to mark: Int) {
    count = min(count, max(0, mark))
  }

  /// The references above `mark`, in the order pushed: valid until the next push.
  func references(from mark: Int) -> UnsafeBufferPointer<ObjectReference> {
    let start = min(count, max(0, mark))
    return UnsafeBufferPointer(start: base + start, count: count - start)
  }
}
