extension ManagedObject {
  /// Every rule the object breaks: required attributes and to-one relationships without a
  /// value, values outside their attribute's ``AttributeRules``, to-many relationships
  /// outside their counts.
  ///
  /// ```swift
  /// for error in author.validationErrors() { print(error) }
  /// // error: Author.name: required attribute has no value
  /// ```
  /// An object with an identity is named: `required attribute has no value (Author 5)`, so
  /// that one a payload named by identity alone (`"author_id": 5`) and none filled is found.
  public func validationErrors() -> [GraphError] {
    var errors: [GraphError] = []
    for (slot, attribute) in entity.attributes.enumerated() where !attribute.isOptional && values[slot] == nil {
      let named = identityKey.map { " (\(entity.name) \($0.display))" } ?? ""
      errors.append(GraphError(.missingValue, at: "\(entity.name).\(attribute.name)", "required attribute has no value" + named))
    }
    for (slot, attribute) in entity.attributes.enumerated() where !attribute.rules.isEmpty {
      guard let value = values[slot] else { continue }
      for problem in attribute.rules.violations(of: value) {
        errors.append(GraphError(.invalidValue, at: "\(entity.name).\(attribute.name)", problem))
      }
    }
    for (slot, relationship) in entity.relationships.enumerated() {
      // A relationship still in the store was valid when saved and has not changed since.
      if case .fault = related[slot] { continue }
      // Links added to a partial slot cannot break a minimum; a maximum needs every member.
      if !partialSlots.isEmpty, partialSlots.contains(slot), relationship.maxCount == 0 { continue }
      let count = loaded(slot).count
      if !relationship.isToMany {
        if !relationship.isOptional, count == 0 {
          errors.append(GraphError(.missingValue, at: "\(entity.name).\(relationship.name)", "required relationship has no object"))
        }
      } else if count < relationship.minCount || (relationship.maxCount > 0 && count > relationship.maxCount) {
        let range = relationship.maxCount > 0 ? "\(relationship.minCount)...\(relationship.maxCount)" : "at least \(relationship.minCount)"
        errors.append(GraphError(.countOutOfRange, at: "\(entity.name).\(relationship.name)", "holds \(count) object\(count == 1 ? "" : "s"), expected \(range)"))
      }
    }
    return errors
  }

  /// Checks the object's rules.
  ///
  /// ```swift
  /// try author.validate()
  /// ```
  /// - Throws: The first of ``validationErrors()``.
  public func validate() throws(GraphError) {
    if let first = validationErrors().first { throw first }
  }
}
