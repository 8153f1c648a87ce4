import FoundryInternals

/// Splits JSON that arrives in chunks into its elements, one parsed ``JSONDocument`` at a time,
/// holding no more than one element and the chunk being read.
///
/// Feed it bytes with ``append(_:)``, take out the elements that are complete with ``next()``
/// until it returns `nil`, and call ``finish()`` when the input ends. Chunks may be any size,
/// down to one byte. Each element is parsed by the same parser as ``JSONDocument``, with the
/// same options and limits; everything outside the elements is checked too, so input that is
/// malformed anywhere, cut short, or followed by anything but whitespace is an error.
///
/// An array or object element is parsed where it stands in the chunk, and its document shares
/// the chunk's bytes: a document kept keeps its chunk (at most ``JSONStreamOptions/bufferSize``
/// and the unread bytes before it), so let elements go as you handle them. An element that
/// fails to parse before ``finish()`` (most often because the chunk cut it) waits for the next
/// chunk: ``next()`` returns `nil` until more input comes, then parses it where it stands in
/// the longer input; only an element that fails again is copied aside and parsed there.
///
/// ```swift
/// var scanner = JSONElementScanner(layout: .array(at: "features"), sourceName: "quakes.json")
/// for chunk in chunks {
///   scanner.append(chunk)
///   while let quake = try scanner.next() { print(quake.root["id"]?.string ?? "?") }
/// }
/// scanner.finish()
/// while let quake = try scanner.next() { print(quake.root["id"]?.string ?? "?") }
/// ```
///
/// Errors are ``JSONParsingError``s whose line, column and offset count from the start of the
/// whole input. When one element is malformed (its own bytes, not the structure around it),
/// the next call to ``next()`` goes on with the element after it; after any other error every
/// call throws that error again.
///
/// To read a file, ``JSONElementReader`` feeds a scanner from a fixed-size buffer; to read an
/// `AsyncSequence` of chunks, use ``JSONElementSequence``.
public struct JSONElementScanner: Sendable {
  // MARK: - Configuration

  let layout: JSONStreamLayout
  /// The object keys down to the array.
  let keys: [String]
  let options: JSONParsingOptions
  /// The most bytes one element (or line, or skipped value) may take.
  let elementLimit: Int
  package let sourceName: String?

  // MARK: - Input

  /// The chunk being read, zero-padded (elements parsed in place share it); bytes before
  /// ``cursor`` are consumed.
  var input = JSONByteBlock()
  var cursor = 0
  /// Where `input[cursor]` is in the whole input.
  var position = JSONStreamPosition()
  /// Whether ``finish()`` was called: no more input will come.
  ///
  /// ```swift
  /// if try scanner.next() == nil, scanner.isFinished { print("done") }
  /// ```
  public private(set) var isFinished = false

  // MARK: - State

  var state = State.preamble
  var trivia = Trivia.none
  /// How many objects along the key path are open.
  var openObjects = 0
  /// For each object along the key path: whether its key was found.
  var matchedKeys: [Bool]
  /// Whether the member being read is the next step of the key path.
  var isOnPath = false
  /// The value being delimited, its first place, and its bytes so far.
  var capture = JSONValueCapture(first: Byte.openBracket)
  var captureStart = JSONStreamPosition()
  var pending: [UInt8] = []
  /// The tape size of the last element parsed in place: the next one's first guess.
  var lastElementNodeCount = 16
  /// When the element at the cursor failed to parse in place and waits for more input: the
  /// bytes there were from the cursor on (see ``readElementInPlace(_:)``).
  var bytesWhenWaited: Int?
  /// Set while a failure would concern only the element being parsed.
  var isElementFailure = false
  var failure: JSONParsingError?
  /// Whether the array and the objects along the key path count against
  /// ``JSONParsingOptions/maximumMemberCount``, as in the whole document (for checking a
  /// document: the stream otherwise takes any number of elements, never holding them at once).
  package var limitsMemberCounts = false
  /// With ``limitsMemberCounts``, for each open container along the path (the array last): its
  /// members so far, and the error for one too many, made at its opening bracket or brace,
  /// where the whole document's parser reports it.
  var memberCounts: [(count: Int, failure: JSONParsingError)] = []
  /// Whether the members beside the key path and the array's start are kept for
  /// ``takeSurroundings()`` (otherwise they are only checked).
  package var keepsSurroundings = false
  var surroundings: [Surrounding] = []
  /// The key of the member being read, in an object along the key path.
  var memberKey = ""

  /// The number of elements handed out by ``next()`` or rejected as malformed so far.
  ///
  /// ```swift
  /// print("\(scanner.elementCount) elements")
  /// ```
  public internal(set) var elementCount = 0

  /// What comes next outside the value being captured.
  enum State: Sendable, Hashable {
    /// Before the first byte: a byte order mark may stand here.
    case preamble
    case topValue
    /// Just after `{` of an object on the key path.
    case objectStart
    case key(afterComma: Bool)
    case colon
    case memberValue
    case afterMember
    /// Just after `[` of the array.
    case arrayStart
    case elementAfterComma
    case afterElement
    case capturing(Purpose)
    /// JSON Lines: inside a line.
    case line
    /// After the top-level value (or, for lines, after the last one).
    case end
  }

  enum Purpose: Sendable, Hashable {
    /// An element of the array: handed out.
    case element
    /// A member beside the key path: only checked.
    case member
    /// An object key on the key path: compared with the path.
    case key
  }

