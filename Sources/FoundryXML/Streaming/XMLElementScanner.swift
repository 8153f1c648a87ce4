import FoundryInternals

/// Splits XML that arrives in chunks into its repeated elements (`channel.item` of an RSS feed,
/// `node` of an OpenStreetMap export), one parsed element at a time, holding no more than the
/// chunk being read and the elements complete in it (or one element larger than that).
///
/// Feed it bytes with ``append(_:)``, take out the elements that are complete with ``next()``
/// until it returns `nil`, and call ``finish()`` when the input ends. Chunks may be any size,
/// down to one byte.
///
/// ```swift
/// var scanner = XMLElementScanner(at: "channel.item", sourceName: "feed.rss")
/// for chunk in chunks {
///   scanner.append(chunk)
///   while let item = try scanner.next() { print(item.firstElement(named: "title")?.text ?? "?") }
/// }
/// scanner.finish()
/// while let item = try scanner.next() { print(item.firstElement(named: "title")?.text ?? "?") }
/// ```
///
/// The elements are parsed by the same parser as ``XMLTree``, a batch at a time: the elements
/// complete in the input added so far (up to about ``XMLStreamOptions/bufferSize`` bytes of
/// them) and the markup between them go into one small document, made of the prolog (so the
/// DTD's entities and attribute defaults apply) and the start tags of the elements around them
/// (so their namespace declarations and `xml:space` apply). Everything outside the elements
/// is parsed too, in pieces of about ``XMLStreamOptions/bufferSize`` bytes: input that is
/// malformed anywhere, cut short, or not namespace-well-formed is an error, as it is for
/// ``XMLTree``.
///
/// Errors are ``XMLParsingError``s whose line, column and offset count from the start of the
/// whole input. When one element is malformed in itself (an undefined entity, a bad character,
/// a duplicate attribute), the next call to ``next()`` goes on with the element after it; after
/// any other error every call throws that error again.
///
/// To read a file, ``XMLElementReader`` feeds a scanner from a fixed-size buffer; to read an
/// `AsyncSequence` of chunks, use ``XMLElementSequence``.
public struct XMLElementScanner: Sendable {
  // MARK: - Configuration

  /// The names from the root's children down to the elements (empty: the root itself).
  let segments: [XMLPathStep]
  /// Whether elements are handed out at all (`false`: the input is only checked).
  let handsOutElements: Bool
  let options: XMLParsingOptions
  /// The most bytes one element (or one piece of markup, or the prolog) may take.
  let elementLimit: Int
  /// How many bytes outside the elements are gathered before they are checked.
  let batchLimit: Int
  package let sourceName: String?

  // MARK: - Input

  /// The chunk being read; bytes before ``cursor`` are consumed.
  var input: [UInt8] = []
  var cursor = 0
  /// Whether ``finish()`` was called: no more input will come.
  ///
  /// ```swift
  /// if try scanner.next() == nil, scanner.isFinished { print("done") }
  /// ```
  public private(set) var isFinished = false

  // MARK: - State

  var lexer = XMLMarkupLexer()
  var phase = Phase.start
  /// The bytes read since the last check: the prolog, markup and text between elements, or the
  /// element being captured.
  var pending: [UInt8] = []
  /// Where ``pending`` starts in the whole input.
  var pendingOrigin = StreamPosition()
  /// Where byte ``trackedOffset`` of ``pending`` is in the whole input: places are found when
  /// asked for (``track(toPendingOffset:)``), over the bytes since the last one in one run,
  /// rather than as every piece of markup goes by.
  var tracked = StreamPosition()
  var trackedOffset = 0
  /// Where the markup being read starts in ``pending``.
  var markupStart = 0
  /// Where the text being read starts in ``pending`` (after the last markup).
  var textStart = 0
  /// Everything before the root element's start tag: the XML declaration, the DTD, comments.
  var prolog: [UInt8] = []
  /// The elements open at the cursor, outermost first.
  var stack: [OpenTag] = []
  /// The elements that were open where ``pending`` starts.
  var pendingAncestors: [OpenTag] = []
  /// Whether ``pending`` starts after the root element closed.
  var pendingFollowsRoot = false
  /// The root's start tag, kept after the root closes to check what follows it.
  var rootTag: OpenTag?
  /// Whether an element is being captured (from ``captureStart`` in ``pending``), and how many
  /// of its elements are open.
  var isCapturing = false
  var captureDepth = 0
  var captureStart = 0
  /// The elements captured in ``pending`` and not parsed yet, in order; ``flushBatch()`` parses
  /// them (with the markup between them) in one small document.
  var batch: [CapturedElement] = []
  /// What ``next()`` hands out before it reads on: the elements of parsed batches, and the
  /// errors met, in input order, from ``readyIndex`` on.
  var ready: [Outcome] = []
  var readyIndex = 0
  /// The error that ended the scan, thrown by every call from then on.
  var failure: XMLParsingError?
  /// The names interned so far (the last tree's table), copied into each small document so a
  /// name is interned once per stream rather than once per element.
  var names: XMLNameTable?
  /// Whether a path step (the high 32 bits) matches a name id (the low ones): see
  /// `stepMatches`.
  var matchedSteps: [UInt64: Bool] = [:]
  /// Reading children in place (``readInPlace(_:)``): how far it got, and where in the whole
  /// input the lexer has read up to after it declined.
  var inPlace = InPlaceRead()
  var inPlaceResumeOffset = 0
  /// How many cuts before a start tag (``cutName``) did not parse; after a few, the
  /// children's depth alone places the cut.
  var failedCutGuesses = 0
  /// The name of the children that reading in place cuts before (``readInPlace(_:)``): at
  /// first the elements' name as written, when the path's last step names one.
  var cutName: [UInt8]?

