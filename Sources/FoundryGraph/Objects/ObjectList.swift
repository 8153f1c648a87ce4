/// A reference from one object to another inside a graph: unowned, so linking costs no
/// reference counting and inverse pairs make no reference cycles.
///
/// Safe because the graph keeps alive every object a relationship can reach: its live objects,
/// and deleted objects other objects may still point at (the "no action" delete rule). When
/// the graph goes away it empties every relationship before its objects can go.
struct ObjectReference {
  private let unmanaged: Unmanaged<ManagedObject>

  init(_ object: ManagedObject) { unmanaged = .passUnretained(object) }

  /// A reference to an object someone else keeps alive.
  init(_ unmanaged: Unmanaged<ManagedObject>) { self.unmanaged = unmanaged }

  /// The object, as a strong reference.
  var object: ManagedObject { unmanaged.takeUnretainedValue() }

  /// Runs `body` on the object without retaining it (the graph keeps it alive).
  func withObject<R>(_ body: (ManagedObject) throws -> R) rethrows -> R { try unmanaged._withUnsafeGuaranteedRef(body) }

  /// Whether this refers to `object`.
  func refers(to object: ManagedObject) -> Bool { unmanaged.toOpaque() == Unmanaged.passUnretained(object).toOpaque() }

  /// The object's identity, without retaining it.
  var id: ObjectIdentifier { ObjectIdentifier(unmanaged.takeUnretainedValue()) }
}

/// The objects of a to-many relationship, in order, with a membership index built the first
/// time a long list is searched (a list only appended to, such as the inverse side of links
/// made from the other side, never pays for it). A class, so an object changes its list in place.
final class ObjectList {
  // Unchecked exclusivity, as for ManagedObject's storage: only this type touches them.
  @exclusivity(unchecked) private(set) var references: [ObjectReference] = []
  @exclusivity(unchecked) private var members: Set<ObjectIdentifier>?
  private static let indexThreshold = 16

  /// An empty list.
  init() {}

  /// A list of `references`, which must be distinct.
  init(_ references: [ObjectReference]) { self.references = references }

  var count: Int { references.count }

  /// The objects, as strong references.
  var objects: [ManagedObject] { references.map(\.object) }

  func contains(_ object: ManagedObject) -> Bool {
    if let members { return members.contains(ObjectIdentifier(object)) }
    guard references.count > Self.indexThreshold else { return references.contains { $0.refers(to: object) } }
    let index = Set(references.map(\.id))
    members = index
    return index.contains(ObjectIdentifier(object))
  }

  /// Appends `object`, which must not be in the list.
  func append(_ object: ManagedObject) {
    references.append(ObjectReference(object))
    members?.insert(ObjectIdentifier(object))
  }

  /// Removes `object`. - Returns: Whether it was there.
  func remove(_ object: ManagedObject) -> Bool {
    guard contains(object), let position = references.firstIndex(where: { $0.refers(to: object) }) else { return false }
    references.remove(at: position)
    members?.remove(ObjectIdentifier(object))
    return true
  }

  /// Puts the same members in `order` (which must hold exactly them).
  func reorder(_ order: [ManagedObject]) {
    reorder(order.map(ObjectReference.init))
  }

  /// Puts the same members in `order` (which must hold exactly them).
  func reorder(_ order: [ObjectReference]) {
    references = order
  }
}
