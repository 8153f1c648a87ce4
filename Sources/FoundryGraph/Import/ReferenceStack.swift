import FoundryInternals

/// The objects the to-many relationships being imported gave so far, innermost last: each
/// relationship pushes its own and takes them off once merged, so that making an object's list
/// allocates only the list. Unowned references: the graph holds the objects.
///
/// A buffer of its own rather than an array: an import pushes once per element of every to-many
/// payload, and an array's append checks its buffer's uniqueness each time, and its
/// `removeLast(_:)` goes through the generic `replaceSubrange`.
///
/// ```swift
/// let mark = stack.count
/// stack.push(ObjectReference(book))
/// object.merge(stack.references(from: mark), at: slot, replacing: false)
/// stack.pop(to: mark)
/// ```
typealias ReferenceStack = GrowableBuffer<ObjectReference>

extension GrowableBuffer where Element == ObjectReference {
  @inline(__always)
  func push(_ reference: ObjectReference) { append(reference) }

  /// Takes every reference above `mark` (an earlier ``count``) off the stack.
  func pop(to mark: Int) { truncate(to: mark) }

  /// The references above `mark`, in the order pushed: valid until the next push.
  func references(from mark: Int) -> UnsafeBufferPointer<ObjectReference> {
    let start = Swift.min(count, Swift.max(0, mark))
    return elements(from: start, count: count - start)
  }
}
