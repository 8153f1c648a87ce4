/// An object's relationships by slot (``EntityDescription/relationships``): the first four
/// held in the object itself, any others in an array. Most entities have at most four
/// relationships, so making an object allocates no array for them (an import of a catalog
/// makes thousands of objects).
///
/// ```swift
/// var related = RelatedSlots(repeating: .none, count: entity.relationships.count)
/// related[2] = .one(ObjectReference(performance))
/// ```
struct RelatedSlots {
  private var inline: (RelatedObjects, RelatedObjects, RelatedObjects, RelatedObjects)
  /// Slots from ``inlineCount`` on.
  private var overflow: [RelatedObjects]
  /// The number of slots.
  let count: Int
  private static let inlineCount = 4

  /// `count` slots holding `value`.
  init(repeating value: RelatedObjects, count: Int) {
    inline = (value, value, value, value)
    overflow = count > Self.inlineCount ? Array(repeating: value, count: count - Self.inlineCount) : []
    self.count = count
  }

  var indices: Range<Int> { 0..<count }

  /// The relationship in `slot`, which must be one of ``indices``.
  subscript(slot: Int) -> RelatedObjects {
    @inline(__always) get {
      switch slot {
      case 0: inline.0
      case 1: inline.1
      case 2: inline.2
      case 3: inline.3
      default: overflow[slot - Self.inlineCount]
      }
    }
    // A setter, not a `_modify` coroutine: where the compiler does not inline a coroutine, it
    // allocates the coroutine's frame on the heap, once per link an import makes.
    @inline(__always) set {
      switch slot {
      case 0: inline.0 = newValue
      case 1: inline.1 = newValue
      case 2: inline.2 = newValue
      case 3: inline.3 = newValue
      default: overflow[slot - Self.inlineCount] = newValue
      }
    }
  }

  /// Whether every slot is a fault (an object fetched from a store, none loaded yet).
  var areAllFaults: Bool {
    indices.allSatisfy { slot in
      if case .fault = self[slot] { true } else { false }
    }
  }
}
