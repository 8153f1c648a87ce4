import Foundry
import FoundryJSON

/// What a store's import in batches needs of a graph: importing some elements of a payload's
/// array, then letting go of them once saved, so that memory holds one batch at a time.
extension ObjectGraph {
  /// The number the next object inserted or loaded gets: every object numbered from it on
  /// came after this moment.
  package var nextObjectNumber: Int { storage.count }

  /// Imports elements of a payload's array (its top level, or the array at a root key path):
  /// one batch of an import too large to hold at once. Errors and lossy issues name each
  /// element at its place in the whole payload (`authors[1042].books[0].year`).
  ///
  /// ```swift
  /// let place = PayloadPlace(path: [.key("authors")], index: 1000)
  /// try graph.importElements([(author, place)], entity: "Author", options: options, sourceName: "authors.json")
  /// ```
  /// - Parameters:
  ///   - elements: Each element, with its place in the payload.
  ///   - entity: The entity of the elements.
  ///   - options: How the import reads them.
  ///   - sourceName: The payload's name in errors.
  /// - Returns: The batch's report, with no top-level objects listed (a batch is let go of
  ///   once saved) unless the options delete stale objects: then the objects of the entity's
  ///   kind the batch must keep (its top-level objects, and those it created or updated),
  ///   which the import's last step does not delete.
  package func importElements(
    _ elements: [(node: JSONNode, place: PayloadPlace)], entity: String, options: GraphImportOptions, sourceName: String?
  ) throws -> GraphImportReport {
    let target = try self.entity(named: entity)
    let session = try GraphImportSession(graph: self, importing: target, options: options)
    let plan = try session.plan(target)
    let decoder = MappingDecoder(options: options.mapping)
    var issues: [MappingIssue] = []
    var roots: [ManagedObject] = []
    // The batch's identities first, in a query per entity (see `WantedIdentities`).
    try session.lookUpAhead(elements.lazy.map(\.node), as: plan)
    defer { forgetAbsentIdentities() }
    for (offset, (element, place)) in elements.enumerated() {
      // A task or flag cancelled stops the batch between objects (a check every 64 of them).
      if offset & 63 == 0 { try options.checkCancellation() }
      let (found, error) = decoder.run(from: element, sourceName: sourceName, lossy: options.isLossy) { value in
        try value.within(place.path) {
          let root = try value.readElement(at: .index(place.index)) { element in
            try session.withStack(for: element.jsonNode) { try session.importObject(element, as: plan, scope: nil) }
          }
          if options.staleObjects != nil, let root { roots.append(root) }
        }
      }
      issues += found
      if let error { throw error.unwrappingCancellation }
    }
    guard options.staleObjects != nil else { return session.report(roots: [], issues: issues) }
    let rootIDs = Set(roots.map(ObjectIdentifier.init))
    let touched = try objects(of: entity).filter { session.wasTouched($0) && !rootIDs.contains(ObjectIdentifier($0)) }
    return session.report(roots: roots + touched, issues: issues)
  }

  /// Lets go of every object numbered `first` or later, all unchanged since the last commit
  /// (a store saved them). Objects from before `first` that held one of them load that
  /// relationship again from the source on next access.
  ///
  /// No one outside the graph holds the objects let go of (a store's import in batches made
  /// them and hands none out), so their numbers are free again. Each is marked deleted and
  /// loses its relationships all the same, so that one kept by mistake refuses changes.
  package func evict(from first: Int) {
    guard first < storage.count else { return }
    if first == 0 { return evictAll() }
    let evicted = storage[first...]
    for case let object? in evicted {
      for slot in object.entity.relationships.indices {
        guard let inverse = object.entity.inverseSlots[slot] else { continue }
        for target in object.related[slot].objects where target.objectNumber < first { target.related[inverse] = .fault }
      }
    }
    // One-way relationships of earlier objects have no inverse to find them by.
    if schema.entities.contains(where: { $0.inverseSlots.contains(nil) }) {
      for case let object? in storage[..<first] {
        for slot in object.entity.relationships.indices where object.entity.inverseSlots[slot] == nil {
          if object.related[slot].objects.contains(where: { $0.objectNumber >= first }) { object.related[slot] = .fault }
        }
      }
    }
    for case let object? in evicted {
      if !object.entity.isIdentityScopedToParent, let key = object.identityKey {
        index.remove(key, number: object.objectNumber, family: object.entity.rootIndex)
      }
      indexRows(of: object.entity.rootIndex)
      if let id = object.persistentID { persistentIndex[object.entity.rootIndex].remove(id.row) }
      object.emptyRelationships()
      object.isDeleted = true
    }
    storage.removeSubrange(first...)
    retired.removeAll { $0.objectNumber >= first }
  }

  /// ``evict(from:)`` of every object: no earlier object points at them, and the indexes are
  /// emptied at once instead of key by key (a batch of a large import evicts thousands).
  private func evictAll() {
    for case let object? in storage {
      object.emptyRelationships()
      object.isDeleted = true
    }
    index.removeAll()
    for family in persistentIndex.indices {
      persistentIndex[family].removeAll()
      unindexedRows[family] = []
    }
    storage.removeAll(keepingCapacity: true)
    retired.removeAll()
  }
}

/// Where an element of a payload read in batches sits in the whole payload: the key path of
/// the elements (the names an XML element was met at, a wildcard spelled out) and its index
/// among the elements met at that path.
///
/// ```swift
/// PayloadPlace(path: [.key("book")], index: 3)  // $.book[3]
/// ```
package struct PayloadPlace: Sendable, Hashable {
  /// The key path of the elements.
  package var path: [MappingPath.Component]
  /// The element's index among them.
  package var index: Int

  /// The place `index` at `path`.
  ///
  /// - Parameters:
  ///   - path: The key path of the elements.
  ///   - index: The element's index among them.
  package init(path: [MappingPath.Component], index: Int) {
    self.path = path
    self.index = index
  }
}
