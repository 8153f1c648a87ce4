import Foundry

/// How a payload becomes objects: the mapping options (coercions, transformers, XML parsing),
/// entity mappers, lossy mode and how to-many relationships merge.
///
/// ```swift
/// var options = GraphImportOptions()
/// options.mapping.transformers.register(DateTransformer.format("yyyy-MM-dd"), as: "birthday")
/// options.entityMappers["vehicleKind"] = { payload in try? payload.member("kind")?.string().capitalized }
/// options.isLossy = true
/// ```
public struct GraphImportOptions: Sendable {
  /// Picks the entity of one payload object by name (Groot's entity mapper): return the name of
  /// the entity or a subentity, or `nil` for the entity the relationship names.
  public typealias EntityMapper = @Sendable (ValueReader) -> String?

  /// Coercions, unknown keys, XML parsing, and the transformers that attributes' names refer to.
  public var mapping = MappingOptions()
  /// Entity mappers by the name entities give in ``Entity/entityMapperName``.
  public var entityMappers: [String: EntityMapper] = [:]
  /// Whether bad objects and values are left out and reported instead of failing the import.
  ///
  /// A nested object whose payload names, for its relationship back to the object it is
  /// nested in, another object (a book in Ada's `books` whose `author` is 2) fails the import;
  /// in lossy mode it is a `fieldDefaulted` issue, and the nesting wins.
  public var isLossy = false
  /// How a to-many relationship in a payload combines with the objects it already holds.
  public var toManyMerge = ToManyMerge.replace
  /// ``toManyMerge`` for particular relationships, by `Entity.relationship` (an entity's own or
  /// an ancestor's name); the others follow ``toManyMerge``.
  ///
  /// ```swift
  /// options.toManyMerge = .append                                 // partial payloads remove nothing
  /// options.toManyMerges["Author.books"] = .replaceDeletingOthers // a full list: delete what it left out
  /// ```
  public var toManyMerges: [String: ToManyMerge] = [:]
  /// Told how many of the payload's top-level objects are imported, of how many: after every
  /// hundredth of them (and the last), for a progress bar.
  ///
  /// ```swift
  /// options.progress = { done, total in print("\(done * 100 / total)%") }
  /// ```
  public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
  /// Asked before each payload object is imported, with the entity it becomes (a subentity
  /// once the entity mapper chose it): `false` skips it and everything nested in it. A
  /// skipped element of an array is left out, a skipped to-one is not linked; nothing is
  /// reported.
  ///
  /// ```swift
  /// options.shouldImport = { entity, payload in (try? payload.member("draft")?.bool()) != true }
  /// ```
  public var shouldImport: (@Sendable (_ entity: EntityDescription, _ payload: ValueReader) -> Bool)?
  /// Called after each object's payload is read into it, new or found by identity (Groot's
  /// and Sync's awake-from-import): derive attributes, normalize, or throw to fail the object
  /// (in lossy mode it is then left out and reported).
  ///
  /// ```swift
  /// options.didImport = { object, payload, isNew in
  ///   if isNew { object.importedAt = .date(Date()) }
  /// }
  /// ```
  public var didImport: (@Sendable (_ object: ManagedObject, _ payload: ValueReader, _ isNew: Bool) throws -> Void)?

  /// How a to-many relationship present in a payload combines with what it holds.
  public enum ToManyMerge: Sendable, Hashable {
    /// The relationship holds exactly the payload's objects; the others are unlinked, never deleted.
    case replace
    /// The relationship holds exactly the payload's objects, and the others are deleted (their
    /// delete rules applied): the payload is the full list of what should exist.
    case replaceDeletingOthers
    /// The payload's objects are added; the others stay.
    case append
  }

  /// The deepest nesting of payload objects an import accepts: a top-level object is at
  /// level 1, an object in one of its relationships at level 2. A deeper object fails the
  /// import (or, lossy, its relationship) with a `MappingError`.
  ///
  /// Import follows nesting on the call stack, about 10 KB a level in a debug build (a 512 KB
  /// stack overflowed below 48 levels), so the limit is fixed: enough for everything an export
  /// writes (it nests 100 objects at most), and held by a 2 MB stack in a debug build.
  ///
  /// ```swift
  /// GraphImportOptions.maximumNestingDepth  // 128
  /// ```
  public static let maximumNestingDepth = 128

  /// The default options: strict, replacing to-many relationships.
  public init() {}
}

/// What an import did: the objects at the payload's top level, how many objects of each entity
/// it created or updated, how many relationship links it made, and the lossy report.
///
/// ```swift
/// let report = try graph.importJSON(data, entity: "Author")
/// print(report.objectCounts)       // ["Author": 2, "Book": 5]
/// for issue in report.issues { print(issue) }
/// ```
public struct GraphImportReport {
  /// The objects at the payload's top level, in payload order.
  public var objects: [ManagedObject] = []
  /// Distinct objects created or updated, by entity name.
  public var objectCounts: [String: Int] = [:]
  /// How many of them were created.
  public var createdCount = 0
  /// Relationship links made (each pair counted once).
  public var relationshipCount = 0
  /// What lossy mode left out or changed, with payload paths (empty in strict mode).
  public var issues: [MappingIssue] = []

  /// An empty report, for counting imports of one's own into.
  package init() {}
}
