extension XMLTree {
  /// Parses a document and hands each child element of the root to `body` as soon as it
  /// closes, then drops it: memory stays bounded by the input and the largest such element,
  /// however many there are.
  ///
  /// The whole document is still checked (an error anywhere throws, after the elements before
  /// it were handed out). An element is valid only inside `body`: copy what you need out of
  /// it (decode it, or take its ``XMLTree/Element/value``).
  ///
  /// ```swift
  /// var nodes = 0
  /// try XMLTree.forEachElement(in: bytes) { element in
  ///   if element.qualifiedName == "node" { nodes += 1 }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - bytes: The XML document.
  ///   - options: The parser options and limits.
  ///   - sourceName: The file name errors mention.
  ///   - body: Called with each child of the root once it closes.
  /// - Throws: ``XMLParsingError``, or whatever `body` throws (which stops the parse).
  public static func forEachElement(
    in bytes: [UInt8],
    options: XMLParsingOptions = .init(),
    sourceName: String? = nil,
    _ body: (Element) throws -> Void
  ) throws {
    let storage = try makeStorage(bytes: bytes, options: options, sourceName: sourceName)
    var failure: (any Error)?
    try withoutActuallyEscaping(body) { body in
      var scanner = XMLScanner(storage: storage, options: options, sourceName: sourceName)
      scanner.streamDepth = 1
      scanner.onElement = { index in
        do {
          try body(Element(storage: storage, index: index))
          return true
        } catch {
          failure = error
          return false
        }
      }
      try scanner.parse()
    }
    if let failure { throw failure }
  }
}
