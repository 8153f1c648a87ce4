import Foundry
import FoundryInternals
import FoundryJSON

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

  /// Rewrites one payload object before it is read (Groot's JSON dictionary transformer):
  /// return the object to read instead.
  ///
  /// ```swift
  /// let unwrap: GraphImportOptions.PayloadTransformer = { payload in payload["data"] ?? payload }
  /// ```
  public typealias PayloadTransformer = @Sendable (JSONValue) throws -> JSONValue

  /// Coercions, unknown keys, XML parsing, and the transformers that attributes' names refer to.
  public var mapping = MappingOptions()
  /// Entity mappers by the name entities give in ``Entity/entityMapperName``.
  public var entityMappers: [String: EntityMapper] = [:]
  /// Payload transformers by the name entities give in ``Entity/payloadTransformerName``: each
  /// payload object of such an entity is read as the transformer returns it. Errors in the
  /// rewritten object name its payload path and the place of the original object.
  ///
  /// ```swift
  /// options.payloadTransformers["unwrapData"] = { payload in payload["data"] ?? payload }
  /// ```
  public var payloadTransformers: [String: PayloadTransformer] = [:]
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

  /// Which changes the import may make to the objects of the payload's entity (Sync's
  /// operations): a payload object found by identity is updated only with `.update`, one found
  /// by none is made only with `.insert` (else left out, and not linked), and objects are
  /// deleted (``staleObjects``, ``ToManyMerge/replaceDeletingOthers``) only with `.delete`.
  ///
  /// ```swift
  /// options.operations = [.insert, .update]   // a page of a paged list: delete nothing
  /// ```
  public var operations = ImportOperations.all
  /// ``operations`` for the objects a particular relationship's payload names, by
  /// `Entity.relationship` (an entity's own or an ancestor's name); the others follow
  /// ``operations``.
  ///
  /// ```swift
  /// options.relationshipOperations["Author.books"] = [.update]   // link and update known books only
  /// ```
  public var relationshipOperations: [String: ImportOperations] = [:]
  /// Which objects of the payload's entity the payload is the full list of: those it leaves
  /// out are deleted (their delete rules applied) once it is imported; `nil` deletes nothing.
  /// Needs `.delete` in ``operations``.
  ///
  /// ```swift
  /// options.staleObjects = .all                                      // the payload is every Author
  /// options.staleObjects = .related(to: "Author", identity: [1], through: "books")   // Ada's books
  /// options.staleObjects = .matching { $0["year"] == .integer(2024) } // every book of 2024
  /// ```
  public var staleObjects: StaleObjects?
  /// A request to stop that reaches the import from outside its task: the command line's
  /// signals, or a store import running on the database's thread. The import stops between
  /// top-level objects when this flag or its task is cancelled, throwing `CancellationError`.
  package var cancellation: CancellationFlag?

  /// Throws `CancellationError` when ``cancellation`` or the current task is cancelled.
  package func checkCancellation() throws {
    if let cancellation { try cancellation.check() } else if Task.isCancelled { throw CancellationError() }
  }

  /// How a to-many relationship present in a payload combines with what it holds.
  public enum ToManyMerge: Sendable, Hashable {
    /// The relationship holds exactly the payload's objects; the others are unlinked, never deleted.
    case replace
    /// The relationship holds exactly the payload's objects, and the others are deleted (their
    /// delete rules applied): the payload is the full list of what should exist.
    case replaceDeletingOthers
    /// The payload's objects are added; the others stay.
    case append
    /// Sync's rule by the relationship's kind: a one-to-many relationship (whose inverse is
    /// to-one: its objects belong to this one) deletes the objects the payload leaves out, as
    /// ``replaceDeletingOthers``; a many-to-many one (or one without inverse) unlinks them, as
    /// ``replace``.
    case byKind
  }

  /// The objects of the payload's entity that an import with ``staleObjects`` deletes when the
  /// payload leaves them out.
  ///
  /// ```swift
  /// options.staleObjects = .related(to: "User", identity: [6], through: "notes")
  /// ```
  public enum StaleObjects: Sendable {
    /// Every object of the entity (and its subentities).
    case all
    /// The objects that the object of entity `owner` with identity values `identity` holds
    /// in its to-many relationship `relationship` (the payload's objects are not linked to it
    /// by this: nest them, or give the inverse); nothing when there is no such object.
    case related(to: String, identity: [GraphValue], through: String)
    /// The objects of the entity for which `test` is true.
    case matching(@Sendable (ManagedObject) -> Bool)
  }

  /// The deepest nesting of payload objects an import accepts: a top-level object is at
  /// level 1, an object in one of its relationships at level 2. A deeper object fails the
  /// import (or, lossy, its relationship) with a `MappingError`.
  ///
  /// Import follows nesting on a call stack, 10 to 16 KB a level in a debug build: a payload
  /// whose objects nest more than 16 deep is imported on a thread of the import's own, with a
  /// 64 MB stack (only the pages used take memory), while the caller waits. So this limit, not
  /// the caller's thread, decides what imports: 128 levels import on a 512 KB secondary thread
  /// too. Hooks and transformers of such a payload run on that thread. The limit is fixed:
  /// enough for everything an export writes (it nests 100 objects at most).
  ///
  /// ```swift
  /// GraphImportOptions.maximumNestingDepth  // 128
  /// ```
  public static let maximumNestingDepth = 128

  /// The default options: strict, replacing to-many relationships.
  public init() {}
}

/// Which changes an import may make: insert new objects, update found ones, delete others.
///
/// ```swift
/// options.operations = [.insert, .update]
/// ```
public struct ImportOperations: OptionSet, Sendable, Hashable {
  public let rawValue: Int

  /// Operations from their raw bits.
  /// - Parameters:
  ///   - rawValue: The bits: 1 insert, 2 update, 4 delete.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Make objects the payload names and the graph does not hold.
  public static let insert = ImportOperations(rawValue: 1)
  /// Read the payload into objects found by identity.
  public static let update = ImportOperations(rawValue: 2)
  /// Delete objects the payload leaves out (stale objects, and a to-many relationship's others).
  public static let delete = ImportOperations(rawValue: 4)
  /// Every operation: the default.
  public static let all: ImportOperations = [.insert, .update, .delete]
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
  /// Objects deleted: stale ones (``GraphImportOptions/staleObjects``) and those a to-many
  /// relationship's payload left out (``GraphImportOptions/ToManyMerge/replaceDeletingOthers``),
  /// not counting those their delete rules took along.
  ///
  /// ```swift
  /// options.staleObjects = .all
  /// try graph.importJSON(page, entity: "User", options: options).deletedCount   // users the page left out
  /// ```
  public var deletedCount = 0
  /// What lossy mode left out or changed, with payload paths (empty in strict mode).
  public var issues: [MappingIssue] = []

  /// An empty report, for counting imports of one's own into.
  package init() {}
}
