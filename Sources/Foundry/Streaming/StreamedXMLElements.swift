import FoundryInternals
import FoundryXML

/// The elements of an XML stream for the mapping sequences: each with its index, a malformed
/// one as a value (when the scan can go on past it), and paths that start at the root.
struct StreamedXMLElements<Chunks: AsyncSequence> where Chunks.Element: Sequence<UInt8> {
  private var elements: XMLElementSequence<Chunks>.AsyncIterator
  /// The path's names, as error paths begin (the last is the element's own name).
  private let segments: [String]
  let sourceName: String?

  init(_ elements: XMLElementSequence<Chunks>, path: String, sourceName: String?) {
    self.elements = elements.makeAsyncIterator()
    segments = PathExpression(path).segments.map(\.name)
    self.sourceName = sourceName
  }

  /// The next element, its index and its name, or `nil` after the last.
  ///
  /// - Throws: A `.malformedDocument` ``MappingError`` when the input is broken outside an
  ///   element (or cut short), or what the chunk source throws.
  mutating func next() async throws -> (index: Int, element: Result<XMLTree.Element, MappingError>)? {
    do {
      guard let element = try await elements.next() else { return nil }
      return (elements.elementCount - 1, .success(element))
    } catch let error as XMLParsingError {
      let failure = MappingDecoder.malformed(error, sourceName: sourceName)
      if elements.isFailed { throw failure }
      let index = elements.elementCount - 1
      return (index, .failure(located(failure, index: index, name: nil)))
    }
  }

  /// `error` with the path of element `index` (named `name`) in front of its own.
  func located(_ error: MappingError, index: Int, name: String?) -> MappingError {
    var error = error
    for component in components(index: index, name: name).reversed() { error.prepend(component) }
    return error
  }

  /// `issue` with the path of element `index` (named `name`) in front of its own.
  func located(_ issue: MappingIssue, index: Int, name: String?) -> MappingIssue {
    var issue = issue
    for component in components(index: index, name: name).reversed() { issue.prepend(component) }
    return issue
  }

  /// `channel`, `item`, `[index]`: the element's place as the root's JSON view spells it.
  private func components(index: Int, name: String?) -> [MappingPath.Component] {
    guard let last = segments.last else { return [] }
    var components = segments.dropLast().map { MappingPath.Component.key($0) }
    components.append(.key(last == "*" || last.hasPrefix("{") ? name ?? last : last))
    components.append(.index(index))
    return components
  }
}
