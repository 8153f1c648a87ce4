import FoundryStore
internal import GRDB

/// An SQLite write transaction open on the writer's connection: reads through it see what it
/// wrote so far (a reader of the pool would see the store before the transaction).
struct SQLiteTransaction: StoreTransaction {
  let db: Database
  /// The store's file, as errors name it (`nil` in memory).
  let file: String?

  func read(_ statements: [SQLStatement]) throws -> [SQLRows] {
    do {
      return try SQLiteBackend.rows(statements, db)
    } catch { throw SQLiteBackend.storeError(error, file: file) }
  }

  func write(_ plan: WritePlan) throws -> [Int64] {
    do {
      return try SQLiteBackend.run(plan, db)
    } catch { throw SQLiteBackend.storeError(error, file: file) }
  }
}
