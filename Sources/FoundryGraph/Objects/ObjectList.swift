/// The objects of a to-many relationship, in order, with a membership index built the first
/// time a long list is searched (a list only appended to, such as the inverse side of links
/// made from the other side, never pays for it). A class, so an object changes its list in place.
final class ObjectList {
  private(set) var objects: [ManagedObject] = []
  private var members: Set<ObjectIdentifier>?
  private static let indexThreshold = 16

  /// An empty list.
  init() {}

  /// A list of `objects`, which must be distinct.
  init(_ objects: [ManagedObject]) { self.objects = objects }

  var count: Int { objects.count }

  func contains(_ object: ManagedObject) -> Bool {
    if let members { return members.contains(ObjectIdentifier(object)) }
    guard objects.count > Self.indexThreshold else { return objects.contains { $0 === object } }
    let index = Set(objects.map(ObjectIdentifier.init))
    members = index
    return index.contains(ObjectIdentifier(object))
  }

  /// Appends `object`, which must not be in the list.
  func append(_ object: ManagedObject) {
    objects.append(object)
    members?.insert(ObjectIdentifier(object))
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
