import Observation

/// A managed object is observable through its typed views: an `@Entity` class's getters
/// report what they read, and every change to the object's values or relationships (through
/// any view, the string-keyed API, an import, a rollback, a refresh from a store, a fault
/// loaded) is reported to the readers.
///
/// ```swift
/// withObservationTracking {
///   print(book.title)                     // a view's getter: tracked
/// } onChange: {
///   print("the title changed")
/// }
/// try book.managedObject.setValue("Emma", forKey: "title")   // prints "the title changed"
/// ```
///
/// The registrar is made the first time a typed view reads the object, so that graph imports
/// of objects nobody observes pay only a check for `nil` per change.
extension ManagedObject: Observable {}

/// An object's registrar, boxed: `ObservationRegistrar` comes from a module built for library
/// evolution, so its size is known only at run time. Stored in `ManagedObject` directly it made
/// the class's layout dynamic and every `nil` check a call (graph.import slowed: the
/// Performance article); a
/// class reference keeps the layout fixed and the check a comparison with zero.
final class ObservationBox {
  let registrar = ObservationRegistrar()
}

extension ManagedObject {
  /// What the key path of a slot reads: the slot itself (the value is never used; the key
  /// path only names the slot to the registrar). Relationship slots follow the attribute slots.
  subscript(observedSlot slot: Int) -> Int { slot }

  // MARK: - Reading

  /// Reports a typed view's read of attribute `slot`, making the registrar on first use.
  func observeAccess(attribute slot: Int) {
    registrar().access(self, keyPath: entity.observedKeyPaths[slot])
  }

  /// Reports a typed view's read of relationship `slot`, making the registrar on first use.
  func observeAccess(relationship slot: Int) {
    registrar().access(self, keyPath: entity.observedKeyPaths[entity.attributes.count + slot])
  }

  private func registrar() -> ObservationRegistrar {
    if let observation { return observation.registrar }
    let made = ObservationBox()
    observation = made
    return made.registrar
  }

  // MARK: - Changing

  /// Tells the readers of attribute `slot` it is about to change (when anyone ever read it).
  @inline(__always)
  func willChange(attribute slot: Int) {
    if let observation { observation.registrar.willSet(self, keyPath: entity.observedKeyPaths[slot]) }
  }

  /// Tells the readers of attribute `slot` it changed.
  @inline(__always)
  func didChange(attribute slot: Int) {
    if let observation { observation.registrar.didSet(self, keyPath: entity.observedKeyPaths[slot]) }
  }

  /// Tells the readers of relationship `slot` it is about to change.
  @inline(__always)
  func willChange(relationship slot: Int) {
    if let observation { observation.registrar.willSet(self, keyPath: entity.observedKeyPaths[entity.attributes.count + slot]) }
  }

  /// Tells the readers of relationship `slot` it changed.
  @inline(__always)
  func didChange(relationship slot: Int) {
    if let observation { observation.registrar.didSet(self, keyPath: entity.observedKeyPaths[entity.attributes.count + slot]) }
  }

  /// Puts `value` in attribute `slot` without bookkeeping, telling the readers when it differs.
  func replaceValue(_ value: GraphValue?, at slot: Int) {
    guard observation != nil else { return values[slot] = value }
    guard values[slot] != value else { return }
    willChange(attribute: slot)
    values[slot] = value
    didChange(attribute: slot)
  }

  /// Puts `objects` in relationship `slot` without bookkeeping or inverses, telling the readers.
  func replaceRelated(_ objects: RelatedObjects, at slot: Int) {
    guard observation != nil else { return related[slot] = objects }
    willChange(relationship: slot)
    related[slot] = objects
    didChange(relationship: slot)
  }
}