  /// Comments between tokens (with ``JSONParsingOptions/allowsComments``).
  enum Trivia: Sendable, Hashable {
    case none
    case slash(JSONStreamPosition)
    case lineComment
    case blockComment(JSONStreamPosition, sawStar: Bool)
  }

  // MARK: - Use

  /// A scanner for the elements that `layout` names.
  ///
  /// ```swift
  /// var scanner = JSONElementScanner(layout: .lines, options: .lenient)
  /// ```
  ///
  /// - Parameters:
  ///   - layout: Where the elements are: an array (at a key path) or one document per line.
  ///   - options: What the parser accepts, for every element and for the bytes around them.
  ///   - streamOptions: The largest element accepted.
  ///   - sourceName: The name errors print (`--> name:line:column`), usually a file name.
  public init(
    layout: JSONStreamLayout = .array(),
    options: JSONParsingOptions = .init(),
    streamOptions: JSONStreamOptions = .init(),
    sourceName: String? = nil
  ) {
    self.layout = layout
    keys = layout.keyPath
    self.options = options
    elementLimit = max(0, min(streamOptions.maximumElementSize, options.maximumInputSize, JSONParsingOptions.largestInputSize))
    self.sourceName = sourceName
    matchedKeys = Array(repeating: false, count: keys.count)
  }

  /// Adds input after what was added before.
  ///
  /// Take the elements out with ``next()`` before adding more, or the unread bytes pile up.
  ///
  /// ```swift
  /// scanner.append(Array(#"[{"id": 1}, "#.utf8))
  /// ```
  ///
  /// - Parameters:
  ///   - chunk: The next bytes of the input, of any size.
  /// - Precondition: ``finish()`` was not called.
  public mutating func append(_ chunk: some Sequence<UInt8>) {
    precondition(!isFinished, "JSONElementScanner.append(_:) after finish()")
    input = input.keeping(from: cursor, appending: chunk)
    cursor = 0
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
  /// ```swift
  /// while let element = try scanner.next() { handle(element) }
  /// ```
  ///
  /// - Throws: ``JSONParsingError`` located in the whole input.
  /// - Complexity: O(*n*) in the bytes read to find the element.
  public mutating func next() throws -> JSONDocument? {
    if let failure { throw failure }
    let block = input
    do {
      return try withExtendedLifetime(block) { () throws(JSONParsingError) in try scan(block.buffer) }
    } catch {
      if isElementFailure {
        isElementFailure = false
      } else {
        failure = error
      }
      throw error
    }
  }

  /// The number of bytes of input read so far (to report progress).
  ///
  /// ```swift
  /// progress.completedUnitCount = Int64(scanner.byteOffset)
  /// ```
  public var byteOffset: Int { position.offset }

  /// Whether an error has ended the scan (as opposed to one malformed element).
  package var isFailed: Bool { failure != nil }

  // MARK: - Loop

  private mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParsingError) -> JSONDocument? {
    while true {
      switch state {
      case .preamble:
        guard try readPreamble(buffer) else { return nil }
      case .capturing(let purpose):
        if purpose == .element {
          switch try readElementInPlace(buffer) {
          case .element(let document): return document
          case .needsInput: return nil
          case .capture: break
          }
        }
        guard try readCapture(buffer) else { return nil }
        if let document = try completeCapture(purpose) { return document }
      case .line:
        switch try readLine(buffer) {
        case .needsInput: return nil
        case .blank: continue
        case .document(let document): return document
        }
      default:
        guard cursor < buffer.count else {
          guard isFinished else { return nil }
          try finishStructure(buffer)
          return nil
        }
        let byte = buffer[cursor]
        if try skipTrivia(byte, buffer) { continue }
        try readStructure(byte, buffer)
      }
    }
  }

  /// Moves past the byte at the cursor.
  mutating func consume(_ byte: UInt8) {
    position.advance(over: byte)
    cursor += 1
  }

  // MARK: - Errors

  /// An error at `origin`, showing the line from there with what is left of `buffer` from
  /// `index` (the bytes at `origin`).
  func failure(_ kind: JSONParsingError.Kind, at origin: JSONStreamPosition, showing buffer: UnsafeBufferPointer<UInt8>, from index: Int, prefix: [UInt8] = []) -> JSONParsingError
  {
    var shown = prefix
    let start = min(index, buffer.count)
    shown.append(contentsOf: buffer[start..<min(buffer.count, start + JSONStreamPosition.tailLimit)])
    let location = shown.withUnsafeBufferPointer { origin.location(ofLocalOffset: 0, in: $0) }
    return JSONParsingError(kind, location: location, sourceName: sourceName)
  }

  /// An error at the cursor.
  func failureHere(_ kind: JSONParsingError.Kind, _ buffer: UnsafeBufferPointer<UInt8>) -> JSONParsingError {
    failure(kind, at: position, showing: buffer, from: cursor)
  }

  /// The error for `byte` where it cannot stand, worded as the parser words it.
  func unexpected(_ byte: UInt8, _ context: JSONParsingError.Kind.UnexpectedContext, _ buffer: UnsafeBufferPointer<UInt8>) -> JSONParsingError {
    if byte == Byte.slash, !options.allowsComments { return failureHere(.commentsNotAllowed, buffer) }
    return failureHere(.unexpected(byte, context), buffer)
  }
}

extension JSONElementScanner: ChunkedScanner {}
