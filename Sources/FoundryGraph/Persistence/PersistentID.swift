/// Where a managed object is kept in a store: its entity family's table and its row there.
///
/// An object's ``ManagedObject/objectNumber`` is local to one graph; its persistent ID names
/// the same stored object in every context that loads it.
///
/// ```swift
/// let book = try await context.fetch(FetchRequest(entity: "Book")).first
/// book?.persistentID?.description   // "Book #12"
/// ```
public struct PersistentID: Hashable, Sendable, CustomStringConvertible {
  /// The root entity of the object's inheritance family (the table it is kept in).
  public let family: String
  /// The object's row in that table.
  public let row: Int64

  /// The ID of row `row` of `family`'s table.
  ///
  /// ```swift
  /// PersistentID(family: "Book", row: 12)
  /// ```
  /// - Parameters:
  ///   - family: The root entity of the inheritance family, which names the table.
  ///   - row: The row's key in that table.
  public init(family: String, row: Int64) {
    self.family = family
    self.row = row
  }

  /// `Book #12`.
  public var description: String { "\(family) #\(row)" }
}
