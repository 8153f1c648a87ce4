import FoundryGraph

/// The object-graph schema `foundry generate --from-sample --graph` makes of a ``SampleModel``:
/// an entity per record type, attributes for its scalar fields, relationships for its nested
/// records, with inverses and identity guessed from `id` keys.
///
/// ```swift
/// let schema = try SampleGraphSchema(model: model).makeSchema()
/// print(EntitySourceGenerator(schema: schema, modelName: "orders.json").makeSource())
/// ```
///
/// - Identity: the field keyed `id`, else `<type>_id` / `<type>Id`, when it is an integer or a
///   string; none otherwise (such objects are owned by their parent).
/// - A nested record is a to-one relationship, an array of records a to-many one, a
///   dictionary of records a to-many one keyed by a `key` attribute added to the destination.
/// - The inverse, on the destination, is named after the source type (`order`, or `orders`
///   when to-many): to-many when the destination has an identity (many sources can share one
///   object), to-one otherwise; objects without identity are deleted with their owner.
/// - Enums are strings; dates keep their transformer by name (`iso8601`, `epoch-ms`,
///   `dates:iso8601|rfc1123`); arrays of
///   scalars and values whose type varies are transformable (JSON).
struct SampleGraphSchema {
  let model: SampleModel
  private var entities: [Entity] = []
  private var positions: [String: Int] = [:]

  init(model: SampleModel) {
    self.model = model
  }

  /// The schema.
  ///
  /// - Throws: `GraphError` when the guessed schema does not resolve.
  func makeSchema() throws -> Schema {
    var builder = self
    builder.build()
    return try Schema(builder.entities)
  }

  // MARK: - Building

  private var recordTypes: [(name: String, fields: [ModelField])] {
    model.types.compactMap { type in
      if case .record(let fields, _, _) = type.kind { return (type.name, fields) }
      return nil
    }
  }

  private mutating func build() {
    let records = recordTypes
    for (index, record) in records.enumerated() {
      positions[record.name] = index
      entities.append(Entity(record.name, identity: Self.identity(of: record).map { [$0] } ?? []))
    }
    for record in records {
      for field in record.fields { add(field, to: record.name) }
    }
  }

  /// The identity attribute of a record: `id`, else `<type>ID`, when it is an integer or a string.
  private static func identity(of record: (name: String, fields: [ModelField])) -> String? {
    let candidates = ["id", SampleNames.propertyName(forKey: record.name + "_id")]
    for candidate in candidates {
      if let field = record.fields.first(where: { $0.name == candidate }), field.type == .int || field.type == .string, !field.isOptional {
        return candidate
      }
    }
    return nil
  }

  private mutating func add(_ field: ModelField, to owner: String) {
    guard let index = positions[owner] else { return }
    let name = EnumBuilder.bare(field.name)
    let keyPath = field.key == name ? nil : field.key
    switch field.type {
    case .named(let destination) where positions[destination] != nil:
      link(owner, name, to: destination, toMany: false, keyPath: keyPath, keyedBy: nil)
    case .array(.named(let destination)) where positions[destination] != nil:
      link(owner, name, to: destination, toMany: true, keyPath: keyPath, keyedBy: nil)
    case .dictionary(.named(let destination)) where positions[destination] != nil:
      if let target = positions[destination], !entities[target].attributes.contains(where: { $0.name == "key" }) {
        entities[target].attributes.append(Attribute("key", .string, optional: true))
      }
      link(owner, name, to: destination, toMany: true, keyPath: keyPath, keyedBy: "key")
    default:
      let (type, transformer) = Self.attributeType(of: field)
      let isOptional = field.isOptional || field.defaultValue != nil
      entities[index].attributes.append(Attribute(name, type, optional: isOptional, keyPath: keyPath, transformer: transformer))
    }
  }

  /// A relationship and its inverse on the destination.
  private mutating func link(_ owner: String, _ name: String, to destination: String, toMany: Bool, keyPath: String?, keyedBy: String?) {
    guard let source = positions[owner], let target = positions[destination] else { return }
    let isShared = !entities[target].identity.isEmpty
    let inverseIsToMany = isShared
    // The schema's name, not the Swift spelling: `class`, not `` `class` ``.
    var inverse = EnumBuilder.bare(SampleNames.propertyName(forKey: inverseIsToMany ? Self.plural(owner) : owner))
    let taken = Set(entities[target].attributes.map(\.name) + entities[target].relationships.map(\.name))
    if taken.contains(inverse) || (owner == destination && inverse == name) { inverse += SampleNames.capitalized(name) }
    let deleteRule: DeleteRule = isShared ? .nullify : .cascade
    entities[source].relationships.append(
      Relationship(name, to: destination, toMany: toMany, inverse: inverse, deleteRule: deleteRule, keyPath: keyPath, keyedBy: keyedBy))
    entities[target].relationships.append(Relationship(inverse, to: owner, toMany: inverseIsToMany, inverse: name))
  }

  /// `Post` → `Posts`, `Category` → `Categories`, `Box` → `Boxes`; a name ending in `s` stays.
  static func plural(_ name: String) -> String {
    if name.hasSuffix("s") { return name }
    if name.hasSuffix("y"), let before = name.dropLast().last, !"aeiou".contains(before) { return name.dropLast() + "ies" }
    if name.hasSuffix("x") || name.hasSuffix("ch") || name.hasSuffix("sh") { return name + "es" }
    return name + "s"
  }

  /// The attribute type and transformer name for a scalar field.
  private static func attributeType(of field: ModelField) -> (AttributeType, String?) {
    switch field.type {
    case .bool: (.boolean, nil)
    case .int: (.integer64, nil)
    case .double: (.double, nil)
    case .string, .named: (.string, nil)
    case .url: (.uri, nil)
    case .date: (.date, field.transformer.flatMap(registryName(of:)))
    default: (.transformable, nil)
    }
  }

  /// The registry spec of a date transformer the inference wrote inline: `iso8601`, or
  /// `dates:iso8601|rfc1123` for `.date(oneOf: .iso8601, .rfc1123)`.
  static func registryName(of transformer: String) -> String? {
    if let name = transformerNames[transformer] { return name }
    let prefix = ".date(oneOf: "
    guard transformer.hasPrefix(prefix), transformer.hasSuffix(")") else { return nil }
    let names = transformer.dropFirst(prefix.count).dropLast().split(separator: ", ").map { transformerNames[String($0)] }
    guard !names.isEmpty, !names.contains(nil) else { return nil }
    return "dates:" + names.compactMap { $0 }.joined(separator: "|")
  }

  /// The registry names of the date transformers the inference writes inline.
  static let transformerNames = [
    ".iso8601": "iso8601", ".iso8601Date": "iso8601-date", ".rfc1123": "rfc1123", ".twitter": "twitter",
    ".secondsSince1970": "epoch-seconds", ".millisecondsSince1970": "epoch-ms",
  ]
}
