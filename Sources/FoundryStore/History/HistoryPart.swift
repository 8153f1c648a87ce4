#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryGraph
import FoundryJSON

/// What one write of a transaction adds to the store's history: the objects it inserted,
/// updated and deleted, written in the same transaction as the objects.
///
/// A save is one ``Role/whole`` transaction: one row of `foundry_history` that takes the next
/// token as it is written. An import in batches writes a ``Role/part(_:)`` per batch to
/// `foundry_history_parts` without a token and one ``Role/seal`` at the end, which gives them
/// all the next token under one `foundry_history` row. How the next token is taken depends on
/// the database (see ``StoreHistory``): where writers take turns (SQLite) it is the table's
/// newest plus one, read in the write's own transaction, so a save writes a single row; where
/// they do not (PostgreSQL) the clock's row is updated first and stays locked until the commit,
/// so two writers seal one after the other and tokens follow the order of commits, which is
/// what lets a reader ask for "everything after token N" and miss nothing.
package struct HistoryPart: Sendable {
  /// What the write is to its transaction's history.
  package enum Role: Sendable, Equatable {
    /// A save's history: the whole transaction's.
    case whole
    /// The history of one batch of an import, numbered in order, kept without a token.
    case part(Int)
    /// The end of an import in batches: gives its parts the next token.
    case seal
  }

  /// An object's row: a new object's by its position in ``WritePlan/newRows`` (known once the
  /// backend took the rows), a stored one's as it is.
  package enum Row: Sendable {
    case new(Int)
    case stored(Int64)

    /// The row, a new object's taken from `rows` (0 if it is not there).
    func number(rows: [Int64]) -> Int64 {
      switch self {
      case .stored(let row): row
      case .new(let position): rows.indices.contains(position) ? rows[position] : 0
      }
    }
  }

  /// One object's change.
  package struct Entry: Sendable {
    let kind: HistoryChange.Kind
    let entity: String
    var row: Row
    /// For an update: the changed attributes and relationships.
    let changedKeys: [String]
    /// For a delete: the identity's and the kept attributes' column values.
    let kept: [(name: String, value: SQLValue)]

    /// Whether `other` is the same change of another object of the same entity, listed with
    /// this one by its row alone (never a delete: each keeps its own values).
    func lists(with other: Entry) -> Bool {
      kind != .deleted && other.kind == kind && other.entity == entity && other.changedKeys == changedKeys
    }
  }

  package private(set) var entries: [Entry] = []
  /// The saving context's ``ObjectContext/author``.
  package let author: String?
  /// When the write began.
  package let date: Date
  /// What the write is to its transaction's history.
  package var role = Role.whole

  package init(author: String?, date: Date = Date()) {
    self.author = author
    self.date = date
  }

  /// Whether the part lists no change.
  package var isEmpty: Bool { entries.isEmpty }

  /// Lists `changes`, whose inserted objects take the plan's new rows in order.
  package mutating func add(_ changes: GraphChanges, layout: StoreLayout) throws(StoreError) {
    for (position, object) in changes.inserted.enumerated() {
      entries.append(Entry(kind: .inserted, entity: object.entity.name, row: .new(position), changedKeys: [], kept: []))
    }
    for object in changes.updated {
      guard let id = object.persistentID else { continue }
      let keys = object.changedAttributeSlots.map { object.entity.attributes[$0].name } + object.changedRelationshipSlots.map { object.entity.relationships[$0].name }
      entries.append(Entry(kind: .updated, entity: object.entity.name, row: .stored(id.row), changedKeys: keys, kept: []))
    }
    for object in changes.deleted {
      guard let id = object.persistentID else { continue }
      let entity = object.entity
      var kept: [(name: String, value: SQLValue)] = []
      for slot in entity.attributes.indices where entity.identitySlots.contains(slot) || entity.attributes[slot].keepsAfterDeletion {
        kept.append((entity.attributes[slot].name, try layout.codecs[entity.index][slot].sqlValue(object.committedValue(at: slot))))
      }
      entries.append(Entry(kind: .deleted, entity: entity.name, row: .stored(id.row), changedKeys: [], kept: kept))
    }
  }

  /// The statements that write the part, its new objects given `rows`: what a backend runs
  /// after the write's own statements.
  /// - Parameter writersTakeTurns: Whether the database lets one writer at a time
  ///   (``SQLDialect/writersTakeTurns``).
  package func statements(rows: [Int64], writersTakeTurns: Bool) -> [SQLStatement] {
    let time = SQLArgument.value(.real(date.timeIntervalSince1970))
    let author = SQLArgument.value(author.map { .text($0) } ?? .null)
    switch role {
    case .seal:
      return StoreHistory.sealStatements(time: time, author: author)
    case .part(let number):
      guard !entries.isEmpty else { return [] }
      return [StoreHistory.partStatement(number: number, changes: .value(.text(changesText(rows: rows))))]
    case .whole:
      guard !entries.isEmpty else { return [] }
      return StoreHistory.transactionStatements(time: time, author: author, changes: .value(.text(changesText(rows: rows))), writersTakeTurns: writersTakeTurns)
    }
  }

  /// The part's changes as JSON: `[{"change":"inserted","entity":"Author","row":12}, …]`, an
  /// update with its `keys`, a delete with its `kept` column values; a run of changes alike
  /// but for their rows (inserts or updates of one entity, updates of the same keys) as one,
  /// with `"rows":[12,13,14]`, which keeps a small save's history row small.
  private func changesText(rows: [Int64]) -> String {
    var writer = JSONWriter()
    writer.reserveCapacity(64 + entries.count * 8)
    writer.beginArray()
    var start = entries.startIndex
    while start < entries.endIndex {
      let entry = entries[start]
      var end = start + 1
      while end < entries.endIndex, entry.lists(with: entries[end]) { end += 1 }
      writer.beginObject()
      writer.writeKey("change")
      writer.writeString(entry.kind.rawValue)
      writer.writeKey("entity")
      writer.writeString(entry.entity)
      if end - start == 1 {
        writer.writeKey("row")
        writer.writeInteger(entry.row.number(rows: rows))
      } else {
        writer.writeKey("rows")
        writer.beginArray()
        for index in start..<end { writer.writeInteger(entries[index].row.number(rows: rows)) }
        writer.endArray()
      }
      if !entry.changedKeys.isEmpty {
        writer.writeKey("keys")
        writer.beginArray()
        for key in entry.changedKeys { writer.writeString(key) }
        writer.endArray()
      }
      if entry.kind == .deleted {
        writer.writeKey("kept")
        writer.beginObject()
        for (name, value) in entry.kept {
          writer.writeKey(name)
          Self.write(value, to: &writer)
        }
        writer.endObject()
      }
      writer.endObject()
      start = end
    }
    writer.endArray()
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// A column value as JSON: numbers as numbers (integers exactly), text as a string, bytes
  /// as `{"base64": …}`.
  private static func write(_ value: SQLValue, to writer: inout JSONWriter) {
    switch value {
    case .null: writer.writeNull()
    case .integer(let integer): writer.writeInteger(integer)
    case .real(let double): if double.isFinite { writer.writeDouble(double) } else { writer.writeString(String(double)) }
    case .text(let text): writer.writeString(text)
    case .blob(let bytes):
      writer.beginObject()
      writer.writeKey("base64")
      writer.writeString(Data(bytes).base64EncodedString())
      writer.endObject()
    }
  }
}
