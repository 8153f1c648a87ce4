#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryInternals
import FoundryJSON

/// Importing JSON and XML payloads into a graph.
///
/// Each payload object becomes an object of the entity (or the subentity its entity mapper or
/// subentity key path picks). Nested payloads create related objects; scalars in a
/// relationship are identities, linked to the object with that identity (created holding only
/// its identity when there is none yet). The same identity is the same object, within one
/// import and across imports. An absent key leaves a value alone and `null` clears it, so a
/// payload can update part of an object. Attributes read at their key paths
/// (`pricing.retail_price`) through their named transformers.
///
/// ```swift
/// let graph = ObjectGraph(schema: schema)
/// let report = try graph.importJSON(data, entity: "Author", root: "authors")
/// report.objectCounts   // ["Author": 2, "Book": 5]
/// ```
extension ObjectGraph {
  /// Imports the objects of entity `entity` from JSON bytes.
  ///
  /// ```swift
  /// try graph.importJSON(Array(#"[{"author_id": 1, "name": "Ada"}]"#.utf8), entity: "Author")
  /// ```
  /// - Parameters:
  ///   - bytes: The payload: an array of objects, one object, or identities.
  ///   - entity: The entity of the payload's objects.
  ///   - root: The key path of the objects inside the payload (`authors`); `nil` for the top.
  ///   - options: Mapping options, transformers, entity mappers, lossy mode.
  ///   - sourceName: The file name errors mention.
  /// - Returns: What was imported, with the lossy report.
  /// - Throws: ``GraphError`` for an unknown entity or an unbound transformer or entity
  ///   mapper (before anything is imported); a `MappingError` with the payload path and
  ///   line:column for a malformed document or, in strict mode, the first bad value. Objects
  ///   imported before a strict-mode failure stay in the graph.
  @discardableResult
  public func importJSON(
    _ bytes: [UInt8], entity: String, root: String? = nil, options: GraphImportOptions = .init(), sourceName: String? = nil
  ) throws -> GraphImportReport {
    let node = try MappingDecoder(options: options.mapping).parseJSON(bytes, sourceName: sourceName)
    return try importPayload(node, entity: entity, root: root, options: options, sourceName: sourceName)
  }

  /// Imports the objects of entity `entity` from JSON in `Data`.
  ///
  /// ```swift
  /// try graph.importJSON(try Data(contentsOf: url), entity: "Author")
  /// ```
  /// - Parameters:
  ///   - data: The JSON payload.
  ///   - entity: The entity of the payload's objects.
  ///   - root: The key path of the objects in the payload; `nil` when the payload is the objects.
  ///   - options: Transformers, entity mappers, lossy mode, to-many merging and hooks.
  ///   - sourceName: The file name errors mention.
  @discardableResult
  public func importJSON(
    _ data: Data, entity: String, root: String? = nil, options: GraphImportOptions = .init(), sourceName: String? = nil
  ) throws -> GraphImportReport {
    try importJSON([UInt8](data), entity: entity, root: root, options: options, sourceName: sourceName)
  }

  /// Imports the objects of entity `entity` from an XML document; key paths follow the XML
  /// mapping conventions (`@id` an attribute, child elements by name, repeated ones an array).
  ///
  /// ```swift
  /// try graph.importXML(Array(#"<library><author id="1"><name>Ada</name></author></library>"#.utf8), entity: "Author", root: "author")
  /// ```
  /// - Parameters:
  ///   - bytes: The XML document, in any encoding the XML reader accepts.
  ///   - entity: The entity of the payload's objects.
  ///   - root: The key path of the objects in the XML view of the document (`author`, `channel.item`).
  ///   - options: Transformers, entity mappers, lossy mode, to-many merging and hooks.
  ///   - sourceName: The file name errors mention.
  @discardableResult
  public func importXML(
    _ bytes: [UInt8], entity: String, root: String? = nil, options: GraphImportOptions = .init(), sourceName: String? = nil
  ) throws -> GraphImportReport {
    let node = try MappingDecoder(options: options.mapping).parseXML(bytes, sourceName: sourceName)
    return try importPayload(node, entity: entity, root: root, options: options, sourceName: sourceName)
  }

  /// Imports the objects of entity `entity` from XML in `Data`.
  ///
  /// ```swift
  /// try graph.importXML(try Data(contentsOf: url), entity: "Author", root: "author")
  /// ```
  /// - Parameters:
  ///   - data: The XML document, in any encoding the XML reader accepts.
  ///   - entity: The entity of the payload's objects.
  ///   - root: The key path of the objects in the XML view of the document (`author`, `channel.item`).
  ///   - options: Transformers, entity mappers, lossy mode, to-many merging and hooks.
  ///   - sourceName: The file name errors mention.
  @discardableResult
  public func importXML(
    _ data: Data, entity: String, root: String? = nil, options: GraphImportOptions = .init(), sourceName: String? = nil
  ) throws -> GraphImportReport {
    try importXML([UInt8](data), entity: entity, root: root, options: options, sourceName: sourceName)
  }

  /// Imports the objects of entity `entity` from a parsed document (or the JSON view of an XML element).
  ///
  /// ```swift
  /// let document = try JSONDocument(bytes: bytes)
  /// try graph.importPayload(document.root, entity: "Author")
  /// ```
  /// - Parameters:
  ///   - node: The payload: a document's root, or any node in it.
  ///   - entity: The entity of the payload's objects.
  ///   - root: The key path of the objects under `node`; `nil` when `node` is the objects.
  ///   - options: Transformers, entity mappers, lossy mode, to-many merging and hooks.
  ///   - sourceName: The file name errors mention.
  @discardableResult
  public func importPayload(
    _ node: JSONNode, entity: String, root: String? = nil, options: GraphImportOptions = .init(), sourceName: String? = nil
  ) throws -> GraphImportReport {
    let target = try self.entity(named: entity)
    if let stale = options.staleObjects { try GraphImportSession.check(stale, in: schema) }
    let session = try GraphImportSession(graph: self, importing: target, options: options)
    let path = PathExpression(root ?? "")
    var roots: [ManagedObject] = []
    let decoder = MappingDecoder(options: options.mapping)
    let (issues, error) = decoder.run(from: node, sourceName: sourceName, lossy: options.isLossy) { value in
      guard !path.isEmpty else { return roots = try session.importRoot(value, as: target) }
      let components = path.mappingComponents
      guard let payload = value.descendant(at: path) else { throw Self.missingRoot(in: value, at: path, entity: entity) }
      roots = try value.within(components) { try session.importRoot(payload, as: target) }
    }
    if let error { throw error.unwrappingCancellation }
    if let stale = options.staleObjects { session.deletedCount += try session.deleteStale(stale, of: target, keeping: roots) }
    return session.report(roots: roots, issues: issues)
  }

  /// The error of a payload without the objects' key path: the key path's first missing key.
  static func missingRoot(in value: ValueReader, at path: PathExpression, entity: String) -> MappingError {
    var failure = value.missingKey(expected: "\(entity) objects")
    for component in path.mappingComponents.reversed() { failure.prepend(component) }
    return failure
  }
}
