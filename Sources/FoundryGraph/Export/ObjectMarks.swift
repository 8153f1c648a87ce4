/// A set of objects kept by object number: what an export asks of every object it meets
/// (written yet? written by the first pass?) without hashing it.
///
/// Object numbers are unique within a graph, so the marks belong to the graph of the first
/// object marked; an object of another graph (an export may be handed objects of several) is
/// kept by identity instead. Each number holds the generation it was marked in, so that
/// ``removeAll()`` is one increment, however many objects were marked: a listing clears its
/// marks once per listed object.
///
/// ```swift
/// var marks = ObjectMarks()
/// marks.insert(author)      // true: newly marked
/// marks.contains(author)    // true
/// marks.removeAll()
/// marks.contains(author)    // false
/// ```
struct ObjectMarks {
  /// The identity index of the graph whose object numbers `stamps` holds.
  private var graph: ObjectIdentifier?
  /// Per object number, the generation it was last marked in (0: never).
  private var stamps: [UInt32] = []
  private var generation: UInt32 = 1
  /// Objects of other graphs.
  private var others: Set<ObjectIdentifier> = []

  /// Whether no object is marked.
  private(set) var isEmpty = true

  /// Whether `object` is marked.
  func contains(_ object: ManagedObject) -> Bool {
    guard ObjectIdentifier(object.index) == graph else { return others.contains(ObjectIdentifier(object)) }
    let number = object.objectNumber
    return number < stamps.count && stamps[number] == generation
  }

  /// Marks `object`.
  /// - Returns: Whether it was not marked before.
  @discardableResult
  mutating func insert(_ object: ManagedObject) -> Bool {
    isEmpty = false
    let owner = ObjectIdentifier(object.index)
    if graph == nil { graph = owner }
    guard owner == graph else { return others.insert(ObjectIdentifier(object)).inserted }
    let number = object.objectNumber
    if number >= stamps.count { stamps.append(contentsOf: repeatElement(0, count: max(number + 1, stamps.count * 2) - stamps.count)) }
    guard stamps[number] != generation else { return false }
    stamps[number] = generation
    return true
  }

  /// Unmarks every object, keeping the room made for them.
  mutating func removeAll() {
    isEmpty = true
    others = []
    if generation == .max {
      stamps = Array(repeating: 0, count: stamps.count)
      generation = 1
    } else {
      generation += 1
    }
  }
}
