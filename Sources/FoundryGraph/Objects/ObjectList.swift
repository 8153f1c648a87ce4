/// The objects of a to-many relationship, in order, with a membership index once the list is
/// long enough for linear search to cost more than hashing. A class, so an object changes its
/// list in place.
final class ObjectList {
  private(set) var objects: [ManagedObject] = []
  private var members: Set<ObjectIdentifier>?
  private static let indexThreshold = 16

  var count: Int { objects.count }

  func contains(_ object: ManagedObject) -> Bool {
    if let members { return members.contains(ObjectIdentifier(object)) }
    return objects.contains { $0 === object }
  }

  /// Appends `object`, which must not be in the list.
  func append(_ object: ManagedObject) {
    objects.append(object)
    if members != nil {
      members?.insert(ObjectIdentifier(object))
    } else if objects.count > Self.indexThreshold {
      members = Set(objects.map(ObjectIdentifier.init))
    }
  }

  /// Removes `object`. - Returns: Whether it was there.
  func remove(_ object: ManagedObject) -> Bool {
    guard contains(object), let position = objects.firstIndex(where: { $0 === object }) else { return false }
    objects.remove(at: position)
    members?.remove(ObjectIdentifier(object))
    return true
  }

  /// Puts the same members in `order` (which must hold exactly them).
  func reorder(_ order: [ManagedObject]) {
    objects = order
  }
}
