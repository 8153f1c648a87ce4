internal import FoundryInternals
/// A place in the primary database's write-ahead log: how far a save got, and how far a
/// replica has replayed (PostgreSQL's `pg_lsn`, as one 64-bit number).
///
/// ```swift
/// let saved = try CommitPosition(text: "0/3000148")   // what pg_current_wal_insert_lsn() printed
/// saved < (try CommitPosition(text: "0/4000000"))      // true
/// ```
package struct CommitPosition: Sendable, Hashable, Comparable {
  /// The position, as PostgreSQL counts bytes of log.
  package let offset: UInt64

  /// A position further than any log reaches: what a context waits for when it could not learn
  /// where its save ended, so that it reads from the primary from then on.
  package static let unknown = CommitPosition(offset: .max)

  package init(offset: UInt64) { self.offset = offset }

  /// The position PostgreSQL prints as two hexadecimal halves, `high/low` (`"16/B374D848"`).
  /// - Throws: ``StoreError`` `database` for text of another form.
  package init(text: String) throws(StoreError) {
    let halves = text.split(separator: "/", omittingEmptySubsequences: false)
    guard halves.count == 2, let high = UInt32(halves[0], radix: 16), let low = UInt32(halves[1], radix: 16) else {
      throw StoreError(.database, "the server gave \(text.debugDescription) for a log position")
    }
    offset = UInt64(high) << 32 | UInt64(low)
  }

  package static func < (lhs: CommitPosition, rhs: CommitPosition) -> Bool { lhs.offset < rhs.offset }
}

/// Which server may answer a read, for a backend with read-only replicas beside its primary.
///
/// ```swift
/// let rows = try await backend.read(statements, from: .replica(caughtUpTo: source.savedPosition))
/// ```
package enum ReadRoute: Sendable, Hashable {
  /// The primary: for a context with unsaved changes (which is about to save what it read),
  /// for identity lookups and for refreshes.
  case primary
  /// A replica that has replayed the log at least to the position (every replica when `nil`),
  /// else the primary: so that a context reads what it saved itself.
  case replica(caughtUpTo: CommitPosition?)
}

extension StoreBackend {
  /// A backend has no replicas unless it says so.
  package var hasReplicas: Bool { false }

  /// A backend without replicas reads everything from its one database.
  package func read(_ statements: [SQLStatement], from route: ReadRoute) async throws -> [SQLRows] { try await read(statements) }

  /// ``read(_:from:)`` now, blocking the caller.
  package func readNow(_ statements: [SQLStatement], from route: ReadRoute) throws -> [SQLRows] { try readNow(statements) }

  /// The rows of one query, read where `route` allows.
  package func read(_ statement: SQLStatement, from route: ReadRoute) async throws -> SQLRows {
    try await read([statement], from: route).first ?? SQLRows(columnCount: 0)
  }

  /// The rows of one query, read where `route` allows, now, blocking the caller.
  package func readNow(_ statement: SQLStatement, from route: ReadRoute) throws -> SQLRows {
    try readNow([statement], from: route).first ?? SQLRows(columnCount: 0)
  }

  /// A backend without replicas has no position to wait for.
  package func commitPosition() async throws -> CommitPosition? { nil }

  /// ``commitPosition()`` now, blocking the caller.
  package func commitPositionNow() throws -> CommitPosition? { nil }
}

extension Store {
  /// Asks where the primary's log ends after a save or import through the store, and keeps
  /// it as the store's ``latestCommit`` (when further than the one kept).
  /// - Returns: The position, or ``CommitPosition/unknown`` when the server did not say (the
  ///   save stands; the context that saved then reads the primary).
  func recordCommit() async -> CommitPosition {
    guard let position = try? await backend.commitPosition() else { return .unknown }
    keep(position)
    return position
  }

  /// ``recordCommit()`` now, blocking the caller.
  func recordCommitNow() -> CommitPosition {
    guard let position = try? backend.commitPositionNow() else { return .unknown }
    keep(position)
    return position
  }

  private func keep(_ position: CommitPosition) {
    latestCommit.withLock { latest in if latest.map({ $0 < position }) ?? true { latest = position } }
  }
}
