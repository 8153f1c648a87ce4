import FoundryJSON

extension ObjectReader {
  /// Reads field `field` into `value` again: the code `update(from:)` generates for a
  /// required field.
  ///
  /// ```swift
  /// if object.contains(1) { try object.update(&self.views, at: 1) }
  /// ```
  /// - Parameters:
  ///   - value: The property to read the field into.
  ///   - field: The field's position in the type's ``MappingSchema``.
  @inlinable
  public mutating func update<T: MappableValue>(_ value: inout T, at field: Int) throws {
    value = try decode(T.self, at: field)
  }

  /// Updates the model in field `field` in place: its own fields present in the payload
  /// change, the others keep their values (a nested model merges instead of being replaced).
  /// - Parameters:
  ///   - value: The nested model to update in place.
  ///   - field: The field's position in the type's ``MappingSchema``.
  public mutating func update<T: Mappable>(_ value: inout T, at field: Int) throws {
    guard let reader = self.value(at: field, emptyStringIsNil: false) else { throw missing(field, typeName: "\(T.self)") }
    let current = value
    value = try read(field, reader) { reader in
      var updated = current
      try T.update(&updated, from: reader)
      return updated
    }
  }

  /// Adds the members no field maps to an `@UnknownKeys` bag, replacing members of the same
  /// name: an update keeps the unknown members it had and learns new ones.
  ///
  /// ```swift
  /// object.mergeUnknownMembers(into: &self.extra)
  /// ```
  /// - Parameters:
  ///   - bag: The `@UnknownKeys` property.
  public func mergeUnknownMembers(into bag: inout JSONObject) {
    for (key, value) in unknownMembers() { bag[key] = value }
  }
}
