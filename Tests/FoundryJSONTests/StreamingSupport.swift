import FoundryJSON
import Testing

/// What a stream gave: the elements' values, then the error that stopped it, if any.
struct StreamOutcome: Equatable, CustomStringConvertible {
  var values: [JSONValue] = []
  /// The error that stopped the stream, or (when going on past malformed elements) every error.
  var errors: [ErrorPlace] = []

  var error: ErrorPlace? { errors.first }

  var description: String { "\(values.count) values, errors: \(errors)" }
}

/// The parts of a ``JSONParsingError`` that must agree between the whole document and a stream.
struct ErrorPlace: Equatable, CustomStringConvertible {
  var message: String
  var line: Int?
  var column: Int?
  var offset: Int?

  init(message: String, line: Int?, column: Int?, offset: Int?) {
    self.message = message
    self.line = line
    self.column = column
    self.offset = offset
  }

  init(_ error: JSONParsingError) {
    message = error.message
    line = error.line
    column = error.column
    offset = error.offset
  }

  var description: String {
    guard let line, let column, let offset else { return "\(message) (the whole input)" }
    return "\(message) at \(line):\(column) (offset \(offset))"
  }
}

/// Feeds `bytes` to a scanner in pieces cut at `cuts` (ascending offsets) and collects what comes
/// out; stops at the first error, or goes on past malformed elements when `continuing`.
func stream(
  _ bytes: [UInt8],
  layout: JSONStreamLayout = .array(),
  options: JSONParsingOptions = .init(),
  streamOptions: JSONStreamOptions = .init(),
  cuts: [Int],
  continuing: Bool = false
) -> StreamOutcome {
  var scanner = JSONElementScanner(layout: layout, options: options, streamOptions: streamOptions)
  var outcome = StreamOutcome()
  var start = 0
  let ends = cuts.filter { $0 > 0 && $0 < bytes.count } + [bytes.count]
  func drain() -> Bool {
    while true {
      do {
        guard let document = try scanner.next() else { return true }
        outcome.values.append(document.value)
      } catch let error as JSONParsingError {
        outcome.errors.append(ErrorPlace(error))
        if !continuing || scanner.isFailed { return false }
      } catch {
        Issue.record("unexpected error \(error)")
        return false
      }
    }
  }
  for end in ends {
    scanner.append(bytes[start..<end])
    start = end
    guard drain() else { return outcome }
  }
  scanner.finish()
  _ = drain()
  return outcome
}

/// Feeds `text` one byte at a time.
func streamBytewise(_ text: String, layout: JSONStreamLayout = .array(), options: JSONParsingOptions = .init()) -> StreamOutcome {
  let bytes = Array(text.utf8)
  return stream(bytes, layout: layout, options: options, cuts: Array(bytes.indices))
}

/// What parsing the whole of `bytes` in memory gives: the elements of the array at `keyPath`, or
/// the parser's error.
func wholeDocument(_ bytes: [UInt8], keyPath: String = "", options: JSONParsingOptions = .init()) -> StreamOutcome {
  do {
    let document = try JSONDocument(bytes: bytes, options: options)
    guard let array = document.root[path: keyPath], array.kind == .array else {
      Issue.record("no array at '\(keyPath)'")
      return StreamOutcome()
    }
    return StreamOutcome(values: array.elements.map(\.value))
  } catch let error as JSONParsingError {
    return StreamOutcome(errors: [ErrorPlace(error)])
  } catch {
    Issue.record("unexpected error \(error)")
    return StreamOutcome()
  }
}

/// The outcomes of every way of cutting `bytes` that the tests try: whole, byte by byte, and
/// in two at every offset.
func everyChunking(
  _ bytes: [UInt8], layout: JSONStreamLayout = .array(), options: JSONParsingOptions = .init()
) -> [(cuts: String, outcome: StreamOutcome)] {
  var outcomes = [("whole", stream(bytes, layout: layout, options: options, cuts: []))]
  outcomes.append(("bytewise", stream(bytes, layout: layout, options: options, cuts: Array(bytes.indices))))
  for cut in bytes.indices.dropFirst() {
    outcomes.append(("at \(cut)", stream(bytes, layout: layout, options: options, cuts: [cut])))
  }
  return outcomes
}
