/// What an ``ObjectList`` keeps beside its references.
struct ObjectListHeader {
  /// The number of references.
  var count: Int
  /// The references the list itself has room for (made with the list, never changed).
  let capacity: Int
  /// Every reference, in order, once the list grew past ``capacity``: a buffer of
  /// ``spilledCapacity`` the list owns (no array: appending to one checks its uniqueness).
  var spilled: UnsafeMutablePointer<ObjectReference>?
  /// The room of ``spilled``.
  var spilledCapacity = 0
  /// The references' objects, once a long list was searched.
  var members: Set<ObjectIdentifier>?
}

/// The objects of a to-many relationship, in order, with a membership index built the first
/// time a long list is searched (a list only appended to, such as the inverse side of links
/// made from the other side, never pays for it). A class, so an object changes its list in place.
///
/// One allocation: the references live in the list itself, up to the capacity it was made with
/// (a relationship an import fills knows its count); a list that grows past it moves them to
/// a buffer it allocates and owns (``ObjectListHeader/spilled``). An import makes a list per
/// to-many relationship of every object it creates.
///
/// ```swift
/// let list = ObjectList.make([ObjectReference(book)])
/// list.append(otherBook)
/// list.contains(book)   // true
/// ```
final class ObjectList: ManagedBuffer<ObjectListHeader, ObjectReference> {
  private static let indexThreshold = 16
  /// The room a list made for one reference gets: inverse sides grow one link at a time.
  private static let smallestCapacity = 4

  /// A list of `references`, which must be distinct, with room for at least a few.
  static func make<References: Collection<ObjectReference>>(_ references: References) -> ObjectList {
    let capacity = max(references.count, Self.smallestCapacity)
    let list = unsafeDowncast(create(minimumCapacity: capacity) { _ in ObjectListHeader(count: 0, capacity: capacity) }, to: ObjectList.self)
    let tail = list.tail
    var count = 0
    for reference in references {
      (tail + count).initialize(to: reference)
      count += 1
    }
    list.head.pointee.count = count
    return list
  }

  /// A list of `object` alone, with room for a few more (the inverse side of a first link).
  static func make(one object: ManagedObject) -> ObjectList { make(CollectionOfOne(ObjectReference(object))) }

  // The header and the references by pointer: through `header` each access would be checked
  // for exclusivity at run time. Valid while the list lives, which a method's `self` ensures.
  private var head: UnsafeMutablePointer<ObjectListHeader> { withUnsafeMutablePointerToHeader { $0 } }
  private var tail: UnsafeMutablePointer<ObjectReference> { withUnsafeMutablePointerToElements { $0 } }

  var count: Int { head.pointee.count }

  deinit {
    // `ObjectReference` is trivial: the references need no deinitializing.
    head.pointee.spilled?.deallocate()
  }

  /// Where the references are: in the list itself, or in its spilled buffer.
  private var base: UnsafeMutablePointer<ObjectReference> { head.pointee.spilled ?? tail }

  /// Runs `body` on the references, in order (`ObjectReference` is trivial: nothing to release).
  func withReferences<R>(_ body: (UnsafeBufferPointer<ObjectReference>) throws -> R) rethrows -> R {
    try body(UnsafeBufferPointer(start: base, count: head.pointee.count))
  }

  /// The references, in order.
  var references: [ObjectReference] { withReferences { Array($0) } }

  /// The objects, as strong references.
  var objects: [ManagedObject] { withReferences { $0.map(\.object) } }

  func contains(_ object: ManagedObject) -> Bool {
    let header = head
    if let members = header.pointee.members { return members.contains(ObjectIdentifier(object)) }
    return withReferences { references in
      guard references.count > Self.indexThreshold else { return references.contains { $0.refers(to: object) } }
      let index = Set(references.lazy.map(\.id))
      header.pointee.members = index
      return index.contains(ObjectIdentifier(object))
    }
  }

  /// Appends `object`, which must not be in the list.
  @inline(__always)
  func append(_ object: ManagedObject) {
    let header = head
    let count = header.pointee.count
    let room = header.pointee.spilled == nil ? header.pointee.capacity : header.pointee.spilledCapacity
    guard header.pointee.members == nil, count < room else { return appendGrowing(object) }
    (base + count).initialize(to: ObjectReference(object))
    header.pointee.count = count + 1
  }

  /// ``append(_:)`` to an indexed list, or one without room (which then moves its references
  /// to a spilled buffer twice as large).
  private func appendGrowing(_ object: ManagedObject) {
    let header = head
    let count = header.pointee.count
    let room = header.pointee.spilled == nil ? header.pointee.capacity : header.pointee.spilledCapacity
    if count == room {
      let grown = UnsafeMutablePointer<ObjectReference>.allocate(capacity: 2 * room)
      grown.initialize(from: base, count: count)
      header.pointee.spilled?.deallocate()
      header.pointee.spilled = grown
      header.pointee.spilledCapacity = 2 * room
    }
    (base + count).initialize(to: ObjectReference(object))
    header.pointee.count = count + 1
    header.pointee.members?.insert(ObjectIdentifier(object))
  }

  /// Removes `object`. - Returns: Whether it was there.
  func remove(_ object: ManagedObject) -> Bool {
    guard contains(object), let position = withReferences({ $0.firstIndex { $0.refers(to: object) } }) else { return false }
    let header = head
    let base = base
    for index in position..<header.pointee.count - 1 { base[index] = base[index + 1] }
    header.pointee.count -= 1
    header.pointee.members?.remove(ObjectIdentifier(object))
    return true
  }

  /// Puts the same members in `order` (which must hold exactly them).
  func reorder(_ order: [ManagedObject]) {
    reorder(order.map(ObjectReference.init))
  }

  /// Puts the same members in `order` (which must hold exactly them).
  func reorder<References: Collection<ObjectReference>>(_ order: References) {
    let base = base
    for (index, reference) in zip(0..<head.pointee.count, order) { base[index] = reference }
  }
}
