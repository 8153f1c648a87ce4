/// An object's attribute values by slot (``EntityDescription/attributes``), `nil` for no
/// value: one allocation holding the values themselves, copied on write.
///
/// What an array of them would cost is the reason it exists: an import makes thousands of
/// objects, and an array of enums is made through the standard library's generic paths
/// (reserving room copies through the runtime) and torn down one value at a time through the
/// runtime's value witnesses. Here both are plain loops the compiler specializes.
///
/// ```swift
/// var values = AttributeValues(entity.defaultValues)
/// values[0] = .integer(106)
/// values[0]   // .integer(106)
/// ```
package struct AttributeValues {
  private var storage: AttributeValueStorage

  /// The values of `values`, in order.
  init(_ values: some Collection<GraphValue?>) {
    storage = .make(values)
  }

  /// `count` values, slot after slot, each as `value` gives it: what a store's row decodes
  /// into, with no array in between.
  package init(count: Int, _ value: (_ slot: Int) -> GraphValue?) {
    storage = .make(count: count, value)
  }

  /// No values: what an object whose values wait in its stored row holds (shared, never written).
  static var none: AttributeValues { AttributeValues(storage: .empty) }

  private init(storage: AttributeValueStorage) { self.storage = storage }

  /// The number of slots.
  var count: Int { storage.count }

  /// The value in `slot`, which must be less than ``count``.
  subscript(slot: Int) -> GraphValue? {
    @inline(__always) get { storage.value(at: slot) }
    @inline(__always) set {
      if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
      storage.setValue(newValue, at: slot)
    }
  }
}

/// The allocation behind ``AttributeValues``: its count, then the values.
final class AttributeValueStorage: ManagedBuffer<Int, GraphValue?> {
  /// The storage of no values, shared by every object still reading its stored row. Never
  /// written: it holds no slot, and a write to a shared storage copies it first.
  nonisolated(unsafe) static let empty = make(EmptyCollection())

  /// A storage holding `values`, in order.
  static func make(_ values: some Collection<GraphValue?>) -> AttributeValueStorage {
    let count = values.count
    let storage = unsafeDowncast(create(minimumCapacity: count) { _ in 0 }, to: AttributeValueStorage.self)
    let elements = storage.elements
    var initialized = 0
    for value in values where initialized < count {
      (elements + initialized).initialize(to: value)
      initialized += 1
    }
    storage.withUnsafeMutablePointerToHeader { $0.pointee = initialized }
    return storage
  }

  /// A storage of `count` values, each as `value` gives it for its slot.
  static func make(count: Int, _ value: (Int) -> GraphValue?) -> AttributeValueStorage {
    let storage = unsafeDowncast(create(minimumCapacity: count) { _ in 0 }, to: AttributeValueStorage.self)
    let elements = storage.elements
    for slot in 0..<count { (elements + slot).initialize(to: value(slot)) }
    storage.withUnsafeMutablePointerToHeader { $0.pointee = count }
    return storage
  }

  /// A storage holding the same values.
  func copy() -> AttributeValueStorage {
    .make(UnsafeBufferPointer(start: elements, count: count))
  }

  // By pointer, as `ObjectList` does: through `header` each access is checked for exclusivity.
  private var elements: UnsafeMutablePointer<GraphValue?> { withUnsafeMutablePointerToElements { $0 } }

  var count: Int { withUnsafeMutablePointerToHeader { $0.pointee } }

  @inline(__always)
  func value(at slot: Int) -> GraphValue? {
    precondition(UInt(bitPattern: slot) < UInt(bitPattern: count), "attribute slot out of range")
    return elements[slot]
  }

  @inline(__always)
  func setValue(_ value: GraphValue?, at slot: Int) {
    precondition(UInt(bitPattern: slot) < UInt(bitPattern: count), "attribute slot out of range")
    elements[slot] = value
  }

  deinit {
    // One value at a time, moved out and dropped: specialized code, where deinitializing the
    // whole run would go through the runtime's value witnesses.
    let elements = elements
    for slot in 0..<count { _ = (elements + slot).move() }
  }
}
