#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import Foundry
import FoundryGraph
import FoundryJSON
import FoundryStore

/// `foundry history --store FILE|URL`: the transactions a store kept, oldest first.
///
/// ```
/// $ foundry history --store library.sqlite --after 1
/// 2  2026-12-07T09:30:00Z  foundry import  inserted Author 2, Book 3; updated Author 1
/// ```
struct HistoryCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "Print the transactions a store kept in its history.",
    discussion: """
      A store keeps its history once it is enabled (--enable here, or Store.enableHistory()): \
      every save and import after that records one transaction, with its token, time, author \
      and the objects it inserted, updated and deleted. --format text prints a line per \
      transaction (token, time, author, counts by entity); --format json prints one JSON \
      object per line with every change (updated keys, the values a deleted object kept). \
      --after prints only what came after a token; --purge-before removes older transactions; \
      --follow then keeps printing transactions as they commit, from any process, until \
      interrupted. Exit status: 0 on success, 1 when the store cannot be read or keeps no \
      history, 130 when --follow is interrupted.
      """
  )

  enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  @Option(help: ArgumentHelp("The store: an SQLite file, or a PostgreSQL database as a postgres:// URL.", valueName: "file-or-url"))
  var store: String

  @Option(help: ArgumentHelp("Only the transactions after this token.", valueName: "token"))
  var after: Int64?

  @Option(help: ArgumentHelp("At most this many transactions (the oldest).", valueName: "n"))
  var limit: Int?

  @Option(help: "How to print the transactions: text or json.")
  var format: OutputFormat = .text

  @Flag(help: "Start keeping the store's history (nothing is printed before the first save after it).")
  var enable = false

  @Option(help: ArgumentHelp("Remove the transactions before this token first.", valueName: "token"))
  var purgeBefore: Int64?

  @Flag(help: "Keep printing transactions as they commit, from any process, until interrupted (Ctrl-C).")
  var follow = false

  func validate() throws {
    if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
    if follow, limit != nil { throw ValidationError("--follow prints every transaction: leave out --limit") }
  }

  func run(console: Console) throws {
    let (opened, transactions) = try console.failing { () throws -> (Store, [HistoryTransaction]) in
      let opened = try StoreLocation.open(store, schema: nil, transformers: .standard)
      if enable { try opened.enableHistoryNow() }
      if let purgeBefore {
        let removed = try opened.purgeHistoryNow(before: HistoryToken(purgeBefore))
        console.print("purged \(removed) transaction\(removed == 1 ? "" : "s")", to: .error)
      }
      return (opened, try opened.historyNow(after: after.map(HistoryToken.init), limit: limit))
    }
    for transaction in transactions { print(transaction, console: console) }
    guard follow else { return }
    let last = transactions.last?.token ?? after.map(HistoryToken.init)
    try console.failing { try HistoryFollowing.run(opened, after: last) { print($0, console: console) } }
  }

  private func print(_ transaction: HistoryTransaction, console: Console) {
    switch format {
    case .text: console.print(Self.line(transaction))
    case .json: console.print(Self.json(transaction).makeJSONString())
    }
  }

  /// `TOKEN  TIME  AUTHOR  inserted Author 2, Book 3; deleted Tag 1`.
  static func line(_ transaction: HistoryTransaction) -> String {
    let kinds: [HistoryChange.Kind] = [.inserted, .updated, .deleted]
    let counts = kinds.compactMap { kind -> String? in
      let changes = transaction.changes.filter { $0.kind == kind }
      guard !changes.isEmpty else { return nil }
      let byEntity = Dictionary(grouping: changes, by: \.entity).map { ($0.key, $0.value.count) }.sorted { $0.0 < $1.0 }
      return "\(kind.rawValue) " + byEntity.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    }
    return [String(transaction.token.rawValue), transaction.date.formatted(.iso8601), transaction.author ?? "-", counts.joined(separator: "; ")].joined(separator: "  ")
  }

  /// A transaction with every change, as one JSON object.
  static func json(_ transaction: HistoryTransaction) -> JSONValue {
    var object = JSONObject()
    object["token"] = .number(JSONNumber(transaction.token.rawValue))
    object["date"] = .string(transaction.date.formatted(.iso8601))
    object["author"] = transaction.author.map(JSONValue.string) ?? .null
    object["changes"] = .array(
      transaction.changes.map { change in
        var item = JSONObject()
        item["change"] = .string(change.kind.rawValue)
        item["entity"] = .string(change.entity)
        item["row"] = .number(JSONNumber(change.id.row))
        if !change.changedKeys.isEmpty { item["keys"] = .array(change.changedKeys.map(JSONValue.string)) }
        if change.kind == .deleted {
          var kept = JSONObject()
          for (name, value) in change.keptValues.sorted(by: { $0.key < $1.key }) { kept[name] = value.map(Self.json) ?? .null }
          item["kept"] = .object(kept)
        }
        return .object(item)
      })
    return .object(object)
  }

  /// A kept value as JSON: numbers as numbers, dates in ISO 8601, bytes in base64, the rest as text.
  static func json(_ value: GraphValue) -> JSONValue {
    switch value {
    case .string(let text): .string(text)
    case .integer(let integer): .number(JSONNumber(integer))
    case .bool(let flag): .bool(flag)
    case .double(let double): JSONNumber(double).map(JSONValue.number) ?? .string(String(double))
    case .float(let float): JSONNumber(Double(float)).map(JSONValue.number) ?? .string(String(float))
    case .decimal(let decimal): JSONNumber(decimal).map(JSONValue.number) ?? .string(decimal.description)
    case .date(let date): .string(date.formatted(.iso8601))
    case .data(let data): .string(data.base64EncodedString())
    case .json(let json): json
    default: .string(QueryCommand.cell(value))
    }
  }
}