  /// With ``tracksTextBesideElements``: whether text other than white space (or a CDATA
  /// section) stands directly in the element whose children are handed out, between them.
  /// A reader that rebuilds that element's view from its children (`foundry inspect`) needs
  /// the whole document then: the view has `#text` and `#content`.
  ///
  /// ```swift
  /// var scanner = XMLElementScanner(at: "*")
  /// scanner.tracksTextBesideElements = true
  /// scanner.append(Array("<r><a/> text <a/></r>".utf8))
  /// while try scanner.next() != nil {}
  /// scanner.hasTextBesideElements   // true
  /// ```
  package var tracksTextBesideElements = false
  package internal(set) var hasTextBesideElements = false
  /// With ``tracksTextBesideElements``: whether a comment or processing instruction stands
  /// directly in the element whose children are handed out, or after the root element; a
  /// reader that rewrites the document from the children (`foundry format`) needs the whole
  /// document then, when the parser options keep them.
  ///
  /// ```swift
  /// var scanner = XMLElementScanner(at: "*")
  /// scanner.tracksTextBesideElements = true
  /// scanner.append(Array("<r><a/><!-- note --><a/></r>".utf8))
  /// while try scanner.next() != nil {}
  /// scanner.hasMarkupBesideElements   // true
  /// ```
  package internal(set) var hasMarkupBesideElements = false

  /// The number of elements handed out by ``next()`` or rejected as malformed so far.
  ///
  /// ```swift
  /// print("\(scanner.elementCount) elements")
  /// ```
  public internal(set) var elementCount = 0

  enum Phase: Sendable, Hashable {
    /// Before the first byte: a byte order mark may stand here.
    case start
    /// Before the root element's start tag.
    case prolog
    /// Inside the root element.
    case content
    /// After the root element.
    case epilogue
    /// The input ended and checked out.
    case done
  }

  // MARK: - Use

  /// A scanner for the elements at `path`.
  ///
  /// ```swift
  /// var nodes = XMLElementScanner(at: "node")            // <osm><node/>...</osm>
  /// var items = XMLElementScanner(at: "channel.item")    // <rss><channel><item/>...
  /// var all = XMLElementScanner(at: "*")                 // every child of the root
  /// ```
  ///
  /// - Parameters:
  ///   - path: The element names from the root's children down to the elements, separated by
  ///     dots (`\.` is a literal dot). A name is a qualified name as written (`atom:entry`),
  ///     `{uri}local` for a name in a namespace whatever its prefix, or `*` for any element.
  ///     The empty path hands out the root element itself.
  ///   - options: What the parser accepts, for every element and for the bytes around them.
  ///   - streamOptions: The largest element accepted and how much is checked at a time.
  ///   - sourceName: The name errors print (`--> name:line:column`), usually a file name.
  public init(
    at path: String = "*",
    options: XMLParsingOptions = .init(),
    streamOptions: XMLStreamOptions = .init(),
    sourceName: String? = nil
  ) {
    self.init(segments: PathExpression(path).segments.map(\.name), handsOutElements: true, options: options, streamOptions: streamOptions, sourceName: sourceName)
  }

  /// A scanner that hands out nothing and checks the whole input in bounded memory (what
  /// `foundry validate` runs).
  package static func validating(options: XMLParsingOptions, streamOptions: XMLStreamOptions, sourceName: String?) -> XMLElementScanner {
    XMLElementScanner(segments: [], handsOutElements: false, options: options, streamOptions: streamOptions, sourceName: sourceName)
  }

