/// Reads a field typed by a protocol (or a class) through a table of model types, chosen by a
/// discriminator member of the payload: `{"kind": "circle", "radius": 2}` is a `Circle`.
///
/// The models are ``Mappable`` types conforming to the field's type. Writing finds the value's
/// own type in the table and writes its fields with the discriminator first. An unknown name
/// is an error whose path ends at the discriminator, which lossy decoding reports where it
/// drops or defaults the value.
///
/// ```swift
/// protocol Shape {}
/// @Mappable struct Circle: Shape { var radius: Double }
/// @Mappable struct Square: Shape { var side: Double }
///
/// @Mappable struct Drawing {
///   @Key("shape", .variants(of: (any Shape).self, discriminator: "kind", ["circle": Circle.self, "square": Square.self]))
///   var shape: any Shape
///   @Key("more", .each(.variants(of: (any Shape).self, discriminator: "kind", ["circle": Circle.self])))
///   var more: [any Shape] = []
/// }
/// ```
///
/// As in every `@Key` argument, spell the types in full (`Outer.Circle.self`) and name the
/// field's type with `of:`: the generated schema sees the expression without the property.
public struct VariantTableTransformer<Value>: MappingTransformer, @unchecked Sendable {
  // @unchecked: metatypes are immutable; the table never changes after init.

  /// The payload member that names the type.
  public let discriminator: String
  /// The names and their model types, in the order given.
  private let types: [(name: String, type: any Mappable.Type)]

  /// A table of model types by the names payloads give them.
  ///
  /// ```swift
  /// let shapes = VariantTableTransformer<any Shape>(discriminator: "kind", ["circle": Circle.self])
  /// ```
  /// - Parameters:
  ///   - discriminator: The payload member that names the type.
  ///   - types: Each name and its model type, which must be a `Value`.
  public init(discriminator: String, _ types: KeyValuePairs<String, any Mappable.Type>) {
    self.discriminator = discriminator
    self.types = types.map { ($0.key, $0.value) }
  }

  /// Reads the model the discriminator names.
  ///
  /// - Parameters:
  ///   - value: The document value to read.
  /// - Throws: ``MappingError`` for a missing or unknown name, a bad payload, or a table
  ///   type that is not a `Value`.
  public func read(from value: ValueReader) throws -> Value {
    let variant = try VariantReader(value, discriminator: discriminator)
    guard let entry = types.first(where: { $0.name == variant.tag }) else {
      throw variant.unknownTag(expected: types.map(\.name))
    }
    let model = try Self.payload(of: entry.type, in: variant)
    guard let typed = model as? Value else {
      throw value.invalid(expected: "\(Value.self)", reason: "the table maps \"\(entry.name)\" to \(entry.type), which is not a \(Value.self)")
    }
    return typed
  }

  /// Writes the value's fields with its name in the discriminator member.
  ///
  /// - Parameters:
  ///   - value: The value to write.
  ///   - writer: The writer of the value's place in the output.
  /// - Throws: ``MappingError`` when the value's type is not in the table.
  public func write(_ value: Value, to writer: inout ValueWriter) throws {
    guard let model = value as? any Mappable,
      let entry = types.first(where: { $0.type == type(of: model) })
    else {
      throw MappingError(
        code: .invalidValue, expected: types.map { "\($0.type)" }.joined(separator: " or "), found: "\(type(of: value))", reason: "the type is not in the variant table")
    }
    try writer.writeVariant(model, discriminator: discriminator, tag: entry.name)
  }

  private static func payload<T: Mappable>(of type: T.Type, in variant: VariantReader) throws -> any Mappable {
    try variant.payload(type)
  }
}

extension MappingTransformer {
  /// A field typed by a protocol, read as the model type its payload's `discriminator` names.
  ///
  /// ```swift
  /// shape = try object.decode(at: 0, using: .variants(discriminator: "kind", ["circle": Circle.self]))
  /// ```
  /// - Parameters:
  ///   - discriminator: The payload member that names the type.
  ///   - types: Each name and the model type it stands for.
  public static func variants<V>(discriminator: String, _ types: KeyValuePairs<String, any Mappable.Type>) -> VariantTableTransformer<V>
  where Self == VariantTableTransformer<V> {
    VariantTableTransformer(discriminator: discriminator, types)
  }

  /// ``variants(discriminator:_:)`` naming the field's type, for `@Key` arguments.
  ///
  /// ```swift
  /// @Key("shape", .variants(of: (any Shape).self, discriminator: "kind", ["circle": Circle.self]))
  /// var shape: any Shape
  /// ```
  /// - Parameters:
  ///   - type: The field's type (`(any Shape).self`).
  ///   - discriminator: The payload member that names the type.
  ///   - types: Each name and the model type it stands for.
  public static func variants<V>(of type: V.Type, discriminator: String, _ types: KeyValuePairs<String, any Mappable.Type>)
    -> VariantTableTransformer<V>
  where Self == VariantTableTransformer<V> {
    VariantTableTransformer(discriminator: discriminator, types)
  }
}
