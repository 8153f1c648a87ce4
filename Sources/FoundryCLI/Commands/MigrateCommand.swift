#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import Foundry
import FoundryGraph
import FoundryStore

/// `foundry migrate --store FILE|URL --model MODEL.xcdatamodeld [--dry-run]`: moves a store to
/// the model's current version through each version in between, printing the plan.
///
/// ```
/// $ foundry migrate --store shelf.sqlite --model Shelf.xcdatamodeld --dry-run
/// store: shelf.sqlite is at Shelf
/// Shelf -> Shelf 2: + Book.subtitle
/// Shelf 2 -> Shelf 3: Book.subtitle -> Book.tagline
/// dry run: nothing written
/// ```
struct MigrateCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "migrate",
    abstract: "Migrate a store to its model's current version, a version at a time.",
    discussion: """
      The model's versions (the .xcdatamodel directories of a .xcdatamodeld, in the order \
      Xcode names them: Shelf, Shelf 2, Shelf 3, up to the current version) are the stages of \
      the migration: the store finds the version it was made with and takes each later step, \
      each lightweight (entities, attributes and relationships added, removed, or renamed \
      through renaming identifiers), all in one transaction. A store of a version the model \
      does not hold migrates in one step, as opening it does. A bundle whose versions are \
      named otherwise (Shelf_v1, Shelf_v2, Shelf 2024-03) says their order with --versions, \
      the last named being the one migrated to. --dry-run prints the plan, a \
      line per step with its changes, and writes nothing. Migrations with code run from \
      Swift (Store(path:stages:)). Exit status: 0 on success, 1 when the store or the model \
      cannot be read or a step is not lightweight (nothing is written then).
      """
  )

  @Option(help: ArgumentHelp("The store: an SQLite file, or a PostgreSQL database as a postgres:// URL.", valueName: "file-or-url"))
  var store: String

  @Option(help: ArgumentHelp("The model: a .xcdatamodeld (every version) or a .xcdatamodel.", valueName: "model"))
  var model: String

  @Option(
    name: .customLong("versions"),
    help: ArgumentHelp(
      "The model's versions to migrate through, in order, comma-separated, for a .xcdatamodeld whose versions are not named as Xcode names them; the last is the one migrated to.",
      valueName: "names"))
  var versionOrder: String?

  @Flag(help: "Print the plan and write nothing.")
  var dryRun = false

  @OptionGroup var transformers: TransformerOptions

  func run(console: Console) throws {
    let registry = try transformers.registry()
    let order = versionOrder.map { $0.split(separator: ",").map { String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) } }
    let versions = try console.failing { try Self.versions(of: model, order: order) }
    let stages = versions.map { MigrationStage(schema: $0.schema) }
    let state = try console.failing { try StoreLocation.migrationState(store, stages: stages, transformers: registry) }
    let name = StoreLocation.displayName(store)
    let last = versions[versions.count - 1].name
    let steps: [MigrationStep]
    switch state {
    case .new:
      console.print("store: \(name) does not exist yet: it \(dryRun ? "would be" : "is") made at \(last)")
      if !dryRun { _ = try console.failing { try StoreLocation.open(store, stages: stages, transformers: registry) } }
      return
    case .unknownVersion:
      console.print("store: \(name) records none of the model's versions: it migrates to \(last) in one step, if that step is lightweight")
      if !dryRun {
        _ = try console.failing { try StoreLocation.open(store, stages: stages, transformers: registry) }
        console.print("migrated to \(last)")
      }
      return
    case .steps(let found): steps = found
    }
    let start = versions.count - 1 - steps.count
    console.print("store: \(name) is at \(versions[start].name)")
    for (offset, step) in steps.enumerated() {
      let changes = step.old.schema.migrationChanges(to: step.new.schema)
      console.print(
        "\(versions[start + offset].name) -> \(versions[start + offset + 1].name): \(changes.isEmpty ? "no change to the tables' data" : changes.joined(separator: ", "))")
    }
    guard !dryRun else { return console.print("dry run: nothing written") }
    guard !steps.isEmpty else { return console.print("nothing to do") }
    _ = try console.failing { try StoreLocation.open(store, stages: stages, transformers: registry) }
    console.print("migrated to \(last)")
  }

  /// The model's versions up to the current one, in Xcode's order (`Shelf`, `Shelf 2`, …,
  /// `Shelf 10`), or the versions `order` names, in its order: each a name and its schema.
  static func versions(of path: String, order: [String]? = nil) throws -> [(name: String, schema: Schema)] {
    let url = URL(fileURLWithPath: path)
    let current = try ModelFile(contentsOf: url)
    let chosen: [String]
    if let order {
      guard url.pathExtension == "xcdatamodeld" else { throw ValidationError("--versions goes with a .xcdatamodeld, whose versions it orders.") }
      chosen = try checked(order, among: current.versionNames)
    } else {
      guard current.versionNames.count > 1 else { return [(current.versionName, try Schema(current))] }
      let ordered = current.versionNames.sorted { versionOrder($0) < versionOrder($1) }
      chosen = ordered.prefix { $0 != current.versionName } + [current.versionName]
    }
    return try chosen.map { name in
      (name, try Schema(ModelFile(contentsOf: url.appendingPathComponent(name + ".xcdatamodel"))))
    }
  }

  /// `order` when it names versions of the model, each once.
  private static func checked(_ order: [String], among names: [String]) throws -> [String] {
    let known = Set(names)
    let listing = names.sorted().joined(separator: ", ")
    guard !order.isEmpty, !order.contains(where: \.isEmpty) else { throw ValidationError("--versions names no version: give the model's versions in order (\(listing)).") }
    if let unknown = order.first(where: { !known.contains($0) }) {
      throw ValidationError("--versions: the model has no version '\(unknown)' (its versions: \(listing)).")
    }
    guard Set(order).count == order.count else { throw ValidationError("--versions names a version twice.") }
    return order
  }

  /// Xcode's version order: the number after the last space (1 without one), then the name.
  private static func versionOrder(_ name: String) -> (Int, String) {
    guard let space = name.lastIndex(of: " "), let number = Int(name[name.index(after: space)...]) else { return (1, name) }
    return (number, name)
  }
}