  private init(segments: [String], handsOutElements: Bool, options: XMLParsingOptions, streamOptions: XMLStreamOptions, sourceName: String?) {
    self.segments = segments.map(XMLPathStep.init)
    cutName = self.segments.last?.literalName
    self.handsOutElements = handsOutElements
    self.options = options
    elementLimit = max(0, min(streamOptions.maximumElementSize, options.maximumInputSize, XMLParsingOptions.largestInputSize))
    batchLimit = max(1, min(streamOptions.bufferSize, elementLimit))
    self.sourceName = sourceName
  }

  /// Adds input after what was added before.
  ///
  /// Take the elements out with ``next()`` before adding more, or the unread bytes pile up.
  ///
  /// ```swift
  /// scanner.append(Array(#"<osm><node id="1"/>"#.utf8))
  /// ```
  ///
  /// - Parameters:
  ///   - chunk: The next bytes of the input, of any size.
  /// - Precondition: ``finish()`` was not called.
  public mutating func append(_ chunk: some Sequence<UInt8>) {
    precondition(!isFinished, "XMLElementScanner.append(_:) after finish()")
    input.appendChunk(chunk, droppingBefore: &cursor)
  }

  /// Says that the input has ended; ``next()`` then hands out the last elements and checks
  /// that nothing is missing.
  ///
  /// ```swift
  /// scanner.finish()
  /// while let element = try scanner.next() { handle(element) }
  /// ```
  public mutating func finish() {
    isFinished = true
  }

  /// The next complete element, or `nil` when the input added so far holds no more (before
  /// ``finish()``) or the input is complete and well-formed (after it).
  ///
  /// The element belongs to a small tree of its own, shared with the elements parsed in the
  /// same batch (and the start tags around them); read it, decode it, or keep it: it holds no
  /// more than its batch's bytes.
  ///
  /// ```swift
  /// while let node = try scanner.next() { print(node["id"] ?? "?") }
  /// ```
  ///
  /// - Throws: ``XMLParsingError`` located in the whole input.
  /// - Complexity: O(*n*) in the bytes read to find the element.
  public mutating func next() throws -> XMLTree.Element? {
    while true {
      if let failure { throw failure }
      if readyIndex < ready.count {
        var outcome = Outcome.handedOut
        swap(&outcome, &ready[readyIndex])
        readyIndex += 1
        return try deliver(outcome)
      }
      ready.removeAll(keepingCapacity: true)
      readyIndex = 0
      let bytes = input
      do {
        try bytes.withUnsafeBufferPointer { buffer throws(XMLParsingError) in try scan(buffer) }
      } catch {
        ready.append(.failure(error, isLocal: false, isElement: false))
      }
      if ready.isEmpty { return nil }
    }
  }

  /// The number of bytes of input read so far (to report progress).
  ///
  /// ```swift
  /// progress.completedUnitCount = Int64(scanner.byteOffset)
  /// ```
  public var byteOffset: Int { pendingOrigin.offset + pending.count }

  /// Whether an error has ended the scan (as opposed to one malformed element).
  package var isFailed: Bool { failure != nil }

  // MARK: - Loop

