import FoundryStore
internal import PostgresNIO

/// A write transaction open on one connection of the pool: its reads see what it wrote so
/// far. Synchronous: each call waits (`wait()`) for the event loop to answer, so it runs on a
/// thread that is not an event loop's (NIO's thread pool, or the command line's thread).
struct PostgresTransaction: StoreTransaction {
  let connection: PostgresConnection
  let logger: Logger

  func read(_ statements: [SQLStatement]) throws -> [SQLRows] {
    do { return try PostgresBackend.rows(statements, on: connection, logger: logger).wait() } catch { throw PostgresBackend.storeError(error) }
  }

  func write(_ plan: WritePlan) throws -> [Int64] {
    do { return try PostgresBackend.run(plan, on: connection, logger: logger).wait() } catch { throw PostgresBackend.storeError(error) }
  }
}
