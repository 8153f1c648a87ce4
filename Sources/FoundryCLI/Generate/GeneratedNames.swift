import FoundryGraph

/// The Swift names `foundry generate` gives a schema's entities and properties: each a name
/// the generated code compiles with, none used twice where Swift needs them unique.
///
/// ```swift
/// let names = GeneratedNames(schema: schema)
/// names.typeName(of: "class")              // "class_"
/// names.memberName("a-b", of: "Item")      // "a_b_2", when "a_b" is an attribute too
/// names.memberName("Type", of: "Item")     // "Type_"
/// ```
///
/// - A class is named after its entity when that is an identifier Swift and the generated code
///   allow; otherwise `SwiftNames.sanitized(_:)` or a trailing `_` (`class_`, `String_`), then
///   `_2`, `_3`, ... until unique.
/// - A property keeps its name (keywords in backticks) unless that is not an identifier or is
///   one a member cannot take (`Type`, `Protocol`, `_`, `managedObject`, a type's such as
///   `Date`); a renamed property gets the same treatment, unique among the entity's members
///   (inherited ones included) and the classes' names. Names that need no renaming are kept
///   first, so `a_b` stays `a_b` beside `a-b`.
package struct GeneratedNames {
  private var typeNames: [String: String] = [:]
  /// Each entity's property names (without backticks) by member name, inherited ones included.
  private var memberNames: [String: [String: String]] = [:]

  package init(schema: Schema) {
    var usedTypes: Set<String> = []
    for entity in schema.entities {
      typeNames[entity.name] = Self.unique(SwiftNames.typeName(for: entity.name), in: &usedTypes)
    }
    // Parents first, so a subentity's names avoid the ones it inherits.
    let byDepth = schema.entities.sorted { Self.depth(of: $0, in: schema) < Self.depth(of: $1, in: schema) }
    for entity in byDepth {
      let inherited = entity.parentIndex.flatMap { schema.entities.indices.contains($0) ? memberNames[schema.entities[$0].name] : nil } ?? [:]
      memberNames[entity.name] = Self.memberNames(of: entity.declaration, inheriting: inherited, avoiding: usedTypes)
    }
  }

  /// The class name of entity `name`.
  package func typeName(of name: String) -> String { typeNames[name] ?? SwiftNames.typeName(for: name) }

  /// The property name of member `name` (declared or inherited) of entity `entity`, without
  /// backticks: what `identity:`, `inverse:` and `keyedBy:` name.
  package func memberName(_ name: String, of entity: String) -> String {
    memberNames[entity]?[name] ?? SwiftNames.memberName(name)
  }

  // MARK: - Choosing

  /// - Parameter typeNames: The classes' names, which a property must not take: `@Entity`'s
  ///   accessors write `Book.self`, where a property `Book` would be found first.
  private static func memberNames(of entity: Entity, inheriting inherited: [String: String], avoiding typeNames: Set<String>) -> [String: String] {
    var names = inherited
    var used = Set(inherited.values).union(typeNames)
    let declared = entity.attributes.map(\.name) + entity.relationships.map(\.name)
    // Names kept as they are claim theirs first; renamed ones take what is left.
    for name in declared where SwiftNames.memberName(name) == name && names[name] == nil {
      names[name] = unique(name, in: &used)
    }
    for name in declared where names[name] == nil {
      names[name] = unique(SwiftNames.memberName(name), in: &used)
    }
    return names
  }

  /// `base`, or `base_2`, `base_3`, ...: the first not in `used`, which it joins.
  private static func unique(_ base: String, in used: inout Set<String>) -> String {
    var name = base
    var counter = 2
    while used.contains(name) {
      name = "\(base)_\(counter)"
      counter += 1
    }
    used.insert(name)
    return name
  }

  /// How many ancestors `entity` has (a cycle, which a schema refuses, counts as none).
  private static func depth(of entity: EntityDescription, in schema: Schema) -> Int {
    var depth = 0
    var current = entity.parentIndex
    while let index = current, schema.entities.indices.contains(index), depth < schema.entities.count {
      depth += 1
      current = schema.entities[index].parentIndex
    }
    return depth
  }
}
