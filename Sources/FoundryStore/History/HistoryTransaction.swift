#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryGraph

/// Where a transaction stands in a store's history: tokens order transactions as they
/// committed, across processes.
///
/// ```swift
/// let transactions = try await store.history(after: lastSeen)
/// lastSeen = transactions.last?.token ?? lastSeen
/// ```
/// Keep the last token you handled (its ``rawValue`` is a plain integer) and ask for what
/// came after it.
public struct HistoryToken: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  /// The token as a number: larger is later.
  public let rawValue: Int64

  /// The token of number `rawValue`, as ``rawValue`` gave it.
  ///
  /// ```swift
  /// let token = HistoryToken(Int64(UserDefaults.standard.integer(forKey: "historyToken")))
  /// ```
  public init(_ rawValue: Int64) { self.rawValue = rawValue }

  public static func < (lhs: HistoryToken, rhs: HistoryToken) -> Bool { lhs.rawValue < rhs.rawValue }
  public var description: String { String(rawValue) }

  public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(Int64.self) }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

/// One committed save or import, as a store with history kept it: when, by whom, and which
/// objects it inserted, updated and deleted.
///
/// ```swift
/// for transaction in try await store.history(after: nil) {
///   print(transaction.token, transaction.author ?? "-", transaction.changes.count)
/// }
/// ```
public struct HistoryTransaction: Sendable, Hashable, Identifiable {
  /// Its place in the history.
  public var token: HistoryToken
  /// When it was written (the writing process's clock).
  public var date: Date
  /// The ``ObjectContext/author`` of the context that saved it; `nil` when none was set.
  public var author: String?
  /// Every object it inserted, updated or deleted, in the order the save wrote them.
  public var changes: [HistoryChange]

  public var id: HistoryToken { token }

  /// The same changes as a ``SaveResult``: hand it to ``ObjectContext/refresh(after:)`` to
  /// bring a context up to date with a transaction of another process.
  ///
  /// ```swift
  /// for transaction in try await store.history(after: token) { try await context.refresh(after: transaction.saved) }
  /// ```
  public var saved: SaveResult {
    var result = SaveResult()
    for change in changes {
      switch change.kind {
      case .inserted: result.inserted.append(change.id)
      case .updated: result.updated.append(change.id)
      case .deleted: result.deleted.append(change.id)
      }
    }
    return result
  }
}

/// What one transaction did to one object.
///
/// ```swift
/// if change.kind == .deleted, case .string(let id)?? = change.keptValues["remoteID"] {
///   server.delete(id)
/// }
/// ```
public struct HistoryChange: Sendable, Hashable {
  /// Inserted, updated or deleted.
  public enum Kind: String, Sendable, Hashable, Codable {
    case inserted, updated, deleted
  }

  /// What happened to the object.
  public var kind: Kind
  /// The object's entity (a subentity's own name, not its family's).
  public var entity: String
  /// The object's row.
  public var id: PersistentID
  /// For an update: the names of the attributes and relationships it changed, in the
  /// entity's order. Empty for inserts and deletes.
  public var changedKeys: [String]
  /// For a delete: the values the object had of its identity attributes and of the
  /// attributes the model keeps after deletion (`Attribute/keepsAfterDeletion`), by
  /// attribute name (`nil` for no value). Empty for inserts and updates.
  public var keptValues: [String: GraphValue?]

  /// A change.
  ///
  /// ```swift
  /// HistoryChange(kind: .inserted, entity: "Author", id: PersistentID(family: "Author", row: 1))
  /// ```
  public init(kind: Kind, entity: String, id: PersistentID, changedKeys: [String] = [], keptValues: [String: GraphValue?] = [:]) {
    self.kind = kind
    self.entity = entity
    self.id = id
    self.changedKeys = changedKeys
    self.keptValues = keptValues
  }
}
