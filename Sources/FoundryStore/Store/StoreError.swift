import Foundry
import FoundryGraph
import FoundryJSON
import FoundryXML

/// Why a store could not be opened, read or saved: one error type with extensible codes.
///
/// ```swift
/// do { try await context.save() }
/// catch let error as StoreError where error.code == .conflict { print(error) }
/// // error: conflict: Author #3 changed in the store since this context read it (name)
/// ```
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of failure it is.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    public let description: String
    /// The file is not a Foundry store (another database, or not a database).
    public static let notAStore = Code(description: "notAStore")
    /// The file is damaged.
    public static let corrupt = Code(description: "corrupt")
    /// The store was made with another schema, and cannot be migrated to this one.
    public static let schemaMismatch = Code(description: "schemaMismatch")
    /// The schema cannot be laid out in tables.
    public static let unsupportedSchema = Code(description: "unsupportedSchema")
    /// Another save changed an object this context changed too.
    public static let conflict = Code(description: "conflict")
    /// The graph breaks its schema's rules; nothing was written.
    public static let validation = Code(description: "validation")
    /// The store refused a row (a duplicate identity, a broken link).
    public static let constraint = Code(description: "constraint")
    /// A query could not be read.
    public static let invalidQuery = Code(description: "invalidQuery")
    /// A query is longer or nests deeper than its ``QueryLimits`` allow.
    public static let queryLimitExceeded = Code(description: "queryLimitExceeded")
    /// A value could not be converted to or from its column.
    public static let invalidValue = Code(description: "invalidValue")
    /// The context has unsaved changes, which an import would save with its own.
    public static let unsavedChanges = Code(description: "unsavedChanges")
    /// The store's file could not grow: the disk is full or the process's file-size limit is
    /// reached. The store is as of its last completed save, and works again once there is room.
    public static let storageFull = Code(description: "storageFull")
    /// The store's file, or the folder it needs to write beside it, cannot be written.
    public static let readOnly = Code(description: "readOnly")
    /// The store keeps no history: ``Store/enableHistory()`` starts it.
    public static let historyDisabled = Code(description: "historyDisabled")
    /// The history after the token asked for was purged (``Store/purgeHistory(before:)``): the
    /// reader fell behind, and the message says from which token to go on.
    public static let historyPurged = Code(description: "historyPurged")
    /// The database reported an error.
    public static let database = Code(description: "database")
    /// The payload could not be read or mapped: ``StoreError/underlying`` is the `MappingError`
    /// (its path, line and column), or the JSON or XML reader's error for a malformed file read
    /// in pieces, and the error prints as it does.
    public static let mapping = Code(description: "mapping")
    /// The graph refused the change (an unknown entity, an unbound transformer, a value of the
    /// wrong type): ``StoreError/underlying`` is the `GraphError`, and the error prints as it does.
    public static let graph = Code(description: "graph")
  }

  /// What kind of failure it is.
  public let code: Code
  /// The explanation.
  public let message: String
  /// Every rule broken, for ``Code/validation``.
  public var details: [String] = []
  /// The error of a lower layer this one carries: the `MappingError` of ``Code/mapping``, the
  /// `GraphError` of ``Code/graph``, or for a database error met during an import, the graph's
  /// or mapping error it caused.
  ///
  /// ```swift
  /// catch let error as StoreError where error.code == .mapping {
  ///   let mapping = error.underlying as? MappingError   // its path, line and column
  /// }
  /// ```
  public let underlying: (any Error)?

  /// An error of kind `code`.
  /// - Parameters:
  ///   - code: The kind of error.
  ///   - message: What went wrong, in one line.
  ///   - details: Further lines, such as every broken validation rule.
  public init(_ code: Code, _ message: String, details: [String] = []) {
    self.init(code, message, details: details, underlying: nil)
  }

  /// An error of kind `code` carrying `underlying`.
  package init(_ code: Code, _ message: String, details: [String] = [], underlying: (any Error)?) {
    self.code = code
    self.message = message
    self.details = details
    self.underlying = underlying
  }

  /// `error: conflict: Author #3 changed in the store ...`, then one line per detail; a
  /// mapping or graph error prints as the error it carries.
  public var description: String {
    if code == .mapping || code == .graph, let underlying { return "\(underlying)" }
    return (["error: \(code): \(message)"] + details.map { "  \($0)" }).joined(separator: "\n")
  }

  public static func == (left: StoreError, right: StoreError) -> Bool {
    left.code == right.code && left.message == right.message && left.details == right.details
      && left.underlying.map { "\($0)" } == right.underlying.map { "\($0)" }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(code)
    hasher.combine(message)
    hasher.combine(details)
  }
}

extension StoreError {
  /// What a store operation that failed with `error` throws: a `MappingError` or `GraphError`
  /// as a store error of code ``Code/mapping`` or ``Code/graph`` carrying it, so that a caller
  /// of the store catches one type; a `StoreError`, a cancellation or an error of the caller's
  /// own code (a hook's) as it is.
  ///
  /// ```swift
  /// do { try graph.importJSON(bytes, entity: "Author") } catch { throw StoreError.carrying(error) }
  /// ```
  package static func carrying(_ error: any Error) -> any Error {
    switch error {
    case let mapping as MappingError: StoreError(.mapping, Self.message(of: mapping), underlying: mapping)
    case let graph as GraphError: StoreError(.graph, graph.locatedMessage, underlying: graph)
    case let parsing as JSONParsingError: StoreError(.mapping, parsing.message, underlying: parsing)
    case let parsing as XMLParsingError: StoreError(.mapping, parsing.message, underlying: parsing)
    default: error
    }
  }

  /// A mapping error's first line without its `error: ` prefix.
  private static func message(of error: MappingError) -> String {
    let line = "\(error)".split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
    return line.hasPrefix("error: ") ? String(line.dropFirst(7)) : line
  }
}
