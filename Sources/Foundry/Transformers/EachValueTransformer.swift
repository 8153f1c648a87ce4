import FoundryJSON

/// Reads an object into a dictionary by passing every member's value through another
/// transformer (MoltenCore's transformed dictionaries). Keys convert as in plain dictionaries
/// (``MappingKey``: `String`, `Int`, enums).
///
/// In lossy mode a bad member is dropped and reported; otherwise the first bad one fails with
/// its key in the path. Writing orders members by key.
///
/// ```swift
/// deadlines = try object.decode(at: 0, using: .eachValue(.iso8601))
/// // {"draft": "2024-03-01", "final": "2024-04-01"} → ["draft": Date, "final": Date]
/// ```
public struct EachValueTransformer<Key: MappingKey, Element: MappingTransformer>: MappingTransformer {
  /// The transformer applied to every member's value.
  public let element: Element

  /// A transformer applying `element` to every member's value.
  ///
  /// ```swift
  /// let stamps = EachValueTransformer<String, DateTransformer>(element: .secondsSince1970)
  /// ```
  /// - Parameters:
  ///   - element: The transformer of each value.
  public init(element: Element) { self.element = element }

  /// Reads the members.
  ///
  /// - Parameters:
  ///   - value: The document value to read.
  /// - Throws: ``MappingError`` for a non-object, or (outside lossy mode) a bad key or value.
  /// - Complexity: O(n) in the number of members.
  public func read(from value: ValueReader) throws -> [Key: Element.Value] {
    let members = try value.members()
    var result: [Key: Element.Value] = [:]
    result.reserveCapacity(members.count)
    for (name, member) in members {
      guard let key = Key(mappingKey: name) else {
        let error = MappingError(code: .invalidValue, expected: "\(Key.self) key", found: "key \"\(name)\"", offset: member.jsonNode.byteOffset)
        try CollectionReading.fail(error, at: .key(name), in: member.context)
        continue
      }
      if let decoded = try CollectionReading.read(using: element, from: member, at: .key(name)) {
        result[key] = decoded
      }
    }
    return result
  }

  /// Writes an object, members sorted by key, values through the element transformer.
  /// - Parameters:
  ///   - values: The dictionary.
  ///   - writer: The writer of the value's place in the output.
  public func write(_ values: [Key: Element.Value], to writer: inout ValueWriter) throws {
    let sorted = values.sorted { $0.key.mappingKey < $1.key.mappingKey }
    try writer.writeObject(sorted) { member, writer in
      try element.write(member.value, to: &writer)
      return member.key.mappingKey
    }
  }
}

extension MappingTransformer {
  /// Every value of an object through `element`; the key type comes from the field.
  ///
  /// ```swift
  /// var deadlines: [String: Date]
  /// deadlines = try object.decode(at: 0, using: .eachValue(.iso8601))
  /// ```
  /// - Parameters:
  ///   - element: The transformer of each value.
  public static func eachValue<K: MappingKey, T: MappingTransformer>(_ element: T) -> EachValueTransformer<K, T>
  where Self == EachValueTransformer<K, T> {
    EachValueTransformer(element: element)
  }

  /// Every value of a dictionary keyed by `keys` through `element`; spelling the key type lets
  /// the expression stand where nothing else gives it away (a macro argument).
  ///
  /// ```swift
  /// @Key("stamps", .eachValue(.secondsSince1970, keyedBy: String.self)) var stamps: [String: Date]
  /// ```
  /// - Parameters:
  ///   - element: The transformer of each value.
  ///   - keys: The key type (`String.self`), when nothing else gives it away.
  public static func eachValue<K: MappingKey, T: MappingTransformer>(_ element: T, keyedBy keys: K.Type) -> EachValueTransformer<K, T>
  where Self == EachValueTransformer<K, T> {
    EachValueTransformer(element: element)
  }
}
