/// A reference from one object to another inside a graph: unowned, so linking costs no
/// reference counting and inverse pairs make no reference cycles.
///
/// Safe because the graph keeps alive every object a relationship can reach: its live objects,
/// and deleted objects other objects may still point at (a "no action" delete rule, or a
/// relationship without an inverse). When the graph goes away it empties the relationships of
/// the objects that outlive it (ARCHITECTURE.md, Invariants: "Graph references").
struct ObjectReference {
  private let unmanaged: Unmanaged<ManagedObject>

  init(_ object: ManagedObject) { unmanaged = .passUnretained(object) }

  /// A reference to an object someone else keeps alive.
  init(_ unmanaged: Unmanaged<ManagedObject>) { self.unmanaged = unmanaged }

  /// The object, as a strong reference.
  var object: ManagedObject { unmanaged.takeUnretainedValue() }

  /// Runs `body` on the object without retaining it (the graph keeps it alive).
  func withObject<R>(_ body: (ManagedObject) throws -> R) rethrows -> R { try unmanaged._withUnsafeGuaranteedRef(body) }

  // Addresses alone: `passUnretained` retains nothing and nothing is read through either pointer.
  /// Whether this refers to `object`.
  func refers(to object: ManagedObject) -> Bool { unmanaged.toOpaque() == Unmanaged.passUnretained(object).toOpaque() }

  /// The object's identity, without retaining it.
  var id: ObjectIdentifier { ObjectIdentifier(unmanaged.takeUnretainedValue()) }
}
