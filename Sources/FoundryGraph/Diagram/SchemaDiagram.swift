/// A picture of a schema: its entities (attributes with types, optional marks, identity, key
/// paths) and the links between them (relationships paired with their inverses, with
/// cardinalities and delete rules, and inheritance), written as Mermaid, Graphviz DOT or SVG.
///
/// ```swift
/// let diagram = SchemaDiagram(schema: try Schema(modelAt: url))
/// print(diagram.mermaid())   // classDiagram ... Author "1" -- "0..*" Book : books / author
/// print(diagram.dot())       // digraph Schema { ... }
/// let svg = diagram.svg()    // laid out by Foundry's own code, no Graphviz needed
/// ```
///
/// `foundry diagram --model MODEL` prints the same texts, and SVG through Graphviz's `dot`
/// when it is on the `PATH`.
public struct SchemaDiagram: Sendable, Hashable {
  /// One box: an entity and its declared attributes.
  public struct Box: Sendable, Hashable {
    /// The entity's name.
    public var name: String
    /// The parent entity's name, for a subentity.
    public var parent: String?
    /// Whether the entity is abstract.
    public var isAbstract: Bool
    /// The declared attributes, in schema order.
    public var attributes: [Row]
  }

  /// One attribute line of a box.
  public struct Row: Sendable, Hashable {
    public var name: String
    /// The Swift type name: `Int64`, `String`, `Date`.
    public var type: String
    public var isOptional: Bool
    /// Whether the attribute is (part of) the entity's identity.
    public var isIdentity: Bool
    /// The payload key path when it differs from the name.
    public var keyPath: String?

    /// `id: Int64`, `born: Date?`.
    public var label: String { "\(name): \(type)\(isOptional ? "?" : "")" }
  }

  /// One end of a link: the relationship that leaves an entity.
  public struct End: Sendable, Hashable {
    /// The relationship's name.
    public var name: String
    public var isToMany: Bool
    public var isOrdered: Bool
    public var isOptional: Bool
    public var minCount: Int
    public var deleteRule: DeleteRule

    /// How many destination objects one source object has, in UML form: `0..1`, `1`, `0..*`.
    public var cardinality: String {
      if !isToMany { return isOptional ? "0..1" : "1" }
      return (minCount > 0 ? "\(minCount)" : "0") + "..*"
    }

    /// The name, with `ordered` and a delete rule other than nullify: `books (cascade)`.
    public var label: String {
      var notes: [String] = []
      if isOrdered { notes.append("ordered") }
      if deleteRule != .nullify { notes.append(deleteRule.rawValue) }
      return notes.isEmpty ? name : "\(name) (\(notes.joined(separator: ", ")))"
    }
  }

  /// A relationship from `source` to `destination`, with its inverse when there is one.
  public struct Link: Sendable, Hashable {
    public var source: String
    public var destination: String
    /// The relationship from the source to the destination.
    public var forward: End
    /// The inverse, from the destination back to the source.
    public var inverse: End?

    /// `books (cascade) / author`.
    public var label: String { inverse.map { forward.label + " / " + $0.label } ?? forward.label }
  }

  /// The schema's name for the picture's title.
  public var title: String
  /// The entities, in schema order.
  public var boxes: [Box]
  /// The relationships, each pair of inverses once.
  public var links: [Link]

  /// The diagram of `schema`.
  ///
  /// ```swift
  /// let diagram = SchemaDiagram(schema: schema, title: "Library")
  /// diagram.links.map(\.label)   // ["books (cascade) / author", "tags / books"]
  /// ```
  /// - Parameters:
  ///   - schema: The schema to draw.
  ///   - title: The diagram's title.
  public init(schema: Schema, title: String = "Schema") {
    self.title = title
    boxes = schema.entities.map { entity in
      let declared = entity.declaration
      let identity = Set(entity.identity)
      return Box(
        name: entity.name, parent: declared.parent, isAbstract: declared.isAbstract,
        attributes: declared.attributes.map { attribute in
          Row(
            name: attribute.name, type: attribute.type.swiftTypeName, isOptional: attribute.isOptional,
            isIdentity: identity.contains(attribute.name), keyPath: attribute.keyPath.flatMap { $0 == attribute.name ? nil : $0 })
        })
    }
    var links: [Link] = []
    var paired: Set<String> = []
    for entity in schema.entities {
      for relationship in entity.declaration.relationships {
        guard !paired.contains(entity.name + "." + relationship.name) else { continue }
        let inverse = relationship.inverse.flatMap { name in
          schema[relationship.destination]?.relationships.first { $0.name == name }
        }
        if let inverse { paired.insert(relationship.destination + "." + inverse.name) }
        links.append(Link(source: entity.name, destination: relationship.destination, forward: Self.end(relationship), inverse: inverse.map(Self.end)))
      }
    }
    self.links = links
  }

  private static func end(_ relationship: Relationship) -> End {
    End(
      name: relationship.name, isToMany: relationship.isToMany, isOrdered: relationship.isOrdered,
      isOptional: relationship.isOptional, minCount: relationship.minCount, deleteRule: relationship.deleteRule)
  }
}

extension AttributeType {
  /// The Swift type that holds values of this type: `Int64`, `String`, `Date`, `JSONValue`, a
  /// value type's name.
  ///
  /// ```swift
  /// AttributeType.integer64.swiftTypeName   // "Int64"
  /// ```
  package var swiftTypeName: String {
    switch self {
    case .string: "String"
    case .integer16: "Int16"
    case .integer32: "Int32"
    case .integer64: "Int64"
    case .double: "Double"
    case .float: "Float"
    case .decimal: "Decimal"
    case .boolean: "Bool"
    case .date: "Date"
    case .binary: "Data"
    case .uuid: "UUID"
    case .uri: "URL"
    case .transformable: "JSONValue"
    case .value(let value): value.name
    }
  }
}
