import Foundry
import FoundryGraph
import FoundryPostgres
import FoundrySQLite
import FoundryStore

/// Where the store a command reads or writes lives: a PostgreSQL database when `--store` is a
/// `postgres://` or `postgresql://` URL, else an SQLite file at that path.
///
/// ```
/// $ foundry import authors.json --model Library.xcdatamodeld --entity Author --root authors \
///     --store postgres://app@localhost:5432/library
/// ```
enum StoreLocation {
  /// Whether `argument` names a PostgreSQL database.
  static func isPostgres(_ argument: String) -> Bool {
    let lowered = argument.lowercased()
    return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
  }

  /// Opens (or creates) the store `argument` names, for `schema`, or with the schema it
  /// recorded when `schema` is `nil`. The command line is synchronous: PostgreSQL is opened
  /// with the store's blocking calls. `transformers` bind the model's transformer names
  /// (the store adds the bindings it recorded).
  /// The store, opened with every version of its model (migrating through each).
  static func open(_ argument: String, stages: [MigrationStage], transformers: TransformerRegistry) throws -> Store {
    if isPostgres(argument) { return try Store.openNow(postgres: argument, stages: stages, transformers: transformers) }
    return try Store(path: argument, stages: stages, transformers: transformers)
  }

  /// Where the store stands against `stages` (see `StagedMigrationState`).
  static func migrationState(_ argument: String, stages: [MigrationStage], transformers: TransformerRegistry) throws -> StagedMigrationState {
    if isPostgres(argument) { return try Store.migrationStateNow(postgres: argument, stages: stages, transformers: transformers) }
    return try Store.migrationState(path: argument, stages: stages, transformers: transformers)
  }

  static func open(_ argument: String, schema: Schema?, transformers: TransformerRegistry) throws -> Store {
    if isPostgres(argument) { return try Store.openNow(postgres: argument, schema: schema, transformers: transformers) }
    guard let schema else { return try Store(path: argument, transformers: transformers) }
    return try Store(path: argument, schema: schema, transformers: transformers)
  }

  /// How output names the store: a PostgreSQL URL without its password.
  static func displayName(_ argument: String) -> String {
    guard isPostgres(argument), let at = argument.lastIndex(of: "@") else { return argument }
    let afterScheme = argument.utf8.split(separator: UInt8(ascii: "/"), maxSplits: 2, omittingEmptySubsequences: false)
    guard afterScheme.count == 3, let credentials = afterScheme.last?.startIndex, let colon = argument[credentials..<at].firstIndex(of: ":") else {
      return argument
    }
    return String(argument[..<colon]) + String(argument[at...])
  }
}
