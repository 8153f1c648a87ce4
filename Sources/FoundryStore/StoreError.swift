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
    /// The database reported an error.
    public static let database = Code(description: "database")
  }

  /// What kind of failure it is.
  public let code: Code
  /// The explanation.
  public let message: String
  /// Every rule broken, for ``Code/validation``.
  public var details: [String] = []

  /// An error of kind `code`.
  /// - Parameters:
  ///   - code: The kind of error.
  ///   - message: What went wrong, in one line.
  ///   - details: Further lines, such as every broken validation rule.
  public init(_ code: Code, _ message: String, details: [String] = []) {
    self.code = code
    self.message = message
    self.details = details
  }

  /// `error: conflict: Author #3 changed in the store ...`, then one line per detail.
  public var description: String {
    (["error: \(code): \(message)"] + details.map { "  \($0)" }).joined(separator: "\n")
  }
}
