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
    configuration.prepareDatabase { db in
      db.add(function: function())
      db.add(function: matchesFunction())
    }
  }

  private static func function() -> DatabaseFunction {
    DatabaseFunction(name, argumentCount: 2, pure: true) { values in
      guard let value = values.first, case .string(let text) = value.storage else { return values.first }
      let folding = values.dropFirst().first.flatMap { Int.fromDatabaseValue($0) } ?? 0
      return QueryFolding(rawValue: folding).fold(text)
    }
  }
}

extension SQLiteFolding {
  /// The name of `foundry_matches(text, pattern, caseInsensitive)`: ``QueryRegex/matches(_:pattern:caseInsensitive:)``.
  static let matchesName = "foundry_matches"

  /// `MATCHES`: 1 when the text matches the pattern whole, 0 when not, `NULL` for no text.
  static func matchesFunction() -> DatabaseFunction {
    DatabaseFunction(matchesName, argumentCount: 3, pure: true) { values in
      guard let subject = values.first, case .string(let text) = subject.storage else { return nil }
      guard values.count == 3, case .string(let pattern) = values[1].storage else { return nil }
      let caseInsensitive = Int.fromDatabaseValue(values[2]) == 1
      return QueryRegex.matches(text, pattern: pattern, caseInsensitive: caseInsensitive) ? 1 : 0
    }
  }
}
