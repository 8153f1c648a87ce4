import FoundryStore
internal import PostgresNIO

/// Wakes a follower of a PostgreSQL store (its history, live results) through `LISTEN`: every
/// write sends `NOTIFY foundry_commits` in its transaction, which the server delivers to every
/// listening connection when (and only if) the transaction commits, from any process.
///
/// The listener holds a connection of its own, outside the pool. Once it listens it wakes the
/// follower once, for what committed before; a lost connection is opened again (a second
/// later) and wakes it again, since notifications sent meanwhile are lost.
final class PostgresCommitWatch: CommitWatch {
  /// The channel, in the store's database.
  static let channel = "foundry_commits"
  static let notify = "NOTIFY \(channel)"

  private let task: Task<Void, Never>

  init(pool: PostgresConnectionPool, onCommit: @escaping @Sendable () -> Void) {
    task = Task {
      while !Task.isCancelled {
        do {
          let connection = try await pool.connectOutside().get()
          do {
            try await connection.listen(on: Self.channel) { notifications in
              onCommit()
              for try await _ in notifications { onCommit() }
            }
          } catch {
            try? await connection.close()
            throw error
          }
          try? await connection.close()
        } catch {
          try? await Task.sleep(for: .seconds(1))
        }
      }
    }
  }

  func cancel() { task.cancel() }

  deinit { task.cancel() }
}
