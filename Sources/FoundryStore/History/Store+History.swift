import FoundryGraph
internal import FoundryInternals

extension Store {
  /// Whether the store keeps a history of its transactions (see ``enableHistory()``).
  ///
  /// ```swift
  /// if !store.isHistoryEnabled { try await store.enableHistory() }
  /// ```
  public var isHistoryEnabled: Bool { keepsHistory.withLock { $0 } }

  /// Starts keeping the store's history: from now on every save and import records one
  /// ``HistoryTransaction`` in the same database transaction as its objects (nothing for one
  /// that rolls back, nothing lost for one that commits), read with ``history(after:limit:)``.
  ///
  /// ```swift
  /// try await store.enableHistory()
  /// context.author = "importer"
  /// try await context.save()
  /// let transactions = try await store.history(after: nil)
  /// ```
  /// The store records the choice: every process that opens it afterwards keeps history too.
  /// A process that had the store open before does not; enable history when you create the
  /// store. Enabling it again does nothing.
  nonisolated(nonsending) public func enableHistory() async throws {
    var plan = WritePlan()
    plan.statements = StoreHistory.enableStatements(backend.dialect)
    _ = try await backend.write(plan)
    keepsHistory.withLock { $0 = true }
  }

  /// ``enableHistory()`` now, blocking the caller: for the command line.
  package func enableHistoryNow() throws {
    var plan = WritePlan()
    plan.statements = StoreHistory.enableStatements(backend.dialect)
    _ = try backend.writeNow(plan)
    keepsHistory.withLock { $0 = true }
  }

  /// The transactions committed after `token`, oldest first: everything the store kept when
  /// `token` is `nil`.
  ///
  /// ```swift
  /// var seen: HistoryToken? = nil
  /// for transaction in try await store.history(after: seen) {
  ///   for change in transaction.changes { print(change.kind, change.entity, change.id) }
  ///   seen = transaction.token
  /// }
  /// ```
  /// Transactions of other processes are there as soon as they commit; a transaction is
  /// never seen in part, and one that commits later always has a larger token.
  /// - Parameters:
  ///   - token: The last transaction already handled; `nil` for all.
  ///   - limit: The most transactions returned (the oldest ones); `nil` for no limit.
  /// - Throws: ``StoreError`` `historyDisabled` when the store keeps no history,
  ///   `historyPurged` when transactions right after `token` were purged: the reader fell
  ///   behind, and nothing is skipped without saying so.
  nonisolated(nonsending) public func history(after token: HistoryToken?, limit: Int? = nil) async throws -> [HistoryTransaction] {
    try await checkHistoryEnabled()
    let rows = try await backend.read(StoreHistory.readStatements(after: token, limit: limit))
    return try StoreHistory.transactions(after: token, rows, layout: layout)
  }

  /// ``history(after:limit:)`` now, blocking the caller: for the command line.
  package func historyNow(after token: HistoryToken?, limit: Int? = nil) throws -> [HistoryTransaction] {
    try checkHistoryEnabledNow()
    let rows = try backend.readNow(StoreHistory.readStatements(after: token, limit: limit))
    return try StoreHistory.transactions(after: token, rows, layout: layout)
  }

  /// The token of the newest transaction; `nil` before the first.
  ///
  /// ```swift
  /// let start = try await store.lastHistoryToken()   // read only what comes next
  /// ```
  /// - Throws: ``StoreError`` `historyDisabled` when the store keeps no history.
  nonisolated(nonsending) public func lastHistoryToken() async throws -> HistoryToken? {
    try await checkHistoryEnabled()
    let last = StoreHistory.clock(try await backend.read(StoreHistory.clockStatement)).last
    return last > 0 ? HistoryToken(last) : nil
  }

  /// Removes the transactions before `token` from the history (those every reader has
  /// handled); later ones, and the objects themselves, stay. A reader that asks for what came
  /// after a removed transaction gets `historyPurged`.
  ///
  /// ```swift
  /// try await store.purgeHistory(before: oldestTokenStillNeeded)
  /// ```
  /// - Returns: How many transactions were removed.
  /// - Throws: ``StoreError`` `historyDisabled` when the store keeps no history.
  @discardableResult
  nonisolated(nonsending) public func purgeHistory(before token: HistoryToken) async throws -> Int {
    try await checkHistoryEnabled()
    return try await backend.transaction(commits: true) { transaction in try StoreHistory.purge(before: token, in: transaction) }
  }

  /// ``purgeHistory(before:)`` now, blocking the caller: for the command line.
  @discardableResult
  package func purgeHistoryNow(before token: HistoryToken) throws -> Int {
    try checkHistoryEnabledNow()
    return try backend.transactionNow(commits: true) { transaction in try StoreHistory.purge(before: token, in: transaction) }
  }

  /// Throws `historyDisabled` unless the store keeps history; asks the store's record first,
  /// since another process may have enabled it since this one opened the store.
  private func checkHistoryEnabled() async throws {
    guard !isHistoryEnabled else { return }
    // `backend.record(_:)` blocks its caller: from async code, the same read through `read`.
    let rows = try await backend.read(SQLStatement("SELECT value FROM foundry_store WHERE key = ?", [.value(.text(StoreHistory.recordKey))]))
    var value: String?
    if rows.count > 0, case .text(let text) = rows[0, 0] { value = text }
    try noteHistoryRecord(value)
  }

  private func checkHistoryEnabledNow() throws {
    guard !isHistoryEnabled else { return }
    try noteHistoryRecord(try backend.record(StoreHistory.recordKey))
  }

  private func noteHistoryRecord(_ value: String?) throws(StoreError) {
    guard value == "on" else {
      throw StoreError(.historyDisabled, "the store keeps no history: enableHistory() (foundry history --enable) starts it")
    }
    keepsHistory.withLock { $0 = true }
  }
}
