import FoundryInternals
import FoundryJSON
import FoundryXML

// Entry points for the layers built on the mapping runtime (FoundryGraph): they read
// payloads with the same lookups, coercions, paths and lossy bookkeeping as `@Mappable` code.

extension MappingSchema {
  /// Whether some field's key path starts with `key` (a key such objects hold).
  package func mapsKey(_ key: String) -> Bool { knownKeys.contains(key) }

  /// Whether every field is one plain key and no two fields share one: then each field found
  /// in a JSON object is a member of its own, and once as many fields were found as the object
  /// has members, every other field is absent.
  package var hasDistinctPlainKeys: Bool {
    var seen: Set<[UInt8]> = []
    return simpleKeys.keys.allSatisfy { key in key.map { seen.insert(Array($0)).inserted } ?? false }
  }
}

extension ObjectReader {
  /// Field `field` as absent, `null`, or a value to read with ``read(_:_:_:)``.
  package mutating func lookup(_ field: Int) -> Presence<ValueReader> {
    guard let node = locate(field) else { return .absent }
    if node.isNull { return .null }
    return .value(ValueReader(node: node, context: context, coercion: coercion))
  }

  /// Whether the decoding call is lossy.
  package var isLossy: Bool { context.isLossy }

  /// The number of members of the JSON object read; `nil` for an XML element's view, whose
  /// members group its children.
  package var jsonMemberCount: Int? { isMarkup ? nil : object.node.count }
}

extension ValueReader {
  /// Whether the decoding call is lossy.
  package var isLossy: Bool { context.isLossy }

  /// Reads one element of a collection with `body`, putting `component` in front of its
  /// paths; in lossy mode a failure is recorded as a dropped element and gives `nil`.
  package func readElement<T>(at component: MappingPath.Component, _ body: (ValueReader) throws -> T) throws -> T? {
    let mark = context.isLossy ? context.issueMark : -1
    do {
      let result = try body(self)
      if mark >= 0 { context.prefixIssues(since: mark, with: component) }
      return result
    } catch {
      try CollectionReading.failed(error, value: self, at: component, since: mark)
      return nil
    }
  }

  /// Makes this reader read the array element at tape position `position` (from
  /// `JSONNode.elementPositions`) of the same document: a loop over an array moves one reader
  /// along its elements, where a reader per element retained the document and the context.
  ///
  /// ```swift
  /// var element = array
  /// var positions = array.jsonNode.elementPositions
  /// while let position = positions.next() { element.moveToElement(at: position) }
  /// ```
  @inlinable
  package mutating func moveToElement(at position: Int) {
    node.moveToElement(at: position)
  }

  /// The value at a key path below this one, walked as every key path is (``PathNavigable``,
  /// with the XML view's conventions in XML); `nil` when a step is missing.
  package func descendant(at path: PathExpression) -> ValueReader? {
    node.walk(path).map { ValueReader(node: $0, context: context, coercion: coercion) }
  }
}

extension MappingDecoder {
  /// Runs `body` on the root value of `node` in a fresh decoding context, strict or lossy, and
  /// returns the issues and the error, located in the document.
  package func run(
    from node: JSONNode, sourceName: String?, lossy: Bool, factory: (any MappingFactory)? = nil, _ body: (ValueReader) throws -> Void
  ) -> (issues: [MappingIssue], error: MappingError?) {
    let context = MappingContext(options: options, isLossy: lossy, factory: factory)
    let reader = ValueReader(node: node, context: context, coercion: options.coercion)
    let located = { (issue: MappingIssue) -> MappingIssue in
      guard let error = issue.error else { return issue }
      return issue.with(error: Self.located(error, in: node, sourceName: sourceName))
    }
    do {
      try body(reader)
      return (context.issues.map(located), nil)
    } catch {
      return (context.issues.map(located), Self.located(MappingError.wrapping(error, at: reader), in: node, sourceName: sourceName))
    }
  }

  /// Parses JSON bytes into a document root, with parse errors as located `MappingError`s.
  package func parseJSON(_ bytes: [UInt8], sourceName: String?) throws -> JSONNode {
    try parse(bytes, sourceName: sourceName)
  }

  /// Parses XML bytes into the JSON view of the root element, with errors as for ``parseJSON(_:sourceName:)``.
  package func parseXML(_ bytes: [UInt8], sourceName: String?) throws -> JSONNode {
    try xmlView(bytes, sourceName: sourceName)
  }

  /// The JSON view of one XML element (a streamed one), read as this decoder reads text:
  /// errors in it are located in the element's whole input.
  package func view(of element: XMLTree.Element) -> JSONNode {
    XMLJSONView.document(of: element, options: xmlViewOptions).root
  }
}

extension ValueReader {
  /// Runs `body` (which reads values below this one) with `components` put in front of the
  /// paths of its errors and of the issues it records.
  package func within<T>(_ components: [MappingPath.Component], _ body: () throws -> T) throws -> T {
    let mark = context.isLossy ? context.issueMark : -1
    do {
      let result = try body()
      if mark >= 0 { context.prefixIssues(since: mark, with: components) }
      return result
    } catch {
      if mark >= 0 { context.prefixIssues(since: mark, with: components) }
      var failure = MappingError.wrapping(error, at: self)
      for component in components.reversed() { failure.prepend(component) }
      throw failure
    }
  }

  /// An error for a key path that leads nowhere: `required key not found`.
  package func missingKey(expected: String) -> MappingError {
    MappingError(code: .keyNotFound, expected: expected, reason: "required key not found", offset: node.byteOffset)
  }
}

extension ValueReader {
  /// A reader of `node`, a value of another document, in this reader's context (its path,
  /// options and lossy report): for a payload a transformer rewrote. Errors it throws carry
  /// offsets in `node`'s document; the caller relocates them (``MappingError/relocate(to:)``).
  package func reading(_ node: JSONNode) -> ValueReader {
    ValueReader(node: node, context: context, coercion: coercion)
  }
}
