import FoundryStore
internal import PostgresNIO

/// A write transaction open on one connection of the pool: its reads see what it wrote so
/// far. Synchronous: each call waits (`wait()`) for the event loop to answer, so it runs on a
/// thread that is not an event loop's (NIO's thread pool, or the command line's thread).
struct PostgresTransaction: StoreTransaction {
  let connection: PooledConnection
  let logger: Logger
  /// Whether the server ended the transaction in a way that running it again can cure.
  let failure: TransactionFailure

  func read(_ statements: [SQLStatement]) throws -> [SQLRows] {
    do {
      return try PostgresBackend.rows(statements, on: connection, logger: logger).wait()
    } catch {
      failure.note(error)
      throw PostgresBackend.storeError(error)
    }
  }

  func write(_ plan: WritePlan) throws -> [Int64] {
    do {
      return try PostgresBackend.run(plan, on: connection, logger: logger).wait()
    } catch {
      failure.note(error)
      throw PostgresBackend.storeError(error)
    }
  }
}

/// What ended a transaction, as far as running it again is concerned. PostgreSQL's deadlock
/// (`40P01`) and serialization failure (`40001`) ask for exactly that; so does a unique
/// violation (`23505`) in an import, whose objects another writer stored meanwhile where
/// `ON CONFLICT` cannot merge them (an identity unique per parent only, checked by triggers):
/// run again, the import finds them stored and updates them. A violation that stays fails
/// the second run too. Noted by the transaction's statements, on the one thread that runs
/// its body.
final class TransactionFailure {
  private(set) var isTransient = false

  /// Notes `error`, if it is one of the server's that a new attempt can cure.
  func note(_ error: any Error) {
    guard let state = (error as? PSQLError)?.serverInfo?[.sqlState] else { return }
    if ["40P01", "40001", "23505"].contains(state) { isTransient = true }
  }
}
