import FoundryGraph

extension Schema {
  /// What migrating a store from this schema to `new` changes, by name, matched by the same
  /// rule the migration follows (``MigrationPlanner/match(_:_:in:)``): `+ Entity`,
  /// `- Entity`, `Old -> New`, `+ Entity.key`, `- Entity.key`, `Entity.old -> Entity.new`.
  ///
  /// ```swift
  /// version1.migrationChanges(to: version2)   // ["+ Book.subtitle"]
  /// ```
  package func migrationChanges(to new: Schema) -> [String] {
    var changes: [String] = []
    var kept: Set<Int> = []
    let entities = self.entities.map { ($0.name, $0.declaration.renamingIdentifier) }
    for entity in new.entities {
      guard let match = MigrationPlanner.match(entity.name, entity.declaration.renamingIdentifier, in: entities) else {
        changes.append("+ \(entity.name)")
        continue
      }
      kept.insert(match)
      let previous = self.entities[match]
      if previous.name != entity.name { changes.append("\(previous.name) -> \(entity.name)") }
      let oldMembers = previous.attributes.map { ($0.name, $0.renamingIdentifier) } + previous.relationships.map { ($0.name, $0.renamingIdentifier) }
      let newMembers = entity.attributes.map { ($0.name, $0.renamingIdentifier) } + entity.relationships.map { ($0.name, $0.renamingIdentifier) }
      var matched: Set<Int> = []
      for (name, renaming) in newMembers {
        guard let slot = MigrationPlanner.match(name, renaming, in: oldMembers) else {
          changes.append("+ \(entity.name).\(name)")
          continue
        }
        matched.insert(slot)
        if oldMembers[slot].0 != name { changes.append("\(previous.name).\(oldMembers[slot].0) -> \(entity.name).\(name)") }
      }
      changes += oldMembers.indices.filter { !matched.contains($0) }.map { "- \(previous.name).\(oldMembers[$0].0)" }
    }
    changes += self.entities.indices.filter { !kept.contains($0) }.map { self.entities[$0].name }.sorted().map { "- \($0)" }
    return changes
  }
}
