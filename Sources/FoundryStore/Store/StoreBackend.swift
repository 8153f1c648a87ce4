/// A database a ``Store`` runs on: SQLite (FoundrySQLite) or PostgreSQL (FoundryPostgres).
///
/// Reads and writes that a user awaits are `async`, since a server database answers over the
/// network (postgres-nio is asynchronous). ``readNow(_:)`` serves what cannot wait: a
/// relationship fault fired by a property access, and identity lookups during an import,
/// which is synchronous because it walks a parsed document in place.
package protocol StoreBackend: Sendable {
  /// How this database spells types and identifiers.
  var dialect: any SQLDialect { get }
  /// The rows of each query (each row a value per selected column), all read in one
  /// transaction, so they see the same state of the store.
  func read(_ statements: [SQLStatement]) async throws -> [SQLRows]
  /// ``read(_:)`` now, blocking the caller until the database answers.
  func readNow(_ statements: [SQLStatement]) throws -> [SQLRows]
  /// Whether reads may go to read-only replicas (see ``read(_:from:)``).
  var hasReplicas: Bool { get }
  /// The rows of each query, as ``read(_:)``, from a read-only replica when `route` allows it
  /// and the backend has one (see ``ReadRoute``); from the one database otherwise.
  func read(_ statements: [SQLStatement], from route: ReadRoute) async throws -> [SQLRows]
  /// ``read(_:from:)`` now, blocking the caller.
  func readNow(_ statements: [SQLStatement], from route: ReadRoute) throws -> [SQLRows]
  /// Where the primary's log ends now: asked right after a save, the position a replica must
  /// have replayed to hold what it wrote; `nil` for a backend without replicas.
  func commitPosition() async throws -> CommitPosition?
  /// ``commitPosition()`` now, blocking the caller.
  func commitPositionNow() throws -> CommitPosition?
  /// Runs a save in one transaction: all of it or nothing.
  /// - Returns: The rows given to the plan's new objects, in ``WritePlan/newRows`` order.
  func write(_ plan: WritePlan) async throws -> [Int64]
  /// Runs a save now, blocking the caller: for synchronous callers outside Swift's
  /// cooperative pool (the command line), where awaiting is not possible.
  func writeNow(_ plan: WritePlan) throws -> [Int64]
  /// A value of the store's own record (its format, table definitions, schema, and what tools
  /// keep there), by key.
  func record(_ key: String) throws -> String?
  /// Sets a value of the store's own record.
  func setRecord(_ key: String, to value: String) throws
  /// Runs `body` in one write transaction whose reads see its own writes: what an import in
  /// batches needs (each batch written before the next is read, all committed together).
  /// - Parameter commits: Whether the transaction commits when `body` returns; a dry run
  ///   rolls it back. A throwing `body` always rolls it back.
  func transaction<T: Sendable>(commits: Bool, _ body: @Sendable (any StoreTransaction) throws -> T) async throws -> T
  /// ``transaction(commits:_:)`` now, blocking the caller: for the command line.
  func transactionNow<T>(commits: Bool, _ body: (any StoreTransaction) throws -> T) throws -> T
  /// Calls `onCommit` (on any thread, any number of times) soon after a write commits, in
  /// this process or another, without reading the store in a loop: SQLite's file changing,
  /// PostgreSQL's `NOTIFY`. A wake-up may come with nothing new: the caller reads to know.
  func watchCommits(_ onCommit: @escaping @Sendable () -> Void) throws -> any CommitWatch
}

/// What a backend hands a follower of the store's history (``StoreBackend/watchCommits(_:)``):
/// cancelling it stops the wake-ups.
package protocol CommitWatch: Sendable {
  func cancel()
}

/// A watch that never wakes anyone: a backend that no other process can write to.
package struct NoCommitWatch: CommitWatch {
  package init() {}
  package func cancel() {}
}

extension StoreBackend {
  package func watchCommits(_ onCommit: @escaping @Sendable () -> Void) throws -> any CommitWatch { NoCommitWatch() }
}

/// A write transaction held open across several reads and writes, each seeing the ones before.
package protocol StoreTransaction {
  /// The rows of each query, as ``StoreBackend/read(_:)``, inside the transaction.
  func read(_ statements: [SQLStatement]) throws -> [SQLRows]
  /// Runs a save's statements, as ``StoreBackend/write(_:)``, inside the transaction.
  /// - Returns: The rows given to the plan's new objects.
  func write(_ plan: WritePlan) throws -> [Int64]
}

/// One save, as statements for a backend to run in one transaction.
package struct WritePlan: Sendable {
  /// The family table of each inserted object: the backend picks a free row in it for each
  /// (``SQLArgument/newRow(_:)`` refers to them by position) before running the statements.
  package var newRows: [String] = []
  package var statements: [SQLStatement] = []
  /// Whether a new object whose identity another transaction stored meanwhile takes that
  /// row (updated with the object's values) instead of failing the save: what imports want,
  /// so that two processes importing the same objects at once both succeed, and neither
  /// makes a duplicate. Backends whose writers never overlap (SQLite) need not do anything.
  package var mergesByIdentity = false
  /// What the write adds to the store's history, when it keeps one: the backend runs its
  /// ``HistoryPart/statements(rows:)`` after the plan's own, with the rows the new objects
  /// finally took.
  package var history: HistoryPart?

  package init() {}
}

extension StoreBackend {
  /// The rows of one query.
  package func read(_ statement: SQLStatement) async throws -> SQLRows { try await read([statement]).first ?? SQLRows(columnCount: 0) }
  /// The rows of one query, now.
  package func readNow(_ statement: SQLStatement) throws -> SQLRows { try readNow([statement]).first ?? SQLRows(columnCount: 0) }
}
