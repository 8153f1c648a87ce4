#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryGraph
import FoundryJSON

extension StoreHistory {
  /// What ``transactions(after:_:layout:)`` reads, together: the clock, the transactions after
  /// `token` (all when `nil`, up to `limit` of them, in order) and their parts.
  static func readStatements(after token: HistoryToken?, limit: Int?) -> [SQLStatement] {
    let after = SQLArgument.value(.integer(token?.rawValue ?? Int64.min))
    var chosen = "FROM foundry_history WHERE token > ? ORDER BY token"
    var arguments = [after]
    if let limit {
      chosen += " LIMIT ?"
      arguments.append(.value(.integer(Int64(max(0, limit)))))
    }
    // Without a limit, the parts after the token are exactly those of the transactions read.
    let parts = limit == nil ? "token > ?" : "token IN (SELECT token \(chosen))"
    return [
      clockStatement,
      SQLStatement("SELECT token, time, author, changes \(chosen)", arguments),
      SQLStatement("SELECT token, changes FROM foundry_history_parts WHERE \(parts) ORDER BY token, part", arguments),
    ]
  }

  /// The transactions after `token`, from the rows of ``readStatements(after:limit:)``.
  /// - Throws: ``StoreError`` `historyPurged` when the transactions right after `token` were
  ///   purged, `corrupt` for a row that does not read back.
  static func transactions(after token: HistoryToken?, _ rows: [SQLRows], layout: StoreLayout) throws(StoreError) -> [HistoryTransaction] {
    guard rows.count == 3 else { return [] }
    try checkNotPurged(after: token, clock: clock(rows[0]))
    let transactionRows = rows[1]
    let partRows = rows[2]
    var transactions: [HistoryTransaction] = []
    transactions.reserveCapacity(transactionRows.count)
    var part = 0
    for row in 0..<transactionRows.count {
      guard case .integer(let number) = transactionRows[row, 0], case .text(let text) = transactionRows[row, 3] else {
        throw StoreError(.corrupt, "foundry_history: row \(row + 1) of the history read has no token or no changes")
      }
      let token = HistoryToken(number)
      var changes = try Self.changes(text, token: token, layout: layout)
      // Parts come in token order: skip any of a token not read, take those of this one.
      while part < partRows.count, case .integer(let owner) = partRows[part, 0], owner <= number {
        if owner == number, case .text(let text) = partRows[part, 1] { changes += try Self.changes(text, token: token, layout: layout) }
        part += 1
      }
      let seconds: Double
      switch transactionRows[row, 1] {
      case .real(let value): seconds = value
      case .integer(let value): seconds = Double(value)
      default: seconds = 0
      }
      let author: String? = if case .text(let name) = transactionRows[row, 2] { name } else { nil }
      transactions.append(HistoryTransaction(token: token, date: Date(timeIntervalSince1970: seconds), author: author, changes: changes))
    }
    return transactions
  }

  /// The changes of one part's JSON.
  private static func changes(_ text: String, token: HistoryToken, layout: StoreLayout) throws(StoreError) -> [HistoryChange] {
    let document: JSONDocument
    do { document = try JSONDocument.parse(bytes: Array(text.utf8), options: .init(), sourceName: "foundry_history") } catch {
      throw StoreError(.corrupt, "foundry_history: transaction \(token) does not read back: \(error)")
    }
    var changes: [HistoryChange] = []
    changes.reserveCapacity(document.root.elements.count)
    for item in document.root.elements {
      guard let kind = item["change"]?.string.flatMap(HistoryChange.Kind.init(rawValue:)), let name = item["entity"]?.string,
        let rows = item["row"].map({ [$0.int64] }) ?? item["rows"]?.elements.map(\.int64)
      else {
        throw StoreError(.corrupt, "foundry_history: transaction \(token) lists a change without its kind, entity or row")
      }
      let entity = layout.schema[name]
      let family = entity.map { layout.table(of: $0).name } ?? name
      let keys = item["keys"]?.elements.compactMap(\.string) ?? []
      var kept: [String: GraphValue?] = [:]
      for (attribute, node) in item["kept"]?.members ?? .empty {
        kept[attribute] = try keptValue(node, attribute: attribute, of: entity, layout: layout)
      }
      for row in rows {
        guard let row else { throw StoreError(.corrupt, "foundry_history: transaction \(token) lists a \(name) row that is not an integer") }
        changes.append(HistoryChange(kind: kind, entity: name, id: PersistentID(family: family, row: row), changedKeys: keys, keptValues: kept))
      }
    }
    return changes
  }

  /// A kept value read back through its attribute's column codec; by its JSON alone for an
  /// attribute the schema no longer has.
  private static func keptValue(_ node: JSONNode, attribute: String, of entity: EntityDescription?, layout: StoreLayout) throws(StoreError) -> GraphValue? {
    let codec = entity.flatMap { entity in entity.attributeSlot(named: attribute).map { layout.codecs[entity.index][$0] } }
    let column: SQLValue
    if node.isNull {
      column = .null
    } else if let base64 = node["base64"]?.string {
      column = .blob(Data(base64Encoded: base64).map { [UInt8]($0) } ?? [])
    } else if let text = node.string {
      // A real that is not finite is written as its text.
      let isReal = [.double, .float, .date].contains(codec?.type)
      column = isReal ? Double(text).map(SQLValue.real) ?? .text(text) : .text(text)
    } else if let integer = node.int64 {
      column = .integer(integer)
    } else {
      column = .real(node.double ?? 0)
    }
    guard let codec else {
      switch column {
      case .null: return nil
      case .integer(let integer): return .integer(integer)
      case .real(let double): return .double(double)
      case .text(let text): return .string(text)
      case .blob(let bytes): return .data(Data(bytes))
      }
    }
    return try codec.graphValue(column)
  }
}
