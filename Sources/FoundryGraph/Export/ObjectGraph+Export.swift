import Foundry
import FoundryInternals
import FoundryJSON
import FoundryXML

/// Exporting objects as JSON or XML through the schema's key paths: what import reads, so
/// importing an export into an empty graph gives an equal graph.
///
/// Each object is written in full the first time it is reached and as its identity after that;
/// the relationship an object was reached through (the inverse of the one being written) is
/// left out, so cycles through inverses are written once.
///
/// ```swift
/// let authors = try graph.objects(of: "Author")
/// let json = try graph.exportJSON(authors, root: "authors")
/// let copy = ObjectGraph(schema: graph.schema)
/// try copy.importJSON(json, entity: "Author", root: "authors")
/// ```
extension ObjectGraph {
  /// The payload of `objects` as a JSON value: an array, or an object holding it at `root`.
  ///
  /// ```swift
  /// let value = try graph.exportValue(try graph.objects(of: "Author"))
  /// ```
  /// - Parameters:
  ///   - objects: The objects to export; everything reachable from them comes too.
  ///   - root: The key path to hold the array of objects at; `nil` makes the array the payload.
  ///   - options: The encoding options (key strategy, date and data formats, transformers).
  ///   - relationships: How related objects are written: nested (the default), to a depth, as identities, or not at all.
  /// - Throws: `MappingError` when an attribute's transformer cannot write its value back;
  ///   ``GraphError`` `unboundTransformer` for a transformer name `options` does not know.
  public func exportValue(
    _ objects: [ManagedObject], root: String? = nil, options: EncodingOptions = .init(), relationships: RelationshipExport = .nested
  ) throws -> JSONValue {
    try exportValue(objects, root: root, options: options, forXML: false, relationships: relationships)
  }

  /// ``exportValue(_:root:options:relationships:)``, with keyed relationships as lists for XML.
  private func exportValue(
    _ objects: [ManagedObject], root: String?, options: EncodingOptions, forXML: Bool, relationships: RelationshipExport
  ) throws -> JSONValue {
    let (value, unreadable) = try exportValueLeavingOutUnreadable(objects, root: root, options: options, forXML: forXML, relationships: relationships)
    if let first = unreadable.first { throw Self.unreadableError(first, count: unreadable.count) }
    return value
  }

  /// ``exportValue(_:root:options:relationships:)``, leaving out the stored values that do not read back and
  /// returning their errors beside the payload: for a tool that reports them after writing
  /// everything else.
  package func exportValueLeavingOutUnreadable(
    _ objects: [ManagedObject], root: String? = nil, options: EncodingOptions, forXML: Bool = false, relationships: RelationshipExport = .nested
  ) throws -> (value: JSONValue, unreadable: [GraphError]) {
    try checkTransformers(options)
    var exporter = GraphExporter(schema: schema, options: options, writesKeyedAsLists: forXML, relationships: relationships)
    let array = try exporter.export(objects)
    let path = PathExpression(root ?? "")
    guard !path.isEmpty else { return (array, exporter.unreadable) }
    var wrapped = JSONObject()
    try wrapped.insert(array, at: path)
    return (.object(wrapped), exporter.unreadable)
  }

  /// The error an export or listing throws for its first value that does not read back.
  private static func unreadableError(_ first: GraphError, count: Int) -> GraphError {
    guard count > 1 else { return first }
    return first.withMessage("\(first.message) (and \(count - 1) more values that do not read back)")
  }

  /// `objects` listed once each, in order, at the top level: each one's attributes through its
  /// key paths, and its relationships as the related objects' identities (one without an
  /// identity is written in full there). Unlike an export, the array's length is the number of
  /// objects, whichever of them are related: what `foundry query --format json` prints.
  ///
  /// ```swift
  /// let books = try graph.objects(of: "Book")
  /// let listing = try graph.listingValue(books)   // [{"id": 1, "title": "…", "author": 7}, …]
  /// ```
  /// - Parameters:
  ///   - objects: The objects to list.
  ///   - options: The encoding options (key strategy, date and data formats, transformers).
  /// - Throws: As ``exportValue(_:root:options:relationships:)``.
  public func listingValue(_ objects: [ManagedObject], options: EncodingOptions = .init()) throws -> JSONValue {
    let (value, unreadable) = try listingValueLeavingOutUnreadable(objects, options: options)
    if let first = unreadable.first { throw Self.unreadableError(first, count: unreadable.count) }
    return value
  }

