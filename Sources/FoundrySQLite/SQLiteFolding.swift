import FoundryStore
internal import GRDB

/// The `foundry_fold(text, folding)` SQL function every connection of an SQLite store
/// registers: ``QueryFolding/fold(_:)`` for `[c]`, `[d]` and `[cd]` comparisons, so that SQLite
/// folds every letter as the other backends do (its own `lower()` folds ASCII letters only).
/// A value that is not text (a number, a blob, `NULL`) is returned as it is.
///
/// ```swift
/// var configuration = Configuration()
/// SQLiteFolding.register(in: &configuration)
/// ```
enum SQLiteFolding {
  /// The function's name in SQL.
  static let name = "foundry_fold"

  /// Adds the function to every connection opened with `configuration`.
  static func register(in configuration: inout Configuration) {
    configuration.prepareDatabase { db in db.add(function: function()) }
  }

  private static func function() -> DatabaseFunction {
    DatabaseFunction(name, argumentCount: 2, pure: true) { values in
      guard let value = values.first, let text = String.fromDatabaseValue(value), case .string = value.storage else { return values.first }
      let folding = values.dropFirst().first.flatMap { Int.fromDatabaseValue($0) } ?? 0
      return QueryFolding(rawValue: folding).fold(text)
    }
  }
}
