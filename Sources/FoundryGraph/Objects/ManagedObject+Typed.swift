import Foundry
import FoundryJSON

extension ManagedObject {
  /// The value of attribute `key` as a Swift type: a ``GraphValueConvertible`` scalar, or the
  /// typed value a ``GraphValue/custom(_:)`` attribute holds. `nil` when there is no value.
  ///
  /// ```swift
  /// let name = try author.value(String.self, forKey: "name")
  /// let assignments = try order.value([Assignment].self, forKey: "assignments") ?? []
  /// ```
  /// - Parameters:
  ///   - type: The Swift type to read the value as.
  ///   - key: The attribute's name.
  /// - Throws: ``GraphError`` `unknownAttribute`, or `typeMismatch` when the value is of another type.
  public func value<T>(_ type: T.Type = T.self, forKey key: String) throws(GraphError) -> T? {
    guard let value = try value(forKey: key) else { return nil }
    if let convertible = T.self as? any GraphValueConvertible.Type, let typed = convertible.init(graphValue: value) as? T {
      return typed
    }
    if let typed = value.base as? T { return typed }
    throw GraphError(.typeMismatch, at: "\(entity.name).\(key)", "holds \(value), not a \(T.self)")
  }

  /// Sets attribute `key` from a Swift value; an equal value changes nothing.
  ///
  /// ```swift
  /// try author.setValue("Ada", forKey: "name")
  /// try order.setValue(assignments, forKey: "assignments")   // a .value(GraphValueType([Assignment].self)) attribute
  /// ```
  /// - Parameters:
  ///   - value: The new value; `nil` clears the attribute.
  ///   - key: The attribute's name.
  /// - Throws: ``GraphError`` `unknownAttribute` or `typeMismatch`.
  public func setValue<T: Sendable>(_ value: T?, forKey key: String) throws(GraphError) {
    let slot = try attributeSlot(key)
    guard let value else { return try setValue(nil, at: slot) }
    guard let wrapped = GraphValue.wrapping(value, for: entity.attributes[slot].type) else {
      throw GraphError(.typeMismatch, at: "\(entity.name).\(key)", "a \(T.self) is not a graph value (make it Equatable and Sendable)")
    }
    try setValue(wrapped, at: slot)
  }
}

extension GraphValue {
  /// A Swift value as a graph value for an attribute of `type`, or `nil` for a value that is
  /// not equatable.
  static func wrapping(_ value: Any, for type: AttributeType) -> GraphValue? {
    if let graphValue = value as? GraphValue { return graphValue }
    if let json = value as? JSONValue { return .json(json) }
    if let convertible = value as? any GraphValueConvertible { return convertible.graphValue }
    if case .value(let valueType) = type { return .custom(CustomGraphValue(value, type: valueType)) }
    guard let equatable = value as? any Equatable else { return nil }
    return .custom(CustomGraphValue(value, type: GraphValueType(opaque: equatable)))
  }
}

extension GraphValueType {
  /// The description of an equatable type known only at run time (what a named transformer
  /// produced): values compare; a mappable one writes itself as its own JSON, any other only
  /// through its transformer.
  init<T: Equatable>(opaque value: T) {
    let name = "\(T.self)"
    self.init(name: name, typeID: ObjectIdentifier(T.self), box: { value, type in Self.openedBox(value, type) }) { value, _, _ in
      throw value.mismatch(expected: name)
    } write: { value, writer in
      // A mappable value (the `[String]` of `split:,`) writes itself as its own JSON.
      guard let mappable = value as? any MappableValue else {
        throw MappingError(code: .invalidValue, reason: "no transformer writes \(name) values back")
      }
      try mappable.write(to: &writer)
    }
  }

  private static func openedBox(_ value: Any, _ type: GraphValueType) -> (any ValueBox)? {
    guard let equatable = value as? any Equatable else { return nil }
    return box(equatable, type)
  }

  private static func box<E: Equatable>(_ value: E, _ type: GraphValueType) -> any ValueBox { TypedValueBox(value, type: type) }
}