  /// Reads on until elements or an error are ``ready`` or the input added so far runs out.
  private mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>) throws(XMLParsingError) {
    if phase == .start {
      guard try readPreamble(buffer) else { return }
    }
    while phase != .done, ready.isEmpty {
      guard cursor < buffer.count else {
        // What is complete goes out before more input is asked for.
        flushBatch()
        guard ready.isEmpty, isFinished else { return }
        try finishInput()
        return
      }
      if isCapturing {
        try captureOn(buffer)
        continue
      }
      if mayReadInPlace {
        switch readInPlace(buffer) {
        case .read: continue
        case .needsInput: return
        case .declined: break
        }
      }
      let (end, event) = lexer.scan(buffer, from: cursor)
      try take(UnsafeBufferPointer(rebasing: buffer[cursor..<end]), before: event)
      guard let event else {
        if lexer.isInText, !isCapturing, phase == .content || phase == .epilogue, pending.count - textStart >= 4 * batchLimit {
          try checkLongText()
        }
        continue
      }
      try handle(event, buffer)
    }
  }

  /// Reads on inside the element being captured, where only the depth of its elements
  /// matters: to its end or the buffer's in one go, its bytes joining ``pending`` at once.
  private mutating func captureOn(_ buffer: UnsafeBufferPointer<UInt8>) throws(XMLParsingError) {
    var depth = captureDepth
    let (end, stop) = lexer.skipElementContent(buffer, from: cursor, depth: &depth)
    captureDepth = depth
    try take(UnsafeBufferPointer(rebasing: buffer[cursor..<end]), before: nil)
    switch stop {
    case .needsInput:
      break
    case .closed:
      textStart = pending.count
      completeCapture()
    case .malformed:
      flushBatch()
      throw parseFailure(adding: UnsafeBufferPointer(rebasing: buffer[cursor...]))
    }
  }

  /// Skips a UTF-8 byte order mark, which is not a column; refuses UTF-16, which the lexer
  /// cannot cut. `false` until three bytes (or the end) are there.
  private mutating func readPreamble(_ buffer: UnsafeBufferPointer<UInt8>) throws(XMLParsingError) -> Bool {
    guard buffer.count - cursor >= 3 || isFinished else { return false }
    phase = .prolog
    let rest = UnsafeBufferPointer(rebasing: buffer[cursor...])
    if rest.count >= 2, rest[0] == 0 || rest[1] == 0 || (rest[0] == 0xFE && rest[1] == 0xFF) || (rest[0] == 0xFF && rest[1] == 0xFE) {
      throw XMLParsingError(
        .encoding, "streaming reads UTF-8 and ASCII-based encodings; this input is UTF-16 (read it whole with XMLTree)",
        location: nil, sourceName: sourceName)
    }
    if rest.count >= 3, rest[0] == 0xEF, rest[1] == 0xBB, rest[2] == 0xBF {
      // Not a column: ``place(ofPendingOffset:)`` steps over it.
      pending.append(contentsOf: rest.prefix(3))
      cursor += 3
      textStart = 3
    }
    return true
  }

  /// Moves `bytes` (at the cursor) into ``pending``, within the element limit (which counts
  /// from the element being captured, or else from the end of the last element captured).
  private mutating func take(_ bytes: UnsafeBufferPointer<UInt8>, before event: XMLMarkupLexer.Event?) throws(XMLParsingError) {
    guard bytes.count <= elementLimit - (pending.count - (isCapturing ? captureStart : batchEnd)) else {
      flushBatch()
      if isCapturing {
        // What precedes the element is checked first, as it would be alone.
        try checkPending(upTo: captureStart, endingAt: track(toPendingOffset: captureStart))
        captureStart = 0
      }
      // The piece that is too large: the element, else the markup or text being read.
      var inMarkup = !lexer.isInText
      var inStartTag = lexer.isInStartTag
      switch event {
      case .ended(let kind, _)?:
        inMarkup = true
        inStartTag = kind == .startTag
      case .markup?, .malformed?:
        inMarkup = false
      default:
        break
      }
      let what = isCapturing || inStartTag ? "element" : inMarkup ? "markup" : "text"
      let start = isCapturing ? captureStart : inMarkup ? markupStart : textStart
      throw XMLParsingError(
        .sizeLimitExceeded, "\(what) exceeds the limit of \(elementLimit) bytes (maximumElementSize)",
        location: location(ofPendingOffset: start), sourceName: sourceName)
    }
    pending.append(contentsOf: bytes)
    cursor += bytes.count
  }

  /// The place in the whole input of byte `offset` of ``pending``, counted on from the last
  /// place tracked when it is before `offset`.
  func place(ofPendingOffset offset: Int) -> StreamPosition {
    var (place, from) = offset >= trackedOffset ? (tracked, trackedOffset) : (pendingOrigin, 0)
    if from == 0, place.offset == 0, offset >= 3, pending.starts(with: [0xEF, 0xBB, 0xBF]) {
      // A byte order mark takes bytes, not a column.
      place.offset = 3
      from = 3
    }
    if from < offset {
      pending.withUnsafeBufferPointer { place.advance(over: UnsafeBufferPointer(rebasing: $0[from..<offset])) }
    }
    return place
  }

  /// ``place(ofPendingOffset:)``, kept as the point to count on from next time.
  mutating func track(toPendingOffset offset: Int) -> StreamPosition {
    tracked = place(ofPendingOffset: offset)
    trackedOffset = offset
    return tracked
  }

  /// Drops the first `end` bytes of ``pending``, whose place in the whole input is `origin`.
  /// The open elements' tags in those bytes are copied out first.
  mutating func dropPending(upTo end: Int, origin: StreamPosition) {
    var open = stack
    stack = []
    settle(&open, before: end)
    stack = open
    pending.removeSubrange(..<end)
    pendingOrigin = origin
    if trackedOffset >= end {
      trackedOffset -= end
    } else {
      tracked = origin
      trackedOffset = 0
    }
  }

  /// The place in the whole input of byte `offset` of ``pending``.
  func location(ofPendingOffset offset: Int) -> SourceLocation {
    pending.withUnsafeBufferPointer { pendingOrigin.location(ofLocalOffset: offset, in: $0) }
  }
}

extension XMLElementScanner: ChunkedScanner {}