  /// ``listingValue(_:options:)``, leaving out the stored values that do not read back and
  /// returning their errors beside the listing.
  package func listingValueLeavingOutUnreadable(_ objects: [ManagedObject], options: EncodingOptions) throws -> (value: JSONValue, unreadable: [GraphError]) {
    try checkTransformers(options)
    var exporter = GraphExporter(schema: schema, options: options)
    return (try exporter.listing(objects), exporter.unreadable)
  }

  /// Refuses an export whose options do not bind a transformer name the schema uses (but for
  /// transformable attributes, whose values are then the payload's JSON).
  private func checkTransformers(_ options: EncodingOptions) throws {
    for entity in schema.entities {
      for attribute in entity.attributes {
        guard let name = attribute.transformerName, !AttributeCodec.isUnbound(attribute, in: options.transformers),
          (try? options.transformers.transformer(spec: name)) == nil
        else { continue }
        throw GraphError(.unboundTransformer, at: "\(entity.name).\(attribute.name)", "transformer \"\(name)\" is not bound")
      }
    }
  }

  /// The payload of `objects` as JSON text (pretty or compact per `options.writing`).
  ///
  /// ```swift
  /// let bytes = try graph.exportJSON(try graph.objects(of: "Author"), root: "authors")
  /// ```
  /// - Parameters:
  ///   - objects: The objects to export; everything reachable from them comes too.
  ///   - root: The key path to hold the array of objects at; `nil` makes the array the payload.
  ///   - options: The encoding options, with `options.writing` for pretty or compact text.
  ///   - relationships: How related objects are written (nested by default).
  /// - Throws: As ``exportValue(_:root:options:relationships:)``.
  public func exportJSON(
    _ objects: [ManagedObject], root: String? = nil, options: EncodingOptions = .init(), relationships: RelationshipExport = .nested
  ) throws -> [UInt8] {
    var writer = JSONWriter(options: options.writing)
    writer.write(try exportValue(objects, root: root, options: options, relationships: relationships))
    return writer.bytes
  }

  /// The payload of `objects` as an XML document whose root element is `rootElement`; with
  /// `root` (`author`), each object is an element of that name.
  ///
  /// ```swift
  /// let xml = try graph.exportXML(try graph.objects(of: "Author"), root: "author", rootElement: "library")
  /// ```
  /// - Parameters:
  ///   - objects: The objects to export; everything reachable from them comes too.
  ///   - root: The name of each object's element; `nil` names them `object`.
  ///   - rootElement: The name of the document's root element.
  ///   - options: The encoding options (key strategy, date and data formats, transformers).
  ///   - writing: How the XML text is written (pretty, compact, declaration).
  ///   - relationships: How related objects are written (nested by default).
  /// - Throws: As ``exportValue(_:root:options:relationships:)``, and `MappingError` for values XML cannot hold.
  public func exportXML(
    _ objects: [ManagedObject], root: String? = nil, rootElement: String = "objects", options: EncodingOptions = .init(),
    writing: XMLWritingOptions = .init(), relationships: RelationshipExport = .nested
  ) throws -> [UInt8] {
    let value = try exportValue(objects, root: root ?? "object", options: options, forXML: true, relationships: relationships)
    return try Self.xmlDocument(value, rootElement: rootElement, writing: writing)
  }

  /// An export's payload value (made with `forXML`) as an XML document whose root element is
  /// `rootElement`.
  package static func xmlDocument(_ value: JSONValue, rootElement: String, writing: XMLWritingOptions) throws -> [UInt8] {
    let element = try XMLJSONView.element(named: rootElement, from: value)
    var output = XMLWriter(options: writing)
    do {
      if writing.includesDeclaration { output.writeDeclaration() }
      try output.write(element)
    } catch {
      throw MappingError(code: .invalidValue, reason: error.message, underlying: error)
    }
    return output.bytes
  }
}
