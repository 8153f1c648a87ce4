#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryGraph
import FoundryJSON

/// What one write of a transaction adds to the store's history: a row of `foundry_history`
/// listing the objects it inserted, updated and deleted, written in the same transaction as
/// the objects.
///
/// A save writes one part, which takes the next token of `foundry_history_clock` as it is
/// written; an import in batches writes a part per batch without a token and seals them all
/// at the end, giving every part of the transaction the next token. The clock's row stays locked
/// until the transaction commits, so on PostgreSQL two writers seal one after the other and
/// tokens follow the order of commits, which is what lets a reader ask for "everything after
/// token N" and miss nothing. Only the end of a write waits: everything before the seal runs
/// beside other writers as it always did.
package struct HistoryPart: Sendable {
  /// An object's row: a new object's by its position in ``WritePlan/newRows`` (known once the
  /// backend took the rows), a stored one's as it is.
  package enum Row: Sendable {
    case new(Int)
    case stored(Int64)
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
  }

  package private(set) var entries: [Entry] = []
  /// The saving context's ``ObjectContext/author``.
  package let author: String?
  /// When the write began.
  package let date: Date
  /// The part's place among its transaction's parts.
  package var number = 0
  /// Whether writing the part also seals the transaction's history (a save's only part).
  package var seals = true

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

  /// The part with its new objects' rows filled in: what an import in batches keeps of a
  /// batch's part once the batch is written.
  package func resolved(rows: [Int64]) -> HistoryPart {
    var part = self
    for index in part.entries.indices {
      guard case .new(let position) = part.entries[index].row else { continue }
      part.entries[index].row = .stored(rows.indices.contains(position) ? rows[position] : 0)
    }
    return part
  }

  /// The statements that write the part (and seal it, when it ``seals``), its new objects
  /// given `rows`: what a backend runs after the write's own statements.
  package func statements(rows: [Int64]) -> [SQLStatement] {
    guard !entries.isEmpty else { return seals ? Self.sealStatements : [] }
    let values: [SQLArgument] = [
      .value(.integer(Int64(number))), .value(.real(date.timeIntervalSince1970)), .value(author.map { .text($0) } ?? .null), .value(.text(changesText(rows: rows))),
    ]
    guard seals else {
      return [SQLStatement("INSERT INTO foundry_history (token, part, time, author, changes) VALUES (NULL, ?, ?, ?, ?)", values)]
    }
    // A save's one part (a part that seals is its transaction's only one): it takes the next
    // token as it is written, with no parts to seal afterwards.
    return [
      SQLStatement("UPDATE foundry_history_clock SET token = token + 1"),
      SQLStatement("INSERT INTO foundry_history (token, part, time, author, changes) SELECT token, ?, ?, ?, ? FROM foundry_history_clock", values),
    ]
  }

  /// Gives the parts written without a token in this transaction the next token. The clock's
  /// update locks its row until the commit (a second writer waits here); the parts of other
  /// transactions are not visible to this one, so only its own are sealed.
  static let sealStatements = [
    SQLStatement("UPDATE foundry_history_clock SET token = token + 1 WHERE EXISTS (SELECT 1 FROM foundry_history WHERE token IS NULL)"),
    SQLStatement("UPDATE foundry_history SET token = (SELECT token FROM foundry_history_clock) WHERE token IS NULL"),
  ]

  /// The part's changes as JSON: `[{"change":"insert","entity":"Author","row":12}, …]`, an
  /// update with its `keys`, a delete with its `kept` column values.
  private func changesText(rows: [Int64]) -> String {
    var writer = JSONWriter()
    writer.reserveCapacity(entries.count * 48)
    writer.beginArray()
    for entry in entries {
      writer.beginObject()
      writer.writeKey("change")
      writer.writeString(entry.kind.rawValue)
      writer.writeKey("entity")
      writer.writeString(entry.entity)
      writer.writeKey("row")
      switch entry.row {
      case .stored(let row): writer.writeInteger(row)
      case .new(let position): writer.writeInteger(rows.indices.contains(position) ? rows[position] : 0)
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
