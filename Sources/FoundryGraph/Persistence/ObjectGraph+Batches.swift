import Foundry
import FoundryInternals
import FoundryJSON

/// What a store's import in batches needs of a graph: importing some elements of a payload's
/// array, then letting go of them once saved, so that memory holds one batch at a time.
extension ObjectGraph {
  /// The number the next object inserted or loaded gets: every object numbered from it on
  /// came after this moment.
  package var nextObjectNumber: Int { storage.count }

  /// Imports elements of a payload's array (its top level, or the array at `root`): one
  /// batch of an import too large to hold at once. Errors and lossy issues name each element
  /// at its place in the whole payload (`authors[1042].books[0].year`).
  ///
  /// ```swift
  /// try graph.importElements(batch, entity: "Author", root: "authors", firstIndex: 1000, options: options, sourceName: "authors.json")
  /// ```
  /// - Parameter firstIndex: The first element's index in the payload's array.
  /// - Returns: The batch's report, with no top-level objects listed (a batch is let go of
  ///   once saved).
  package func importElements(
    _ elements: [JSONNode], entity: String, root: String?, firstIndex: Int, options: GraphImportOptions, sourceName: String?
  ) throws -> GraphImportReport {
    let target = try self.entity(named: entity)
    let session = try GraphImportSession(graph: self, importing: target, options: options)
    let plan = try session.plan(target)
    let prefix = PathExpression(root ?? "").mappingComponents
    let decoder = MappingDecoder(options: options.mapping)
    var issues: [MappingIssue] = []
    for (offset, element) in elements.enumerated() {
      let (found, error) = decoder.run(from: element, sourceName: sourceName, lossy: options.isLossy) { value in
        try value.within(prefix) {
          _ = try value.readElement(at: .index(firstIndex + offset)) { try session.importObject($0, as: plan, scope: nil) }
        }
      }
      issues += found
      if let error { throw error }
    }
    return session.report(roots: [], issues: issues)
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
}
