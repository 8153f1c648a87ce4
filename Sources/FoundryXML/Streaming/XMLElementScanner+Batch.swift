import FoundryInternals

// Elements are parsed a batch at a time: one small document (the prolog, the start tags
// around them, the elements and the markup between them) costs one parser setup for many
// elements. When a batch fails to parse, its pieces are parsed one by one, as they would be
// alone, so that the elements before the error are handed out, a malformed element is
// reported alone, and the error is the one the whole-document parser gives.
extension XMLElementScanner {
  /// An element captured in ``pending`` whose batch is not parsed yet.
  struct CapturedElement: Sendable {
    /// Where its start tag begins and its end tag ends in ``pending``.
    var start: Int
    var end: Int
    /// The elements open around it.
    var ancestors: [OpenTag]
  }

  /// What ``next()`` hands out, in input order.
  enum Outcome: Sendable {
    case element(XMLTree.Element)
    /// `isLocal`: the scan goes on after it; `isElement`: it stands for an element (and
    /// counts in ``elementCount``).
    case failure(XMLParsingError, isLocal: Bool, isElement: Bool)
    /// What ``XMLElementScanner/next()`` leaves in ``XMLElementScanner/ready`` of an outcome
    /// it handed out (moved out, not copied: a copy retained the element's document).
    case handedOut
  }

  /// Where the bytes after the last captured element start in ``pending`` (0 for none).
  var batchEnd: Int { batch.last?.end ?? 0 }

  /// Hands out an outcome: returns its element or throws its error.
  mutating func deliver(_ outcome: Outcome) throws(XMLParsingError) -> XMLTree.Element {
    switch outcome {
    case .element(let element):
      elementCount += 1
      return element
    case .failure(let error, let isLocal, let isElement):
      if isElement { elementCount += 1 }
      if !isLocal { failure = error }
      throw error
    case .handedOut:
      preconditionFailure("an outcome is handed out once")
    }
  }

  // MARK: - Parsing a batch

  /// Parses the captured elements and what lies between them, puts the outcomes in ``ready``,
  /// and drops their bytes from ``pending``.
  ///
  /// - Complexity: O(*n*) in the batch's bytes (twice that when the batch is malformed).
  mutating func flushBatch() {
    guard let last = batch.last else { return }
    let end = track(toPendingOffset: last.end)
    do {
      let tree = try parse(
        ancestors: pendingAncestors, body: pending[..<last.end], bodyOrigin: pendingOrigin, bodyEnd: end,
        closing: last.ancestors, followsRoot: pendingFollowsRoot)
      collectElements(of: tree)
    } catch {
      replayBatch()
    }
    var ancestors = last.ancestors
    settle(&ancestors, before: last.end)
    dropPending(upTo: last.end, origin: end)
    markupStart = max(0, markupStart - last.end)
    textStart = max(0, textStart - last.end)
    captureStart = max(0, captureStart - last.end)
    pendingAncestors = ancestors
    batch.removeAll(keepingCapacity: true)
  }

  /// Puts the elements of a parsed batch that are on the path in ``ready``, in order, and
  /// keeps the batch's names for the next.
  mutating func collectElements(of tree: XMLTree) {
    let storage = tree.storage
    names = storage.names
    let depth = segments.count
    var found: [Outcome] = []
    // Per level, the last name id looked at and whether it matched: siblings mostly share one.
    var lastNames = [(id: Int, matches: Bool)](repeating: (-1, false), count: depth)
    // Walks the tape (`XMLTapeReader`) from element to element and appends the elements handed
    // out where it meets them: no `Element` made for a child that is not handed out, no call
    // per element handed out, the lists passed rather than captured (each use of a captured
    // variable retained its box) — each of those cost reference counts per element.
    func collect(_ index: Int, level: Int, in tape: XMLTapeReader, into found: inout [Outcome], lastNames: inout [(id: Int, matches: Bool)]) {
      let end = tape.end(of: index)
      var child = index + 1 + tape.attributeCount(index)
      while child < end {
        // Text, comments and instructions are one node each.
        guard tape.kind(child) == .element else {
          child += 1
          continue
        }
        let id = tape.nameID(child)
        if lastNames[level].id != id { lastNames[level] = (id, stepMatches(level, id, storage.names)) }
        if lastNames[level].matches {
          if level + 1 == depth {
            found.append(.element(XMLTree.Element(storage: storage, index: child)))
          } else {
            collect(child, level: level + 1, in: tape, into: &found, lastNames: &lastNames)
          }
        }
        child = tape.end(of: child)
      }
    }
    // The recursion goes as deep as the path, not as the input.
    if depth == 0 {
      found.append(.element(tree.root))
    } else {
      tree.root.withTapeReader { collect(storage.rootIndex, level: 0, in: $0, into: &found, lastNames: &lastNames) }
    }
    if ready.isEmpty { swap(&ready, &found) } else { ready += found }
  }

  /// Whether path step `level` matches the name with id `id`, remembered by id: a batch's
  /// name table is a copy of the last one, so an id names the same name in every batch.
  private mutating func stepMatches(_ level: Int, _ id: Int, _ names: XMLNameTable) -> Bool {
    let key = UInt64(level) << 32 | UInt64(truncatingIfNeeded: id)
    if let known = matchedSteps[key] { return known }
    let matches = segments[level].matches(names.name(UInt32(truncatingIfNeeded: id)))
    matchedSteps[key] = matches
    return matches
  }

  /// Parses a malformed batch piece by piece: the markup before each element, then the
  /// element, each in a small document of its own; stops at an error the scan cannot go past.
  private mutating func replayBatch() {
    var start = 0
    var origin = pendingOrigin
    var ancestors = pendingAncestors
    for element in batch {
      let elementOrigin = track(toPendingOffset: element.start)
      let elementEnd = track(toPendingOffset: element.end)
      let between = pending[start..<element.start]
      if !between.isEmpty, !Self.isBlank(between) {
        do {
          names = try parse(
            ancestors: ancestors, body: between, bodyOrigin: origin, bodyEnd: elementOrigin, closing: element.ancestors,
            followsRoot: pendingFollowsRoot
          ).storage.names
        } catch {
          ready.append(.failure(error, isLocal: false, isElement: false))
          return
        }
      }
      do {
        let tree = try parse(
          ancestors: element.ancestors, body: pending[element.start..<element.end], bodyOrigin: elementOrigin,
          bodyEnd: elementEnd, closing: element.ancestors, followsRoot: pendingFollowsRoot)
        names = tree.storage.names
        if let found = Self.element(in: tree, depth: element.ancestors.count, matching: segments) { ready.append(.element(found)) }
      } catch {
        let isLocal = Self.isLocal(error)
        ready.append(.failure(error, isLocal: isLocal, isElement: true))
        if !isLocal { return }
      }
      start = element.end
      origin = elementEnd
      ancestors = element.ancestors
    }
  }

  /// The element at `depth` below the root of a lone element's tree, if every name on the
  /// way matches the path.
  private static func element(in tree: XMLTree, depth: Int, matching segments: [XMLPathStep]) -> XMLTree.Element? {
    var element = tree.root
    for level in 0..<depth {
      guard let child = element.elements.first else { return nil }
      guard segments[level].matches(child.name) else { return nil }
      element = child
    }
    return element
  }
}
