import FoundryJSON

/// The elements of a stream for the mapping sequences: each with its index, a malformed one as a
/// value (when the scan can go on past it), and paths that start at the input's root.
struct StreamedElements<Chunks: AsyncSequence> where Chunks.Element: Sequence<UInt8> {
  private var documents: JSONElementSequence<Chunks>.AsyncIterator
  /// The key path down to the array, as error paths begin.
  private let keys: [String]
  let sourceName: String?

  init(_ documents: JSONElementSequence<Chunks>, keys: [String], sourceName: String?) {
    self.documents = documents.makeAsyncIterator()
    self.keys = keys
    self.sourceName = sourceName
  }

  /// The next element and its index, or `nil` after the last.
  ///
  /// - Throws: A `.malformedDocument` ``MappingError`` when the input is broken outside an
  ///   element (or cut short), or what the chunk source throws.
  mutating func next() async throws -> (index: Int, document: Result<JSONDocument, MappingError>)? {
    do {
      guard let document = try await documents.next() else { return nil }
      return (documents.elementCount - 1, .success(document))
    } catch let error as JSONParsingError {
      let failure = MappingDecoder.malformed(error, sourceName: sourceName)
      if documents.isFailed { throw failure }
      let index = documents.elementCount - 1
      return (index, .failure(located(failure, index: index)))
    }
  }

  /// `error` with the path of element `index` in front of its own.
  func located(_ error: MappingError, index: Int) -> MappingError {
    var error = error
    error.prepend(.index(index))
    for key in keys.reversed() { error.prepend(.key(key)) }
    return error
  }

  /// `issue` with the path of element `index` in front of its own.
  func located(_ issue: MappingIssue, index: Int) -> MappingIssue {
    var issue = issue
    issue.prepend(.index(index))
    for key in keys.reversed() { issue.prepend(.key(key)) }
    return issue
  }
}
