import Foundation
import FoundryGraph
import FoundryStore
import Testing

/// Migrations with code: stages between model versions, run in order in one transaction, on
/// every backend.
@Suite("Migrations with stages")
struct MigrationStageTests {
  /// Version 1: a person's whole name. Version 2 adds first and last names and an age kept as a
  /// number beside the text one; version 3 drops the whole name and the text age, and renames
  /// the number to `age`.
  static func version(_ number: Int) -> Schema {
    try! Schema {
      Entity("Person", identity: ["id"]) {
        Attribute("id", .integer64)
        if number < 3 { Attribute("name", .string) }
        if number >= 2 {
          Attribute("firstName", .string, default: "")
          Attribute("lastName", .string, optional: true)
        }
        if number < 3 { Attribute("age", .string, optional: true) }
        if number == 2 { Attribute("ageNumber", .integer32, optional: true) }
        if number == 3 { numericAge }
      }
    }
  }

  /// Version 3's age: the number version 2 kept beside the text.
  static var numericAge: Attribute {
    var age = Attribute("age", .integer32, optional: true)
    age.renamingIdentifier = "ageNumber"
    return age
  }

  /// The stages from version 1 to `last`: version 2's code splits the name and converts the age.
  static func stages(to last: Int, failing: Bool = false) -> [MigrationStage] {
    let split = MigrationStage(
      schema: version(2),
      after: { new in
        for person in try new.fetch(FetchRequest(entity: "Person")) {
          guard case .string(let name)? = person.name else { continue }
          let parts = name.split(separator: " ", maxSplits: 1).map(String.init)
          person.firstName = .string(parts.first ?? "")
          person.lastName = parts.count > 1 ? .string(parts[1]) : nil
          if case .string(let age)? = person.age { person.ageNumber = Int(age).map { .integer(Int64($0)) } }
        }
        try new.save()
        if failing { throw Refusal() }
      })
    return Array([MigrationStage(schema: version(1)), split, MigrationStage(schema: version(3))].prefix(last))
  }

  struct Refusal: Error {}

  /// The people after version 2's code (values as `GraphValue` prints them).
  static let migratedPeople = [#"1 "Ada" "Lovelace" 36"#, #"2 "Plato" - -"#]

  /// A store at version 1 with two people.
  static func versionOneStore(_ backend: StoreBackendKind) async throws -> TestStore {
    let made = try await backend.makeStore(version(1))
    let context = try made.store.makeContext()
    try await context.importJSON(Array(#"[{"id": 1, "name": "Ada Lovelace", "age": "36"}, {"id": 2, "name": "Plato"}]"#.utf8), entity: "Person")
    try await context.save()
    return made
  }

  /// Each person as `id first last age`.
  static func people(_ store: Store) async throws -> [String] {
    try await store.makeContext().fetch(FetchRequest(entity: "Person")).map { person in
      try ["id", "firstName", "lastName", "age"].map { key -> String in
        let value: GraphValue? = try person.value(forKey: key)
        return value.map { "\($0)" } ?? "-"
      }.joined(separator: " ")
    }.sorted()
  }

  @Test("a store two versions behind runs each stage in order: the name split, the age converted, then dropped", arguments: StoreBackendKind.available)
  func twoVersionsBehind(_ backend: StoreBackendKind) async throws {
    let made = try await Self.versionOneStore(backend)
    let migrated = try await made.reopen(stages: Self.stages(to: 3))
    let people = try await Self.people(migrated)
    #expect(people == Self.migratedPeople, "\(people)")
    // Opened again with the same stages: at the last version, nothing runs.
    #expect(try await Self.people(try await made.reopen(stages: Self.stages(to: 3))) == Self.migratedPeople)
  }

  @Test("a store one version behind runs the stages after its version only", arguments: StoreBackendKind.available)
  func oneVersionBehind(_ backend: StoreBackendKind) async throws {
    let made = try await Self.versionOneStore(backend)
    _ = try await made.reopen(stages: Self.stages(to: 2))
    let migrated = try await made.reopen(stages: Self.stages(to: 3))
    #expect(try await Self.people(migrated) == Self.migratedPeople)
  }

  @Test("a stage that throws leaves the store at its old version, untouched", arguments: StoreBackendKind.available)
  func failingStage(_ backend: StoreBackendKind) async throws {
    let made = try await Self.versionOneStore(backend)
    await #expect(throws: Refusal.self) { _ = try await made.reopen(stages: Self.stages(to: 3, failing: true)) }
    let again = try await made.reopen(Self.version(1))
    let names = try await again.makeContext().fetch(FetchRequest(entity: "Person")).map { try $0.value(forKey: "name") }
    #expect(Set(names) == [.string("Ada Lovelace"), .string("Plato")])
  }

  @Test("without its stage, version 1 cannot become version 3: the step is not lightweight", arguments: StoreBackendKind.available)
  func notLightweightWithoutStages(_ backend: StoreBackendKind) async throws {
    let made = try await Self.versionOneStore(backend)
    await #expect { _ = try await made.reopen(Self.version(3)) } throws: { ($0 as? StoreError)?.code == .schemaMismatch }
  }

  @Test("a step's changes are named by the rule the migration follows: a renaming identifier wins over a same-named property")
  func changesByName() throws {
    #expect(Self.version(1).migrationChanges(to: Self.version(2)) == ["+ Person.firstName", "+ Person.lastName", "+ Person.ageNumber"])
    #expect(Self.version(2).migrationChanges(to: Self.version(3)) == ["Person.ageNumber -> Person.age", "- Person.name", "- Person.age"])
    // Two versions that share a renaming identifier (Core Data's version-independent name).
    var title = Attribute("title", .string)
    title.renamingIdentifier = "heading"
    var name = Attribute("name", .string)
    name.renamingIdentifier = "heading"
    let old = try Schema { Entity("Book") { title } }
    var volume = Entity("Volume") { name }
    volume.renamingIdentifier = "Book"
    let new = try Schema {
      volume
      Entity("Shelf") { Attribute("label", .string) }
    }
    #expect(old.migrationChanges(to: new) == ["Book -> Volume", "Book.title -> Volume.name", "+ Shelf"])
  }
}
