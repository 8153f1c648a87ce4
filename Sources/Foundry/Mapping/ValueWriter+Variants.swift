import FoundryJSON

extension ValueWriter {
  /// Writes a variant enum's case as its payload object with the case's name in member
  /// `key` first (in XML, the attribute `key`): the shape ``VariantReader/init(_:discriminator:)``
  /// reads.
  ///
  /// ```swift
  /// case .image(let image): try writer.writeVariant(image, discriminator: "type", tag: "image")
  /// // {"type": "image", "url": "a.png"}
  /// ```
  /// - Parameters:
  ///   - payload: The case's payload model.
  ///   - key: The discriminator member (`type`).
  ///   - tag: The case's name as written.
  /// - Throws: ``MappingError`` when the payload does not write an object.
  public mutating func writeVariant<T: MappableValue>(_ payload: T, discriminator key: String, tag: String) throws {
    var inner = ValueWriter(context: context)
    try payload.write(to: &inner)
    guard case .object(let members) = inner.tree else {
      throw MappingError(code: .invalidValue, expected: "an object", found: "\(T.self)", reason: "a discriminated case's payload must write an object")
    }
    write(JSONValue.object(discriminated(members, key: key, tag: tag)))
  }

  /// Writes a variant enum's case that carries no payload: an object holding only the
  /// discriminator.
  ///
  /// ```swift
  /// case .deleted: writer.writeVariant(discriminator: "type", tag: "deleted")   // {"type": "deleted"}
  /// ```
  /// - Parameters:
  ///   - key: The discriminator member (`type`).
  ///   - tag: The case's name as written.
  public mutating func writeVariant(discriminator key: String, tag: String) {
    write(JSONValue.object(discriminated(JSONObject(), key: key, tag: tag)))
  }

  /// Writes a variant enum's case wrapped in an object whose one key names it.
  ///
  /// ```swift
  /// case .image(let image): try writer.writeVariant(image, wrappedIn: "image")
  /// // {"image": {"url": "a.png"}}
  /// ```
  /// - Parameters:
  ///   - payload: The case's payload.
  ///   - tag: The case's name as written.
  public mutating func writeVariant<T: MappableValue>(_ payload: T, wrappedIn tag: String) throws {
    try writeObject(CollectionOfOne(payload), key: { _ in tag }, value: { payload, writer in try payload.write(to: &writer) })
  }

  /// Writes a variant enum's case that carries no payload, wrapped: `{"cleared": {}}`.
  ///
  /// ```swift
  /// case .cleared: writer.writeVariant(wrappedIn: "cleared")
  /// ```
  /// - Parameters:
  ///   - tag: The case's name as written.
  public mutating func writeVariant(wrappedIn tag: String) {
    var object = JSONObject()
    object[tag] = .object(JSONObject())
    write(JSONValue.object(object))
  }

  /// `members` after the discriminator, which comes first (an attribute in XML), replacing a
  /// member of the same name.
  private func discriminated(_ members: JSONObject, key: String, tag: String) -> JSONObject {
    var object = JSONObject()
    object[context.producesMarkup ? "@" + key : key] = .string(tag)
    for (name, value) in members where name != key { object[name] = value }
    return object
  }
}
