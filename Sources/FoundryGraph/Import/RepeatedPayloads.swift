import Foundry
import FoundryInternals
import FoundryJSON

/// What one import remembers of the payload objects it read into existing objects, so that a
/// repeat (denormalized JSON: the same area under every seat category of a catalog) is not read
/// again: reading a payload object's attributes a second time changes nothing, since only the
/// object's own payloads set them. A repeat is a payload written byte for byte as the one last
/// read (``WrittenSpan``, spaces included): an API writes one object the same way each time.
///
/// Each object keeps the text last read into it (``ManagedObject/importText``, until the import
/// ends) when that text held attributes alone. For entities with an identity of their own and
/// no subentities, a small cache also maps the text's hash to the object, so that a repeat is
/// known before its identity is read.
///
/// ```swift
/// repeats.remember(node, readInto: area, as: plan, key: nil, namedRelationships: false)
/// repeats.object(writtenAs: mention, as: plan, key: nil)   // area, when mention is written as node
/// repeats.mustRead(mention, into: area, key: nil)          // false
/// ```
final class RepeatedPayloads {
  private struct Entry {
    var hash = 0
    /// Unretained: ``remembered`` holds every object an entry names, deleted ones included,
    /// until the import ends.
    var object: ObjectReference?
  }

  /// Whether repeats may be skipped at all: not in lossy mode (each read reports its issues),
  /// nor with a `didImport` hook (it may change objects between two mentions), nor with
  /// payload transformers.
  private let skips: Bool
  /// Whether a repeat may be known before its identity is read: not with a `shouldImport`
  /// hook, which sees every payload object first.
  private let findsByText: Bool
  /// Direct-mapped by hash: a collision replaces the older entry (a miss only means a read).
  private static let cacheSize = 1024
  // Unchecked exclusivity: one import's session owns the cache (ARCHITECTURE.md, Invariants: "One owner").
  @exclusivity(unchecked) private var cache: [Entry] = []
  /// The objects holding an ``ManagedObject/importText``, to clear when the import ends.
  @exclusivity(unchecked) private var remembered: [ManagedObject] = []

  init(options: GraphImportOptions) {
    // A payload transformer's object is text of another document: nothing to compare.
    skips = options.didImport == nil && !options.isLossy && options.payloadTransformers.isEmpty
    findsByText = skips && options.shouldImport == nil
  }

  deinit {
    for object in remembered { object.importText = nil }
  }

  /// Notes that `node` was read into `object`, an existing object of the entity of `plan`,
  /// found by its identity; a payload that named relationships, or came with a member's key,
  /// is not a text to skip.
  func remember(
    _ node: JSONNode, readInto object: ManagedObject, as plan: EntityImportPlan, key: (slot: Int, value: GraphValue)?, namedRelationships: Bool
  ) {
    guard skips, key == nil, !namedRelationships, let span = node.writtenSpan else { return }
    if object.importText == nil { remembered.append(object) }
    object.importText = ImportedText(node: node, span: span)
    guard plan.remembersPayloads else { return }
    if cache.isEmpty { cache = Array(repeating: Entry(), count: Self.cacheSize) }
    let hash = Self.key(span, plan)
    cache[hash & (Self.cacheSize - 1)] = Entry(hash: hash, object: ObjectReference(object))
    plan.hasRememberedPayloads = true
  }

  /// The object of `plan`'s entity whose last text in this import is written as `node`.
  func object(writtenAs node: JSONNode, as plan: EntityImportPlan, key: (slot: Int, value: GraphValue)?) -> ManagedObject? {
    guard key == nil else { return nil }
    return reference(writtenAs: node.writtenSpan, as: plan)?.object
  }

  /// ``object(writtenAs:as:key:)`` for a payload without a member's key, given as its written
  /// bytes (`JSONNode.writtenSpan`), unretained (the graph holds the object): what a to-many
  /// relationship's element loop links.
  @inline(__always)
  func reference(writtenAs written: @autoclosure () -> WrittenSpan?, as plan: EntityImportPlan) -> ObjectReference? {
    guard findsByText, plan.hasRememberedPayloads, let span = written() else { return nil }
    let hash = Self.key(span, plan)
    let entry = cache[hash & (Self.cacheSize - 1)]
    guard entry.hash == hash, let object = entry.object else { return nil }
    // The object's current text decides: the entry may be older than its last read.
    let isRepeat = object.withObject { object in
      !object.isDeleted && object.entity === plan.entity && object.importText?.span.isSame(as: span) == true
    }
    return isRepeat ? object : nil
  }

  /// Whether `node`, a payload object for `object` (found by identity), must be read: not when
  /// it is written as the text last read into it. Otherwise the text is forgotten first: a
  /// read that fails may leave the object changed.
  func mustRead(_ node: JSONNode, into object: ManagedObject, key: (slot: Int, value: GraphValue)?) -> Bool {
    guard let text = object.importText else { return true }
    if key == nil, let span = node.writtenSpan, text.span.isSame(as: span) { return false }
    object.importText = nil
    return true
  }

  /// The cache key of a text read as an object of `plan`'s entity.
  private static func key(_ span: WrittenSpan, _ plan: EntityImportPlan) -> Int {
    span.hash ^ (plan.entity.index &* 0x2545_F491)
  }
}

/// The payload object last read into an object during an import (``ManagedObject/importText``).
struct ImportedText {
  /// Holds the document, so that ``span`` stays valid.
  let node: JSONNode
  let span: WrittenSpan
}
